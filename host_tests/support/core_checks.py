# Core checks that run unchanged on MicroPython and CPython; the test compares both outputs.
# SPDX-License-Identifier: MIT
"""Prints one line per check (digests, totals, encoded-byte CRCs) and finally
``checks N passed``. Any failure raises: a traceback and exit status 1.
Run: ``MICROPYPATH=firmware:.:.frozen micropython host_tests/support/core_checks.py``
(or ``PYTHONPATH=firmware:. python host_tests/support/core_checks.py``)."""

from save.frame import crc32
from yatzy import codec, rules, scoring, strategy
from yatzy.dice import FairDice, ScriptedDice, SeededDice
from yatzy.engine import OVER, Game

from tools.core.record import check_record, game_record

_count = [0]


def check(name, *values):
    _count[0] += 1
    print(name, *values)


def scoring_digest():
    for rid in rules.RULESET_IDS:
        r = rules.RULESETS[rid]
        table = bytearray()
        for c in r.categories:
            for m in scoring.multisets(r.dice):
                table.append(scoring.score(r, c, list(m)))
        check("scoring", rid, len(table), "%08x" % crc32(table))


def examples():
    got = (
        scoring.score("maxi", "full_house", [3, 4, 4, 6, 6, 6]),
        scoring.score("maxi", "three_pairs", [2, 2, 5, 5, 6, 6]),
        scoring.score("maxi", "tower", [3, 3, 6, 6, 6, 6]),
        scoring.score("yatzy", "two_pairs", [4, 4, 4, 4, 2]),
        scoring.score("yatzy", "full_house", [5, 5, 5, 5, 5]),
        scoring.score("yahtzee", "small_straight", [1, 2, 3, 4, 6]),
    )
    assert got == (26, 26, 30, 0, 0, 30), got
    check("examples", *got)


def dice_streams():
    d = SeededDice(12345)
    values = [d() for _ in range(1000)]
    assert min(values) == 1 and max(values) == 6
    check("seeded", "".join(str(v) for v in values))
    e = SeededDice.from_state(d.state())
    f = SeededDice(12345)
    for _ in range(1000):
        f()
    assert [e() for _ in range(50)] == [f() for _ in range(50)]
    check("seeded_state", d.state()[1])
    pos = [0]

    def counting_bytes(n):
        out = bytes((pos[0] + i) & 0xFF for i in range(n))
        pos[0] += n
        return out

    fair = FairDice(counting_bytes)
    counts = [0] * 7
    for _ in range(252 * 4):
        counts[fair()] += 1
    assert counts[1:] == [168] * 6, counts  # bytes 252..255 rejected: no modulo bias
    check("fair", *counts[1:])


def crc():
    assert crc32(b"123456789") == 0xCBF43926
    check("crc32", "%08x" % crc32(bytes(range(256))))


def joker():
    g = Game("yahtzee", ["A"], dice=ScriptedDice([4] * 10 + [1, 2, 3, 4, 6]))
    g.roll()
    g.score("yahtzee")
    g.roll()
    allowed = g.choices()
    assert allowed == [("fours", 0, 20)], allowed
    g.score("fours")
    assert g.extra_bonus(0) == 100
    check("joker", g.total(0))


def strategy_game(rid, options, seed):
    g = Game(rid, ["A", "B"], options, dice=seed, cpu=[True, True])
    steps = 0
    while not g.is_over():
        g.apply(strategy.decide(g))
        steps += 1
        if steps % 7 == 0:
            data = codec.encode(g)
            h = codec.decode(data)
            assert codec.encode(h) == data
    assert check_record(game_record(g)) == []
    data = codec.encode(g)
    check("game", rid, steps, g.totals(), len(data), "%08x" % crc32(data))
    return g


def random_game(rid, options, seed):
    """Own-PRNG random play with undos and refused actions (no `random` module)."""
    chooser = SeededDice(seed + 1)
    g = Game(rid, ["A", "B", "C"], options, dice=seed)
    steps = 0
    refused = 0
    while True:
        acts = g.legal_actions()
        if g.phase == OVER and chooser() > 2:
            break
        pick = acts[(chooser() * 7 + chooser()) % len(acts)]
        try:
            g.apply(("score", "nope", 0))
        except ValueError:
            refused += 1
        if pick == ("undo",) or pick[0] in ("hold", "holds"):
            if chooser() > 4:
                pick = acts[0]
        g.apply(pick)
        steps += 1
        data = codec.encode(g)
        assert codec.encode(codec.decode(data)) == data
        if steps > 5000:
            raise AssertionError("random game does not end")
        if g.phase == OVER and not g.can_undo():
            break
    assert check_record(game_record(g)) == []
    check("random", rid, steps, refused, g.totals(), "%08x" % crc32(codec.encode(g)))


def damage():
    """Every bit flip and truncation of a saved game's record is refused (the frame's CRC);
    a logged score changed under a sound frame is refused by the replay, with the same
    message on both runtimes."""
    from save.records import SavedGame
    from save.storage import MemoryStorage

    g = Game("yatzy", ["A"], dice=3)
    g.roll()
    g.score("chance")
    g.roll()
    st = MemoryStorage()
    SavedGame.save(st, codec.encode(g))
    assert SavedGame.load_game(st)[0].snapshot() == g.snapshot()
    data = bytearray(st.files["game.dat"])
    rejected = 0
    for i in range(len(data)):
        for bit in range(8):
            data[i] ^= 1 << bit
            st.files["game.dat"] = bytes(data)
            if SavedGame.load_game(st)[0] is None:
                rejected += 1
            data[i] ^= 1 << bit
    assert rejected == 8 * len(data)
    for n in range(len(data)):
        st.files["game.dat"] = bytes(data[:n])
        if SavedGame.load_game(st)[0] is not None:
            raise AssertionError("truncated save accepted")
    s = g.snapshot()
    turn = bytearray(s["turns"][0][0])
    turn[3] += 1  # the logged score of the first turn
    s["turns"][0][0] = bytes(turn)
    try:
        codec.decode(codec.pack(s))
        raise AssertionError("a score the dice do not give was accepted")
    except ValueError as e:
        why = str(e)
    check("damage", len(data), rejected, why)


def main():
    scoring_digest()
    examples()
    dice_streams()
    crc()
    joker()
    strategy_game("yatzy", {"extra_bonus": 50}, 1)
    strategy_game("forced", {"tie_break": True}, 2)
    strategy_game("yahtzee", {"order": "up_or_down"}, 3)
    strategy_game("maxi", {"extra_rows": 1}, 4)
    strategy_game("triple", {"categories": ["ones", "sixes", "yatzy", "chance"]}, 5)
    random_game("yahtzee", {"extra_rows": 1, "tie_break": True}, 6)
    random_game("maxi", {"categories": ["ones", "tower", "maxi_yatzy", "chance"]}, 7)
    damage()
    print("checks %d passed" % _count[0])


main()
