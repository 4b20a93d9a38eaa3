# A game of many players saved at its last round continues on the Pico (emulated, real rp2 port).
# SPDX-License-Identifier: MIT
"""Reading a save replays its turns through the engine and then checks every field against
the replay's. Once each field was encoded anew for that check, and later the whole save was
decoded into nested lists beside the replayed game (57 KB for a 24-player Yatzy save of
10 KB on the rp2 port): games of 8 players and more, then of more than 16, said "not enough
memory to continue" at the title. Now the save is read where it lies (codec_load.Saved),
each turn replayed as it is read and each field compared in place, and each player's turn
log is one bytearray. One case per size class: Yatzy and Maxi up to the most players a
game allows the heap (Maxi 24), and Triple at 20 players (880 turns), whose replay (some 10 s)
outlasts the watchdog's 8 s unless the runner's feed reaches the read (save.store.Store.feed)
and which ran out of memory at a player's log (1.1 KB, with 60 KB free in small holes) until
the logs were made before the new game (codec_load._build). Triple at 30 players (1,350 turns,
a 35.7 KB save) said "not enough memory" until the save was read from the file a window at a
time (save.filebytes) and written from its pieces (codec.encode_parts): the file in one block
beside the new game and its logs left no room for the cards, and the first save after CONTINUE
would have needed a buffer as long as the save. Emulated time only; skips without the UF2 and
the boot ROM."""

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


@pytest.mark.parametrize("rid, n", [("yatzy", 30), ("maxi", 24), ("triple", 30)])
def test_a_game_at_its_last_round_continues(rid, n):
    from save.memory import MemoryStorage
    from save.records import SavedGame

    files = play.firmware_files(seed=7)
    files["game.dat"] = saved = _last_round_save(rid, n)
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(files)) as pico:
        play.boot_app(pico, max_ms=40000)  # start-up reads the save for the title's summary
        play.settle(pico)
        pico.press("roll", play.SHORT_MS)  # CONTINUE, the title's first item
        play.settle(pico, max_ms=40000)
        pico.press("roll", play.SHORT_MS)  # a roll: the game is saved (from its pieces)
        play.settle(pico, max_ms=10000)
        out = pico.repl_exec("import sys\nprint('ui.play' in sys.modules)")
        assert not pico.resets, "the watchdog reset the Pico: %s" % (pico.resets,)
        after = pico.files()["game.dat"]
    assert out.strip() == "True", "the play screen did not come: %s" % pico.text()[-300:]
    st = MemoryStorage()
    st.files["game.dat"] = after
    g = SavedGame.load_game(st)[0]
    assert after != saved and g is not None and g.rolls_used == 1, "the roll was not saved"
