# A game of many players saved at its last round continues on the Pico (emulated, real rp2 port).
# SPDX-License-Identifier: MIT
"""Reading a save replays its turns through the engine and then compares every field with
the replay's. That comparison once encoded each field anew, needing a block as long as the
field in a heap that reading the save had just filled with small objects: an 8-player game
at its last round then said "not enough memory to continue" on a Pico (134 KB free at the
title). Fields are compared in place now (engine_load._same). Emulated time only; skips
without the UF2 and the boot ROM."""

import pytest

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

UF2, BOOTROM, WHY = rp2.find_firmware()
pytestmark = pytest.mark.skipif(WHY is not None, reason="emulated Pico: %s" % WHY)


def _last_round_save(rid, n):
    from save.frame import GAME_FILE
    from save.storage import MemoryStorage
    from save.store import Store
    from yatzy.engine import Game
    from yatzy.plain import plain

    g = Game(rid, ["P%d" % (i + 1) for i in range(n)], {}, 7, [False] * n)
    while g.round < g.rounds:
        g.apply(plain(g))
    st = MemoryStorage()
    Store(st).save_game(g, [""] * n)
    return st.read(GAME_FILE)


@pytest.mark.parametrize("rid, n", [("yatzy", 12), ("maxi", 12)])
def test_a_12_player_game_at_its_last_round_continues(rid, n):
    files = play.firmware_files(seed=7)
    files["game.dat"] = _last_round_save(rid, n)
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(files)) as pico:
        play.boot_app(pico)
        play.settle(pico)
        pico.press("roll", play.SHORT_MS)  # CONTINUE, the title's first item
        play.settle(pico, max_ms=30000)
        out = pico.repl_exec("import sys\nprint('ui.play' in sys.modules)")
    assert out.strip() == "True", "the play screen did not come: %s" % pico.text()[-300:]
