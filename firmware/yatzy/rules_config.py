# House options and configured rulesets: what setting up a game needs (not playing it).
# SPDX-License-Identifier: MIT
"""``OPTIONS``, :func:`configure`, :func:`normalize_options`, :func:`applies`,
:func:`menu_values`, :func:`max_upper` and the scoring tables of each ruleset.

Part of ``yatzy.rules`` (which forwards these names here): kept apart so that a game in
play does not hold them; ``rules.release()`` drops this module, it is imported again on
the next use.
"""

from yatzy import scoring as _s
from yatzy.rules import (
    FACE,
    MAX_EXTRA_ROWS,
    NAMES,
    OPTION_KEYS,
    RULESET_DEFAULTS,
    RULESET_IDS,
    UPPER,
    Ruleset,
    split_extra,
)

# House options. Each entry: key -> (default, allowed values (tuple) or None for an int
# range given by "range", rulesets it applies to, one-line description).
# A ruleset may fix an option (forced: order "down"); such values are in RULESET_DEFAULTS.
OPTIONS = {
    "all_rolls": {
        "default": False,
        "choices": (False, True),
        "rulesets": ("yatzy", "forced", "yahtzee", "triple"),
        "label": "All 3 rolls",
        "help": "All three rolls are compulsory every turn (not in Maxi: saved rolls).",
    },
    "extra_bonus": {
        "default": 0,
        "choices": (0, 50, 100),
        "rulesets": ("yatzy", "forced", "maxi", "triple"),
        "label": "Yatzy bonus",
        "help": "Each further Yatzy after a scored Yatzy box earns this bonus (Nordic).",
    },
    "order": {
        "default": "free",
        "choices": ("free", "down", "up_or_down"),
        "rulesets": ("yatzy", "yahtzee", "maxi", "triple"),
        "label": "Order",
        "help": "Free card, strictly top-down, or each player picks top-down or bottom-up.",
    },
    "extra_rows": {
        "default": 0,
        "choices": (0, 1, 2, 3),
        "rulesets": ("yatzy", "forced", "yahtzee", "maxi", "triple"),
        "label": "Extra Yatzy",
        "help": "Additional Yatzy boxes (yatzy_2, yatzy_3, ...) scoring like the Yatzy box.",
    },
    "categories": {
        "default": None,
        "choices": None,
        "rulesets": ("yatzy", "forced", "yahtzee", "maxi", "triple"),
        "label": "Short game",
        "help": "None for the full card, or the list of boxes to play (card order kept).",
    },
    "upper_first": {
        "default": False,
        "choices": (False, True),
        "rulesets": ("yatzy", "yahtzee", "maxi", "triple"),
        "label": "Upper first",
        "help": "All upper boxes must be filled before any lower box.",
    },
    "bonus_threshold": {
        "default": None,
        "choices": None,
        "rulesets": ("yatzy", "forced", "yahtzee", "maxi", "triple"),
        "label": "Bonus at",
        "help": "Upper total that earns the bonus (None: the ruleset's own, forced 42).",
    },
    "tie_break": {
        "default": False,
        "choices": (False, True),
        "rulesets": ("yatzy", "forced", "yahtzee", "maxi", "triple"),
        "label": "Tie-break",
        "help": "Tied winners play extra turns scored as the sum of the dice.",
    },
    "triple": {
        "default": False,
        "choices": (False, True),
        "rulesets": ("yatzy", "forced", "yahtzee", "maxi"),
        "label": "Triple",
        "help": "Three columns per player scoring x1, x2, x3; three times the rounds.",
    },
}


def _scorers(table):
    d = dict(table)
    for box in ("yatzy", "yahtzee", "maxi_yatzy"):
        if box in d:
            for n in range(2, MAX_EXTRA_ROWS + 2):
                d["%s_%d" % (box, n)] = d[box]
    return d


_UPPER_SCORERS = (
    ("ones", _s.upper_box(1)),
    ("twos", _s.upper_box(2)),
    ("threes", _s.upper_box(3)),
    ("fours", _s.upper_box(4)),
    ("fives", _s.upper_box(5)),
    ("sixes", _s.upper_box(6)),
)

_NORDIC_LOWER = (
    ("one_pair", _s.of_a_kind(2)),
    ("two_pairs", _s.pairs(2)),
    ("three_of_a_kind", _s.of_a_kind(3)),
    ("four_of_a_kind", _s.of_a_kind(4)),
    ("small_straight", _s.run_of(1, 5, 15)),
    ("large_straight", _s.run_of(2, 6, 20)),
    ("full_house", _s.house_sum(3, 2)),
    ("chance", _s.chance),
    ("yatzy", _s.all_equal(50)),
)

_YAHTZEE_LOWER = (
    ("three_of_a_kind", _s.at_least_sum(3)),
    ("four_of_a_kind", _s.at_least_sum(4)),
    ("full_house", _s.house_fixed(25)),
    ("small_straight", _s.any_run(4, 30)),
    ("large_straight", _s.any_run(5, 40)),
    ("yahtzee", _s.all_equal(50)),
    ("chance", _s.chance),
)

_MAXI_LOWER = (
    ("one_pair", _s.of_a_kind(2)),
    ("two_pairs", _s.pairs(2)),
    ("three_pairs", _s.pairs(3)),
    ("three_of_a_kind", _s.of_a_kind(3)),
    ("four_of_a_kind", _s.of_a_kind(4)),
    ("five_of_a_kind", _s.of_a_kind(5)),
    ("small_straight", _s.run_of(1, 5, 15)),
    ("large_straight", _s.run_of(2, 6, 20)),
    ("full_straight", _s.run_of(1, 6, 21)),
    ("full_house", _s.house_sum(3, 2)),
    ("villa", _s.house_sum(3, 3)),
    ("tower", _s.house_sum(4, 2)),
    ("chance", _s.chance),
    ("maxi_yatzy", _s.all_equal(100)),
)


def _sheet(rid, lower, **rules):
    """The Ruleset ``rid`` from its rule sheet: the upper boxes of every ruleset, then its
    ``lower`` boxes (id, scorer), and the keyword ``rules`` the sheet states."""
    scorers = _scorers(_UPPER_SCORERS + lower)
    return Ruleset(
        rid, NAMES[rid], upper=UPPER, lower=[c for c, _ in lower], scorers=scorers, **rules
    )


def _base(rid):
    """The ruleset ``rid`` with its default options, as the rules reference
    (../shared/RULES.md) writes each sheet; built when asked for, nothing kept here."""
    if rid == "yatzy" or rid == "triple":  # Nordic Yatzy (Triple: three columns, an option)
        return _sheet(
            rid,
            _NORDIC_LOWER,
            dice=5,
            bonus_threshold=63,
            bonus_value=50,
            yatzy_box="yatzy",
        )
    if rid == "forced":  # Nordic scoring, the card filled in order (an option fixed)
        return _sheet(
            rid,
            _NORDIC_LOWER,
            dice=5,
            bonus_threshold=42,
            bonus_value=50,
            yatzy_box="yatzy",
        )
    if rid == "yahtzee":
        return _sheet(
            rid,
            _YAHTZEE_LOWER,
            dice=5,
            bonus_threshold=63,
            bonus_value=35,
            yatzy_box="yahtzee",
            yahtzee_bonus=100,
            joker=True,
            joker_scores={"full_house": 25, "small_straight": 30, "large_straight": 40},
            rolloff_dice=5,  # who starts: all five dice, the highest total
        )
    if rid == "maxi":
        return _sheet(
            rid,
            _MAXI_LOWER,
            dice=6,
            bonus_threshold=84,
            bonus_value=100,
            yatzy_box="maxi_yatzy",
            saved_rolls=True,
        )
    raise ValueError("unknown ruleset %r (known: %s)" % (rid, ", ".join(RULESET_IDS)))


def max_upper(ruleset, categories=None):
    """Highest possible upper total of the upper boxes in ``categories``."""
    cats = ruleset.categories if categories is None else categories
    return sum(ruleset.dice * FACE[c] for c in cats if c in FACE)


def normalize_options(rules, options=None):
    """Validated options with defaults filled in, for the ruleset ``rules`` (id).

    Unknown keys, bad values and options that do not apply to the ruleset raise
    ``ValueError`` naming the option. An option that does not apply is accepted
    only at its neutral value (its default, or the value the ruleset fixes) so a
    menu can pass a full dict. Notes on combinations:

    - ``bonus_threshold`` with a short game: the bonus counts the upper boxes in
      play; when none are in play no bonus is possible (``bonus_needed`` is None).
    - ``extra_rows`` and ``extra_bonus`` need the Yatzy box in the short game.
    - ``upper_first`` with ``order="up_or_down"`` is contradictory (bottom-up fills
      the lower section first) and is refused.
    """
    if not isinstance(rules, str) or rules not in RULESET_IDS:
        raise ValueError("unknown ruleset %r" % (rules,))
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("options must be a dict, got %r" % (options,))
    fixed = RULESET_DEFAULTS.get(rules, {})
    out = {}
    for key in options:
        if key not in OPTIONS:
            raise ValueError("unknown option %r" % (key,))
    for key in OPTION_KEYS:
        spec = OPTIONS[key]
        value = options.get(key, fixed.get(key, spec["default"]))
        if key in ("all_rolls", "upper_first", "tie_break", "triple"):
            if value is not True and value is not False:
                raise ValueError("option %s must be True or False, got %r" % (key, value))
        elif key == "extra_bonus" or key == "extra_rows":
            if not _is_int(value) or value not in spec["choices"]:
                raise ValueError(
                    "option %s must be one of %s, got %r"
                    % (key, ", ".join(str(c) for c in spec["choices"]), value)
                )
        elif key == "order":
            if value not in spec["choices"]:
                raise ValueError(
                    "option order must be free, down or up_or_down, got %r" % (value,)
                )
        elif key == "categories":
            value = _check_categories(rules, value)
        elif key == "bonus_threshold":
            if value is not None:
                top = max_upper(_base(rules))
                if not _is_int(value) or value < 1 or value > top:
                    raise ValueError(
                        "option bonus_threshold must be an integer 1..%d, got %r" % (top, value)
                    )
        neutral = fixed.get(key, spec["default"])
        if rules not in spec["rulesets"] and value != neutral:
            raise ValueError("option %s does not apply to the %s ruleset" % (key, rules))
        out[key] = value
    base = _base(rules)
    cats = out["categories"]
    if cats is not None and base.yatzy_box not in cats:
        if out["extra_rows"]:
            raise ValueError(
                "option extra_rows needs the %s box in the short game" % base.yatzy_box
            )
        if out["extra_bonus"]:
            raise ValueError(
                "option extra_bonus needs the %s box in the short game" % base.yatzy_box
            )
    if out["upper_first"] and out["order"] == "up_or_down":
        raise ValueError(
            "option upper_first contradicts order up_or_down"
            " (bottom-up fills the lower boxes first)"
        )
    return out


def applies(key, rules):
    """True when option ``key`` can be changed for ruleset id ``rules``."""
    return rules in OPTIONS[key]["rulesets"]


def menu_values(key, rules):
    """The values a settings menu offers for option ``key`` in ruleset ``rules``.

    Choices as listed in ``OPTIONS``; for ``bonus_threshold`` the ruleset's own
    (None) and a few common thresholds; for ``categories`` the full card (None),
    the upper section only and the lower section only. Example:
    ``menu_values("extra_bonus", "yatzy") == [0, 50, 100]``.
    """
    spec = OPTIONS[key]
    if spec["choices"] is not None:
        return list(spec["choices"])
    base = _base(rules)
    if key == "bonus_threshold":
        top = max_upper(base)
        return [None] + [v for v in (42, 50, 56, 63, 70, 84) if v <= top]
    return [None, list(base.upper), list(base.lower)]


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _check_categories(rules, value):
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise ValueError("option categories must be None or a list of box ids, got %r" % (value,))
    base = _base(rules)
    seen = []
    for c in value:
        if c not in base.categories:
            raise ValueError("option categories: unknown box %r for %s" % (c, rules))
        if c in seen:
            raise ValueError("option categories: box %r given twice" % (c,))
        seen.append(c)
    if not seen:
        raise ValueError("option categories: a short game needs at least one box")
    return [c for c in base.categories if c in seen]


def configure(rules="yatzy", options=None):
    """A new Ruleset for ``rules`` (id or Ruleset) with the house ``options`` applied.

    Example: ``configure("forced").bonus_threshold == 42``.
    """
    rid = rules.id if isinstance(rules, Ruleset) else rules
    opts = normalize_options(rid, options)
    r = _base(rid)
    r.options = opts
    cats = list(r.categories if opts["categories"] is None else opts["categories"])
    if opts["extra_rows"]:
        i = cats.index(r.yatzy_box)
        extra = ["%s_%d" % (r.yatzy_box, n) for n in range(2, opts["extra_rows"] + 2)]
        cats[i + 1 : i + 1] = extra
    r.categories = tuple(cats)
    r.upper = tuple(c for c in cats if c in FACE)
    r.lower = tuple(c for c in cats if c not in FACE)
    r.yatzy_boxes = tuple(c for c in cats if split_extra(c)[0] == r.yatzy_box)
    if opts["bonus_threshold"] is not None:
        r.bonus_threshold = opts["bonus_threshold"]
    if opts["triple"]:
        r.columns = 3
        r.factors = (1, 2, 3)
    r.extra_bonus = opts["extra_bonus"]
    r.order = opts["order"]  # a ruleset's fixed order (RULESET_DEFAULTS) is filled in
    r.all_rolls = opts["all_rolls"]
    r.upper_first = opts["upper_first"]
    r.tie_break = opts["tie_break"]
    if not r.yatzy_boxes:
        # Joker and Yahtzee bonus need a Yahtzee box on the card.
        r.joker = False
        r.yahtzee_bonus = 0
    return r
