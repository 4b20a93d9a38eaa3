# Generic future-value weights of the computer players (tools/gen/ai_tables.py).
# SPDX-License-Identifier: MIT
"""Generated from the exact optimum (tools/solver/solver.py); do not edit by hand.

GENERIC[family] = (weight per lower box, weight per upper face, bonus slope, saved
roll, Yahtzee-50 flag), in 1/64 point (slope: per point of margin).
EXACT[id] = (lower boxes in card order, bonus threshold, flags, bytes of L) of the
ruleset's exact table: exact_<id>.bin holds L, then U, as little-endian int16 in 1/64
point; future value of a column = L[open-lower-bits * flags + yahtzee50] +
U[open-upper-bits * (thr + 1) + upper].
DIRECTION: the better start for up-or-down.

Fit: yatzy: exact fit rmse 1.772 points, 9216 bytes
Fit: yatzy: generic fit rmse 5.842 points, slope 0.325
Fit: yahtzee: exact fit rmse 2.240 points, 8704 bytes
Fit: yahtzee: generic fit rmse 7.567 points, slope 0.275
Fit: forced: exact fit rmse 0.000 points, 6528 bytes
Fit: maxi: weights from one-turn values x Nordic ratios (median 2.027)
Fit: yatzy up-or-down: down 122.5585, up 122.5585
Fit: yahtzee up-or-down: down 130.2860, up 131.8273
"""

EXACT = {
    "yatzy": (
        (
            "one_pair",
            "two_pairs",
            "three_of_a_kind",
            "four_of_a_kind",
            "small_straight",
            "large_straight",
            "full_house",
            "chance",
            "yatzy",
        ),
        63,
        1,
        1024,
    ),
    "yahtzee": (
        (
            "three_of_a_kind",
            "four_of_a_kind",
            "full_house",
            "small_straight",
            "large_straight",
            "yahtzee",
            "chance",
        ),
        63,
        2,
        512,
    ),
    "forced": (
        (
            "one_pair",
            "two_pairs",
            "three_of_a_kind",
            "four_of_a_kind",
            "small_straight",
            "large_straight",
            "full_house",
            "chance",
            "yatzy",
        ),
        42,
        1,
        1024,
    ),
}
GENERIC = {
    "yatzy": (
        {
            "one_pair": 932,
            "two_pairs": 1218,
            "three_of_a_kind": 1012,
            "four_of_a_kind": 720,
            "small_straight": 393,
            "large_straight": 511,
            "full_house": 1001,
            "chance": 1674,
            "yatzy": 562,
        },
        [0, 262, 378, 528, 711, 882, 1060],
        21,
        0,
        0,
    ),
    "yahtzee": (
        {
            "three_of_a_kind": 1461,
            "four_of_a_kind": 881,
            "full_house": 1160,
            "small_straight": 1872,
            "large_straight": 1476,
            "yahtzee": 529,
            "chance": 1759,
        },
        [0, 371, 457, 559, 686, 809, 948],
        18,
        0,
        733,
    ),
    "maxi": (
        {
            "one_pair": 984,
            "two_pairs": 1692,
            "three_pairs": 830,
            "three_of_a_kind": 1301,
            "four_of_a_kind": 1291,
            "five_of_a_kind": 395,
            "small_straight": 872,
            "large_straight": 1134,
            "full_straight": 536,
            "full_house": 2174,
            "villa": 472,
            "tower": 559,
            "chance": 2009,
            "maxi_yatzy": 265,
        },
        [0, 314, 454, 634, 853, 1059, 1273],
        21,
        192,
        0,
    ),
}
DIRECTION = {"yatzy": "down", "yahtzee": "up", "maxi": "down", "triple": "down"}
