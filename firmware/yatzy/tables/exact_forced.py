# Future-value table of the best computer level for forced (tools/gen/ai_tables.py).
# SPDX-License-Identifier: MIT
"""Generated from the exact optimum (tools/solver/solver.py); do not edit by hand.

TABLE = (lower boxes in card order, bonus threshold, flags, bytes of L); exact_forced.bin
holds L, then U, as little-endian int16 in 1/64 point: future value of a column =
L[open-lower-bits * flags + yahtzee50] + U[open-upper-bits * (thr + 1) + upper].
"""

TABLE = (
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
)
