# The project image's UF2 writer and `make uf2`'s checks (tools/image/uf2.py, game.py).
# SPDX-License-Identifier: MIT
"""On synthetic images (a "base" made of random pages that carry a board name) and, where
../shared/rp2 is there, on the stock RPI_PICO UF2, which the writer must refuse as a base."""

import json
import os
import random
import struct
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tools.image import game, uf2
from tools.paths import ROOT

BOARD_NAME = "Test board with RP2040"
ROMFS = (0x40000, 0x60000)
FS = (0xA0000, 0x160000)
STOCK_UF2 = os.path.join(os.path.dirname(ROOT), "shared", "rp2", "firmware.uf2")


def prov(**kw):
    p = {
        "uf2": "base.uf2",
        "sha256": "0" * 64,
        "board": "TEST",
        "board_name": BOARD_NAME,
        "flash": {"firmware": [0, ROMFS[0]], "romfs": list(ROMFS), "fs": list(FS)},
    }
    p.update(kw)
    return p


def base_uf2(size=20000, seed=1, name=BOARD_NAME, at=0):
    rnd = random.Random(seed)
    data = bytearray(rnd.getrandbits(8) for _ in range(size))
    data[1000 : 1000 + len(name)] = name.encode()
    return uf2.write([(at, bytes(data))]), bytes(data)


def romfs_image(size=3000, seed=2):
    rnd = random.Random(seed)
    return game.ROMFS_MAGIC + bytes(rnd.getrandbits(8) for _ in range(size - 3))


def blocks(data):
    return [struct.unpack_from("<8I", data, at) for at in range(0, len(data), 512)]


# ---- the writer ---------------------------------------------------------------------------
@st.composite
def disjoint_ranges(draw):
    """Up to four ranges in distinct 4 KiB-aligned slots, any length and start inside a slot."""
    slots = draw(st.lists(st.integers(0, 511), min_size=1, max_size=4, unique=True))
    out = []
    for slot in slots:
        start = draw(st.integers(0, 1024))
        length = draw(st.integers(1, 3000))
        out.append((slot * 4096 + start, draw(st.binary(min_size=length, max_size=length))))
    return out


@settings(max_examples=60, deadline=None)
@given(disjoint_ranges())
def test_what_is_written_reads_back_in_256_byte_pages_the_boot_rom_takes(ranges):
    data = uf2.write(ranges)
    heads = blocks(data)
    assert [h[5] for h in heads] == list(range(len(heads)))  # block numbers 0..n-1
    for m0, m1, flags, addr, size, _n, count, family in heads:
        assert (m0, m1, flags, family) == (uf2.MAGIC0, uf2.MAGIC1, 0x2000, uf2.RP2040_FAMILY)
        assert size == 256 and addr % 256 == 0 and count == len(heads)
    flash = uf2.flash_image(uf2.read(data))
    for offset, chunk in ranges:
        assert flash[offset : offset + len(chunk)] == chunk
    # what lies outside the ranges but inside their pages is erased flash (0xFF)
    covered = set()
    for offset, chunk in ranges:
        covered.update(range(offset, offset + len(chunk)))
    for page_off, page in uf2.read(data):
        for i, b in enumerate(page):
            if page_off + i not in covered:
                assert b == 0xFF


def test_overlapping_ranges_are_refused_by_address():
    with pytest.raises(uf2.UF2Error, match="overlap: 0x001000..0x001200 and 0x001100"):
        uf2.write([(0x1000, b"a" * 0x200), (0x1100, b"b" * 0x10)])


def test_two_ranges_in_one_page_are_refused():
    with pytest.raises(uf2.UF2Error, match="share the flash page at 0x001000"):
        uf2.write([(0x1000, b"a" * 0x10), (0x1080, b"b" * 0x10)])


def test_a_range_past_the_flash_is_refused():
    with pytest.raises(uf2.UF2Error, match="outside the Pico's 2 MiB flash"):
        uf2.write([(uf2.FLASH_BYTES - 16, b"x" * 32)])


def test_reading_refuses_what_the_boot_rom_would_not_take():
    good = uf2.write([(0, b"x" * 600)])
    with pytest.raises(uf2.UF2Error, match="no multiple of 512"):
        uf2.read(good[:-1])
    with pytest.raises(uf2.UF2Error, match="block 1 has no UF2 magic"):
        uf2.read(good[:512] + b"\0" * 512)
    rp2350 = uf2.write([(0, b"x" * 600)], family=0xE48BFF59)
    with pytest.raises(uf2.UF2Error, match="no block for the RP2040.*0xe48bff59"):
        uf2.read(rp2350)
    far = bytearray(good[:512])
    struct.pack_into("<I", far, 12, 0x10000000 + uf2.FLASH_BYTES)
    with pytest.raises(uf2.UF2Error, match="outside the Pico's 2 MiB flash"):
        uf2.read(bytes(far))
    twice = good[:512] + good[:512]
    with pytest.raises(uf2.UF2Error, match="overlap"):
        uf2.read(twice)


def test_the_boot_rom_erases_each_sector_it_writes_and_keeps_the_others():
    under = bytes(range(256)) * (uf2.FLASH_BYTES // 256)
    flash = uf2.flash_image([(0x1100, b"new")], under=under)
    assert flash[0x1100:0x1103] == b"new"
    assert flash[0x1000:0x1100] == b"\xff" * 0x100  # same sector: erased
    assert flash[0x1103:0x2000] == b"\xff" * (0x2000 - 0x1103)
    assert flash[:0x1000] == under[:0x1000] and flash[0x2000:] == under[0x2000:]


# ---- the project image ----------------------------------------------------------------------
def test_the_image_holds_the_base_unchanged_and_the_romfs_at_its_partition():
    base, firmware = base_uf2()
    rom = romfs_image()
    image = game.combine(base, rom, prov())
    flash = uf2.flash_image(uf2.read(image))
    assert flash[: len(firmware)] == firmware
    assert flash[ROMFS[0] : ROMFS[0] + len(rom)] == rom
    assert flash[FS[0] :] == b"\xff" * FS[1]  # the saves' region is not written


def test_a_romfs_image_of_exactly_the_partition_fits_and_one_byte_more_is_refused():
    base, _ = base_uf2()
    game.combine(base, romfs_image(ROMFS[1]), prov())
    with pytest.raises(game.ImageError, match="393217 bytes, larger than the 393216-byte"):
        game.combine(base, romfs_image(ROMFS[1] + 1), prov())


def test_a_base_of_another_board_is_refused():
    base, _ = base_uf2(name="Raspberry Pi Pico with RP2040")
    with pytest.raises(game.ImageError, match="does not carry the board name"):
        game.combine(base, romfs_image(), prov())


@pytest.mark.skipif(not os.path.isfile(STOCK_UF2), reason="no ../shared/rp2/firmware.uf2")
def test_the_stock_rpi_pico_uf2_is_refused_as_a_base():
    with open(STOCK_UF2, "rb") as f:
        stock = f.read()
    with pytest.raises(game.ImageError, match="not a TEST image"):
        game.combine(stock, romfs_image(), prov())


def test_a_base_that_writes_into_the_romfs_partition_or_the_filesystem_is_refused():
    base, _ = base_uf2(size=ROMFS[0] + 10)
    with pytest.raises(game.ImageError, match="inside the ROMFS partition 0x040000..0x0a0000"):
        game.combine(base, romfs_image(), prov())
    base, _ = base_uf2(size=5000, at=FS[0] + 4096)
    with pytest.raises(game.ImageError, match=r"inside the filesystem \(saves\)"):
        game.combine(base, romfs_image(), prov())


def test_what_is_not_a_romfs_image_is_refused():
    base, _ = base_uf2()
    with pytest.raises(game.ImageError, match="no ROMFS image"):
        game.combine(base, b"\0" * 100, prov())


def test_make_uf2_checks_the_committed_base_against_its_provenance(tmp_path):
    base, _ = base_uf2()
    (tmp_path / "base.uf2").write_bytes(base)
    (tmp_path / "provenance.json").write_text(json.dumps(prov()))
    rom = tmp_path / "rom.img"
    rom.write_bytes(romfs_image())
    with pytest.raises(game.ImageError, match="not the 0000.*do not belong together"):
        game.make(
            str(tmp_path / "out.uf2"), romfs=str(rom), prov_path=str(tmp_path / "provenance.json")
        )
    import hashlib

    p = prov(sha256=hashlib.sha256(base).hexdigest())
    (tmp_path / "provenance.json").write_text(json.dumps(p))
    sizes = game.make(
        str(tmp_path / "out.uf2"),
        romfs=str(rom),
        prov_path=str(tmp_path / "provenance.json"),
        quiet=True,
    )
    assert sizes["romfs_free"] == ROMFS[1] - 3000
    assert (tmp_path / "out.uf2").read_bytes() == game.combine(base, romfs_image(), p)


def test_the_command_line_names_the_problem_and_exits_1(tmp_path):
    base, _ = base_uf2(name="Some other board")
    (tmp_path / "other.uf2").write_bytes(base)
    (tmp_path / "provenance.json").write_text(json.dumps(prov()))
    rom = tmp_path / "rom.img"
    rom.write_bytes(romfs_image())
    res = subprocess.run(
        [sys.executable, "-m", "tools.image", "--base", str(tmp_path / "other.uf2")]
        + ["--romfs", str(rom), "--out", str(tmp_path / "x.uf2")]
        + ["--provenance", str(tmp_path / "provenance.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert res.returncode == 1
    assert "error:" in res.stderr and "does not carry the board name" in res.stderr
    assert not (tmp_path / "x.uf2").exists()
