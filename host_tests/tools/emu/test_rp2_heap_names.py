# A game with computers interns no more names on the Pico than six qstr pools hold (no 7.7 KB 7th).
# SPDX-License-Identifier: MIT
"""MicroPython interns every identifier, short string constant, module name and file path
of every module it loads, for good, in pools that double in size: six pools hold 1 260
names and the 1 261st allocates a seventh of 1 280 slots, 7.7 KB at once on the rp2 port,
at the heap's lowest point (docs/app_infra.md, "Heap: where it goes on rp2"). Here the
bench's 4-player game (two `best` computers) is played through its first round on the real
rp2 port in the emulated Pico, then the names are counted at the REPL. Emulated time only:
nothing depends on the host's speed. Skips without the UF2 and the boot ROM."""

import re

import pytest

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

UF2, BOOTROM, WHY = rp2.find_firmware()
pytestmark = pytest.mark.skipif(WHY is not None, reason="emulated Pico: %s" % WHY)

SIX_POOLS = 20 + 40 + 80 + 160 + 320 + 640  # qstr.c: the first pool 20, each next twice the last


def test_a_round_with_two_best_computers_stays_within_six_name_pools():
    from tools.bench.rp2 import SEED, plan_game

    presses, _ = plan_game("yatzy", 4, 2, "best", max_rounds=1)
    files = play.firmware_files(seed=SEED)
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(files)) as pico:
        play.boot_app(pico)
        play.settle(pico)
        for button, kind in presses:
            play.press(pico, button, kind)
        play.settle(pico)
        out = pico.repl_exec("import micropython\nmicropython.qstr_info()")
    m = re.search(r"n_pool=(\d+), n_qstr=(\d+)", out)
    assert m, out
    pools, names = int(m.group(1)), int(m.group(2))
    # the REPL's Ctrl-C stops the app; its own lines intern no name of their own
    assert names <= SIX_POOLS and pools <= 6, (
        "%d names in %d pools: the game allocates the seventh pool (7.7 KB); "
        "see docs/app_infra.md, 'Names are the cliff'" % (names, pools)
    )
