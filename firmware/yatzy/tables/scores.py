# Raw scores of every roll in every box, for yatzy.keeps (tools/gen/ai_tables.py).
# SPDX-License-Identifier: MIT
"""Generated; do not edit by hand. ROWS[family]: the boxes of scores_<family>.bin, in
its order; each box's row there is one byte per roll, in roll order. One module for
every family: each module the board loads costs it three names for good.
nordic: 252 rolls, for the rulesets yatzy, forced, triple.
yahtzee: 252 rolls, for the rulesets yahtzee.
maxi: 462 rolls, for the rulesets maxi.
"""

ROWS = {
    "nordic": (
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
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
    "yahtzee": (
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "yahtzee",
        "chance",
    ),
    "maxi": (
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "one_pair",
        "two_pairs",
        "three_pairs",
        "three_of_a_kind",
        "four_of_a_kind",
        "five_of_a_kind",
        "small_straight",
        "large_straight",
        "full_straight",
        "full_house",
        "villa",
        "tower",
        "chance",
        "maxi_yatzy",
    ),
}
