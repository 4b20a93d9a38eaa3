# Rulesets and house options of Pocket Yatzy: data plus small scoring functions.
# SPDX-License-Identifier: MIT
"""Rulesets as data.

``RULESETS`` maps a ruleset id to a :class:`Ruleset` built with the default
options. :func:`configure` applies house options (see ``OPTIONS``) and returns a
new :class:`Ruleset`; the engine plays with that configured object, so every
rule the engine needs is an attribute here, not a branch elsewhere.

Example::

    >>> from yatzy.rules_config import configure  # also reachable as rules.configure
    >>> r = configure("yatzy", {"extra_rows": 1})
    >>> r.categories[-2:]
    ('yatzy', 'yatzy_2')
"""

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
# Face value of each upper box.
FACE = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}

# The boxes' short labels (<= 6 chars, for the OLED: ``LABELS``), full names and what they
# need and score are in yatzy/rules_info.py, loaded on demand: LABELS, CATEGORY_INFO and
# YAHTZEE_INFO below are read through the module's __getattr__ (the screens draw the
# language's labels, lang.box; a dict of them here would intern every label for good).

MAX_EXTRA_ROWS = 3
MAX_PLAYERS = 30  # the Swedish sheet says 2-30 players, the Norwegian one "no upper limit"

OPTION_KEYS = (
    "all_rolls",
    "extra_bonus",
    "order",
    "extra_rows",
    "categories",
    "upper_first",
    "bonus_threshold",
    "tie_break",
    "triple",
)
# Values a ruleset fixes: given explicitly, only this value is accepted.
RULESET_DEFAULTS = {
    "forced": {"order": "down"},
    "triple": {"triple": True},
}


class Ruleset:
    """One ruleset, configured with its house options.

    Attributes: ``id``, ``name``, ``dice``, ``categories`` (card order), ``upper``,
    ``lower``, ``bonus_threshold``, ``bonus_value``, ``rolls`` (3), ``columns``,
    ``factors``, ``joker``, ``yatzy_boxes`` (the Yatzy box and its extra rows
    present on the card), ``yatzy_box`` (the base Yatzy box id), ``yahtzee_bonus``
    (American 100), ``extra_bonus`` (Nordic option), ``order``, ``all_rolls``,
    ``upper_first``, ``tie_break``, ``saved_rolls`` (Maxi), ``rolloff_dice``,
    ``joker_scores``, ``options`` (normalized option dict), ``scorers``.
    """

    def __init__(
        self,
        rid,
        name,
        dice,
        upper,
        lower,
        scorers,
        bonus_threshold,
        bonus_value,
        yatzy_box,
        joker=False,
        yahtzee_bonus=0,
        saved_rolls=False,
        rolloff_dice=1,
        joker_scores=None,
        info=None,
    ):
        self.id = rid
        self.name = name
        self.dice = dice
        self.upper = tuple(upper)
        self.lower = tuple(lower)
        self.categories = self.upper + self.lower
        self.full_categories = self.categories
        self.scorers = scorers
        self.bonus_threshold = bonus_threshold
        self.bonus_value = bonus_value
        self.yatzy_box = yatzy_box
        self.yatzy_boxes = (yatzy_box,)
        self.joker = joker
        self.yahtzee_bonus = yahtzee_bonus
        self.saved_rolls = saved_rolls
        self.rolloff_dice = rolloff_dice
        self.joker_scores = joker_scores or {}
        self.info = info or {}
        self.rolls = 3
        self.columns = 1
        self.factors = (1,)
        self.extra_bonus = 0
        self.order = "free"
        self.all_rolls = False
        self.upper_first = False
        self.tie_break = False
        self.options = {}

    def __repr__(self):
        return "<Ruleset %s>" % self.id

    def label(self, category):
        """Short label (<= 6 chars) of a box, e.g. ``label("yatzy_2") == "Yatzy2"``."""
        from yatzy.rules_info import category_info

        return category_info(category, self)[0]

    def is_upper(self, category):
        return category in FACE


def split_extra(category):
    """("yatzy", 2) for "yatzy_2"; (category, 0) for any other box."""
    if not isinstance(category, str):
        raise ValueError("category must be a string, got %r" % (category,))
    i = category.rfind("_")
    if i > 0:
        tail = category[i + 1 :]
        if tail in ("2", "3", "4"):
            return category[:i], int(tail)
    return category, 0


RULESET_IDS = ("yatzy", "forced", "yahtzee", "maxi", "triple")
# Display name of each ruleset (menus need only these, not the Ruleset objects).
NAMES = {
    "yatzy": "Yatzy",
    "forced": "Forced Yatzy",
    "yahtzee": "Yahtzee",
    "maxi": "Maxi Yatzy",
    "triple": "Triple Yatzy",
}


def get(rules):
    """The Ruleset for an id or a Ruleset (returned as is)."""
    if isinstance(rules, Ruleset):
        return rules
    if isinstance(rules, str) and rules in RULESET_IDS:
        return _rulesets()[rules]
    raise ValueError("unknown ruleset %r (known: %s)" % (rules, ", ".join(RULESET_IDS)))


def _rulesets():
    """RULESETS (id -> Ruleset with the default options), built on first use and kept
    until :func:`release`."""
    g = globals()
    d = g.get("RULESETS")
    if d is None:
        from yatzy.rules_config import configure

        d = {}
        for rid in RULESET_IDS:
            d[rid] = configure(rid)
        g["RULESETS"] = d
    return d


def __getattr__(name):
    """``RULESETS`` is built on first use; ``LABELS``, ``CATEGORY_INFO``, ``YAHTZEE_INFO``
    and ``category_info`` live in yatzy/rules_info.py (the help screen's texts); ``OPTIONS``,
    ``configure``, ``normalize_options``, ``applies``, ``menu_values`` and ``max_upper``
    live in yatzy/rules_config.py (needed to set up a game, not to play it).
    A game in play needs none of them: some 28 KB of heap on the 64-bit unix port."""
    if name == "RULESETS":
        return _rulesets()
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(name)
    if where == "rules_info":
        from yatzy import rules_info as m
    else:
        from yatzy import rules_config as m
    return getattr(m, name)


# name -> the core module it is loaded from on first use (nothing else is reached through)
_LAZY = {
    "LABELS": "rules_info",
    "CATEGORY_INFO": "rules_info",
    "YAHTZEE_INFO": "rules_info",
    "category_info": "rules_info",
    "OPTIONS": "rules_config",
    "configure": "rules_config",
    "normalize_options": "rules_config",
    "applies": "rules_config",
    "menu_values": "rules_config",
    "max_upper": "rules_config",
}


def release():
    """Forget RULESETS (built again when next asked for) to free heap while a game is
    played. The modules loaded on first use are dropped by the app (heap.py, "setup")."""
    globals().pop("RULESETS", None)
