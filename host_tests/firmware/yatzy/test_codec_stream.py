# Reading a save where it lies refuses and accepts exactly what decoding it whole did.
# SPDX-License-Identifier: MIT
"""``codec.decode`` reads a save in place (``codec_load.Saved``): each player's turns are
replayed one entry at a time where they lie and every field is compared in place. Before,
the whole save was decoded into a snapshot dict (``codec_load.unpack``), replayed from
it, and every field compared with the replayed game's snapshot. ``whole_decode`` below is
that older reading, put together from the same parts (``unpack``, ``_replay``, ``_same``,
``snapshot``); damaged and edited saves must get the same answer from both: the same
refusal message, or games with the same bytes."""

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save.filebytes import FileBytes
from yatzy import codec, codec_load, engine_load, rules
from yatzy.dice import SeededDice
from yatzy.engine import Game
from yatzy.log_load import entries

from tools.core.soak import option_variants, play_random


def whole_decode(data):
    """The save decoded whole, replayed, and checked against the replay's snapshot."""
    s = codec_load.unpack(data)
    try:
        rid = s["rules"]
        if not isinstance(rid, str) or rid not in rules.RULESET_IDS:
            raise ValueError("bad save data: unknown ruleset %r" % (rid,))
        try:
            dice = SeededDice.from_state(s["seeded"]) if s["seeded"] is not None else None
            opts = engine_load.options_from_list(s["options"])
            g = Game(rid, s["names"], opts, dice, s["cpu"])
        except ValueError as e:
            raise ValueError("bad save data: %s" % (e,)) from e
        try:
            engine_load._replay(g, s)
            got = codec_load.snapshot(g)
            for name in codec.FIELDS:
                if name != "seeded" and not engine_load._same(s[name], got[name]):
                    raise ValueError(
                        "%s %s, the replay gives %s"
                        % (name, engine_load._short(s[name]), engine_load._short(got[name]))
                    )
        except ValueError as e:
            raise ValueError("bad save data: %s" % (e,)) from e
        return g
    except (TypeError, IndexError, KeyError, AttributeError) as e:
        raise ValueError("bad save data: malformed game (%s)" % (e,)) from e


def outcome(fn, data):
    try:
        return "ok", codec.encode(fn(data))
    except ValueError as e:
        return "refused", str(e)


def same_answer(data):
    want = outcome(whole_decode, data)
    assert outcome(codec.decode, data) == want
    assert outcome(codec.decode, memoryview(data)) == want  # as records hands it over
    # as records hands a file over: read where it lies, a window at a time (small windows
    # here, so that values and turn entries cross their edges)
    for size in (7, 64):
        f = io.BytesIO(b"\xaa" * 5 + data + b"\x55" * 3)
        assert outcome(codec.decode, FileBytes(f, 5, len(data), size)) == want
    return want[0]


def a_game(rid, seed, players):
    options = random.Random(seed).choice(option_variants(rid))
    g = play_random(rid, options, seed, players=players, roundtrip=False, refusals=0)
    return g


def midgame(seed):
    g = Game("maxi", ["A", "B", "C"], {"triple": True}, dice=seed)
    while g.phase == 0:
        g.rolloff()
    for _ in range(7):
        g.roll()
        g.set_holds(0b101)
        g.roll()
        c, col, _ = g.choices()[-1]
        g.score(c, col)
    g.roll()
    return g


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.data())
def test_a_damaged_save_gets_the_same_answer_as_decoding_it_whole(seed, data):
    g = midgame(seed % 50)
    good = bytearray(codec.encode(g))
    kind = data.draw(st.sampled_from(["set", "insert", "delete", "truncate"]))
    i = data.draw(st.integers(0, len(good) - 1))
    if kind == "set":
        good[i] = data.draw(st.integers(0, 255))
    elif kind == "insert":
        good.insert(i, data.draw(st.integers(0, 255)))
    elif kind == "delete":
        del good[i]
    else:
        del good[i:]
    same_answer(bytes(good))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(rules.RULESET_IDS), st.integers(0, 2**32 - 1), st.data())
def test_an_edited_field_gets_the_same_answer_as_decoding_it_whole(rid, seed, data):
    g = a_game(rid, seed, data.draw(st.integers(1, 3)))
    tree = g.snapshot()
    rng = random.Random(seed)
    node, key = tree, rng.choice(codec.FIELDS)
    while True:
        child = node[key]
        if not isinstance(child, list) or not child or rng.random() < 0.3:
            node[key] = data.draw(st.sampled_from([None, True, -1, 0, 1, 7, 300, "x", [], [1]]))
            break
        node, key = child, rng.randrange(len(child))
    same_answer(codec.pack(tree))


def _t_list(items):
    """A list tagged and counted as the codec writes one (for saves the encoder never
    writes: a list of small ints as a list, not as bytes)."""
    return bytes([codec._T_LIST, len(items)]) + b"".join(items)


def _small_int(v):
    return bytes([codec._T_INT, v])


def test_a_turn_entry_written_as_a_list_of_ints_is_read_like_its_bytes():
    # the encoder writes an entry as bytes; the same values as a tagged list are the same
    # turn to both readings (not the same bytes, so not the quick comparison)
    g = midgame(3)
    data = codec.encode(g)
    s = codec_load.Saved(data)
    r = s.reader("turns")
    entry = list(s["turns"][0][0])
    as_list = _t_list([_small_int(v) for v in entry])
    start = s["turns"][0].start
    n = 2 + len(entry)  # the bytes tag, a one-byte length, the entry
    edited = data[:start] + as_list + data[start + n :]
    assert r.pos < start and same_answer(edited) == "ok"
    assert codec.encode(codec.decode(edited)) == data


def test_reading_builds_no_snapshot_of_the_turns():
    # the turns of a player come back as SavedTurns (entries read where they lie), and
    # the check after the replay compares them as bytes
    g = a_game("maxi", 5, 3)
    s = codec_load.Saved(codec.encode(g))
    logs = s["turns"]
    assert [type(x) for x in logs] == [codec_load.SavedTurns] * 3
    for p, pl in enumerate(g.players):
        assert len(logs[p]) == pl.log.n and logs[p].same(pl.log.tail)
        assert [bytes(logs[p][j]) for j in range(len(logs[p]))] == entries(pl.log)
        assert bytes(logs[p][0]) == entries(pl.log)[0]  # back to the start after the end
    with pytest.raises(IndexError):
        logs[0][len(logs[0])]


def test_the_tick_is_called_after_each_replayed_turn_and_what_it_raises_ends_the_read():
    g = a_game("yatzy", 4, 2)
    data = codec.encode(g)
    calls = []
    codec.decode(data, tick=lambda: calls.append(1))
    assert len(calls) == sum(pl.log.n for pl in g.players)

    def late():
        if len(calls) > 3:
            raise MemoryError("too long")
        calls.append(1)

    calls.clear()
    with pytest.raises(MemoryError):
        codec.decode(data, tick=late)


def test_reading_a_save_keeps_its_turns_where_they_lie_and_the_heap_none_of_them():
    # a 30-player Maxi Triple game's logs are 50 KB at its end: replayed into the heap they
    # left the Pico no room to continue it. Each player's log is now the save's own bytes
    # (the log's window, from its start), the heap's part of it (the log's tail) empty
    g = a_game("maxi", 5, 3)
    data = codec.encode(g)
    f = io.BytesIO(b"\xaa" * 9 + data)
    for src in (data, FileBytes(f, 9, len(data), 64)):
        back = codec.decode(src)
        s = codec_load.Saved(src)
        for p, pl in enumerate(back.players):
            v = s["turns"][p]
            log = pl.log
            assert log.tail == b"" and log.window is src
            assert (log.start, log.kept) == (v.start, v.end - v.start) and log.kept > 0
            assert entries(log) == entries(g.players[p].log)
        assert codec.encode(back) == data


def test_a_turn_encoded_otherwise_keeps_the_replays_bytes_from_that_turn_on():
    # the second entry of player 1 as a tagged list: the first stays in the save's bytes,
    # the rest of that player's log is the replay's own (the other players' stay in base)
    g = midgame(4)
    data = codec.encode(g)
    s = codec_load.Saved(data)
    v = s["turns"][0]
    v[1]
    start, end = v.last, v.at
    entry = list(v[1])
    edited = data[:start] + _t_list([_small_int(x) for x in entry]) + data[end:]
    back = codec.decode(edited)
    one, two = back.players[0].log, back.players[1].log
    was = g.players[0].log
    assert one.kept == start - v.start and one.n == was.n
    assert len(one.tail) == was.kept + len(was.tail) - one.kept
    assert two.tail == b"" and two.kept == len(g.players[1].log.tail)
    assert codec.encode(back) == data
