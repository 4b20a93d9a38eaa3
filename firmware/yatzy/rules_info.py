# Help texts of the boxes (rules-help screen): loaded only when asked for.
# SPDX-License-Identifier: MIT
"""The long texts behind ``yatzy.rules.CATEGORY_INFO`` / ``YAHTZEE_INFO``.

Kept out of ``rules.py`` so a game in play does not hold them (about 9 KB of heap on
the 64-bit unix port); ``rules`` imports this module on demand and
``rules.release()`` drops it.
"""

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
    "small_straight": ("Sm st", "Small straight", "1-2-3-4-5", "15"),
    "large_straight": ("Lg st", "Large straight", "2-3-4-5-6", "20"),
    "full_straight": ("Full s", "Full straight", "1-2-3-4-5-6", "21"),
    "full_house": ("House", "Full house", "three of one value, two of another", "sum of five"),
    "villa": ("Villa", "Villa", "two different threes", "sum of the six"),
    "tower": ("Tower", "Tower", "four of one value, two of another", "sum of the six"),
    "chance": ("Chance", "Chance", "anything", "sum of the dice"),
    "yatzy": ("Yatzy", "Yatzy", "five equal dice", "50"),
    "maxi_yatzy": ("Maxi Y", "Maxi Yatzy", "six equal dice", "100"),
    "yahtzee": ("Yahtz", "Yahtzee", "five equal dice", "50"),
}
# American scoring differs for these boxes: same ids, other texts.
YAHTZEE_INFO = {
    "three_of_a_kind": ("3 kind", "Three of a kind", "at least three equal", "sum of all five"),
    "four_of_a_kind": ("4 kind", "Four of a kind", "at least four equal", "sum of all five"),
    "full_house": ("House", "Full house", "three of one value, two of another", "25"),
    "small_straight": ("Sm st", "Small straight", "four in a row", "30"),
    "large_straight": ("Lg st", "Large straight", "five in a row", "40"),
}
