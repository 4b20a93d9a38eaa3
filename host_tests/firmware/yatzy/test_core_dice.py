# Dice sources: fair rejection sampling, the seeded stream, scripted dice; module doctests.
# SPDX-License-Identifier: MIT
import doctest
import importlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from yatzy.dice import FairDice, ScriptedDice, SeededDice


def test_fair_dice_maps_each_byte_value_once_and_rejects_252_to_255():
    seen = []
    fair = FairDice(lambda n: bytes(range(256)), chunk=256)
    for _ in range(252):
        seen.append(fair())
    # every face from exactly 42 of the 252 accepted byte values: no modulo bias
    assert [seen.count(v) for v in range(1, 7)] == [42] * 6
    assert seen[:7] == [1, 2, 3, 4, 5, 6, 1]


def test_fair_dice_skips_rejected_bytes_across_chunks():
    chunks = [bytes([255, 252]), bytes([253, 5])]
    fair = FairDice(lambda n: chunks.pop(0), chunk=2)
    assert fair() == 5 % 6 + 1


@pytest.mark.parametrize("bad", [None, 5, "os.urandom"])
def test_fair_dice_needs_a_callable(bad):
    with pytest.raises(ValueError, match="randbytes"):
        FairDice(bad)


def test_fair_dice_refuses_an_empty_byte_source():
    with pytest.raises(ValueError, match="no bytes"):
        FairDice(lambda n: b"")()


@given(st.integers(0, 2**32 - 1))
def test_seeded_dice_resume_from_state(seed):
    a = SeededDice(seed)
    first = [a() for _ in range(20)]
    b = SeededDice.from_state(a.state())
    assert [a() for _ in range(30)] == [b() for _ in range(30)]
    assert [SeededDice(seed)() for _ in range(1)] == first[:1]
    assert all(1 <= v <= 6 for v in first)


def _xorshift32_dice(seed, n):
    """The stream SeededDice promises, computed here from its definition: xorshift32 from
    (seed * 2654435761 + golden) masked to 32 bits, eight steps of warm-up, then the high
    half of each step, rejecting 65532..65535, as v % 6 + 1."""
    m = 0xFFFFFFFF
    x = (seed * 2654435761 + 0x9E3779B9) & m or 0x9E3779B9
    out = []
    steps = 0
    while len(out) < n:
        x ^= (x << 13) & m
        x ^= x >> 17
        x ^= (x << 5) & m
        steps += 1
        if steps > 8 and x >> 16 < 65532:
            out.append((x >> 16) % 6 + 1)
    return out, x


@given(st.integers(0, 2**32 - 1))
def test_seeded_dice_are_xorshift32_as_documented(seed):
    d = SeededDice(seed)
    values, x = _xorshift32_dice(seed, 40)
    assert [d() for _ in range(40)] == values
    assert d.state() == [seed, x]


def test_seeded_dice_look_fair():
    d = SeededDice(2024)
    values = [d() for _ in range(60000)]
    for face in range(1, 7):
        assert abs(values.count(face) - 10000) < 400  # about 4 standard deviations
    pairs = sum(1 for a, b in zip(values, values[1:]) if a == b)
    assert abs(pairs - 10000) < 400  # successive dice independent-looking


def test_nearby_seeds_differ():
    streams = set()
    for seed in range(50):
        d = SeededDice(seed)
        streams.add(tuple(d() for _ in range(12)))
    assert len(streams) == 50


@pytest.mark.parametrize("bad", [-1, 2**32, 1.5, "7", True])
def test_bad_seeds_are_refused(bad):
    with pytest.raises(ValueError, match="seed"):
        SeededDice(bad)


@pytest.mark.parametrize("state", [[1], [1, 0], [1, 2**32], (1, "x"), None])
def test_bad_states_are_refused(state):
    with pytest.raises(ValueError, match="state"):
        SeededDice.from_state(state)


def test_scripted_dice_run_out_loudly():
    d = ScriptedDice([3, 4])
    assert (d(), d()) == (3, 4)
    with pytest.raises(ValueError, match="ran out"):
        d()


@pytest.mark.parametrize(
    "module",
    [
        "yatzy.rules",
        "yatzy.scoring",
        "yatzy.dice",
        "yatzy.engine",
        "yatzy.codec",
        "yatzy.strategy",
        "tools.core.record",
    ],
)
def test_docstring_examples_run(module):
    mod = importlib.import_module(module)
    failures, tried = doctest.testmod(mod, raise_on_error=False, verbose=False)
    assert failures == 0 and tried > 0
