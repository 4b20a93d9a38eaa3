# The browser glue on CPython: the address's set-up, localStorage storage, sound notes, dice.
# SPDX-License-Identifier: MIT
"""tools/web/yatzy_web.py runs in the page on MicroPython; its parts that need no
framebuf also import here, against a fake ``web_host``. The page itself is tested in
headless Chromium (test_web_page.py)."""

import base64
import json

import pytest

from tools.web import yatzy_web as W

# the firmware modules the glue names (one place each, in yatzy_web: they move to packages)
TUNES = W._module(W._SOUND_MODULE).TUNES
MemoryStorage = W._module(W._STORAGE_MODULE).MemoryStorage
default_setup = W._module(W._SETUP_MODULE).default_setup


class FakeHost:
    """localStorage as a dict; the rest records what the glue handed over."""

    def __init__(self):
        self.store = {}
        self.tones_seen = []
        self.refuse = False

    def store_get(self, key):
        return self.store.get(key)

    def store_set(self, key, value):
        if self.refuse:
            raise RuntimeError("QuotaExceededError")
        self.store[key] = value

    def store_remove(self, key):
        self.store.pop(key, None)

    def store_keys(self):
        return json.dumps(list(self.store))

    def tones(self, text):
        self.tones_seen.append(json.loads(text))

    def random_b64(self, n):
        return base64.b64encode(bytes(range(n))).decode()

    def log(self, text):
        self.logged = text


@pytest.mark.parametrize(
    "query, game, seed",
    [
        ("?rules=maxi&players=3&cpu=2&seed=5", ("maxi", 3, 2, "basic"), 5),
        ("", None, None),
        ("?seed=0", None, 0),
        ("?rules=triple", ("triple", 1, 0, "basic"), None),
        ("?cpu=2", ("yatzy", 3, 2, "basic"), None),  # you and two computer players
        ("?players=4&cpu=1&level=BEST", ("yatzy", 4, 1, "best"), None),
        ("?rules=%79ahtzee&players=+2", ("yahtzee", 2, 0, "basic"), None),  # URL escapes
    ],
)
def test_the_address_gives_the_game_set_up(query, game, seed):
    wanted, problems = W.parse_query(query)
    assert problems == []
    assert wanted["seed"] == seed
    if game is None:
        assert wanted["game"] is None
    else:
        g = wanted["game"]
        assert (g["rules"], g["players"], g["cpu"], g["level"]) == game


@pytest.mark.parametrize(
    "query, names",
    [
        ("?rules=bogus", ["rules="]),
        ("?players=0", ["players="]),
        ("?players=31", ["players="]),
        ("?players=2&cpu=3", ["cpu="]),
        ("?players=two&cpu=-1", ["players=", "cpu="]),
        ("?level=genius&rules=maxi", ["level="]),
        ("?seed=4294967296&rules=maxi", ["seed="]),
        ("?seed=1.5", ["seed="]),
    ],
)
def test_a_bad_value_names_its_parameter_and_starts_no_game(query, names):
    wanted, problems = W.parse_query(query)
    assert len(problems) == len(names), problems
    for name, text in zip(names, problems):
        assert text.startswith(name), text
    assert wanted["game"] is None


def test_an_unknown_parameter_is_named_but_the_game_still_starts():
    wanted, problems = W.parse_query("?rules=forced&utm_source=x")
    assert wanted["game"]["rules"] == "forced"
    assert len(problems) == 1 and "utm_source" in problems[0]


def test_the_set_up_is_changed_as_the_set_up_screen_does():
    s = default_setup()
    s["options"] = {"bonus_threshold": 42}
    s["rules"] = "forced"
    out = W.setup_for(s, {"rules": "maxi", "players": 3, "cpu": 2, "level": "good"})
    assert out["rules"] == "maxi" and out["n"] == 3
    assert out["options"] == {}  # a new ruleset: its house options start afresh
    assert out["levels"][:3] == ["", "good", "good"]
    assert out["names"] == s["names"] and out["games"] == s["games"]
    assert s["rules"] == "forced"  # the app's own set-up is not changed in place
    same = W.setup_for(s, {"rules": "forced", "players": 1, "cpu": 0, "level": "basic"})
    assert same["options"] == {"bonus_threshold": 42}


def test_the_long_press_threshold_is_the_debouncers_default():
    from pico.buttons import Buttons

    assert W.long_press_ms() == Buttons(()).long_ms


def test_local_storage_keeps_the_storage_contract():
    host = FakeHost()
    st = W.LocalStorage(host)
    assert st.read("game.dat") is None
    st.write("game.dat", b"\x00\xffabc")
    st.write("names.dat", memoryview(bytearray(b"xy")))
    assert st.read("game.dat") == b"\x00\xffabc"
    assert st.read("names.dat") == b"xy"
    assert sorted(host.store) == ["pocket-yatzy/game.dat", "pocket-yatzy/names.dat"]
    assert st.names() == ["game.dat", "names.dat"]
    st.remove("game.dat")
    st.remove("game.dat")  # no error when missing
    assert st.read("game.dat") is None
    for bad in ("game.dat.tmp", "x.new", "a/b", ""):
        with pytest.raises(ValueError):
            st.write(bad, b"1")
    with pytest.raises(ValueError):
        st.write("game.dat", "text")
    host.store["pocket-yatzy/scores1.dat"] = "not base64!"
    assert st.read("scores1.dat") == b"not base64!"  # damaged, for persist.py to find
    host.refuse = True
    with pytest.raises(OSError):  # a full localStorage is a flash error to the app
        st.write("names.dat", b"z")
    assert st.read("names.dat") == b"xy"  # and the old copy stays whole


def test_sound_hands_the_firmwares_tunes_to_web_audio():
    host = FakeHost()
    snd = W.WebSound(host)
    snd.settings = {"sound": True, "volume": 10}
    for name, tune in TUNES.items():
        snd.play(name)
        notes = host.tones_seen[-1]
        assert notes[-1][0] == sum(ms for _hz, ms in tune)  # the tune's length, to the ms
        assert notes[-1][2] == 0  # ends quiet
        heard = [hz for _t, hz, duty in notes if duty]
        assert heard == [hz for hz, _ms in tune if hz]
    n = len(host.tones_seen)
    snd.settings = {"sound": False, "volume": 10}
    snd.play("roll")
    snd.settings = {"sound": True, "volume": 0}
    snd.play("roll")
    assert len(host.tones_seen) == n  # off or volume 0: nothing played
    with pytest.raises(ValueError):
        snd.play("fanfare")


def test_dice_are_seeded_from_the_address_else_from_the_browsers_random_bytes():
    from yatzy.dice import SeededDice

    host = FakeHost()
    seeded = W.make_dice(host, 5)
    ref = SeededDice(5)
    assert [seeded() for _ in range(30)] == [ref() for _ in range(30)]
    fair = W.make_dice(host, None)
    # bytes 0, 1, 2 ... from random_b64 -> faces b % 6 + 1
    assert [fair() for _ in range(8)] == [b % 6 + 1 for b in range(8)]


class Panel:
    """A recording display for the shell tests (the page's needs framebuf)."""

    def __init__(self):
        self.width, self.height = 128, 64
        self.buffer = bytearray(1024)
        self.pushes = self.pushed_bytes = 0
        self.on = True

    def show(self):
        self.show_window(0, 127, 0, 7)

    def show_window(self, x0, x1, p0, p1):
        self.pushes += 1

    def poweron(self):
        self.on = True

    def poweroff(self):
        self.on = False

    def contrast(self, c):
        pass

    def rotate(self, on):
        pass


@pytest.fixture
def web(monkeypatch):
    monkeypatch.setattr(W, "PanelDisplay", lambda h: Panel())
    monkeypatch.setattr(W, "LocalStorage", lambda h: MemoryStorage())
    return lambda query: W.Web(FakeHost(), query)


def test_the_shell_runs_the_app_like_the_page(web):
    w = web("?rules=yatzy&players=1&seed=3")
    w.start(0)
    assert json.loads(w.state_json())["screen"] == "Play"
    w.press("roll", "short", 100)
    for t in range(200, 2000, 40):
        w.tick(t)
    rec = json.loads(w.record_json())
    assert rec["rules"] == "yatzy" and len(rec["players"]) == 1
    assert w.six_dice() is False
    # the sleep timeout: saved, panel off; the waking press is not acted on
    t = 2000 + w.app.settings["sleep_s"] * 1000 + 10
    assert w.tick(t) is None and w.sleeping and w.asleep() and not w.display.on
    assert w.storage.read("game.dat") is not None
    screen = w.app.screen
    w.press("roll", "short", t + 5)
    assert not w.sleeping and w.display.on and w.app.screen is screen


def test_an_error_in_the_app_shows_the_error_screen_and_roll_starts_afresh(web, monkeypatch):
    from app import App

    w = web("?seed=1")
    w.start(0)

    def broken(self, button, kind, now):
        raise RuntimeError("boom")

    monkeypatch.setattr(App, "press", broken)
    assert w.press("hold1", "short", 10) is None
    assert "RuntimeError: boom" in w.crashed and "boom" in w.host.logged
    assert w.press("hold2", "short", 20) is None  # only Roll does something now
    monkeypatch.undo()
    w.press("roll", "short", 30)
    assert w.crashed is None and json.loads(w.state_json())["screen"] == "Title"


def test_the_address_chooses_the_language_and_names_a_bad_one():
    wanted, problems = W.parse_query("?lang=SV&rules=maxi")
    assert problems == [] and wanted["lang"] == "sv" and wanted["game"]["rules"] == "maxi"
    assert W.parse_query("")[0]["lang"] is None  # the saved language
    wanted, problems = W.parse_query("?lang=de&rules=maxi")
    assert len(problems) == 1 and problems[0].startswith("lang=")
    assert "en, fi, sv, nb" in problems[0]
    assert wanted["lang"] is None and wanted["game"]["rules"] == "maxi"


def test_the_page_plays_in_the_language_of_its_address(web):
    import lang

    try:
        w = web("?lang=fi")
        w.start(0)
        state = json.loads(w.state_json())
        assert state["screen"] == "Title" and state["settings"]["lang"] == "fi"
        assert w.app.screen.items()[0][0] == "UUSI PELI"
    finally:
        lang.use("en")


def test_an_all_computer_game_from_the_address_plays_to_the_end_by_itself(web):
    """The page ticks only when the glue asks (no polling): from the first wait on, every
    wait must lead on, through who-starts, to the game-over screen, without a press."""
    w = web("?players=2&cpu=2&seed=3")
    t = 0
    wait = w.start(t)
    for _ in range(100000):
        if wait is None or wait >= W.BUSY_MS:
            break
        t += wait
        wait = w.tick(t)
    state = json.loads(w.state_json())
    assert state["screen"] == "End", (state["screen"], t, wait)
    assert json.loads(w.record_json())["players"][1]["cpu"] is True


@pytest.mark.parametrize(
    "langs, code",
    [
        (["sv-SE", "en-US"], "sv"),
        (["de-DE", "fi"], "fi"),
        (["nb-NO"], "nb"),
        (["no"], "nb"),
        (["nn-NO"], "nb"),
        (["de", "fr"], "en"),
        ([], "en"),
    ],
)
def test_the_browsers_language_is_the_first_the_game_speaks(langs, code):
    assert W.browser_lang(langs) == code


def test_a_first_start_asks_the_language_in_the_browsers_and_then_keeps_the_choice(web):
    import lang

    try:
        w = web("?seed=1")
        w.ask_lang = W.browser_lang(["sv-SE"])  # what boot() makes of navigator.languages
        w.start(0)
        assert type(w.app.screen).__name__ == "Pick" and w.app.screen.cur == 2  # SVENSKA
        assert w.lang() == "sv"
        w.press("hold2", "short", 10)  # down: NORSK
        w.press("roll", "short", 20)
        assert type(w.app.screen).__name__ == "Title" and w.lang() == "nb"
        again = W.Web(w.host, "?seed=1", ["sv-SE"])
        again.storage = w.storage  # the same localStorage: the choice is kept, no question
        again.display = w.display
        again.start(30)
        assert type(again.app.screen).__name__ == "Title" and again.lang() == "nb"
        # without the browser's languages (the host tests) the game never asks
        plain = web("?seed=1")
        plain.start(0)
        assert type(plain.app.screen).__name__ == "Title"
    finally:
        lang.use("en")
