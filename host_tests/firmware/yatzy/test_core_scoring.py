# Scoring of every box of every ruleset over all sorted rolls, worked examples, maxima.
# SPDX-License-Identifier: MIT
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from yatzy import rules, scoring

ALL5 = sorted(set(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=5)))
ALL6 = sorted(set(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=6)))


def rolls_for(rid):
    return ALL6 if rules.RULESETS[rid].dice == 6 else ALL5


# ---- independent formulations: subsets of the dice, not value counts -------------------


def best_subset(dice, size, ok):
    """Highest sum of a sub-multiset of ``size`` dice (sorted) for which ok(sub) holds."""
    best = 0
    for sub in itertools.combinations(sorted(dice), size):
        if ok(sub) and sum(sub) > best:
            best = sum(sub)
    return best


def n_equal(n):
    return lambda d: best_subset(d, n, lambda s: len(set(s)) == 1)


def k_pairs(k):
    def ok(s):
        ps = [s[i : i + 2] for i in range(0, len(s), 2)]
        return all(p[0] == p[1] for p in ps) and len(set(p[0] for p in ps)) == k

    return lambda d: best_subset(d, 2 * k, ok)


def groups(a, b):
    # a dice of one value and b of another (a sorted subset: either group may come first)
    def f(d):
        best = 0
        for sub in itertools.combinations(sorted(d), a + b):
            for first in (a, b):
                x, y = sub[:first], sub[first:]
                if len(set(x)) == 1 and len(set(y)) == 1 and x[0] != y[0]:
                    best = max(best, sum(sub))
        return best

    return f


def contains(values, points):
    return lambda d: points if set(values) <= set(d) else 0


def american_small(d):
    return 30 if any(set(range(lo, lo + 4)) <= set(d) for lo in (1, 2, 3)) else 0


def american_large(d):
    return 40 if sorted(d) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]) else 0


def american_kind(n):
    return lambda d: sum(d) if any(d.count(v) >= n for v in d) else 0


def american_house(d):
    return 25 if sorted(d.count(v) for v in set(d)) == [2, 3] else 0


def face(v):
    return lambda d: sum(x for x in d if x == v)


def same(points):
    return lambda d: points if len(set(d)) == 1 else 0


UPPER_REF = {c: face(i + 1) for i, c in enumerate(rules.UPPER)}
NORDIC_REF = dict(
    UPPER_REF,
    one_pair=n_equal(2),
    two_pairs=k_pairs(2),
    three_of_a_kind=n_equal(3),
    four_of_a_kind=n_equal(4),
    small_straight=contains([1, 2, 3, 4, 5], 15),
    large_straight=contains([2, 3, 4, 5, 6], 20),
    full_house=groups(3, 2),
    chance=sum,
    yatzy=same(50),
)
YAHTZEE_REF = dict(
    UPPER_REF,
    three_of_a_kind=american_kind(3),
    four_of_a_kind=american_kind(4),
    full_house=american_house,
    small_straight=american_small,
    large_straight=american_large,
    yahtzee=same(50),
    chance=sum,
)
MAXI_REF = dict(
    UPPER_REF,
    one_pair=n_equal(2),
    two_pairs=k_pairs(2),
    three_pairs=k_pairs(3),
    three_of_a_kind=n_equal(3),
    four_of_a_kind=n_equal(4),
    five_of_a_kind=n_equal(5),
    small_straight=contains([1, 2, 3, 4, 5], 15),
    large_straight=contains([2, 3, 4, 5, 6], 20),
    full_straight=contains([1, 2, 3, 4, 5, 6], 21),
    full_house=groups(3, 2),
    villa=groups(3, 3),
    tower=groups(4, 2),
    chance=sum,
    maxi_yatzy=same(100),
)
REF = {
    "yatzy": NORDIC_REF,
    "forced": NORDIC_REF,
    "triple": NORDIC_REF,
    "yahtzee": YAHTZEE_REF,
    "maxi": MAXI_REF,
}

CASES = [(rid, c) for rid in rules.RULESET_IDS for c in rules.RULESETS[rid].categories]


def test_card_lengths_and_dice():
    got = {rid: (r.dice, len(r.categories), r.columns) for rid, r in rules.RULESETS.items()}
    assert got == {
        "yatzy": (5, 15, 1),
        "forced": (5, 15, 1),
        "triple": (5, 15, 3),
        "yahtzee": (5, 13, 1),
        "maxi": (6, 20, 1),
    }
    for rid in rules.RULESET_IDS:
        assert set(REF[rid]) == set(rules.RULESETS[rid].categories)


def test_all_rolls_counted():
    assert len(ALL5) == 252 and len(ALL6) == 462
    assert scoring.multisets(5) == ALL5 and scoring.multisets(6) == ALL6


@pytest.mark.parametrize("rid,category", CASES)
def test_every_roll_matches_independent_formulation(rid, category):
    ref = REF[rid][category]
    for roll in rolls_for(rid):
        assert scoring.score(rid, category, list(roll)) == ref(list(roll)), roll


@pytest.mark.parametrize("rid", rules.RULESET_IDS)
def test_order_of_dice_does_not_matter(rid):
    r = rules.RULESETS[rid]
    for roll in rolls_for(rid)[::7]:
        rev = list(reversed(roll))
        rot = list(roll[2:] + roll[:2])
        for c in r.categories:
            s = scoring.score(r, c, list(roll))
            assert scoring.score(r, c, rev) == s == scoring.score(r, c, rot)


# ---- worked examples, one row per edge case in RULES.md -------------------------------
EXAMPLES = [
    # Nordic
    ("yatzy", "ones", [1, 1, 2, 3, 1], 3),
    ("yatzy", "sixes", [6, 6, 6, 6, 6], 30),
    ("yatzy", "fives", [1, 2, 3, 4, 6], 0),
    ("yatzy", "one_pair", [3, 3, 5, 5, 6], 10),
    ("yatzy", "one_pair", [1, 2, 3, 4, 6], 0),
    ("yatzy", "two_pairs", [3, 3, 5, 5, 6], 16),
    ("yatzy", "two_pairs", [4, 4, 4, 4, 2], 0),  # four of a kind is not two pairs
    ("yatzy", "two_pairs", [5, 5, 5, 5, 5], 0),  # five of a kind is not two pairs
    ("yatzy", "two_pairs", [2, 2, 6, 6, 6], 16),  # a full house holds two pairs
    ("yatzy", "two_pairs", [1, 1, 2, 2, 3], 6),
    ("yatzy", "three_of_a_kind", [2, 2, 2, 5, 6], 6),
    ("yatzy", "three_of_a_kind", [4, 4, 4, 4, 4], 12),  # five of a kind counts
    ("yatzy", "three_of_a_kind", [4, 4, 5, 5, 6], 0),
    ("yatzy", "four_of_a_kind", [6, 6, 6, 6, 1], 24),
    ("yatzy", "four_of_a_kind", [3, 3, 3, 3, 3], 12),
    ("yatzy", "four_of_a_kind", [3, 3, 3, 2, 2], 0),
    ("yatzy", "one_pair", [5, 5, 5, 5, 5], 10),
    ("yatzy", "small_straight", [1, 2, 3, 4, 5], 15),
    ("yatzy", "small_straight", [5, 3, 1, 2, 4], 15),
    ("yatzy", "small_straight", [2, 3, 4, 5, 6], 0),  # exactly 1-5 in Nordic
    ("yatzy", "small_straight", [1, 2, 3, 4, 4], 0),
    ("yatzy", "large_straight", [2, 3, 4, 5, 6], 20),
    ("yatzy", "large_straight", [1, 2, 3, 4, 5], 0),
    ("yatzy", "full_house", [2, 2, 3, 3, 3], 13),
    ("yatzy", "full_house", [6, 6, 6, 5, 5], 28),
    ("yatzy", "full_house", [4, 4, 4, 4, 4], 0),  # five of a kind is not a full house
    ("yatzy", "full_house", [4, 4, 4, 4, 2], 0),
    ("yatzy", "chance", [1, 2, 3, 4, 6], 16),
    ("yatzy", "yatzy", [2, 2, 2, 2, 2], 50),
    ("yatzy", "yatzy", [2, 2, 2, 2, 3], 0),
    ("forced", "full_house", [1, 1, 1, 6, 6], 15),
    ("triple", "yatzy", [6, 6, 6, 6, 6], 50),
    # American
    ("yahtzee", "three_of_a_kind", [2, 2, 2, 5, 6], 17),
    ("yahtzee", "three_of_a_kind", [2, 2, 5, 5, 6], 0),
    ("yahtzee", "four_of_a_kind", [3, 3, 3, 3, 6], 18),
    ("yahtzee", "four_of_a_kind", [3, 3, 3, 6, 6], 0),
    ("yahtzee", "four_of_a_kind", [5, 5, 5, 5, 5], 25),
    ("yahtzee", "full_house", [2, 2, 3, 3, 3], 25),
    ("yahtzee", "full_house", [6, 6, 6, 6, 6], 0),  # only through the Joker
    ("yahtzee", "small_straight", [1, 2, 3, 4, 6], 30),  # any four in a row
    ("yahtzee", "small_straight", [3, 4, 5, 6, 6], 30),
    ("yahtzee", "small_straight", [2, 3, 4, 5, 2], 30),
    ("yahtzee", "small_straight", [1, 2, 3, 5, 6], 0),
    ("yahtzee", "small_straight", [1, 2, 3, 4, 5], 30),
    ("yahtzee", "large_straight", [1, 2, 3, 4, 5], 40),
    ("yahtzee", "large_straight", [6, 5, 4, 3, 2], 40),
    ("yahtzee", "large_straight", [1, 2, 3, 4, 6], 0),
    ("yahtzee", "yahtzee", [1, 1, 1, 1, 1], 50),
    ("yahtzee", "chance", [6, 6, 6, 6, 5], 29),
    # Maxi
    ("maxi", "full_house", [3, 4, 4, 6, 6, 6], 26),
    ("maxi", "full_house", [6, 6, 6, 5, 5, 5], 28),
    ("maxi", "full_house", [6, 6, 6, 6, 6, 6], 0),
    ("maxi", "three_pairs", [2, 2, 5, 5, 6, 6], 26),
    ("maxi", "three_pairs", [2, 2, 2, 2, 6, 6], 0),  # four of a kind is not two pairs
    ("maxi", "two_pairs", [2, 2, 2, 2, 6, 6], 16),
    ("maxi", "two_pairs", [6, 6, 6, 6, 5, 5], 22),
    ("maxi", "tower", [3, 3, 6, 6, 6, 6], 30),
    ("maxi", "tower", [3, 3, 3, 3, 3, 3], 0),
    ("maxi", "villa", [2, 2, 2, 5, 5, 5], 21),
    ("maxi", "villa", [2, 2, 2, 2, 2, 5], 0),
    ("maxi", "one_pair", [1, 2, 3, 4, 5, 6], 0),
    ("maxi", "five_of_a_kind", [4, 4, 4, 4, 4, 1], 20),
    ("maxi", "five_of_a_kind", [4, 4, 4, 4, 4, 4], 20),
    ("maxi", "small_straight", [1, 2, 3, 4, 5, 5], 15),
    ("maxi", "small_straight", [1, 2, 3, 4, 5, 6], 15),
    ("maxi", "large_straight", [2, 3, 4, 5, 6, 6], 20),
    ("maxi", "large_straight", [1, 2, 3, 4, 5, 5], 0),
    ("maxi", "full_straight", [6, 5, 4, 3, 2, 1], 21),
    ("maxi", "full_straight", [1, 2, 3, 4, 5, 5], 0),
    ("maxi", "chance", [6, 6, 6, 6, 6, 6], 36),
    ("maxi", "maxi_yatzy", [6, 6, 6, 6, 6, 6], 100),
    ("maxi", "maxi_yatzy", [6, 6, 6, 6, 6, 5], 0),
    ("maxi", "sixes", [6, 6, 6, 6, 6, 6], 36),
]


@pytest.mark.parametrize("rid,category,dice,expected", EXAMPLES)
def test_worked_examples(rid, category, dice, expected):
    assert scoring.score(rid, category, dice) == expected
    assert scoring.score(rules.RULESETS[rid], category, tuple(dice)) == expected


def maximum_total(rid):
    """Best score per box over all rolls, plus the bonus when the best upper reaches it."""
    r = rules.RULESETS[rid]
    best = {c: max(scoring.score(r, c, list(d)) for d in rolls_for(rid)) for c in r.categories}
    upper = sum(best[c] for c in r.upper)
    return sum(best.values()) + (r.bonus_value if upper >= r.bonus_threshold else 0)


def test_nordic_maximum_is_374():
    assert maximum_total("yatzy") == 374


def test_yahtzee_maximum_with_jokers_is_1575():
    # Thirteen Yahtzees: the first fills the yahtzee box (50); each of the other twelve
    # earns the 100 bonus and, by the Joker, the best a five of a kind gives in a box.
    r = rules.RULESETS["yahtzee"]
    fives = [[v] * 5 for v in range(1, 7)]
    best = {}
    for c in r.categories:
        joker = [r.joker_scores.get(c, scoring.score(r, c, d)) for d in fives]
        best[c] = max(joker)
    upper = sum(best[c] for c in r.upper)
    total = sum(best.values()) + (r.bonus_value if upper >= r.bonus_threshold else 0)
    total += r.yahtzee_bonus * (len(r.categories) - 1)
    assert total == 1575


@pytest.mark.parametrize(
    "args,needle",
    [
        (("nope", "ones", [1, 2, 3, 4, 5]), "ruleset"),
        (("yatzy", "tower", [1, 2, 3, 4, 5]), "category"),
        (("yatzy", None, [1, 2, 3, 4, 5]), "category"),
        (("yatzy", "ones", [1, 2, 3, 4]), "dice"),
        (("maxi", "ones", [1, 2, 3, 4, 5]), "dice"),
        (("yatzy", "ones", [1, 2, 3, 4, 7]), "outside"),
        (("yatzy", "ones", [0, 2, 3, 4, 5]), "outside"),
        (("yatzy", "ones", [1, 2, 3, 4, "5"]), "outside"),
        (("yatzy", "ones", [1, 2, 3, 4, True]), "outside"),
        (("yatzy", "ones", "12345"), "dice"),
        (("yatzy", "yatzy_5", [1, 1, 1, 1, 1]), "category"),
    ],
)
def test_bad_input_names_the_problem(args, needle):
    with pytest.raises(ValueError, match=needle):
        scoring.score(*args)


def test_extra_rows_score_like_the_yatzy_box():
    for rid in rules.RULESET_IDS:
        r = rules.configure(rid, {"extra_rows": 3})
        box = r.yatzy_box
        assert r.yatzy_boxes == (box, box + "_2", box + "_3", box + "_4")
        for d in rolls_for(rid):
            s = scoring.score(r, box, list(d))
            assert all(scoring.score(r, b, list(d)) == s for b in r.yatzy_boxes)


@given(st.sampled_from(rules.RULESET_IDS), st.data())
def test_properties(rid, data):
    r = rules.RULESETS[rid]
    dice = data.draw(st.lists(st.integers(1, 6), min_size=r.dice, max_size=r.dice))
    s = {c: scoring.score(r, c, dice) for c in r.categories}
    # upper boxes add up to the sum of the dice; chance is the sum
    assert sum(s[c] for c in r.upper) == sum(dice) == s["chance"]
    assert all(v >= 0 for v in s.values())
    if "one_pair" in s:
        # kinds are nested: a four of a kind is also a three of a kind and a pair
        assert (s["four_of_a_kind"] > 0) <= (s["three_of_a_kind"] > 0) <= (s["one_pair"] > 0)
        assert s["two_pairs"] == 0 or s["two_pairs"] > s["one_pair"]
    if len(set(dice)) == 1:
        assert s[r.yatzy_box] > 0 and s["full_house"] == 0
    else:
        assert s[r.yatzy_box] == 0


def test_category_info_labels_fit_the_oled():
    for rid in rules.RULESET_IDS:
        r = rules.configure(rid, {"extra_rows": 3})
        for c in r.categories:
            label, name, needs, scores = rules.category_info(c, r)
            assert 1 <= len(label) <= 6 and name and needs and scores
