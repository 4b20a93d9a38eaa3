# The set-up screens load the play modules while idle: START finds them, the title drops them.
# SPDX-License-Identifier: MIT
"""ui/setup.py loads heap.py's "warm" group (the engine, the play screen, the set-up code a
game is built with) one module per idle tick once no button has been pressed for a while,
then compiles the dice blit, so that the START press only builds the game. Each test runs
with the play modules unloaded and puts this process's modules back afterwards (other
tests hold references to them)."""

import builtins
import sys

import pytest

from tools.sim import scenes as S


@pytest.fixture
def cold():
    """The warm group's modules not loaded (restored, with their package attributes, after
    the test); the group's names."""
    import heap

    names = heap.GROUPS["warm"]
    saved = dict(sys.modules)
    from gfx import canvas

    blit = canvas._native[0]
    for name in names:
        sys.modules.pop(name, None)
    yield names
    canvas._native[0] = blit
    sys.modules.clear()
    sys.modules.update(saved)
    for name, mod in saved.items():
        i = name.rfind(".")
        if i > 0 and name[:i] in saved:
            setattr(saved[name[:i]], name[i + 1 :], mod)


def loaded(names):
    return [n for n in names if n in sys.modules]


def to_start(d):
    """From the set-up screen: the cursor to START GAME (presses that settle)."""
    screen = d.app.screen
    while screen.items()[screen.cur][0] != "START GAME":
        d.press("hold2")


def test_the_set_up_screen_loads_them_while_idle_and_start_loads_none(cold):
    d = S.new_driver()
    S.go_menu(d, "NEW GAME")  # settles: the idle ticks run
    assert d.screen_name() == "Setup"
    assert loaded(cold) == list(cold)
    from gfx import canvas

    assert canvas._native[0] is not None  # compiled (or found not available here)
    mods = {n: sys.modules[n] for n in cold}
    to_start(d)
    d.press("roll")
    assert d.screen_name() == "Play"
    # START dropped the menus without collecting; the collecting drop (heap.py goes with it)
    # came once the first frame was out
    assert "heap" not in sys.modules and "ui.setup" not in sys.modules
    for n in cold:
        if n == "yatzy.rules_config":  # the set-up code: dropped once the game is built
            assert n not in sys.modules
        else:
            assert sys.modules[n] is mods[n], n  # the copy loaded in the set-up, not a new one


def test_a_press_puts_the_next_module_off_and_one_loads_a_tick(cold):
    d = S.new_driver()
    S.go_menu(d, "NEW GAME")
    for n in cold:  # as if none had loaded yet
        sys.modules.pop(n, None)
    screen = d.app.screen
    screen.warm_at = 0
    screen.warm_i = 0
    screen.before = None
    d.press("hold4", settle=False)  # a change on the RULES row: the quiet time starts again
    t = d.t
    app = d.app
    wait = app.tick(t + 1)
    assert loaded(cold) == [] and 0 < wait < 1000
    assert app.tick(t + wait - 1) is not None and loaded(cold) == []
    n0 = 0
    at = t + wait
    while True:
        wait = app.tick(at)
        got = loaded(cold)
        assert len(got) in (n0, n0 + 1)  # at most one module a tick, in the group's order
        assert got == list(cold[: len(got)])
        n0 = len(got)
        if wait is None:
            break
        at += wait
    assert n0 == len(cold)


def test_back_to_the_title_drops_what_the_set_up_loaded_and_keeps_the_rest(cold):
    import yatzy.scoring  # noqa: F401  (loaded before the set-up: it stays)

    d = S.new_driver()
    S.go_menu(d, "NEW GAME")
    assert loaded(cold) == list(cold)
    d.press("hold5")
    assert d.screen_name() == "Title"
    assert loaded(cold) == ["yatzy.scoring"]


def test_no_room_for_a_module_ends_the_warm_up_and_start_loads_them(cold, monkeypatch):
    real = builtins.__import__

    def short_of_heap(name, *a, **k):
        if name == "ui.play_view":
            raise MemoryError("memory allocation failed")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", short_of_heap)
    d = S.new_driver()
    S.go_menu(d, "NEW GAME")  # the idle ticks meet the MemoryError: no crash
    assert d.screen_name() == "Setup" and d.app.screen.warm_at is None
    assert loaded(cold) == []  # what had loaded goes again: START has the room
    monkeypatch.setattr(builtins, "__import__", real)
    to_start(d)
    d.press("roll")
    assert d.screen_name() == "Play"


def test_the_set_up_rows_follow_every_change():
    # the rows are kept between presses: after each change they are those made afresh
    d = S.new_driver()
    S.go_menu(d, "NEW GAME")
    screen = d.app.screen
    s = screen.s

    def fresh():
        kept = screen._rows
        screen._rows = None
        rows = screen.items()
        screen._rows = kept
        return rows

    seen = set()
    for row, presses in ((0, 5), (1, 3), (2, 6), (3, 4)):
        while screen.cur != row:
            d.press("hold2")
        for _ in range(presses):
            d.press("hold4")
            assert screen.items() == fresh()
            seen.add(repr(screen.items()))
    s["names"][0] = "ZED"  # the name entry's change (it edits the set-up's list)
    assert screen.items() == fresh() and screen.items()[2][0] == "1 ZED"
    s["options"] = {"bonus_threshold": 42}  # the house rules screen's: a new dict
    assert screen.items() == fresh() and "1" in screen.items()[-2][1]
    assert len(seen) >= 15


def test_a_small_heap_keeps_its_room_and_loads_nothing_early(cold, monkeypatch):
    """Where less than heap.WARM_ROOM is free (MicroPython's gc.mem_free), the warm-up loads
    no module: the set-up screens keep the room, START loads the play modules as before."""
    import gc

    import heap

    free = [heap.WARM_ROOM - 1]
    monkeypatch.setattr(gc, "mem_free", lambda: free[0], raising=False)
    d = S.new_driver()
    S.go_menu(d, "NEW GAME")
    assert d.screen_name() == "Setup" and d.app.screen.warm_at is None
    assert loaded(cold) == []
    to_start(d)
    d.press("roll")
    assert d.screen_name() == "Play"
    free[0] = heap.WARM_ROOM  # with the room, the same steps load the group early
    assert heap.warm(0) and cold[0] in sys.modules
