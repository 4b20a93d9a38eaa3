# A game of 30 players saved at its last turn continues and ends on the Pico (emulated rp2 port).
# SPDX-License-Identifier: MIT
"""Reading a save replays its turns through the engine and then checks every field against
the replay's. Once each field was encoded anew for that check, and later the whole save was
decoded into nested lists beside the replayed game (57 KB for a 24-player Yatzy save of
10 KB on the rp2 port): games of 8 players and more, then of more than 16, said "not enough
memory to continue" at the title. Now the save is read where it lies (codec_load.Saved),
each turn replayed as it is read and each field compared in place, and each player's turn
log is one bytearray.

Each case is a game of 30 players saved at its last turn, CONTINUEd at the title and played
with ROLL presses until its save says it is over. A Triple game's replay (1,350 turns, some
16 s) outlasts the watchdog's 8 s unless the runner's feed reaches the read
(save.store.Store.feed); Triple 20 ran out of memory at a player's log (1.1 KB, with 60 KB
free in small holes) until the logs were made before the new game (codec_load._build); Triple
30 (a 35.7 KB save) said "not enough memory" until the save was read from the file a window
at a time (save.filebytes) and written from its pieces (codec.encode_parts): the file in one
block beside the new game and its logs left no room for the cards, and the first save after
CONTINUE would have needed a buffer as long as the save. Maxi with Triple columns (53 KB,
`make soak` only) then ran out of memory at its last box, saving the 2.1 KB of cards in one
piece. The bench's late worst case (30 `best` computers, Maxi with Triple columns, 2 rounds
before the end: `make soak` only) said "not enough memory to continue" until the turns a save
holds stayed in its file (Player.base: the replay keeps none in the heap, and a save copies
them from the file before). Emulated time only; skips without the UF2 and the boot ROM."""

import os

import pytest

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

UF2, BOOTROM, WHY = rp2.find_firmware()
pytestmark = pytest.mark.skipif(WHY is not None, reason="emulated Pico: %s" % WHY)

# `make soak` adds the biggest save, Maxi with Triple columns for 30 players (53 KB; some 4
# minutes here): RP2_CONTINUE_ALL=1
ALL = os.environ.get("RP2_CONTINUE_ALL") == "1"


def _last_turn_save(rid, n, options=None):
    """A game of n human players saved at its last turn (the last player's, last round),
    played by the `plain` level, seed 7."""
    from save.frame import GAME_FILE
    from save.storage import MemoryStorage
    from save.store import Store
    from yatzy.engine import Game
    from yatzy.plain import plain

    g = Game(rid, ["P%d" % (i + 1) for i in range(n)], options or {}, 7, [False] * n)
    while sum(pl.log.n == g.rounds for pl in g.players) < n - 1 or g.round < g.rounds:
        g.apply(plain(g))
    st = MemoryStorage()
    Store(st).save_game(g, [""] * n)
    return st.read(GAME_FILE)


def _saved(data):
    from save.memory import MemoryStorage
    from save.records import SavedGame

    st = MemoryStorage()
    st.files["game.dat"] = data
    return SavedGame.load_game(st)[0]


CASES = [("yatzy", 30, None), ("triple", 30, None)]
if ALL:
    CASES.append(("maxi", 30, {"triple": True}))


@pytest.mark.parametrize("rid, n, options", CASES)
def test_a_game_at_its_last_turn_continues_and_ends(rid, n, options):
    files = play.firmware_files(seed=7)
    files["game.dat"] = saved = _last_turn_save(rid, n, options)
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(files)) as pico:
        # start-up reads the save for the title's summary, and CONTINUE reads it again: some
        # 20 s each for Triple 30, 40 s for Maxi Triple 30 (emulated time)
        play.boot_app(pico, max_ms=90000)
        play.settle(pico)
        pico.press("roll", play.SHORT_MS)  # CONTINUE, the title's first item
        play.settle(pico, max_ms=90000)
        g = None
        for _ in range(8):  # ROLL: roll, then score (and say yes to a 0) until the game ends
            pico.press("roll", play.SHORT_MS)
            play.settle(pico, max_ms=20000)
            files = pico.files()
            assert "error.log" not in files, files["error.log"].decode()[-600:]
            g = _saved(files["game.dat"])
            if g.is_over():
                break
        assert not pico.resets, "the watchdog reset the Pico: %s" % (pico.resets,)
    # the play screen came (its rolls were saved) and the game ended, saved as over
    assert files["game.dat"] != saved and g.is_over(), "the game did not end: %s" % (
        pico.text()[-300:],
    )


@pytest.mark.skipif(not ALL, reason="make soak only (RP2_CONTINUE_ALL=1): some 15 minutes")
def test_the_worst_case_of_30_best_computers_continues_and_ends():
    # tools/bench/rp2.py's `late` run: the save made on CPython by the engine and `best`
    from tools.bench.rp2 import LATE_ROUNDS, worst_late_save

    files = play.firmware_files(seed=7)
    files["game.dat"] = saved = worst_late_save(LATE_ROUNDS)
    g = None
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(files)) as pico:
        play.boot_app(pico, max_ms=120000)
        play.settle(pico)
        pico.press("roll", play.SHORT_MS)  # CONTINUE; the computers play on by themselves
        for _ in range(90):  # up to 15 emulated minutes
            pico.run_ms(10000)
            files = pico.files()
            assert "error.log" not in files, files["error.log"].decode()[-600:]
            if files["game.dat"] != saved:
                g = _saved(files["game.dat"])
                if g.is_over():
                    break
        assert not pico.resets, "the watchdog reset the Pico: %s" % (pico.resets,)
    assert g is not None and g.is_over(), "the game did not end: %s" % (pico.text()[-300:],)
