# Browser glue: the unchanged firmware App on MicroPython's WebAssembly port, given a page.
# SPDX-License-Identifier: MIT
"""Runs inside the page (compiled to .mpy into the page's ROMFS image next to the firmware).

The page's JavaScript (tools/web/page.js) registers a module ``web_host`` with the few
things only the browser has, then calls :func:`boot` once and :func:`press` / :func:`tick`
with ``performance.now()`` milliseconds. Everything the App gets is built here, to the
contracts in docs/CONTRACTS.md:

- display: :class:`PanelDisplay`, a MONO_VLSB ``framebuf`` in memory; ``show()`` and
  ``show_window()`` hand the buffer and the changed window to ``web_host.panel`` (the page
  paints those pages onto ``<canvas id="panel">``);
- storage: :class:`LocalStorage`, one ``localStorage`` key per file (a ``setItem`` replaces
  a value whole, so each file is written atomically, as with write-then-rename on flash);
- dice: ``SeededDice(seed)`` for ``?seed=``, else ``FairDice`` over
  ``crypto.getRandomValues``;
- sound: :class:`WebSound` runs the firmware's own ``Sound`` over a recording PWM and
  hands the notes to Web Audio;
- the shell's duties (firmware/pico/runner.py on the Pico): sleep and the waking press, the
  error screen and a fresh App on Roll after a crash.

``web_host`` (JavaScript, see page.js): ``panel(buf, x0, x1, page0, page1)``,
``panel_state(on, inverted, rotated, contrast)``, ``store_get(key) -> str | None``,
``store_set(key, str)``, ``store_remove(key)``, ``store_keys() -> JSON list``,
``random_b64(n) -> str``, ``tones(json)``, ``log(text)``.

The URL's game set-up (``?rules=maxi&players=3&cpu=2&seed=5``, ``?lang=sv`` for the
language of every screen) is read by
:func:`parse_query`, here rather than in JavaScript, so the names and limits are the
firmware's own. This file keeps to the MicroPython subset (it also imports on CPython for
the host tests).
"""

import binascii
import json
import sys

from ui.keys import NAMES as BUTTONS  # the press contract's button names

# The firmware modules this glue needs besides `app` and `yatzy.*`, imported when first used.
_SOUND_MODULE = "pico.sound"  # the tunes and their volume (the Pico's buzzer driver)
_STORAGE_MODULE = "save.storage"  # the storage names' rules
_SETUP_MODULE = "save.store"  # the set-up's levels

KEY_PREFIX = "pocket-yatzy/"  # localStorage keys: this prefix + the firmware's file name
QUERY_KEYS = ("rules", "players", "cpu", "level", "seed", "lang")
BUSY_MS = 3000  # a wait longer than this is the sleep countdown (as in the simulator)


def _module(name):
    __import__(name)
    return sys.modules[name]


def long_press_ms():
    """The firmware's own long-press threshold: what its debouncer uses by default."""
    from ui.keys import LONG_PRESS_MS

    return LONG_PRESS_MS


# ---------------------------------------------------------------- the URL's game set-up
def _split_query(query):
    out = {}
    q = query[1:] if query.startswith("?") else query
    for part in q.split("&"):
        if not part:
            continue
        k, _, v = part.partition("=")
        out[_unquote(k)] = _unquote(v)
    return out


def _unquote(s):
    s = s.replace("+", " ")
    if "%" not in s:
        return s
    raw = bytearray()
    i = 0
    b = s.encode()
    while i < len(b):
        c = b[i]
        if c == 0x25 and i + 3 <= len(b):
            try:
                raw.append(int(b[i + 1 : i + 3].decode(), 16))
                i += 3
                continue
            except ValueError:
                pass
        raw.append(c)
        i += 1
    try:
        return bytes(raw).decode()
    except UnicodeError:
        return s


def _whole(text, lo, hi):
    """int(text) when it is a whole number lo..hi, else None."""
    t = text.strip()
    if not t or not t.isdigit():
        return None
    n = int(t)
    return n if lo <= n <= hi else None


def parse_query(query):
    """``location.search`` -> (wanted, problems). ``wanted`` has ``seed`` (int or None),
    ``lang`` (a language code or None: the saved one) and
    ``game`` (None, or a dict ``rules``, ``players``, ``cpu``, ``level`` for a new game);
    ``problems`` is a list of messages, each naming its parameter. A game is only started
    when every set-up parameter given is good. Example:
    ``parse_query("?rules=maxi&players=3&cpu=2&seed=5")`` ->
    ``({"seed": 5, "lang": None, "game": {"rules": "maxi", "players": 3, "cpu": 2, "level":
    "basic"}}, [])``.
    """
    from lang import CODES
    from yatzy.rules import MAX_PLAYERS, RULESET_IDS

    levels = [lv for lv in _module(_SETUP_MODULE).LEVELS if lv]
    q = _split_query(query)
    problems = []
    wanted = {"seed": None, "lang": None, "game": None}
    for k in q:
        if k not in QUERY_KEYS:
            problems.append("unknown parameter %r (known: %s)" % (k, ", ".join(QUERY_KEYS)))
    seed_ok = True
    if "seed" in q:
        seed = _whole(q["seed"], 0, 0xFFFFFFFF)
        if seed is None:
            seed_ok = False
            problems.append("seed=%r: must be a whole number 0..4294967295" % q["seed"])
        wanted["seed"] = seed
    if "lang" in q:
        code = q["lang"].strip().lower()
        if code in CODES:
            wanted["lang"] = code
        else:
            problems.append("lang=%r: must be one of %s" % (q["lang"], ", ".join(CODES)))
    given = [k for k in ("rules", "players", "cpu", "level") if k in q]
    if not given:
        return wanted, problems
    bad = len(problems)
    rules = q.get("rules", "yatzy").strip().lower()
    if rules not in RULESET_IDS:
        problems.append("rules=%r: must be one of %s" % (q["rules"], ", ".join(RULESET_IDS)))
    players = 1
    if "players" in q:
        players = _whole(q["players"], 1, MAX_PLAYERS)
        if players is None:
            problems.append(
                "players=%r: must be a whole number 1..%d" % (q["players"], MAX_PLAYERS)
            )
    cpu = 0
    if "cpu" in q:
        if "players" in q:
            top = players if players is not None else MAX_PLAYERS
        else:
            top = MAX_PLAYERS - 1  # ?cpu=N alone: you and N computer players
        cpu = _whole(q["cpu"], 0, top)
        if cpu is None:
            problems.append("cpu=%r: must be a whole number 0..%d (players)" % (q["cpu"], top))
        elif "players" not in q:
            players = cpu + 1
    level = q.get("level", "basic").strip().lower()
    if level not in levels:
        problems.append("level=%r: must be one of %s" % (q["level"], ", ".join(levels)))
    if len(problems) == bad and seed_ok:  # a game only when its whole set-up is good
        wanted["game"] = {"rules": rules, "players": players, "cpu": cpu, "level": level}
    return wanted, problems


def setup_for(s, game):
    """The app's set-up dict ``s`` (``app.setup``: names, levels, options, games) changed to
    the URL's game the way the set-up screen changes it: a new ruleset drops the house
    options, the last ``cpu`` seats are computer players, the others human."""
    s = dict(s)
    if s["rules"] != game["rules"]:
        s["options"] = {}
    s["rules"] = game["rules"]
    n = game["players"]
    s["n"] = n
    levels = list(s["levels"])
    for i in range(n):
        levels[i] = game["level"] if i >= n - game["cpu"] else ""
    s["levels"] = levels
    s["names"] = list(s["names"])
    return s


# ---------------------------------------------------------------- the App's parts
try:
    import framebuf
except ImportError:  # CPython (host tests): the display is only built in the browser
    framebuf = None


class PanelDisplay:
    """The Display contract on an in-memory MONO_VLSB frame; the page paints what is shown."""

    def __init__(self, host, width=128, height=64):
        self.host = host
        self.width = width
        self.height = height
        self.buffer = bytearray(width * height // 8)
        fb = framebuf.FrameBuffer(self.buffer, width, height, framebuf.MONO_VLSB)
        self.fb = fb
        self.fill = fb.fill
        self.pixel = fb.pixel
        self.hline = fb.hline
        self.vline = fb.vline
        self.line = fb.line
        self.rect = fb.rect
        self.fill_rect = fb.fill_rect
        self.blit = fb.blit
        self.text = fb.text
        self.scroll = fb.scroll
        self.on = True
        self.inverted = False
        self.rotated = False
        self.level = 255
        self.pushes = 0
        self.pushed_bytes = 0

    def show(self):
        self.show_window(0, self.width - 1, 0, self.height // 8 - 1)

    def show_window(self, x0, x1, page0, page1):
        self.pushes += 1
        self.pushed_bytes += (x1 - x0 + 1) * (page1 - page0 + 1)
        self.host.panel(self.buffer, x0, x1, page0, page1)

    def _state(self):
        self.host.panel_state(self.on, self.inverted, self.rotated, self.level)

    def contrast(self, level):
        self.level = max(0, min(255, int(level)))
        self._state()

    def invert(self, on):
        self.inverted = bool(on)
        self._state()

    def rotate(self, on):
        # as the firmware's driver: the remap acts on new data only, so the frame is re-sent
        self.rotated = bool(on)
        self._state()
        self.show()

    def poweroff(self):
        self.on = False
        self._state()

    def poweron(self):
        self.on = True
        self._state()


class LocalStorage:
    """The storage contract over ``localStorage``: file ``name`` is key ``prefix + name``,
    its bytes in base64. A value that is not base64 reads as the bytes of its text, so
    the firmware's own checks find it damaged."""

    def __init__(self, host, prefix=KEY_PREFIX):
        self.host = host
        self.prefix = prefix
        self._check = _module(_STORAGE_MODULE).check_name

    def read(self, name):
        self._check(name)
        v = self.host.store_get(self.prefix + name)
        if v is None:
            return None
        v = str(v).encode()
        try:
            return binascii.a2b_base64(v)
        except Exception:  # noqa: BLE001 - not base64 (binascii.Error or worse): damaged
            return v

    def write(self, name, data):
        self._check(name)
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ValueError("storage data must be bytes, got %s" % type(data).__name__)
        text = binascii.b2a_base64(bytes(data)).decode().strip()
        try:
            self.host.store_set(self.prefix + name, text)
        except Exception as exc:  # noqa: BLE001 - quota or a blocked store: a flash error
            raise OSError(28, "localStorage refused %s: %s" % (name, exc)) from None

    def remove(self, name):
        self._check(name)
        self.host.store_remove(self.prefix + name)

    def names(self):
        keys = json.loads(str(self.host.store_keys()))
        n = len(self.prefix)
        return sorted(k[n:] for k in keys if k.startswith(self.prefix))


class _RecordingPWM:
    """freq()/duty_u16() calls of the firmware's Sound, with the time they were made."""

    def __init__(self):
        self.now = 0
        self.hz = 0
        self.notes = []  # [t_ms, hz, duty_u16]

    def freq(self, hz):
        self.hz = hz

    def duty_u16(self, d):
        self.notes.append([self.now, self.hz if d else 0, d])


class WebSound:
    """``sound.play(name)``: the firmware's Sound plays the tune through to its end at once
    on a recording PWM (its volume curve, its on/off and volume settings read at play time),
    and the notes go to the page, which schedules them in Web Audio."""

    def __init__(self, host):
        self.host = host
        self.settings = {}  # the shell points this at app.settings (as the Pico's does)
        self.played = []

    def play(self, name):
        Sound = _module(_SOUND_MODULE).Sound
        pwm = _RecordingPWM()
        s = Sound(pwm, self.settings)
        s.play(name)  # unknown names raise ValueError, as on the device
        t = 0
        for _ in range(256):  # a tune is a few dozen notes at most
            pwm.now = t
            wait = s.tick(t)
            if wait is None:
                break
            t += wait
        self.played.append(name)
        if pwm.notes:
            self.host.tones(json.dumps(pwm.notes))

    def tick(self, now_ms):
        return None


def make_dice(host, seed):
    from yatzy.dice import FairDice, SeededDice

    if seed is not None:
        return SeededDice(seed)
    return FairDice(lambda n: binascii.a2b_base64(str(host.random_b64(n)).encode()))


# ---------------------------------------------------------------- the shell
def browser_lang(langs):
    """The first of the browser's languages (``navigator.languages``: "sv-SE", "nb", ...)
    that the game speaks, else its default. Example: ``browser_lang(["de-DE", "sv-SE"])``
    -> ``"sv"``; Norwegian Bokmål also comes as "no" and "nn"."""
    import lang

    for tag in langs:
        code = str(tag).strip().lower().replace("_", "-").split("-")[0]
        if code in ("no", "nn"):
            code = "nb"
        if code in lang.CODES:
            return code
    return lang.DEFAULT


class Web:
    """The page's gadget: the App with its parts, and the Pico shell's duties.
    ``langs``: the browser's languages; given, a first start (no language saved) asks for
    the language as the gadget does, in the first of them the game speaks and with the
    cursor on it."""

    def __init__(self, host, query="", langs=None):
        self.host = host
        self.wanted, self.problems = parse_query(query)
        self.ask_lang = False if langs is None else browser_lang(langs)
        self.display = PanelDisplay(host)
        self.storage = LocalStorage(host)
        self.dice = make_dice(host, self.wanted["seed"])
        self.sound = WebSound(host)
        self.app = None
        self.sleeping = False
        self.crashed = None  # the error text while the error screen is up
        self.last_game = None
        self.long_ms = long_press_ms()

    def _new_app(self, now):
        from app import App

        self.crashed = None
        self.app = App(
            self.display,
            self.storage,
            self.dice,
            self.sound,
            self.wanted["lang"],
            ask_lang=self.ask_lang,
        )
        self.app.start(now)
        self.sound.settings = self.app.settings
        return self.app

    def start(self, now):
        self.display.show()  # the blank panel, as the driver's init leaves it
        app = self._guard(self._new_app, now)
        game = self.wanted["game"]
        if app is not None and game is not None and self.crashed is None:
            # the new-game path of the set-up screen: app.new_game(s), built on the next tick
            self._guard(app.new_game, setup_for(app.setup, game))
        return self.tick(now)

    def _guard(self, fn, *args):
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001 - shown as the firmware's error screen
            self._crash(exc)
            return None

    def _crash(self, exc):
        text = _traceback(exc)
        self.crashed = text
        self.host.log(text)
        try:
            if self.app is not None:
                self.app.fatal("%s: %s" % (type(exc).__name__, exc))
        except Exception:  # noqa: BLE001 - the panel keeps its last frame
            pass

    def press(self, button, kind, now):
        if button not in BUTTONS or kind not in ("short", "long"):
            raise ValueError("bad press %r %r" % (button, kind))
        if self.crashed is not None:
            if button == "roll":  # as the Pico's runner: Roll builds a fresh App
                self._guard(self._new_app, now)
                return self.tick(now)
            return None
        if self.sleeping:  # the waking press powers the panel on and is not acted on
            self.sleeping = False
            self.display.poweron()
            self._guard(self.app.wake, now)
        else:
            self._guard(self.app.press, button, kind, now)
        return self.tick(now)

    def tick(self, now):
        if self.crashed is not None or self.sleeping or self.app is None:
            return None
        app = self.app
        try:
            screen = app.screen
            wait = app.tick(now)
            if app.screen is not screen and not app.asleep:
                # the tick put up a new screen (a game from the address starts in a tick):
                # its own tick says when it wants the next one (a computer's first move),
                # as the Pico's runner, which polls, would find out at once
                wait = app.tick(now)
            if app.asleep:
                self.sleeping = True
                app.save_now()
                self.display.poweroff()
                return None
        except Exception as exc:  # noqa: BLE001
            self._crash(exc)
            return None
        if app.game is not None:
            self.last_game = app.game
        return wait

    def save_now(self):
        """The page is being hidden or closed: save as before a power-down."""
        if self.app is not None and self.crashed is None:
            self._guard(self.app.save_now)

    def asleep(self):
        return self.sleeping

    def lang(self):
        """The language every screen is drawn in (the page's texts follow it)."""
        app = self.app
        return app.settings["lang"] if app is not None and app.settings.get("lang") else "en"

    def six_dice(self):
        g = self.app.game if self.app is not None else None
        return g is not None and g.rules.dice == 6

    def record_json(self):
        """The game record (tools.core.record.game_record) of the game in play, or of the last
        one played in this page; None before any."""
        g = self.app.game if self.app is not None else None
        g = g if g is not None else self.last_game
        if g is None:
            return None
        from tools.core.record import game_record

        return json.dumps(game_record(g))

    def state_json(self):
        """What the tests read back: the screen, the settings, the notice, the game."""
        app = self.app
        out = {
            "screen": None,
            "notice": None,
            "settings": None,
            "sleeping": self.sleeping,
            "crashed": self.crashed,
            "pushes": self.display.pushes,
            "pushed_bytes": self.display.pushed_bytes,
            "sounds": self.sound.played[-8:],
            "lang": self.lang(),
        }
        if app is not None:
            out["screen"] = None if app.screen is None else type(app.screen).__name__
            # the title screen takes the app's notice (damaged files) as its note
            out["notice"] = app.notice or getattr(app.screen, "note", None) or None
            out["settings"] = app.settings
        return json.dumps(out)


def _traceback(exc):
    """The traceback text, as the Pico shell logs it (pico.runner.format_exception)."""
    from pico.runner import format_exception

    return format_exception(exc)


def heap():
    """(allocated, free) bytes of the MicroPython heap after a collection."""
    import gc

    gc.collect()
    return json.dumps([gc.mem_alloc(), gc.mem_free()])


_web = None


def boot(query, now, langs="[]"):
    """Build the gadget (``web_host`` must be registered) and start it; ``langs``: the
    browser's languages (JSON list). Returns JSON: the long-press threshold, the URL's
    problems, and the first wait."""
    global _web
    import web_host
    from ui.keys import KEY_X

    _web = Web(web_host, query, json.loads(langs))
    wait = _web.start(now)
    app = _web.app
    started = _web.wanted["game"] is not None and app is not None and app.game is not None
    return json.dumps(
        {
            "long_ms": _web.long_ms,
            "key_x": list(KEY_X),
            "problems": _web.problems,
            "started": started,
            "wait": wait,
            "crashed": _web.crashed,
        }
    )


def press(button, kind, now):
    return _web.press(button, kind, now)


def tick(now):
    return _web.tick(now)


def save_now():
    _web.save_now()


def six_dice():
    return _web.six_dice()


def asleep():
    return _web.asleep()


def lang():
    return _web.lang()


def record_json():
    return _web.record_json()


def state_json():
    return _web.state_json()
