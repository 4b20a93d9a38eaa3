# Raw scores of every roll in each maxi box for yatzy.keeps (tools/gen/ai_tables.py).
# SPDX-License-Identifier: MIT
"""Generated; do not edit by hand. ROWS: the boxes of scores_maxi.bin, in its order;
each box's row there is one byte per roll, in roll order (462 rolls), for the rulesets
maxi.
"""

ROWS = (
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
)
