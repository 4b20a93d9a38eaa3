# The turn log's one owner (yatzy/log.py, its reading half yatzy/log_load.py) against a model.
# SPDX-License-Identifier: MIT
"""A player's log is checked against a plain list of its entries through random appends,
undos, saves that leave it in a window (bytes, or a file read a small window at a time) and
reads that find a save's entries where they lie. The entries are built here from the entry
spec (``yatzy/log.py``'s docstring), and the bytes a log gives a save from the generic
encoder of a bytes value (``codec._put``: what the save held for each turn before the log had
an owner), never written out by hand."""

import doctest
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save.filebytes import FileBytes
from yatzy import codec, engine, log, log_load
from yatzy.dice import ScriptedDice
from yatzy.engine import Game
from yatzy.log import TAG, Log, entry
from yatzy.log_load import entries, found, trim, unflat


def _spec(head, rolls, holds):
    """An entry as the spec says: the head, the roll count, every roll's dice, the holds."""
    out = list(head) + [len(rolls)]
    for r in rolls:
        out += list(r)
    return out + list(holds)


def _framed(values):
    """The generic encoder's bytes of ``values`` (a list of entries) as bytes values, one
    after the other: what a save holds for a player's turns after its list header."""
    out = b""
    for e in values:
        b = bytearray(codec._size(bytes(e)))
        assert codec._put(b, 0, bytes(e)) == len(b)
        out += bytes(b)
    return out


def _joined(parts):
    return b"".join(
        bytes(p) if isinstance(p, (bytes, bytearray, memoryview)) else p[:] for p in parts
    )


@st.composite
def turns(draw, nhead=5, most=20):
    """(head, rolls, holds, dice) of a turn: up to ``most`` rolls (20: Maxi's saved rolls),
    5 or 6 dice."""
    ndice = draw(st.sampled_from([5, 6]))
    k = draw(st.integers(1, most))
    head = draw(st.lists(st.integers(0, 255), min_size=nhead, max_size=nhead))
    rolls = draw(
        st.lists(
            st.lists(st.integers(1, 6), min_size=ndice, max_size=ndice), min_size=k, max_size=k
        )
    )
    holds = draw(st.lists(st.integers(0, (1 << ndice) - 1), min_size=k - 1, max_size=k - 1))
    return head, rolls, holds, ndice


@settings(max_examples=60, deadline=None)
@given(turns(), st.sampled_from([3, 5]))
def test_an_entry_is_the_spec_and_reads_back(t, nhead):
    head, rolls, holds, ndice = t
    head = head[:nhead]
    e = entry(head, rolls, holds)
    assert e == _spec(head, rolls, holds)
    assert unflat(e, nhead, ndice) == (head, rolls, holds)
    assert unflat(bytes(e), nhead, ndice) == (head, rolls, holds)
    with pytest.raises(ValueError):
        unflat(e[:-1], nhead, ndice)
    with pytest.raises(ValueError):
        unflat(e + [0], nhead, ndice)


def test_the_tag_is_the_save_s_bytes_tag_and_a_long_entry_takes_a_two_byte_length():
    assert TAG == codec._T_BYTES
    lg = Log()
    rolls = [[6] * 6] * 18  # 5 + 1 + 108 + 17 = 131 bytes: a two-byte varint length
    at = lg.append([1, 0, 2, 36, 0], rolls, [0] * 17)
    assert at == 0 and bytes(lg.tail[:3]) == bytes([TAG, 0x83, 0x01])
    assert bytes(lg.tail) == _framed([_spec([1, 0, 2, 36, 0], rolls, [0] * 17)])


def _window(data, kind, pad):
    """A save's bytes with ``data`` at ``pad``: bytes, or a file read 16 bytes at a time."""
    blob = b"\xaa" * pad + data + b"\x55" * 3
    if kind == "bytes":
        return blob
    return FileBytes(io.BytesIO(blob), 0, len(blob), 16)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(turns(most=4), st.booleans(), st.sampled_from([None, "bytes", "file"])),
        max_size=10,
    ),
    st.integers(0, 40),
)
def test_appends_undos_and_saves_keep_the_model_s_entries_and_bytes(steps, pad):
    """Each step scores a turn, maybe saves (the app saves after every box), maybe takes the
    box back (undo, after the save too); the log always reads as the model, and the parts a
    save writes are the generic encoding of the model's entries."""
    lg = Log()
    model = []
    for (head, rolls, holds, _), undo, save in steps:
        at = lg.append(head, rolls, holds)
        assert at == len(_framed(model))
        model.append(_spec(head, rolls, holds))
        if save is not None:
            data = _joined(lg.parts())
            assert data == _framed(model)
            lg.saved(_window(data, save, pad), pad)
            assert not lg.tail and lg.kept == len(data)
        if undo:
            lg.pop(at)
            model.pop()
        assert lg.n == len(model)
        assert entries(lg) == [bytes(e) for e in model]
        assert _joined(lg.parts()) == _framed(model)


@pytest.mark.parametrize("kind", ["bytes", "file"])
@pytest.mark.parametrize("otherwise", [None, 0, 2])
def test_a_read_save_s_entries_stay_where_they_lie(kind, otherwise):
    """Reading a save: each turn replayed is appended, then found in the save; the heap lets
    go of it. A turn the save encodes otherwise (a tagged list of the same values) and every
    one after it stay the log's own."""
    model = [_spec([r, 0, r, 10 + r, 0], [[r % 6 + 1] * 5], []) for r in range(1, 5)]
    pieces = []
    for j, e in enumerate(model):
        if j == otherwise:
            b = bytearray(4 + 3 * len(e))
            b[0] = codec._T_LIST  # the same values as a list of tagged ints
            end = codec._varint(b, 1, len(e))
            for x in e:
                end = codec._put(b, end, x)
            pieces.append(bytes(b[:end]))
        else:
            pieces.append(_framed([e]))
    w = _window(b"".join(pieces), kind, 7)
    lg = Log()
    a = 7
    for j, e in enumerate(model):
        lg.append(e[:5], [e[6:11]], [])
        b = a + len(pieces[j])
        found(lg, w, 7, a, b)
        a = b
    trim(lg)
    assert lg.window is w and lg.start == 7 and lg.n == len(model)
    mine = 0 if otherwise is None else len(_framed(model[otherwise:]))
    assert lg.kept == sum(len(p) for p in pieces[: len(model) if otherwise is None else otherwise])
    assert len(lg.tail) == mine
    assert entries(lg) == [bytes(e) for e in model]


def test_undo_is_a_named_record_of_the_box():
    g = Game("yatzy", ["A"], dice=ScriptedDice([6] * 5 + [1] * 5))
    g.roll()
    assert g.turn_rolls == [[6] * 5] and g.turn_holds == []
    g.score("yatzy")
    u = g._undo
    assert isinstance(u, engine.Undo)
    assert (u.player, u.category, u.column, u.round, u.rolls) == (0, "yatzy", 0, 1, [[6] * 5])
    g.undo()
    assert g.dice == [6] * 5 and g.rolls_used == 1 and g.players[0].log.n == 0


@pytest.mark.parametrize("module", [log, log_load])
def test_docstring_examples_run(module):
    failures, tried = doctest.testmod(module, verbose=False)
    assert failures == 0 and tried > 0
