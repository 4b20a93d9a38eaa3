# A name with Å, Ø and É typed with the Pico's buttons, drawn as CPython draws it, kept on flash.
# SPDX-License-Identifier: MIT
"""On MicroPython's real rp2 port in the emulated Pico (emulated time: the assertions do
not depend on the host's speed). Skips, saying where to get them, without the UF2 and the
boot ROM (RP2_UF2 / RP2_BOOTROM, default ../shared/rp2/)."""

import json

import pytest
from save import records

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

UF2, BOOTROM, WHY = rp2.find_firmware()
pytestmark = pytest.mark.skipif(WHY is not None, reason="emulated Pico: %s" % WHY)

SEED = 7
NAME = "\u00c5\u00d8\u00c9"  # ÅØÉ
# title -> NEW GAME; PLAYERS 2 -> 1; player 1's name; clear it; long HOLD3 jumps to the next
# letter group (A, then Å), short HOLD3 steps on (Å Ä Ö Æ Ø Ü É); HOLD4 moves on; Roll = done;
# then START GAME (the set-up, names and all, is saved when the game starts)
TYPE = "r 2 3 2 r L5 L3 L3 4 L3 L3 3 3 3 3 4 L3 L3 3 3 3 3 3 3 r L2 r"


def cpython_run(presses, storage_dir):
    """The CPython simulator's settled frames (start, after each press) and its files."""
    frames = play.cpython_frames(presses, storage_dir, SEED)
    return frames, rp2.folder_files(str(storage_dir))


def test_a_nordic_name_typed_on_the_pico_is_drawn_and_kept_as_on_cpython(tmp_path):
    presses = play.keys(TYPE)
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(play.firmware_files(seed=SEED))) as pico:
        play.boot_app(pico)
        play.settle(pico)
        frames = [bytes(pico.screen.snapshot())]
        for button, kind in presses:
            play.press(pico, button, kind)
            frames.append(bytes(pico.screen.snapshot()))
        pico.reset()
        play.boot_app(pico)
        play.settle(pico)
        after_reset = pico.files()
    want_frames, want_files = cpython_run(presses, tmp_path)
    assert len(frames) == len(want_frames)
    for i, (got, want) in enumerate(zip(frames, want_frames)):
        assert got == want, "frames differ after press %d %s" % (i, presses[i - 1] if i else "")
    # the name on the Pico's flash, UTF-8 in its JSON, read back as it was typed
    _, payload = records.unpack(after_reset["names.dat"], "NAME")
    assert NAME.encode("utf-8") in bytes(payload)  # MicroPython writes it unescaped
    assert json.loads(bytes(payload).decode("utf-8"))["names"][0] == NAME
    assert (
        json.loads(records.unpack(want_files["names.dat"], "NAME")[1].decode())["names"][0] == NAME
    )
