# The committed base image: its checksum and provenance, the board it was built from, its boot.
# SPDX-License-Identifier: MIT
"""The base of the project image is MicroPython built for the project's board (a Pico with a
ROMFS partition, and tools/image/board/POCKET_YATZY/_boot.py frozen in), with its
provenance (pocket-yatzy-base.json); it lies beside the repository (../shared/rp2, or
$RP2_IMAGE_BASE), since a build of fetched code is not committed here. The checks on it skip
when it is missing; the frozen _boot.py's logic is checked here with fake modules."""

import hashlib
import os
import shutil
import sys
import types

import pytest
from support.mpy import mpy_cross

from tools.image import game, uf2

BOOT = os.path.join(os.path.dirname(game.__file__), "board", "POCKET_YATZY", "_boot.py")
BASE, PROV, WHY = game.find_base()
needs_base = pytest.mark.skipif(WHY is not None, reason=str(WHY))


@pytest.fixture(scope="module")
def base():
    with open(BASE, "rb") as f:
        return f.read()


@needs_base
def test_the_base_carries_todays_frozen_boot(base):
    # the provenance names the _boot.py frozen into the base: an edited _boot.py needs a
    # new base (tools/image/README.md)
    with open(BOOT, "rb") as f:
        assert PROV["boot_sha256"] == hashlib.sha256(f.read()).hexdigest()


@needs_base
def test_the_filesystem_is_where_stock_micropython_keeps_it():
    # saves survive flashing stock over the image and back: RPI_PICO's LittleFS place
    assert PROV["flash"]["fs"] == [0xA0000, 0x160000]
    romfs_off, romfs_size = PROV["flash"]["romfs"]
    assert romfs_off + romfs_size == 0xA0000 and romfs_size % 4096 == 0
    assert PROV["flash"]["firmware"] == [0, romfs_off]


@needs_base
def test_the_uf2_is_rp2040_firmware_below_the_romfs_partition_with_the_board_name(base):
    ranges = uf2.read(base, what="the base image")
    end = max(off + len(chunk) for off, chunk in ranges)
    assert min(off for off, _ in ranges) == 0 and end <= PROV["flash"]["romfs"][0]
    assert any(PROV["board_name"].encode() in chunk for _, chunk in ranges)
    # and the game's image goes in: make uf2's own checks pass on it
    game.combine(base, game.ROMFS_MAGIC + bytes(100), PROV)


def test_the_frozen_boot_module_compiles_with_mpy_cross(tmp_path):
    src = tmp_path / "_boot.py"
    shutil.copy(BOOT, src)
    res = mpy_cross(src)
    assert res.returncode == 0, res.stderr


# ---- the boot's logic, on fakes -------------------------------------------------------------
class FakeVfs(types.ModuleType):
    def __init__(self, blank):
        super().__init__("vfs")
        self.blank = blank
        self.calls = []
        fake = self

        class VfsLfs2:
            def __init__(self, bdev, progsize=0):
                if fake.blank:
                    raise OSError(19)
                fake.calls.append(("open", progsize))

            @staticmethod
            def mkfs(bdev, progsize=0):
                fake.calls.append(("mkfs", progsize))
                fake.blank = False

        self.VfsLfs2 = VfsLfs2

    def mount(self, fs, where):
        self.calls.append(("mount", where))


def boot(monkeypatch, rom_has_main, blank=False, chdir_fails=False):
    """Run _boot.py with fake rp2 and vfs and the given /rom; (sys.path after, cwd changes,
    vfs calls, what it printed)."""
    vfs = FakeVfs(blank)
    rp2 = types.ModuleType("rp2")
    rp2.Flash = lambda: "bdev"
    monkeypatch.setitem(sys.modules, "vfs", vfs)
    monkeypatch.setitem(sys.modules, "rp2", rp2)
    path = ["", ".frozen", "/lib", "/rom", "/rom/lib"]
    monkeypatch.setattr(sys, "path", path)
    moves = []

    def stat(p):
        if p == "/rom/main.py" and rom_has_main:
            return (0,) * 10
        raise OSError(2)

    def chdir(p):
        if chdir_fails:
            raise OSError(5)
        moves.append(p)

    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(os, "chdir", chdir)
    printed = []
    with open(BOOT) as f:
        code = compile(f.read(), BOOT, "exec")
    exec(code, {"__name__": "_boot", "print": lambda *a: printed.append(a)})
    return list(path), moves, vfs.calls, printed


def test_with_the_game_in_romfs_the_rom_comes_first_and_becomes_the_current_folder(
    monkeypatch,
):
    path, moves, calls, printed = boot(monkeypatch, rom_has_main=True)
    assert path == ["/rom", "/rom/lib", "", ".frozen", "/lib"]
    assert moves == ["/rom"] and printed == []
    assert calls == [("open", 256), ("mount", "/")]


def test_without_the_game_in_romfs_it_boots_as_stock_micropython(monkeypatch):
    path, moves, calls, _ = boot(monkeypatch, rom_has_main=False)
    assert path == ["", ".frozen", "/lib", "/rom", "/rom/lib"] and moves == []
    assert calls == [("open", 256), ("mount", "/")]


def test_a_blank_flash_is_formatted_as_the_stock_port_does(monkeypatch):
    _, _, calls, _ = boot(monkeypatch, rom_has_main=True, blank=True)
    assert calls == [("mkfs", 256), ("open", 256), ("mount", "/")]


def test_a_failure_after_the_mount_is_printed_and_the_boot_goes_on(monkeypatch):
    _, moves, calls, printed = boot(monkeypatch, rom_has_main=True, chdir_fails=True)
    assert moves == [] and ("mount", "/") in calls
    assert printed and printed[0][0] == "Pocket Yatzy boot:"
