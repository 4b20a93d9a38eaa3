# Whole self-play games of the computer levels, summed up as one digest per game (fixture).
# SPDX-License-Identifier: MIT
"""``play(rules, options, level, seed)`` plays a whole game of two seats at ``level`` with
seeded dice and returns ``(sha256 of every action in order, final totals, actions)``;
``CASES`` are the games host_tests/golden/ai_decisions.json records. A change in any one
decision (a keep, a box, a roll-or-stop) changes the digest. Runs on MicroPython too."""

import hashlib
from binascii import hexlify

from yatzy import strategy
from yatzy.dice import SeededDice
from yatzy.engine import Game

CASES = [
    (rules, options, level, seed)
    for rules, options in (
        ("yatzy", {}),
        ("yatzy", {"all_rolls": True}),
        ("forced", {}),
        ("yahtzee", {}),
        ("triple", {}),
        ("maxi", {}),
        ("maxi", {"triple": True}),
    )
    for level in ("basic", "easy", "good", "best")
    for seed in (1, 2, 3)
]


def play(rules, options, level, seed, players=2):
    g = Game(
        rules,
        ["P%d" % i for i in range(players)],
        options=dict(options),
        dice=SeededDice(seed),
        cpu=[True] * players,
    )
    h = hashlib.sha256()  # MicroPython's has no hexdigest(): hexlify below
    n = 0
    while not g.is_over():
        a = strategy.decide(g, level)
        h.update(repr(a).encode())
        g.apply(a)
        n += 1
    return hexlify(h.digest()).decode()[:16], [g.total(p) for p in range(players)], n


def key(case):
    rules, options, level, seed = case
    return "%s %s %s %d" % (rules, ",".join(sorted(options)), level, seed)
