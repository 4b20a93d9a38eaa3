# Raw scores of every roll in each nordic box for yatzy.keeps (tools/gen/ai_tables.py).
# SPDX-License-Identifier: MIT
"""Generated; do not edit by hand. ROWS: the boxes of scores_nordic.bin, in its order;
each box's row there is one byte per roll, in roll order (252 rolls), for the rulesets
yatzy, forced, triple.
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
    "three_of_a_kind",
    "four_of_a_kind",
    "small_straight",
    "large_straight",
    "full_house",
    "chance",
    "yatzy",
)
