# On the Pico every name is interned at power-up: a game with computers makes no pool later.
# SPDX-License-Identifier: MIT
"""MicroPython interns every identifier, short string constant, module name and file path
of every module it loads, for good, in pools that double in size: seven pools hold 2 540
names and the 2 541st allocates an eighth of 2 560 slots, ~18 KB in one block on the rp2
port, which a fragmented heap may not have (docs/app_infra.md, "Heap"). main.py
interns all the firmware's names first (heap.intern_names, the build's names.mpy), while the
heap is whole. Here: the names interned by that alone, on the real rp2 port in the emulated
Pico, fit the seven pools; then the bench's 4-player game (two `best` computers) played
through its first round from power-up, and the names counted at the REPL: no pool more, and
no name but characters. Emulated time only: nothing depends on the host's speed. Skips
without the UF2 and the boot ROM."""

import re

import pytest

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

UF2, BOOTROM, WHY = rp2.find_firmware()
pytestmark = pytest.mark.skipif(WHY is not None, reason="emulated Pico: %s" % WHY)

# qstr.c: the first pool 20, each next twice the last
SEVEN_POOLS = 20 + 40 + 80 + 160 + 320 + 640 + 1280
CHARACTERS = 95 + 96  # printable ASCII and Latin-1 (host_tests/tools/gen/test_names.py)
# title -> NEW GAME; one player; the name entry: clear, Å, Ø by the letter groups; done;
# START GAME (as host_tests/tools/emu/test_rp2_names.py types ÅØÉ)
NAME_ENTRY = "r 2 3 2 r L5 L3 L3 4 L3 L3 3 3 3 3 4 L3 L3 3 3 3 3 3 3 r L2 r"
_INFO = re.compile(r"n_pool=(\d+), n_qstr=(\d+)")


def _pools_and_names(out):
    m = _INFO.search(out)
    assert m, out
    return int(m.group(1)), int(m.group(2))


def test_a_round_with_two_best_computers_interns_no_name_after_power_up():
    from tools.bench.rp2 import SEED, plan_game

    files = play.firmware_files(seed=SEED)
    bare = dict(files)
    del bare["main.py"]  # the REPL at power-up: nothing but the names
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(bare)) as pico:
        pico.run_ms(1500)
        code = "import heap\nheap.intern_names()\nimport micropython\nmicropython.qstr_info()"
        pools0, names0 = _pools_and_names(pico.repl_exec(code))
    # the build's names fit seven pools: no eighth
    assert pools0 <= 7 and names0 < SEVEN_POOLS, (pools0, names0)

    presses, _ = plan_game("yatzy", 4, 2, "best", max_rounds=1)
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(files)) as pico:
        play.boot_app(pico)
        play.settle(pico)
        for button, kind in presses:
            play.press(pico, button, kind)
        play.settle(pico)
        out = pico.repl_exec("import micropython\nmicropython.qstr_info()")
    # the REPL's Ctrl-C stops the app; its own lines intern no name of their own; a
    # character a str is indexed into may be interned, no other name, and no pool is made
    pools, names = _pools_and_names(out)
    assert pools == pools0 and names0 <= names <= names0 + CHARACTERS, (
        "names interned after power-up: a module's name missing from names.mpy, or one made "
        "at run time (docs/app_infra.md, 'Heap')"
    )

    # the name entry: a name with Nordic letters typed (test_rp2_names.py's presses), then
    # the game started, a roll and the card opened and closed
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(files)) as pico:
        play.boot_app(pico)
        play.settle(pico)
        for button, kind in play.keys(NAME_ENTRY + " r Lr Lr"):
            play.press(pico, button, kind)
        play.settle(pico)
        out = pico.repl_exec("import micropython\nmicropython.qstr_info()")
    pools, names = _pools_and_names(out)
    assert pools == pools0 and names <= names0 + CHARACTERS, "names interned by the name entry"
