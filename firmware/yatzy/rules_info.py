# Help texts of the boxes (rules-help screen): loaded only when asked for.
# SPDX-License-Identifier: MIT
"""The long texts behind ``yatzy.rules.CATEGORY_INFO`` / ``YAHTZEE_INFO``, and
:func:`category_info` (also reached as ``rules.category_info``), which completes them.

A box that always scores the same points (straights, Yatzy, the American full house)
has None as its "scores" text: :func:`category_info` writes the points the ruleset's own
scoring function gives, so the help never states a score the game does not count.

Kept out of ``rules.py`` so a game in play does not hold them (about 9 KB of heap on
the 64-bit unix port); ``rules`` imports this module on demand and
``rules.release()`` drops it.

Example::

    >>> from yatzy import rules
    >>> category_info("large_straight", rules.get("yahtzee"))[3]
    '40'
    >>> category_info("yatzy_2")
    ('Yatzy2', 'Yatzy 2', 'five equal dice', '50')
"""

from yatzy import rules as _rules

# id -> (short label for the OLED (<= 6 chars), full name, what it needs, what it scores)
CATEGORY_INFO = {
    "ones": ("1s", "Ones", "any dice", "sum of the 1s"),
    "twos": ("2s", "Twos", "any dice", "sum of the 2s"),
    "threes": ("3s", "Threes", "any dice", "sum of the 3s"),
    "fours": ("4s", "Fours", "any dice", "sum of the 4s"),
    "fives": ("5s", "Fives", "any dice", "sum of the 5s"),
    "sixes": ("6s", "Sixes", "any dice", "sum of the 6s"),
    "one_pair": ("1 pair", "One pair", "two equal dice", "sum of the highest pair"),
    "two_pairs": ("2 pair", "Two pairs", "two pairs of different values", "sum of the four"),
    "three_pairs": ("3 pair", "Three pairs", "three different pairs", "sum of the six"),
    "three_of_a_kind": ("3 kind", "Three of a kind", "three equal dice", "sum of those three"),
    "four_of_a_kind": ("4 kind", "Four of a kind", "four equal dice", "sum of those four"),
    "five_of_a_kind": ("5 kind", "Five of a kind", "five equal dice", "sum of those five"),
    "small_straight": ("Sm st", "Small straight", "1-2-3-4-5", None),
    "large_straight": ("Lg st", "Large straight", "2-3-4-5-6", None),
    "full_straight": ("Full s", "Full straight", "1-2-3-4-5-6", None),
    "full_house": ("House", "Full house", "three of one value, two of another", "sum of five"),
    "villa": ("Villa", "Villa", "two different threes", "sum of the six"),
    "tower": ("Tower", "Tower", "four of one value, two of another", "sum of the six"),
    "chance": ("Chance", "Chance", "anything", "sum of the dice"),
    "yatzy": ("Yatzy", "Yatzy", "five equal dice", None),
    "maxi_yatzy": ("Maxi Y", "Maxi Yatzy", "six equal dice", None),
    "yahtzee": ("Yahtz", "Yahtzee", "five equal dice", None),
}
# American scoring differs for these boxes: same ids, other texts.
YAHTZEE_INFO = {
    "three_of_a_kind": ("3 kind", "Three of a kind", "at least three equal", "sum of all five"),
    "four_of_a_kind": ("4 kind", "Four of a kind", "at least four equal", "sum of all five"),
    "full_house": ("House", "Full house", "three of one value, two of another", None),
    "small_straight": ("Sm st", "Small straight", "four in a row", None),
    "large_straight": ("Lg st", "Large straight", "five in a row", None),
}

# box id -> its short label (rules.LABELS)
LABELS = {c: v[0] for c, v in CATEGORY_INFO.items()}

_POINTS = {}  # (ruleset id, box) -> points of a fixed-score box (the help draws every frame)


def category_info(category, ruleset=None):
    """(short label, name, needs, scores) of a box, including extra Yatzy rows; the
    American texts for a Yahtzee ruleset. ``ruleset``: the configured Ruleset whose
    scores are shown (None: the first ruleset that has the box)."""
    base, n = _rules.split_extra(category)
    if ruleset is not None and ruleset.id == "yahtzee" and base in YAHTZEE_INFO:
        info = YAHTZEE_INFO[base]
    elif base in CATEGORY_INFO:
        info = CATEGORY_INFO[base]
    else:
        raise ValueError("unknown category %r" % (category,))
    if info[3] is None:
        info = (info[0], info[1], info[2], str(_fixed_points(base, ruleset)))
    if n:
        return (info[0][:5] + str(n), "%s %d" % (info[1], n), info[2], info[3])
    return info


def _fixed_points(box, ruleset):
    if ruleset is None or box not in ruleset.scorers:
        for rid in _rules.RULESET_IDS:
            ruleset = _rules.get(rid)
            if box in ruleset.scorers:
                break
    key = (ruleset.id, box)
    pts = _POINTS.get(key)
    if pts is None:
        counts = [0] * 7
        pts = _top(ruleset.scorers[box], counts, 1, ruleset.dice, 0)
        _POINTS[key] = pts
    return pts


def _top(f, counts, v, left, total):
    """Highest score of ``f`` over every roll of ``left`` more dice showing ``v``..6."""
    if v == 6:
        counts[6] = left
        s = f(counts, total + 6 * left)
        counts[6] = 0
        return s
    best = 0
    for m in range(left + 1):
        counts[v] = m
        s = _top(f, counts, v + 1, left - m, total + v * m)
        if s > best:
            best = s
    counts[v] = 0
    return best
