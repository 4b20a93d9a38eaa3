# Raw scores of dice in each box: one small pure function per kind of box.
# SPDX-License-Identifier: MIT
"""Scoring functions.

Every box is scored by a function ``f(counts, total) -> int`` where ``counts[v]``
is how many dice show ``v`` (index 0 unused) and ``total`` the sum of the dice.
The factories below build those functions; ``yatzy.rules`` wires them to box ids
per ruleset. :func:`score` is the public entry point.

Example::

    >>> score("yatzy", "two_pairs", [3, 3, 5, 5, 6])
    16
"""


def counts_of(dice):
    """[0, n1, ..., n6] for a list of dice values."""
    c = [0, 0, 0, 0, 0, 0, 0]
    for d in dice:
        c[d] += 1
    return c


def is_yatzy(dice):
    """True when there are dice and all show the same face (a Yatzy, Yahtzee or Maxi Yatzy
    roll, whatever box it is then scored in).

    >>> is_yatzy([4, 4, 4, 4, 4]), is_yatzy([4, 4, 4, 4, 2]), is_yatzy([])
    (True, False, False)
    """
    return bool(dice) and dice.count(dice[0]) == len(dice)  # count runs in C: no garbage


def check_dice(dice, n):
    """Raise ValueError unless ``dice`` is a sequence of ``n`` ints 1..6."""
    if not isinstance(dice, (list, tuple)):
        raise ValueError("dice must be a list of %d values, got %r" % (n, dice))
    if len(dice) != n:
        raise ValueError("need %d dice, got %d: %r" % (n, len(dice), list(dice)))
    for d in dice:
        if not isinstance(d, int) or isinstance(d, bool) or d < 1 or d > 6:
            raise ValueError("die value %r outside 1..6" % (d,))


def score(ruleset, category, dice):
    """Raw score of ``dice`` in ``category`` (no Joker, no bonus).

    ``ruleset`` is a Ruleset or its id. Unknown ruleset or category, or bad dice,
    raise ValueError. Example: ``score("maxi", "tower", [3, 3, 6, 6, 6, 6]) == 30``.
    """
    from yatzy import rules as _rules

    r = _rules.get(ruleset)
    f = r.scorers.get(category) if isinstance(category, str) else None
    if f is None:
        raise ValueError("unknown category %r for ruleset %s" % (category, r.id))
    check_dice(dice, r.dice)
    return f(counts_of(dice), sum(dice))


def upper_box(face):
    """Sum of the dice showing ``face``."""

    def f(c, total):
        return c[face] * face

    return f


def of_a_kind(n):
    """``n`` times the highest value shown at least ``n`` times (one pair, three, four...)."""

    def f(c, total):
        for v in range(6, 0, -1):
            if c[v] >= n:
                return n * v
        return 0

    return f


def pairs(k):
    """Sum of ``k`` pairs of different values (the highest ones), else 0."""

    def f(c, total):
        got = 0
        s = 0
        for v in range(6, 0, -1):
            if c[v] >= 2:
                s += 2 * v
                got += 1
                if got == k:
                    return s
        return 0

    return f


def run_of(lo, hi, points):
    """``points`` when every value lo..hi shows (exact straights: 1-5, 2-6, 1-6)."""

    def f(c, total):
        for v in range(lo, hi + 1):
            if not c[v]:
                return 0
        return points

    return f


def any_run(length, points):
    """``points`` when any ``length`` consecutive values show (American straights)."""

    def f(c, total):
        run = 0
        for v in range(1, 7):
            run = run + 1 if c[v] else 0
            if run >= length:
                return points
        return 0

    return f


def house_sum(a, b):
    """Sum of ``a`` dice of one value and ``b`` of another, best such pick, else 0.

    Full house (3+2), villa (3+3) and tower (4+2).
    """

    def f(c, total):
        best = 0
        for x in range(1, 7):
            if c[x] >= a:
                for y in range(1, 7):
                    if y != x and c[y] >= b:
                        s = a * x + b * y
                        if s > best:
                            best = s
        return best

    return f


def house_fixed(points):
    """``points`` for three of one value and two of another (American full house)."""
    f3 = house_sum(3, 2)

    def f(c, total):
        return points if f3(c, total) else 0

    return f


def at_least_sum(n):
    """Sum of all dice when some value shows at least ``n`` times (American kinds)."""

    def f(c, total):
        for v in range(1, 7):
            if c[v] >= n:
                return total
        return 0

    return f


def all_equal(points):
    """``points`` when all dice show the same value (Yatzy, Yahtzee, Maxi Yatzy)."""

    def f(c, total):
        for v in range(1, 7):
            if c[v] and c[v] * v == total:
                return points
        return 0

    return f


def chance(c, total):
    """Sum of the dice."""
    return total


def multisets(n):
    """All sorted rolls of ``n`` dice as tuples, in lexicographic order (252 for 5)."""
    out = []

    def rec(prefix, lo, left):
        if not left:
            out.append(tuple(prefix))
            return
        for v in range(lo, 7):
            prefix.append(v)
            rec(prefix, v, left - 1)
            prefix.pop()

    rec([], 1, n)
    return out
