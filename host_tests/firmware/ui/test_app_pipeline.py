# A press's steps: what a render draws and sends (the damage a press marks), and the order
# in which a game asked for by a menu press is started, drawn and saved.
# SPDX-License-Identifier: MIT
"""docs/CONTRACTS.md, "A press": the screen's press, the game it asked for (once the press
has returned, the menus gone first), the frame (a part marked first goes out first), then
the work after the frame (the set-up, then the game saved)."""

import sys

import pytest
from save.memory import MemoryStorage
from ui.widgets import Screen
from yatzy import engine

from tools.sim import scenes as S

MENU_MODULES = ("ui.menu", "ui.game_menu", "ui.lists", "ui.setup")


class Recorder(Screen):
    """A screen that draws nothing but writes down what the app asks it to draw."""

    def __init__(self, app, log):
        Screen.__init__(self, app)
        self.log = log

    def draw(self, cv):
        self.log.append("frame")

    def draw_part(self, cv, part):
        self.log.append(part)


def recording_app(monkeypatch):
    d = S.new_driver()
    app = d.app
    log = []
    app.show(Recorder(app, log))
    app.render()
    del log[:]

    def push():
        log.append("push")
        return 0

    monkeypatch.setattr(app.pusher, "push", push)
    return app, log


ROWS = [(3,), (1, 2), "keys"]  # a list screen's parts: the new row, the other rows, the keys


@pytest.mark.parametrize(
    "marks, drawn",
    [
        # one part: only it is drawn, and sent once
        (["dice"], ["dice", "push"]),
        # a part, then the whole picture (a roll): the part goes out before the frame
        (["dice", None], ["dice", "push", "frame", "push"]),
        # two different parts: the whole frame, nothing first
        (["dice", "info"], ["frame", "push"]),
        # the same part twice: drawn once
        (["dice", "dice"], ["dice", "push"]),
        ([(3,), (3,)], [(3,), "push"]),
        # a list of parts: each drawn and sent in its order
        ([ROWS], [(3,), "push", (1, 2), "push", "keys", "push"]),
        # a list, then the whole picture: the frame alone
        ([ROWS, None], ["frame", "push"]),
        # the whole picture first: a later part adds nothing
        ([None, "dice"], ["frame", "push"]),
        ([None, None], ["frame", "push"]),
        # nothing marked: nothing drawn or sent
        ([], []),
    ],
)
def test_a_render_draws_and_sends_what_the_press_marked(monkeypatch, marks, drawn):
    app, log = recording_app(monkeypatch)
    for part in marks:
        app.changed(part)
    app.render()
    assert log == drawn
    del log[:]
    app.render()  # drawn: nothing is left
    assert log == []


def test_a_new_screen_is_drawn_whole_without_the_part_marked_on_the_one_before(monkeypatch):
    app, log = recording_app(monkeypatch)
    app.changed("dice")
    app.changed()
    other = []
    app.show(Recorder(app, other))
    app.render()
    assert log == ["push"] and other == ["frame"]


def test_a_woken_panel_gets_the_whole_frame(monkeypatch):
    app, log = recording_app(monkeypatch)
    app.changed("dice")
    app.asleep = True
    app.wake(app.now + 10)
    assert log == ["frame", "push"]


class LoggedStorage(MemoryStorage):
    """MemoryStorage that writes down each file written and read, and which menu modules
    were loaded when a file was read."""

    def __init__(self, log):
        MemoryStorage.__init__(self)
        self.log = log

    def write(self, name, data):
        self.log.append(("write", name))
        MemoryStorage.write(self, name, data)

    def read(self, name):
        menus = [m for m in MENU_MODULES if m in sys.modules]
        self.log.append(("read", name, menus))
        return MemoryStorage.read(self, name)


def logged_driver(log):
    """A driver on LoggedStorage whose frame pusher writes down each push that sent bytes."""
    d = S.new_driver(storage=LoggedStorage(log))
    pusher = d.app.pusher
    push = pusher.push

    def logged():
        n = push()
        if n:
            log.append("push")
        return n

    pusher.push = logged
    return d


def test_a_new_game_is_built_once_the_menus_are_gone_and_saved_after_its_first_frame(
    monkeypatch,
):
    log = []
    d = logged_driver(log)
    built = []
    base = engine.Game

    class Game(base):
        def __init__(self, *args, **kw):
            menus = [m for m in MENU_MODULES if m in sys.modules]
            built.append((menus, d.app.screen, len(log)))
            base.__init__(self, *args, **kw)

    monkeypatch.setattr(engine, "Game", Game)
    S.setup_game(d, players=2)  # its last press is START
    assert [b[:2] for b in built] == [([], None)]  # the menus and their screen are gone
    assert d.screen_name() == "Play" and isinstance(d.app.game, Game)
    # once the game is built: its first frame, then the set-up saved, then the game
    after = [
        e if e == "push" else e[1] for e in log[built[0][2] :] if e == "push" or e[0] == "write"
    ]
    assert after[0] == "push"
    assert [e for e in after if e != "push"] == ["names.dat", "game.dat"]


def test_a_menu_press_that_asks_for_a_game_returns_before_the_game_is_started():
    d = S.new_driver()
    app = d.app
    during = []

    class Asks(Screen):
        def press(self, b, long, now):
            app.new_game(dict(app.setup, n=1))
            during.append((app.game, app.screen is self))

    app.show(Asks(app))
    d.press("roll")
    assert during == [(None, True)]
    assert d.screen_name() == "Play" and app.game is not None and app.game.rounds


def test_a_game_asked_for_outside_a_press_starts_on_the_next_tick():
    d = S.new_driver()
    app = d.app
    app.new_game(dict(app.setup, n=1))  # the browser page's new-game path
    assert app.game is None and d.screen_name() == "Title"
    app.tick(d.t)
    assert d.screen_name() == "Play" and app.game is not None


def saved_game_storage(log):
    """A storage with a 1-player game saved after its first roll (and the set-up)."""
    d = S.new_driver(storage=LoggedStorage(log))
    S.setup_game(d, players=1)
    d.press("roll")
    g = d.app.game
    return d.storage, (g.round, list(g.dice), g.rolls_used)


def test_continue_reads_the_save_again_once_the_menus_are_gone():
    log = []
    storage, state = saved_game_storage(log)
    d = S.new_driver(storage=storage)  # power cycled: the title offers CONTINUE
    assert d.app.saved_info is not None
    del log[:]
    S.go_menu(d, "CONTINUE")
    reads = [e for e in log if e[0] == "read" and e[1] == "game.dat"]
    assert reads and all(menus == [] for _, _, menus in reads)
    g = d.app.game
    assert d.screen_name() == "Play" and (g.round, list(g.dice), g.rolls_used) == state
    assert ("write", "game.dat") not in log  # the game continued is not saved again


def test_continue_with_the_save_gone_brings_the_title_back():
    storage, _ = saved_game_storage([])
    d = S.new_driver(storage=storage)
    storage.remove("game.dat")  # gone since start-up (the title read only its summary)
    S.go_menu(d, "CONTINUE")
    assert d.screen_name() == "Title" and d.app.game is None and d.app.saved_info is None


def test_a_screen_marked_plays_drops_the_menus_when_shown_and_its_class_name_does_not():
    d = S.new_driver()
    app = d.app
    assert "ui.menu" in sys.modules  # the title's

    class Play(Screen):  # the play screen's name, not its mark
        pass

    app.show(Play(app))
    app.tick(app.now)  # its frame, then the work after it
    assert "ui.menu" in sys.modules

    class Game(Screen):
        plays = True

        def draw_part(self, cv, part):  # its dice row, sent before its frame
            pass

    app.show(Game(app))
    assert "ui.menu" in sys.modules  # its frame goes out first
    app.tick(app.now)
    assert not [m for m in MENU_MODULES if m in sys.modules]


def _key_rows(panel):
    """Rows 57-63 of the panel (page 7 without its top row): where the soft keys are."""
    return bytes(b & 0xFE for b in panel[7 * 128 : 8 * 128])


def _log_pushes(d, monkeypatch, module, seen):
    """From now on `module` is not loaded, and each push that sends bytes logs (`module`
    loaded then, seen()); returns the log."""
    log = []
    push = d.app.pusher.push

    def logged():
        n = push()
        if n:
            log.append((module in sys.modules, seen()))
        return n

    monkeypatch.setattr(d.app.pusher, "push", logged)
    monkeypatch.delitem(sys.modules, module, raising=False)
    return log


@pytest.mark.parametrize(
    "button,module,screen",
    [("hold1", "ui.game_menu", "GameMenu"), ("hold2", "ui.standings", "CardView")]
    + [("hold4", "ui.standings", "Standings")],
)
def test_a_screen_opened_from_play_sends_its_soft_keys_before_its_module_loads(
    button, module, screen, monkeypatch
):
    """App.send_keys: the first bytes of a long press that opens a screen from the dice are
    that screen's soft keys, sent while its module is not yet loaded; the screen's frame
    that follows leaves them as they are."""
    d = S.new_driver(seed=4)
    S.setup_game(d, players=1)
    d.press("roll")  # the roll-off view: on to the turn
    d.press("roll")
    before = _key_rows(d.display.panel)
    pushes = _log_pushes(d, monkeypatch, module, lambda: _key_rows(d.display.panel))
    d.long(button)
    assert d.screen_name() == screen
    assert pushes[0][0] is False  # sent before the import
    assert pushes[0][1] == _key_rows(d.display.panel)  # the screen's own keys, final
    assert pushes[0][1] != before  # (a change: the play screen's keys were not those)


def test_the_hint_answers_its_press_before_its_module_loads(monkeypatch):
    """A long HOLD3 sends "..." in the info panel before ui.hint is imported; the frame
    then shows the hint."""
    d = S.new_driver(seed=4)
    S.setup_game(d, players=1)
    d.press("roll")  # the roll-off view: on to the turn
    d.press("roll")
    toasts = _log_pushes(d, monkeypatch, "ui.hint", lambda: d.app.screen.toast)
    d.long("hold3")
    assert toasts[0] == (False, "...")
    assert toasts[-1][0] is True and toasts[-1][1] not in ("", "...")


def test_the_title_sends_the_set_up_soft_keys_before_loading_it(monkeypatch):
    d = S.new_driver()
    before = _key_rows(d.display.panel)
    pushes = _log_pushes(d, monkeypatch, "ui.setup", lambda: _key_rows(d.display.panel))
    d.press("roll")  # NEW GAME (no saved game: the first entry)
    assert d.screen_name() == "Setup"
    assert pushes[0] == (False, _key_rows(d.display.panel)) and pushes[0][1] != before


def test_the_last_box_sends_the_emptied_dice_row_before_the_end_screen_loads(monkeypatch):
    d = S.new_driver(seed=5)
    S.setup_game(d, players=1)
    g = d.app.game
    S.play_turns(d, g.rounds - 1)
    pushes = _log_pushes(d, monkeypatch, "ui.end", lambda: (g.is_over(), d.screen_name()))
    S.human_turn(d)
    assert d.screen_name() == "End"
    over = [p for p in pushes if p[1][0]]
    assert over[0] == (False, (True, "Play"))  # the dice row, before ui.end is imported
