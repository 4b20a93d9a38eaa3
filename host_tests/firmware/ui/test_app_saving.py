# Saving and resuming: power cuts between any two storage steps, damaged files, names kept.
# SPDX-License-Identifier: MIT

import pytest
from save import records as persist
from save.storage import FileStorage, MemoryStorage

from tools.core.faultstore import FlashFS, PowerCut
from tools.sim import scenes as S


def fresh_flash():
    fs = FlashFS()
    st = FileStorage("", fs=fs)
    hs = persist.HighScores(st)
    hs.load()
    hs.add("yatzy", "OLD", 100, "#0")
    fs.power_on()
    return fs, st


def play_until_cut(cut, saves=None):
    """The reference game (1 player, seed 5) with the power going off at step `cut`;
    returns (flash, storage, game in memory at the cut, what was cut or None). `saves`, when
    given, gets the game's snapshot at every save the app starts (the last one is the save
    the cut may have caught in flight)."""
    from save.store import Store

    fs, st = fresh_flash()
    d = S.new_driver(seed=5, storage=st)
    real = Store.save_game

    def save_game(self, g, levels):
        if saves is not None:
            saves.append(g.snapshot())
        return real(self, g, levels)

    fs.cut_at = cut
    Store.save_game = save_game
    try:
        S.setup_game(d, players=1)
        S.autoplay(d)
        d.press("roll")  # leave the game-over screen: enter the high score, clear the save
    except PowerCut as e:
        return fs, st, d.app.game, str(e)
    finally:
        Store.save_game = real
    return fs, st, d.app.game, None


def reference_steps():
    fs, st, g, cut = play_until_cut(None)
    assert cut is None
    return fs.steps


STEPS = reference_steps()


@pytest.mark.parametrize("cut", range(1, STEPS + 1))
def test_power_cut_at_any_step_resumes(cut):
    saves = []
    fs, st, g, what = play_until_cut(cut, saves)
    assert what is not None
    fs.power_on()
    d = S.new_driver(seed=99, storage=st)
    app = d.app
    assert d.screen_name() == "Title"
    # atomic writes: no cut is seen as damage (a torn first write is "no file yet")
    assert not app.screen.note, app.screen.note
    # the older high score survives every cut
    assert ("OLD", 100, "#0") in app.store.scores("yatzy")
    saved = app.saved
    if g is None or saved is None:
        return  # cut before the first save of the game, or after it was cleared
    # the game saved after every roll and box: what loads is the save before the cut or the
    # one the cut caught, never a state in between (a fresh roll of dice already shown)
    own, _meta, _note = persist.SavedGame.load_game(st)  # with its own dice stream
    assert own.snapshot() in saves[-2:]
    if cut % 10 == 0:  # play some resumed games to the end
        S.go_menu(d, "CONTINUE")
        assert app.game.dice == saved.dice and app.game.held == saved.held
        S.autoplay(d)
        assert app.game.is_over() and app.game.filled(0) == 15
        d.press("roll")
        assert app.store.scores("yatzy")


def test_a_power_cut_after_a_roll_resumes_the_very_same_dice():
    st = MemoryStorage()
    d = S.new_driver(seed=3, storage=st)
    S.setup_game(d, players=1)
    g = d.app.game
    S.human_turn(d)  # one box scored
    for holds in ((), (0, 2)):  # the turn's first roll, then a re-roll holding two dice
        for i in holds:
            d.press("hold%d" % (i + 1))
        d.press("roll")
        seen = (list(g.dice), list(g.held), g.rolls_left())
        # the plug is pulled: a new app on the same flash, with other dice
        d2 = S.new_driver(seed=99, storage=st)
        S.go_menu(d2, "CONTINUE")
        g2 = d2.app.game
        assert (list(g2.dice), list(g2.held), g2.rolls_left()) == seen
        d.long("roll")  # back to the dice for the next case
        d.press("hold5")


def test_a_roll_is_saved_before_its_dice_settle():
    st = MemoryStorage()
    d = S.new_driver(seed=3, storage=st)
    S.setup_game(d, players=1)
    app = d.app
    before = st.writes
    app.press("roll", "short", d.t + 300)  # no tick yet: the tumble's first frame only
    assert st.writes == before
    app.tick(d.t + 301)  # the first tick of the tumble saves
    assert st.writes == before + 1
    d.t += 301
    d.settle()
    assert st.writes == before + 1  # once
    saved, _meta, _ = persist.SavedGame.load_game(st)
    assert saved.dice == app.game.dice
    # a press that skips the tumble before any tick still saves before the dice show
    app.press("roll", "short", d.t + 300)
    app.press("hold1", "short", d.t + 310)
    assert st.writes == before + 2
    assert persist.SavedGame.load_game(st)[0].dice == app.game.dice


def test_autosave_after_every_roll_and_scored_box_and_in_save_now():
    st = MemoryStorage()
    d = S.new_driver(seed=3, storage=st)
    S.setup_game(d, players=2)
    g = d.app.game
    d.press("roll")  # roll-off
    d.press("roll")
    d.press("roll")  # "P1 starts" -> play
    before = st.writes
    rolls = []
    real_roll = g.roll
    g.roll = lambda *a: rolls.append(real_roll(*a))  # counts the turn's rolls
    S.human_turn(d)
    del g.roll
    assert rolls and st.writes == before + len(rolls) + 1  # one save per roll, one per box
    from yatzy import codec

    saved, meta, _ = persist.SavedGame.load_game(st)
    assert codec.encode(saved) == codec.encode(g)
    d.press("roll")
    d.press("hold1")
    d.app.save_now()
    saved, meta, _ = persist.SavedGame.load_game(st)
    assert saved.dice == g.dice and saved.held == g.held
    assert meta["levels"] == ["", ""]


@pytest.mark.parametrize("name", ["settings.dat", "names.dat", "game.dat", "scores1.dat"])
def test_damaged_file_gives_defaults_and_a_message(name):
    st = MemoryStorage()
    d = S.new_driver(seed=3, storage=st)
    S.setup_game(d, players=1)
    S.autoplay(d)
    d.press("roll")  # scores written
    assert d.app.store.scores("yatzy")  # read again (the list after the game let them go)
    d.app.store.hs.save()  # a later write (e.g. the next game): both copies hold the entry
    d.app.settings["volume"] = 9
    d.app.save_settings()
    S.go_menu(d, "NEW GAME")
    S.go_menu(d, "START GAME")
    d.press("roll")
    assert st.read(name) is not None
    data = bytearray(st.read(name))
    data[len(data) // 2] ^= 0x20
    st.write(name, bytes(data))
    d2 = S.new_driver(seed=4, storage=st)
    app = d2.app
    assert d2.screen_name() == "Title"
    assert (app.settings["volume"] == 5) == (name == "settings.dat")
    assert (app.saved is None) == (name == "game.dat")
    # one damaged copy of the high scores: the other one still has them
    assert app.store.scores("yatzy")
    # the notice is on the title screen, and goes away with the first press
    assert app.screen.note
    d2.press("hold2")
    assert not app.screen.note


def test_garbage_everywhere_never_crashes():
    st = MemoryStorage()
    for name in ("settings.dat", "names.dat", "game.dat", "scores1.dat", "scores2.dat"):
        st.write(name, b"\x00garbage" * 3)
    d = S.new_driver(storage=st)
    assert d.screen_name() == "Title" and d.app.saved is None
    S.setup_game(d, players=1)
    assert d.app.game is not None


def test_names_are_remembered():
    st = MemoryStorage()
    d = S.new_driver(storage=st)
    S.go_menu(d, "NEW GAME")
    d.press("hold2")
    d.press("hold2")  # player 1
    d.press("roll")
    assert d.screen_name() == "NameEntry"
    d.long("hold5")  # clear
    for letter in "ANA":
        while d.app.screen.char() != letter:
            d.press("hold3")
        d.press("hold4")
    d.press("roll")
    assert d.app.setup["names"][0] == "ANA"
    S.go_menu(d, "START GAME")
    d2 = S.new_driver(storage=st)
    assert d2.app.setup["names"][0] == "ANA"


class BrokenFlash(MemoryStorage):
    """Reads work until `fail_reads`; every write fails once `fail_writes` is set."""

    def __init__(self):
        MemoryStorage.__init__(self)
        self.fail_writes = False
        self.fail_reads = False

    def read(self, name):
        if self.fail_reads:
            raise OSError(5, "EIO")
        return MemoryStorage.read(self, name)

    def write(self, name, data):
        if self.fail_writes:
            raise OSError(28, "ENOSPC")
        MemoryStorage.write(self, name, data)


def test_flash_errors_are_shown_not_crashes():
    st = BrokenFlash()
    d = S.new_driver(seed=3, storage=st)
    S.setup_game(d, players=1)
    st.fail_writes = True
    S.human_turn(d)  # the autosave fails
    assert d.app.screen.toast == "SAVE FAILED"
    S.autoplay(d)
    d.press("roll")  # high scores cannot be written either
    assert d.screen_name() == "AfterGame"
    st.fail_writes = False
    st.fail_reads = True
    d2 = S.new_driver(storage=st)
    assert d2.screen_name() == "Title" and "FLASH READ ERROR" in d2.app.screen.note


def test_low_memory_reading_the_save_never_crashes_or_loses_it(monkeypatch):
    """A MemoryError while the saved game is read (start-up, then "Continue") gives the title
    with a message and the save kept, not a crash that would repeat at every restart."""
    from save import store as ui_save

    st = MemoryStorage()
    d = S.new_driver(seed=3, storage=st)
    S.setup_game(d, players=1)
    S.human_turn(d)  # saved after the box
    saved = st.read("game.dat")
    real = ui_save.Store.load_game

    def out_of_memory(self, dice):
        raise MemoryError("memory allocation failed, allocating 2288 bytes")

    monkeypatch.setattr(ui_save.Store, "load_game", out_of_memory)
    d2 = S.new_driver(seed=4, storage=st)
    app = d2.app
    assert d2.screen_name() == "Title"
    assert app.screen.note == "LOW MEMORY: SAVED GAME NOT READ"
    assert app.screen.entries()[0] == "continue"
    S.go_menu(d2, "CONTINUE")
    assert d2.screen_name() == "Title"
    assert app.screen.note == "NOT ENOUGH MEMORY TO CONTINUE"
    assert app.screen.entries()[0] == "continue" and st.read("game.dat") == saved
    monkeypatch.setattr(ui_save.Store, "load_game", real)
    S.go_menu(d2, "CONTINUE")  # memory back: the game goes on where it was saved
    assert d2.screen_name() == "Play" and app.game.filled(0) == 1


def test_low_memory_showing_the_continued_game_gives_the_title_and_keeps_the_save(monkeypatch):
    """A MemoryError after the save is read (the play screen's modules do not fit) gives the
    title with the same message, no game half started, and the save as it was."""
    st = MemoryStorage()
    d = S.new_driver(seed=3, storage=st)
    S.setup_game(d, players=1)
    S.human_turn(d)  # saved after the box
    saved = st.read("game.dat")
    d2 = S.new_driver(seed=4, storage=st)
    app = d2.app
    real = app.show

    def out_of_memory(screen):
        if getattr(screen, "plays", False):  # (ui.begin is loaded anew: the app is patched)
            raise MemoryError("memory allocation failed, allocating 592 bytes")
        real(screen)

    monkeypatch.setattr(app, "show", out_of_memory)
    S.go_menu(d2, "CONTINUE")
    assert d2.screen_name() == "Title" and app.game is None
    assert app.screen.note == "NOT ENOUGH MEMORY TO CONTINUE"
    assert app.screen.entries()[0] == "continue" and st.read("game.dat") == saved
    monkeypatch.setattr(app, "show", real)
    S.go_menu(d2, "CONTINUE")  # memory back: the game goes on where it was saved
    assert d2.screen_name() == "Play" and app.game.filled(0) == 1


class _Watched(MemoryStorage):
    """Memory flash that notes, at each write and removal, the file, the panel as it was
    and a copy of the files before it (what a power cut at that moment leaves)."""

    def __init__(self, display=None):
        MemoryStorage.__init__(self)
        self.display = display
        self.log = None  # [(name, panel, files before)] once watching

    def _note(self, name):
        if self.log is not None:
            self.log.append((name, bytes(self.display.panel), dict(self.files)))

    def write(self, name, data):
        self._note(name)
        MemoryStorage.write(self, name, data)

    def remove(self, name):
        self._note(name)
        MemoryStorage.remove(self, name)


def test_the_game_over_roll_shows_the_result_first_then_enters_the_scores_and_clears():
    st = _Watched()
    d = S.new_driver(seed=21, storage=st)
    st.display = d.display
    S.setup_game(d, players=2)
    S.autoplay(d)
    assert d.screen_name() == "End"
    st.log = []
    d.press("roll")
    assert d.screen_name() == "AfterGame" and d.app.screen.entered  # the empty table's first
    names = [n for n, _, _ in st.log]
    # both copies of the high scores, then the finished game's save goes
    assert sorted(names[:2]) == ["scores1.dat", "scores2.dat"] and names[2:] == ["game.dat"]
    for _, panel, _ in st.log:  # every flash write after the result's frame was on the panel
        assert panel == bytes(d.display.panel)
    assert "game.dat" not in st.files
    # a power cut after the frame, before the scores were written: the finished game is
    # still saved, comes back as game over, and its Roll enters the same high scores
    cut = MemoryStorage()
    cut.files = dict(st.log[0][2])
    assert "game.dat" in cut.files
    d2 = S.new_driver(seed=3, storage=cut)
    S.go_menu(d2, "CONTINUE")
    assert d2.screen_name() == "End"
    d2.t += 2000
    d2.press("roll")
    assert d2.screen_name() == "AfterGame" and d2.app.screen.lines == d.app.screen.lines
    assert cut.files["scores1.dat"] == st.files["scores1.dat"]
    # a cut after the scores, before the save was cleared: nothing is entered twice
    cut2 = MemoryStorage()
    cut2.files = dict(st.log[2][2])
    d3 = S.new_driver(seed=3, storage=cut2)
    S.go_menu(d3, "CONTINUE")
    d3.t += 2000
    d3.press("roll")
    assert d3.screen_name() == "AfterGame" and "game.dat" not in cut2.files
    assert d3.app.store.scores("yatzy") == d.app.store.scores("yatzy")
