# Power cuts on the emulated Pico, short slice: two cuts in one game; the planted write is caught.
# SPDX-License-Identifier: MIT
"""The emulated Pico runs in emulated time (the results do not depend on the host), about
20 s a session here; skips where the UF2 and boot ROM are missing (tools/emu/rp2)."""

import pytest

from tools.core import soak_common as C
from tools.core import soak_power_rp2 as R

WHY = R.skip_reason()
emulated = pytest.mark.skipif(WHY is not None, reason="emulated Pico: %s" % (WHY,))


def _saves():
    """game.dat bytes of a new game, after its first roll, and after its first box."""
    from save.storage import MemoryStorage
    from save.store import Store
    from yatzy.dice import SeededDice
    from yatzy.engine import Game

    st = MemoryStorage()
    store = Store(st)
    g = Game("yatzy", ["ANN"], {}, dice=SeededDice(4))
    out = []
    for act in (None, ("roll",), ("holds", 3), ("roll",), ("score",)):
        if act == ("score",):
            c, col, _ = g.choices()[0]
            g.score(c, col)
        elif act is not None:
            g.apply(act)
        if act != ("holds", 3):
            store.save_game(g, [""])
            out.append(st.read("game.dat"))
    return out


def test_a_legal_successor_is_one_press_of_the_rules():
    new, roll1, roll2, box = _saves()
    assert R.legal_successor(new, roll1, "roll")
    assert R.legal_successor(roll1, roll2, "roll")  # two dice held, the others rolled
    assert R.legal_successor(roll2, box, "box")
    assert not R.legal_successor(new, roll2, "roll")  # two rolls are not one
    assert not R.legal_successor(roll1, box, "box")
    assert not R.legal_successor(roll1, None, "roll") and not R.legal_successor(
        None, roll1, "roll"
    )


def test_a_roll_after_every_held_die_is_released_is_one_press():
    # found by `make soak` (the emulated Pico's session 7920): the player held a die, let it
    # go again and rolled; the check only tried hold masks on top of the dice already held
    from save.storage import MemoryStorage
    from save.store import Store
    from yatzy.dice import SeededDice
    from yatzy.engine import Game

    st = MemoryStorage()
    store = Store(st)
    g = Game("yatzy", ["ANN"], {}, dice=SeededDice(4))
    g.apply(("roll",))
    g.apply(("holds", 16))
    g.apply(("roll",))
    store.save_game(g, [""])
    held = st.read("game.dat")
    g.apply(("holds", 0))
    g.apply(("roll",))
    store.save_game(g, [""])
    assert R.legal_successor(held, st.read("game.dat"), "roll")


@emulated
def test_two_cuts_during_saves_resume_the_last_save_or_the_one_before():
    res = C.Result("x")
    res.where, res.landed = {}, {}
    assert R.Session(7, 2, res, print).run(), res.notes
    assert res.cases == 2 and res.failures == 0


@emulated
def test_a_write_that_removes_the_old_file_first_is_caught():
    res = C.Result("x")
    res.where, res.landed = {}, {}
    R.Session(6, 1, res, lambda *_: None, plant=True).run()  # its first cut finds it
    # (a page program torn in the new file's write: game.dat is part of the new save)
    assert res.failures == 1 and res.where == {"program torn": 1}, res.notes
    assert "game.dat after a cut" in res.notes[0] and "neither the last save" in res.notes[0]


def test_the_host_reads_the_flash_of_session_7919_as_the_firmware_does():
    """After nine cuts of session 7919, game.dat (328 B, inline) lies 160 B from the end of
    its metadata block. Mounted with the firmware's cache (1024 B) it reads whole, as a game
    the firmware's own reader loads; with littlefs-python's default cache (256 B) the second
    slice runs past the block's end: LFS_ERR_CORRUPT, the failure the campaign once saw."""
    from littlefs import LittleFS
    from support.lfs_cut_image import image

    from tools.emu.rp2 import pico as rp2

    img = image()
    fs = rp2.littlefs_fs(mount=False)  # as the campaign's read_flash mounts it
    fs.context.buffer = bytearray(img)
    fs.mount()
    with fs.open("game.dat", "rb") as f:
        data = f.read()
    assert len(data) == 328 and R.load(data) is not None
    assert img.rfind(data) % rp2.FS_BLOCK + len(data) > rp2.FS_BLOCK - 256  # the last commit

    geometry = {k: rp2.LFS_CONFIG[k] for k in ("block_size", "block_count", "read_size")}
    fs = LittleFS(prog_size=256, mount=False, **geometry)  # the host's mount before
    assert fs.cfg.cache_size == 256
    fs.context.buffer = bytearray(img)
    fs.mount()
    with fs.open("game.dat", "rb") as f:
        assert f.read(256) == data[:256]  # the first slice reads
        with pytest.raises(Exception, match="LFS_ERR_CORRUPT"):
            f.read()
