# Save codec: exact round trips, CRC-32, and refusal of every kind of damage.
# SPDX-License-Identifier: MIT
import binascii
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from yatzy import codec, rules
from yatzy.dice import ScriptedDice, SeededDice
from yatzy.engine import Game

from tools.core.soak import play_random


@given(st.binary(max_size=300))
def test_crc32_matches_zlib_and_binascii(data):
    assert codec.crc32(data) == zlib.crc32(data) == binascii.crc32(data)
    # the pure-Python fallback (a MicroPython build without binascii.crc32), also chained
    assert codec.crc32_py(data) == zlib.crc32(data)
    assert codec.crc32_py(data[7:], codec.crc32_py(data[:7])) == zlib.crc32(data)


def test_encode_into_reuses_one_buffer():
    buf, n = codec.encode_into(midgame(turns=2))
    assert bytes(buf[:n]) == codec.encode(midgame(turns=2)) and len(buf) % 256 == 0
    g = play_random("yatzy", None, 5, players=3)  # a whole game: bigger
    same, n2 = codec.encode_into(g, buf)
    want = codec.encode(g)
    assert n2 == len(want) and bytes(same[:n2]) == want
    assert (same is buf) == (n2 <= len(buf))
    again, _ = codec.encode_into(g, same)
    assert again is same  # big enough now: reused
    small, n3 = codec.encode_into(g, bytearray(8))  # too small: a new one
    assert len(small) >= n3 == len(want) and bytes(small[:n3]) == want


def test_reading_side_loads_on_demand_and_can_be_dropped():
    import sys

    import heap

    g = midgame()
    data = codec.encode(g)
    heap.drop("reader")
    assert "yatzy.codec_load" not in sys.modules and "yatzy.engine_load" not in sys.modules
    assert codec.decode(data).snapshot() == g.snapshot()
    assert "yatzy.codec_load" in sys.modules
    assert codec.unpack(data)[0] == "yatzy"  # reading-side names still reach through codec
    heap.drop("reader")
    assert "yatzy.codec_load" not in sys.modules and "yatzy.engine_load" not in sys.modules


def test_crc32_check_value():
    assert codec.crc32(b"123456789") == 0xCBF43926  # the standard CRC-32 check value


def midgame(rid="yatzy", options=None, players=2, turns=3, seed=11):
    g = Game(rid, ["Ann", "Bob", "Cy", "Di"][:players], options, dice=seed)
    while g.phase == 0:
        g.rolloff()
    for _ in range(turns):
        if g.phase == 1:
            g.choose_direction("up")
        g.roll()
        g.set_holds(0b101 & ((1 << g.rules.dice) - 1))
        g.roll()
        c, col, _ = g.choices()[-1]
        g.score(c, col)
    if g.phase == 1:
        g.choose_direction("down")
    g.roll()
    g.toggle_hold(1)
    return g


@pytest.mark.parametrize("rid", rules.RULESET_IDS)
def test_round_trip_mid_turn_resumes_the_same_game(rid):
    opts = {"order": "up_or_down"} if rid != "forced" else {"tie_break": True}
    g = midgame(rid, opts)
    data = codec.encode(g)
    h = codec.decode(data)
    assert h.snapshot() == g.snapshot() and codec.encode(h) == data
    assert (h.phase, h.current, h.dice, h.held, h.rolls_used) == (
        g.phase,
        g.current,
        g.dice,
        g.held,
        g.rolls_used,
    )
    assert [p.card for p in h.players] == [p.card for p in g.players]
    assert [p.name for p in h.players] == ["Ann", "Bob"]
    # the seeded dice resume: both games go on identically
    for game in (g, h):
        game.roll()
    assert g.dice == h.dice and codec.encode(g) == codec.encode(h)


def test_options_cpu_flags_and_saved_rolls_survive():
    g = Game("maxi", ["A", "B"], {"tie_break": True, "extra_rows": 2}, cpu=[False, True])
    g.rolloff([2])
    g.rolloff([1])
    g.roll([1, 2, 3, 4, 5, 6])
    g.score("full_straight")
    h = codec.decode(codec.encode(g))
    assert h.options == g.options and h.rules.categories == g.rules.categories
    assert [p.cpu for p in h.players] == [False, True]
    assert h.players[0].saved_rolls == 2 and h.dice_source is None


def test_decode_with_a_given_dice_source():
    g = midgame()
    src = ScriptedDice([6] * 5)
    h = codec.decode(codec.encode(g), dice=src)
    assert h.dice_source is src


def test_save_is_compact():
    g = play_random("yatzy", {}, 3, players=4, roundtrip=False, refusals=0)
    data = codec.encode(g)
    # a finished 4-player game with every roll and hold logged
    assert len(data) < 3000


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(rules.RULESET_IDS), st.integers(0, 2**32 - 1), st.integers(1, 3))
def test_round_trip_at_every_step_of_random_games(rid, seed, players):
    play_random(rid, {}, seed, players=players, roundtrip=True, refusals=0)


# ---- damage -------------------------------------------------------------------------------
FLIP_STATES = [
    ("yatzy", None, 1, 0),
    ("yahtzee", {"tie_break": True}, 2, 1),
    ("maxi", None, 1, 1),
]


@pytest.mark.parametrize("rid,options,players,turns", FLIP_STATES)
def test_every_single_bit_flip_is_rejected(rid, options, players, turns):
    g = midgame(rid, options, players=players, turns=turns)
    data = codec.encode(g)
    assert len(data) < 400
    buf = bytearray(data)
    for i in range(len(buf)):
        for bit in range(8):
            buf[i] ^= 1 << bit
            with pytest.raises(ValueError):
                codec.decode(bytes(buf))
            buf[i] ^= 1 << bit


def test_every_truncation_is_rejected():
    data = codec.encode(midgame("triple"))
    for n in range(len(data)):
        with pytest.raises(ValueError):
            codec.decode(data[:n])
    with pytest.raises(ValueError, match="checksum"):
        codec.decode(data + b"\0")


def test_frame_errors_name_the_problem():
    data = codec.encode(midgame())
    with pytest.raises(ValueError, match="magic"):
        codec.decode(b"XYZ" + data[3:])
    with pytest.raises(ValueError, match="truncated"):
        codec.decode(data[:5])
    with pytest.raises(ValueError, match="checksum"):
        codec.decode(data[:-1] + bytes([data[-1] ^ 1]))
    with pytest.raises(ValueError, match="bytes"):
        codec.decode("PYZ")
    wrong = bytearray(data[:-4])
    wrong[3] = 9
    with pytest.raises(ValueError, match="version 9"):
        codec.decode(_reframe(bytes(wrong)))


def _reframe(body):
    c = codec.crc32(body)
    return body + bytes([(c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255])


@given(st.binary(max_size=200))
def test_random_bytes_are_rejected(data):
    with pytest.raises(ValueError):
        codec.decode(data)


@given(st.binary(max_size=200))
def test_random_payloads_with_valid_frame_are_rejected_cleanly(payload):
    with pytest.raises(ValueError):
        codec.decode(_reframe(codec.MAGIC + bytes([codec.VERSION]) + payload))


def tampered(edit, g=None):
    g = g or midgame()
    tree = g.snapshot()
    edit(tree)
    return codec.pack(tree)


def _set(path, value):
    def edit(tree):
        node = tree
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = value

    return edit


PLAYERS = 15


@pytest.mark.parametrize(
    "edit,needle",
    [
        (_set([0], "farkle"), "unknown ruleset"),
        (_set([1, 0], "yes"), "all_rolls"),
        (_set([2], 9), "phase"),
        (_set([3], 5), "current player"),
        (_set([5], 99), "round"),
        (_set([6], [1, 2, 3, 4, 7]), "dice"),
        (_set([6], [1, 2, 3, 4]), "dice"),
        (_set([7], 64), "hold mask"),
        (_set([8], 7), "rolls used"),
        (_set([PLAYERS, 0, 0], 42), "name"),
        (_set([PLAYERS, 0, 1], 1), "cpu flag"),
        (_set([PLAYERS, 0, 5, 0, 14], 40), "cannot score 40 in yatzy"),
        (_set([PLAYERS, 0, 5, 0, 6], 13), "cannot score 13 in one_pair"),
        (_set([PLAYERS, 0, 5, 0, 0], 7), "cannot score 7 in ones"),
        (lambda t: t[PLAYERS][0][5][0].append(None), "16 boxes, the ruleset 15"),
        (lambda t: t[PLAYERS][0][5].append([None] * 15), "card"),
        (lambda t: t[PLAYERS].append(t[PLAYERS][0][:]), "boxes filled in round"),
        (lambda t: t[PLAYERS][0][6].pop(), "turns for"),
        (_set([PLAYERS, 0, 3], 4), "saved rolls"),
        (_set([PLAYERS, 0, 4], 50), "extra bonus"),
        (_set([16], [1, 0]), "seeded dice state"),
        (lambda t: t.append(0), "game"),
        (_set([9], [0, [0, 1], 0]), "roll-off"),
    ],
)
def test_inconsistent_content_is_rejected(edit, needle):
    with pytest.raises(ValueError, match=needle):
        codec.decode(tampered(edit))


def test_a_score_no_dice_can_make_is_rejected_in_every_box():
    for rid in rules.RULESET_IDS:
        r = rules.RULESETS[rid]
        g = Game(rid, ["A"], dice=SeededDice(2))
        for k, c in enumerate(r.categories):
            bad = max(codec.achievable(r, c)) + 1
            with pytest.raises(ValueError, match="cannot score"):
                codec.decode(tampered(_set([PLAYERS, 0, 5, 0, k], bad), g))


def test_random_corruption_of_fields_never_builds_a_half_game():
    rng = random.Random(5)
    g = midgame("yahtzee", {"extra_rows": 1}, turns=4)
    base = g.snapshot()
    for _ in range(300):
        tree = g.snapshot()
        node = tree
        path = []
        while isinstance(node, list) and node:
            i = rng.randrange(len(node))
            path.append(i)
            if not isinstance(node[i], list) or rng.random() < 0.3:
                node[i] = rng.choice([None, True, -1, 0, 1, 7, 300, "x", [], [1]])
                break
            node = node[i]
        try:
            h = codec.decode(codec.pack(tree))
        except ValueError:
            continue
        # accepted: it must be a complete, consistent game that encodes back the same way
        assert codec.decode(codec.encode(h)).snapshot() == h.snapshot()
    assert g.snapshot() == base
