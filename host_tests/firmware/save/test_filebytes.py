# A stored file read where it lies behaves as its bytes; a save written from pieces is atomic.
# SPDX-License-Identifier: MIT
import binascii
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save.filebytes import FileBytes, opened
from save.memory import MemoryStorage
from save.storage import FileStorage

from tools.core.faultstore import FlashFS, PowerCut


def _view(data, lead, size):
    return FileBytes(io.BytesIO(b"\x99" * lead + data + b"\x77" * 4), lead, len(data), size)


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=0, max_size=300), st.integers(0, 9), st.integers(1, 40), st.data())
def test_file_bytes_read_as_the_bytes_they_are(data, lead, size, draw):
    v = _view(data, lead, size)
    assert len(v) == len(data)
    n = len(data)
    for i in draw.draw(st.lists(st.integers(-n, n - 1), max_size=20)) if n else []:
        assert v[i] == data[i]
    a = draw.draw(st.integers(-3, n + 3))
    b = draw.draw(st.integers(-3, n + 3))
    assert v[a:b] == data[a:b] if a >= 0 and b >= 0 else True
    assert v[a:] == data[a:] if a >= 0 else True
    assert v[:b] == data[:b] if b >= 0 else True
    lo, hi = sorted((min(n, max(0, a)), min(n, max(0, b))))
    p = v.part(lo, hi)
    assert p[0 : len(p)] == data[lo:hi] and len(p) == len(data[lo:hi])
    end = draw.draw(st.integers(0, n))
    assert v.crc(end) == binascii.crc32(data[:end])
    other = bytearray(data[lo:hi])
    assert v.same(lo, hi, other)
    if other:
        other[draw.draw(st.integers(0, len(other) - 1))] ^= 1 << draw.draw(st.integers(0, 7))
        assert not v.same(lo, hi, other)
    assert not v.same(lo, hi, bytes(len(other) + 1))


def test_a_file_shorter_than_its_record_is_damage_not_a_crash():
    v = FileBytes(io.BytesIO(b"abc"), 0, 10, 4)
    assert v[2] == ord("c")
    with pytest.raises(ValueError, match="shorter"):
        v[5]
    with pytest.raises(ValueError, match="shorter"):
        v[1:8]
    with pytest.raises(ValueError, match="shorter"):
        v.crc(10)
    with pytest.raises(IndexError):
        v[10]
    with pytest.raises(ValueError, match="step"):
        v[0:3:2]


def test_open_finds_what_read_finds_and_write_parts_writes_the_pieces_joined():
    fs = FlashFS()
    st_ = FileStorage("", fs=fs)
    assert st_.open("game.dat") is None and opened(st_, "game.dat") is None
    st_.write_parts("game.dat", [b"ab", bytearray(b"cd"), memoryview(b"xef")[1:]])
    assert st_.read("game.dat") == b"abcdef"
    v = opened(st_, "game.dat")
    assert len(v) == 6 and v[0:6] == b"abcdef"
    v.close()
    # a replace-by-remove cut before its last rename: the new copy is read from .new
    fs.files["game.dat.new"] = fs.files.pop("game.dat")
    f = st_.open("game.dat")
    assert f.read() == b"abcdef"
    with pytest.raises(ValueError, match="bytes"):
        st_.write_parts("game.dat", [b"ok", "text"])
    m = MemoryStorage()
    m.write_parts("a.dat", [b"1", bytearray(b"23")])
    assert m.read("a.dat") == b"123" and m.open("a.dat").read() == b"123"
    assert m.open("b.dat") is None


@pytest.mark.parametrize("cut", range(1, 9))
def test_a_power_cut_in_a_write_of_pieces_leaves_the_old_file_or_the_new(cut):
    fs = FlashFS()
    st_ = FileStorage("", fs=fs)
    st_.write("game.dat", b"old record")
    fs.cut_at = fs.steps + cut
    try:
        st_.write_parts("game.dat", [b"new ", bytearray(b"rec"), b"ord"])
    except PowerCut:
        pass
    fs.power_on()
    assert FileStorage("", fs=fs).read("game.dat") in (b"old record", b"new record")
