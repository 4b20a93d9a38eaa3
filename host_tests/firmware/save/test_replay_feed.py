# Reading a saved game feeds the watchdog after every replayed turn (the device's long reads).
# SPDX-License-Identifier: MIT
"""A save is read by replaying its turns through the engine: 10-16 ms a turn on a Pico, so
a 30-player Triple game at its end replays for some 20 s, and the watchdog (8 s) resets the
board unless it is fed. pico.runner.main gives the App the watchdog's feed, the App gives it
to the Store, and the Store hands it to the codec as the tick called after each turn."""

from save.storage import MemoryStorage
from save.store import Store
from yatzy.dice import SeededDice
from yatzy.engine import Game
from yatzy.plain import plain

from tools.sim import scenes as S


def _saved(rid, n, rounds):
    g = Game(rid, ["P%d" % (i + 1) for i in range(n)], {}, 3, [False] * n)
    while g.round < rounds:
        g.apply(plain(g))
    st = MemoryStorage()
    Store(st).save_game(g, [""] * n)
    return st, sum(pl.log.n for pl in g.players)


def test_the_store_feeds_after_each_replayed_turn():
    st, turns = _saved("maxi", 3, 5)
    fed = []
    g, note = Store(st, lambda: fed.append(1)).load_game(None)
    assert g is not None and note is None
    assert turns > 0 and len(fed) == turns


def test_the_app_passes_its_feed_to_every_read_of_the_save():
    from app import App

    st, turns = _saved("triple", 2, 4)
    fed = []
    d = S.Driver(st, SeededDice(1), start=False)
    d.app = App(d.display, st, SeededDice(1), d.sound, feed=lambda: fed.append(1))
    d.start()  # start-up reads the save for the title's summary
    assert d.app.saved_info and len(fed) == turns
    d.press("roll")  # CONTINUE reads it again
    assert d.screen_name() == "Play"
    assert len(fed) == 2 * turns


def test_the_device_feeds_the_watchdog_while_start_up_reads_the_save(tmp_path, monkeypatch):
    # pico.runner.main, as main.py calls it, with a fake board: the watchdog is fed once per
    # replayed turn while start-up reads the save, on top of the loop's own feeds
    import gc

    from pico import board, runner
    from save.storage import FileStorage
    from support.hw_fakes import FakeClock, FakeDisplay, FakeMachine, FakeSelect, FakeTime

    monkeypatch.setattr(gc, "mem_free", lambda: 0, raising=False)  # MicroPython's, printed

    def feeds(save):
        root = tmp_path / ("with" if save else "without")
        root.mkdir()
        if save:
            FileStorage(str(root)).write("game.dat", save)
        clock = FakeClock()
        machine = FakeMachine(clock)
        b = board.Board(machine=machine, time=FakeTime(clock, machine), select=FakeSelect(machine))
        parts = runner.Parts(b)
        runner.main(parts, FakeDisplay(), randbytes=bytes, root=str(root), steps=1)
        return parts.wdt.feeds

    st, turns = _saved("yatzy", 2, 6)
    assert feeds(st.read("game.dat")) - feeds(None) == turns


def test_a_big_save_shows_a_frame_before_it_is_read_and_a_small_one_does_not(monkeypatch):
    # a big save's replay takes seconds on the Pico (a Triple game of 30 players at its end:
    # some 20 s): the panel says so instead of staying blank at power-up and at CONTINUE
    import app as app_module
    from gfx.canvas import Canvas
    from gfx.font import SMALL
    from lang import T
    from save import records
    from ui import widgets

    def frames(st):
        shown = []

        def reading(a):
            widgets.reading(a)
            shown.append((bytes(a.display.buffer), a.screen))

        monkeypatch.setattr(app_module, "reading", reading)
        d = S.Driver(st, SeededDice(1), start=False)
        d.app = app_module.App(d.display, st, SeededDice(1), d.sound)
        d.start()
        assert d.app.saved_info and d.screen_name() == "Title"
        d.press("roll")  # CONTINUE reads it again
        assert d.screen_name() == "Play"
        return shown

    big, _ = _saved("triple", 12, 12)
    small, _ = _saved("yatzy", 2, 5)
    assert len(big.files["game.dat"]) > records._SLOW > len(small.files["game.dat"]) > 0
    assert frames(small) == []
    shown = frames(big)
    assert len(shown) == 2 and shown[0][1] is None  # power-up: before any screen
    buf = bytearray(1024)
    want = Canvas(buf, 128, 64)
    lines = widgets.fit_lines(T["reading"], SMALL, 120)
    for i, line in enumerate(lines):
        want.text((128 - SMALL.width(line)) // 2, 28 - 4 * len(lines) + 8 * i, line, SMALL)
    assert shown[0][0] == bytes(buf) and shown[1][0] == bytes(buf) and any(buf)
