# A save's field is compared with the replay's in place: the same answer as comparing the bytes.
# SPDX-License-Identifier: MIT
from hypothesis import example, given
from hypothesis import strategies as st
from yatzy import codec
from yatzy.engine_load import _same


def _encoded(v):
    out = bytearray(codec._size(v))
    codec._put(out, 0, v)
    return bytes(out)


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-300, 300),
    st.integers(-(2**40), 2**40),
    st.text(max_size=4),
    st.binary(max_size=4),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple)),
    max_leaves=12,
)
# runs of small ints: equal exactly when their bytes are
small = st.lists(st.integers(0, 255), min_size=1, max_size=4)  # [] is a list, b"" bytes


@given(values, values)
@example([1, 2, 3], b"\x01\x02\x03")  # a list of small ints is written as bytes
@example([1, 2, 300], b"\x01\x02\x2c")
@example([], b"")  # an empty list is a list, empty bytes are bytes
@example([True], [1])  # True is not 1
@example((1, [2]), [1, (2,)])  # a tuple is a list
@example([None], [0])
@example("a", b"a")
def test_same_is_the_same_bytes(a, b):
    assert _same(a, b) == (_encoded(a) == _encoded(b))
    assert _same(a, a)


@given(small, small)
def test_runs_of_small_ints_compare_as_bytes(a, b):
    assert _same(a, bytes(b)) == (a == b)
    assert _same(tuple(a), b) == (a == b)
