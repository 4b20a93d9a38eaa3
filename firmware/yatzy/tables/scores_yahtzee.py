# Raw scores of every roll in each yahtzee box for yatzy.keeps (tools/gen/ai_tables.py).
# SPDX-License-Identifier: MIT
"""Generated; do not edit by hand. ROWS: the boxes of scores_yahtzee.bin, in its order;
each box's row there is one byte per roll, in roll order (252 rolls), for the rulesets
yahtzee.
"""

ROWS = (
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
)
