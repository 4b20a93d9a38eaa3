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


@pytest.mark.parametrize("make", [MemoryStorage, lambda: FileStorage("", fs=FlashFS())])
def test_a_file_known_by_name_is_opened_for_each_read_and_refused_once_it_changed(make):
    # a game's saved turns stay in game.dat (Player.base): read when needed, the file
    # closed between reads, held open over a save's many; another file under that name is
    # never read as if it were the first
    st_ = make()
    st_.write("game.dat", b"0123456789" * 100)
    v = opened(st_, "game.dat")
    assert v.w.held and v[5:8] == b"567"
    v.close()
    assert v.w.f is None and not v.w.held
    assert v[995:] == b"56789" and v.w.f is None  # opened for the read, closed after it
    assert v.part(10, 20).crc(10) == binascii.crc32(b"0123456789") and v.w.f is None
    out = io.BytesIO()
    v.part(3, 700).write_to(out)
    assert out.getvalue() == (b"0123456789" * 100)[3:700] and v.w.f is None
    assert v.hold() is False and v.w.f is not None and v.hold() is True
    v.close()
    st_.write("game.dat", b"another file")
    with pytest.raises(OSError, match="changed"):
        v[0:3]
    st_.remove("game.dat")
    with pytest.raises(OSError, match="missing"):
        v.part(0, 900).write_to(io.BytesIO())
    with pytest.raises(ValueError, match="closed"):  # a file handed over, not found by name
        w = FileBytes(io.BytesIO(b"abc"), 0, 3, 2)
        w.close()
        w[0:2]


def test_write_parts_copies_a_stored_files_bytes_into_the_new_file_before_the_rename():
    for st_ in (MemoryStorage(), FileStorage("", fs=FlashFS())):
        st_.write("game.dat", b"HEAD old turns TAIL")
        v = opened(st_, "game.dat")
        v.close()
        st_.write_parts("game.dat", [b"new ", v.part(5, 14), b"!"])
        assert st_.read("game.dat") == b"new old turns!"
