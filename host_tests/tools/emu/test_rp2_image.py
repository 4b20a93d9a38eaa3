# The project image (`make uf2`: base MicroPython + the game in ROMFS) on the emulated Pico.
# SPDX-License-Identifier: MIT
"""A maker's paths with build/pocket-yatzy.uf2, in emulated time: dropped onto a blank Pico,
over a Pico that held an older image and a saved game, over a stock MicroPython install whose
filesystem still has the game's files and main.py, and in safe mode. Frames are compared
with the CPython simulator's after the same presses with the same dice.

Skips with a message when the base image (../shared/rp2 or $RP2_IMAGE_BASE), the RP2040 boot ROM
(RP2_BOOTROM, default ../shared/rp2/) or Node with rp2040js is missing."""

import os
import re

import pytest

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play
from tools.gen import names as gen_names
from tools.image import game, uf2

BASE, PROV, _WHY_BASE = game.find_base()
_, BOOTROM, _WHY_EMU = rp2.find_firmware(uf2=BASE or __file__)
WHY = _WHY_BASE or _WHY_EMU
pytestmark = pytest.mark.skipif(WHY is not None, reason="project image: %s" % WHY)
STOCK_UF2 = rp2.DEFAULT_UF2  # ../shared/rp2/firmware.uf2: the stock RPI_PICO build

SEED = 9  # as test_rp2_pico.py: its two turns score boxes worth points
SETUP = "r 2 3 L2 r"  # title -> NEW GAME; PLAYERS 2 -> 1; START GAME
TURN = "r 1 r r r r"  # roll, hold die 1, roll, roll, open the card, score the best box
OLD_MARK = "pocket yatzy: the older image"


def frame(pico):
    return bytes(pico.screen.snapshot())


def played(pico, presses):
    """Power-up's frame and the frame after each press."""
    play.boot_app(pico)
    play.settle(pico)
    frames = [frame(pico)]
    for button, kind in presses:
        play.press(pico, button, kind)
        frames.append(frame(pico))
    return frames


def high_scores():
    """scores1.dat and scores2.dat holding one Yatzy entry, written by the firmware's code."""
    from save.scores import HighScores
    from save.storage import MemoryStorage

    st = MemoryStorage()
    hs = HighScores(st)
    hs.load()
    hs.add("yatzy", "ANNA", 271, "#3")
    return {name: st.read(name) for name in ("scores1.dat", "scores2.dat")}


def dat_files(files):
    return {k: v for k, v in files.items() if k.endswith(".dat")}


def write_dat(folder, files):
    for name, data in dat_files(files).items():
        (folder / name).write_bytes(data)


@pytest.fixture(scope="module")
def images(tmp_path_factory, firmware_build):
    """The project image of today's firmware, and an older one: the same base with a ROMFS
    whose main.py first prints OLD_MARK."""
    import shutil

    d = tmp_path_factory.mktemp("image")
    new = str(d / "pocket-yatzy.uf2")
    game.romfs_of(firmware_build, str(d / "new.img"))  # the ROMFS image `make uf2` builds
    sizes = game.make(new, romfs=str(d / "new.img"), quiet=True)
    old_build = d / "old_build"
    shutil.copytree(firmware_build, old_build)
    main = (old_build / "main.py").read_text()
    (old_build / "main.py").write_text("print(%r)\n" % OLD_MARK + main)
    base = open(BASE, "rb").read()
    old = game.combine(base, game.romfs_of(str(old_build), str(d / "old.img")), PROV)
    (d / "old.uf2").write_bytes(old)
    return {"new": new, "old": str(d / "old.uf2"), "sizes": sizes, "dir": d}


def test_a_blank_pico_with_the_image_starts_the_game_and_asks_for_the_language(images, tmp_path):
    with rp2.Pico(images["new"], BOOTROM) as pico:
        first_ms, heap = play.boot_app(pico)
        play.settle(pico)
        ask = frame(pico)
        play.press(pico, "roll", "short")  # the first language, English
        play.settle(pico)
        title = frame(pico)
        files = pico.files()
        where = pico.repl_exec("import os, sys\nprint(os.getcwd(), sys.path)")
        info = pico.repl_exec("import micropython\nmicropython.qstr_info()")
    assert first_ms is not None and heap
    assert ask != title and "settings.dat" in files
    # nothing but the player's data on the filesystem: the code ran from the ROMFS
    assert not [n for n in files if n.endswith((".py", ".mpy"))], sorted(files)
    assert title == play.cpython_frames([], tmp_path, SEED)[0]
    assert "/ ['/rom', '/rom/lib'" in where, where
    # code in ROMFS: no names interned ahead (main.py), only those of the modules loaded so far
    interned = int(re.search(r"n_qstr=(\d+)", info).group(1))
    built = len(gen_names.mpy_names(os.path.join(play.build(), "names.mpy")))
    assert interned < built * 9 // 10, (interned, built)  # (761 of 1,544 at the title)


@pytest.fixture(scope="module")
def over_older(images, tmp_path_factory):
    """A game played on the older image (a high score on the flash), then the new image
    dropped over that Pico: boot, the high scores, and after a reset CONTINUE + a turn."""
    files = play.data_files(seed=SEED, extra=high_scores())
    presses = play.keys(SETUP + " " + TURN)
    with rp2.Pico(images["old"], BOOTROM, fs=rp2.littlefs_image(files)) as pico:
        old_frames = played(pico, presses)
        pico.run_ms(1500)
        flash = pico.flash(0, rp2.FLASH_BYTES)
        before = pico.files()
        old_text = pico.text()
    keys_scores = play.keys("2 2 r")
    second = play.keys("r " + TURN)
    with rp2.Pico(images["new"], BOOTROM, under=flash) as pico:
        scores_frames = played(pico, keys_scores)
        pico.reset()
        second_frames = played(pico, second)
        after = pico.files()
        new_text = pico.text()
        romfs = pico.flash(*PROV["flash"]["romfs"])
    sim = tmp_path_factory.mktemp("sim_older")
    write_dat(sim, files)
    cp_first = play.cpython_frames(presses, sim, SEED)
    saved = tmp_path_factory.mktemp("sim_saved")
    write_dat(saved, before)
    cp_scores = play.cpython_frames(keys_scores, saved, SEED)
    cp_second = play.cpython_frames(second, saved, SEED)
    return locals()


def test_the_older_image_plays_a_turn_as_cpython_does(over_older):
    o = over_older
    assert OLD_MARK in o["old_text"]
    assert o["old_frames"] == o["cp_first"]
    assert o["before"].get("game.dat")


def test_a_newer_image_over_a_saved_game_keeps_the_save_and_the_high_scores(over_older):
    o = over_older
    assert OLD_MARK not in o["new_text"]  # the new ROMFS's main.py ran
    # the boot ROM wrote the code; the filesystem (saves, settings, scores) is as it was
    assert dat_files(o["before"]).keys() <= o["after"].keys()
    for name in ("scores1.dat", "scores2.dat", "settings.dat"):
        assert o["after"][name] == o["before"][name]
    assert o["scores_frames"] == o["cp_scores"]  # title with CONTINUE, then the high scores
    sizes = o["images"]["sizes"]
    rom = open(os.path.join(o["images"]["dir"], "old.img"), "rb").read()
    assert o["romfs"][: sizes["romfs_image"]] != rom[: sizes["romfs_image"]]


def test_the_new_image_continues_the_game_and_plays_a_turn_pixel_identical_to_cpython(
    over_older,
):
    o = over_older
    assert o["second_frames"] == o["cp_second"]
    assert o["after"]["game.dat"] != o["before"]["game.dat"]  # the second turn was saved


def _stock_install(extra_files):
    """The whole flash of a Pico with stock MicroPython and `make flash`'s files on its
    filesystem, plus decoys a stale install could have left: a main.py and a boot.py that
    announce themselves, and app.py / heap.py that would break the game if imported."""
    files = play.firmware_files(seed=SEED)
    files["main.py"] = b"print('STALE main.py from the filesystem')\n" + files["main.py"]
    files["boot.py"] = b"print('STALE boot.py from the filesystem')\n"
    files["app.py"] = b"raise ImportError('STALE app.py from the filesystem')\n"
    files["heap.py"] = b"raise ImportError('STALE heap.py from the filesystem')\n"
    files.update(extra_files)
    with open(STOCK_UF2, "rb") as f:
        stock = uf2.read(f.read(), what=STOCK_UF2)
    flash = bytearray(uf2.flash_image(stock))
    fs = rp2.littlefs_image(files)
    flash[rp2.FS_OFFSET : rp2.FS_OFFSET + len(fs)] = fs
    return bytes(flash), files


@pytest.mark.skipif(not os.path.isfile(STOCK_UF2), reason="no stock UF2 (../shared/rp2)")
def test_the_image_over_a_stock_install_runs_its_own_game_and_keeps_the_saves(images, tmp_path):
    saved = high_scores()
    flash, files = _stock_install(saved)
    with rp2.Pico(images["new"], BOOTROM, under=flash) as pico:
        frames = played(pico, play.keys("2 r"))  # the title, then HIGH SCORES
        text = pico.text()
        after = pico.files()
    assert "STALE" not in text and "Traceback" not in text, text[-800:]
    for name in saved:
        assert after[name] == files[name]
    write_dat(tmp_path, files)
    assert frames == play.cpython_frames(play.keys("2 r"), tmp_path, SEED)


def test_safe_mode_on_the_image_leaves_the_repl_on_the_filesystem(images):
    with rp2.Pico(images["new"], BOOTROM, fs=rp2.littlefs_image(play.data_files())) as pico:
        pico.hold("roll")
        assert pico.run_until_text("safe mode", 5000)
        pico.hold("roll", down=False)
        pico.run_ms(200)
        assert not pico.oled_writes()  # the app (and its display) never started
        out = pico.repl_exec("import os\nprint(os.getcwd(), sorted(os.listdir()))")
    assert "/ ['rom', 'settings.dat']" in out, out  # (the ROMFS is mounted at /rom)


def test_make_flash_romfs_updates_the_image_over_usb_without_bootsel(images, tmp_path):
    import subprocess

    from tools.flash import flash

    with rp2.Pico(images["old"], BOOTROM, fs=rp2.littlefs_image(play.data_files())) as pico:
        play.boot_app(pico)
        assert OLD_MARK in pico.text()
        # Ctrl-C, as mpremote sends it, stops the game (watchdog off); sent here in emulated
        # time, since a loaded host runs the emulator too slowly for mpremote's own timeout
        pico.send(b"\x03")
        assert pico.run_until_text("REPL ready", 5000), pico.text()[-500:]
        with pico.free_running():
            res = subprocess.run(
                ["make", "-s", "--no-print-directory", "flash", "ROMFS=1"]
                + ["PORT=socket://127.0.0.1:%d" % pico.cdc_port],
                cwd=rp2.ROOT,
                capture_output=True,
                text=True,
                timeout=600,
            )
        assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
        # mpremote's closing `reset` is machine.reset(): a watchdog reboot into the game
        assert pico.resets and pico.resets[-1][2] == "watchdog"
        play.boot_app(pico)
        play.settle(pico)
        title = frame(pico)
        after = bytes(pico.cdc[pico.resets[-1][3] :]).decode(errors="replace")
        romfs = pico.flash(*PROV["flash"]["romfs"])
    with open(flash.ROMFS_IMAGE, "rb") as f:
        deployed = f.read()
    assert romfs[: len(deployed)] == deployed  # the same ROMFS image `make uf2` puts in
    assert OLD_MARK not in after
    assert title == play.cpython_frames([], tmp_path, SEED)[0]
