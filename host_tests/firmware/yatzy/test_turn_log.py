# The compact turn log: one bytearray per player gives the same entries and save bytes.
# SPDX-License-Identifier: MIT
"""Each player's turns live back to back in one bytearray (``Player.log``, a
``yatzy.log.Log``), framed as the save holds them. These tests keep their own list of what
each scored turn logs (from the game's state just before the box is scored) and check that
the log, its one reader (``Log.entries``) and the save bytes give exactly that, through
random play with undo, and that the save is byte for byte the generic encoding of those
entries."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from yatzy import codec, rules
from yatzy.engine import TIEBREAK, Game
from yatzy.log import entry
from yatzy.log_load import entries

from tools.core.soak import option_variants


def _expected_entry(g, cat, col):
    """What scoring ``cat``/``col`` now must log (yatzy.log.entry of the turn)."""
    pts = [s for c, k, s in g.choices() if c == cat and k == col][0]
    extra = g.extra_for(g.current, g.dice)
    head = [g.round, col, g.rules.categories.index(cat), pts, extra]
    return bytes(entry(head, g.turn_rolls, g.turn_holds))


def _play(rid, options, players, seed, steps):
    """A game played by random legal actions (undo included) with the expected logs."""
    rng = random.Random(seed)
    g = Game(rid, ["P%d" % (i + 1) for i in range(players)], options, dice=seed)
    want = [[] for _ in range(players)]
    last = []  # (player, entry) of the box undo would take back
    for _ in range(steps):
        if g.is_over():
            break
        acts = g.legal_actions()
        a = rng.choice(acts)
        if a[0] == "score" and g.phase != TIEBREAK:
            p = g.current
            e = _expected_entry(g, a[1], a[2])
            g.apply(a)
            want[p].append(e)
            last = [p]
        elif a[0] == "undo":
            g.apply(a)
            if last:
                want[last.pop()].pop()
        else:
            g.apply(a)
            if a[0] == "roll":
                last = []
    return g, want


def _old_encoding(g, want):
    """The save as the generic encoder writes it with the turns as lists of bytes."""
    snap = g.snapshot()
    snap["turns"] = [list(w) for w in want]
    return codec.pack(snap)


@settings(max_examples=40, deadline=None)
@given(
    st.data(),
    st.sampled_from(rules.RULESET_IDS),
    st.integers(1, 4),
    st.integers(0, 2**32 - 1),
    st.integers(0, 400),
)
def test_the_log_gives_the_entries_and_the_save_bytes_of_a_list_of_bytes(
    data, rid, players, seed, steps
):
    options = data.draw(st.sampled_from(option_variants(rid)))
    g, want = _play(rid, options, players, seed, steps)
    for p, pl in enumerate(g.players):
        assert entries(pl.log) == want[p]
        assert pl.log.n == len(want[p])
        assert len(pl.turns) == len(want[p])
    data = codec.encode(g)
    assert data == _old_encoding(g, want)
    assert codec.encode(codec.decode(data)) == data


def test_undo_truncates_the_log_to_the_turn_before():
    g = Game("yatzy", ["A", "B"], dice=4)
    while g.phase == 0:
        g.rolloff()
    g.roll()
    c, col, _ = g.choices()[0]
    p = g.current
    log = g.players[p].log
    before = bytes(log.tail)
    g.score(c, col)
    assert len(log.tail) > len(before) and log.n == 1
    g.undo()
    assert bytes(log.tail) == before and log.n == 0
    g.score(c, col)
    assert log.n == 1


def test_an_entry_longer_than_127_bytes_takes_a_two_byte_length():
    # Maxi's saved rolls: score after one roll for eight turns (two rolls saved each), then
    # roll 18 times in one turn: 5 + 18 x 7 = 131 bytes, a two-byte varint length
    g = Game("maxi", ["A"], dice=9)
    for _ in range(8):
        g.roll()
        c, col, _ = g.choices()[0]
        g.score(c, col)
    assert g.players[0].saved_rolls == 16
    for _ in range(18):
        g.roll()
    c, col, _ = g.choices()[0]
    g.score(c, col)
    last = entries(g.players[0].log)[-1]
    assert len(last) == 131
    assert bytes(g.players[0].log.tail[-134:]) == bytes([codec._T_BYTES, 0x83, 0x01]) + last
    data = codec.encode(g)
    assert codec.encode(codec.decode(data)) == data
    assert entries(codec.decode(data).players[0].log) == entries(g.players[0].log)
