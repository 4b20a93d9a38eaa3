# Simulator core on CPython: the app on either runtime feeding the emulated panel; frames kept.
# SPDX-License-Identifier: MIT
"""A ``Session`` is one simulated gadget: an app (on CPython through Adafruit's driver, or in
a MicroPython unix-port process through the firmware's driver), an emulated SSD1306 fed by
its I2C traffic, a clock the caller advances, and the frames the panel showed.

    s = Session(runtime="cpython", seed=7, storage_dir=tmp)
    s.start()
    s.press("roll")            # a short press now, then the app's tick
    s.wait(500)                # advance 500 ms, ticking the app when it asks
    s.frames[-1].pixels        # 128*64 bytes of 0/1, row-major
"""

import binascii
import json
import os
import subprocess
import sys

from tools.emu.fakebus import BusioI2C, feed_line
from tools.emu.mp_run import mp_command, mp_env
from tools.emu.ssd1306 import SSD1306Emulator
from tools.sim.loop import Shell, game_of, make_storage, screen_state

BUTTONS = ("hold1", "hold2", "hold3", "hold4", "hold5", "hold6", "roll")
KINDS = ("short", "long")
IDLE_TICK_MS = 250  # the app is ticked at least this often, as the Pico's loop does
# A tick asked for this far ahead is the sleep countdown, not an animation or computer move
# (those ask for at most a second: cpu_pace is 150..1000 ms).
BUSY_MS = 3000
RUNTIMES = ("cpython", "micropython", "rp2")


class SimError(RuntimeError):
    """The app or the MicroPython process failed; the message carries its traceback."""


class Frame:
    """One picture the panel showed: time (ms), pixels (row-major 0/1 bytes), bus bytes."""

    __slots__ = ("t", "pixels", "bus_bytes")

    def __init__(self, t, pixels, bus_bytes):
        self.t = t
        self.pixels = pixels
        self.bus_bytes = bus_bytes


class CPythonBackend:
    """The app in this process, on Adafruit's SSD1306_I2C and a fake busio bus."""

    def __init__(self, emu, storage_dir, seed, app_factory=None, lang=None, ask_lang=False):
        from yatzy.dice import SeededDice

        from tools.emu.oled_adafruit import AdafruitDisplay

        self.display = AdafruitDisplay(128, 64, BusioI2C(emu))
        if app_factory is None:
            from app import App

            app_factory = App
        kw = {"lang": lang} if lang else {}
        if ask_lang:
            kw["ask_lang"] = True
        self.app = app_factory(self.display, make_storage(storage_dir), SeededDice(seed), **kw)
        self.shell = Shell(self.app, self.display)

    def call(self, op, *args):
        fn = {"S": self.shell.start, "P": self.shell.press, "T": self.shell.tick}[op]
        return fn(*args), self.shell.sleeping

    def game_bytes(self):
        game = game_of(self.app)
        if game is None:
            return None
        from yatzy import codec

        return codec.encode(game)

    def record(self):
        game = game_of(self.app)
        if game is None:
            return None
        from tools.core import record

        return record.game_record(game)

    def screen(self):
        return json.loads(json.dumps(screen_state(self.app)))  # same shapes as over the pipe

    def close(self):
        pass


class MicroPythonBackend:
    """The app in a MicroPython unix-port process, on the firmware's own driver."""

    def __init__(
        self,
        emu,
        storage_dir,
        seed,
        heap=None,
        app_module="app",
        extra_path=(),
        lang=None,
        ask_lang=False,
    ):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mp_main.py")
        argv = mp_command(script, heap) + [storage_dir, str(seed), app_module]
        if lang or ask_lang:
            argv.append(lang or "?")  # "?": none given, ask on a first start
        self.emu = emu
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
            env=mp_env(extra_path),
        )
        self._reply()  # "R ready" after the driver's init traffic

    def _reply(self):
        trace = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                self.proc.wait()
                raise SimError(
                    "the MicroPython process ended (exit status %s)%s"
                    % (self.proc.returncode, ":\n" + "\n".join(trace) if trace else "")
                )
            line = line.rstrip("\n")
            if feed_line(line, self.emu):
                continue
            if line.startswith("R "):
                if line == "R !":
                    raise SimError("the app failed on MicroPython:\n" + "\n".join(trace))
                return line[2:]
            trace.append(line[2:] if line.startswith("X ") else line)

    def _send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass  # _reply reports the exit and its output

    def call(self, op, *args):
        self._send(" ".join([op] + [str(a) for a in args]))
        wait, asleep = self._reply().split()
        return (None if wait == "-" else int(wait)), asleep == "1"

    def game_bytes(self):
        self._send("G")
        r = self._reply()
        return None if r == "-" else binascii.unhexlify(r)

    def record(self):
        self._send("C")
        r = self._reply()
        return None if r == "-" else json.loads(r)

    def screen(self):
        self._send("V")
        return json.loads(self._reply())

    def close(self):
        if self.proc.poll() is None:
            self._send("Q")
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream:
                stream.close()


class Session:
    """One simulated gadget; see the module docstring."""

    def __init__(
        self,
        runtime="cpython",
        seed=1,
        storage_dir=None,
        heap=None,
        keep_frames=True,
        app_factory=None,
        app_module="app",
        extra_path=(),
        on_frame=None,
        lang=None,
        ask_lang=False,
    ):
        if runtime not in RUNTIMES:
            raise ValueError("runtime must be one of %s, not %r" % (", ".join(RUNTIMES), runtime))
        if storage_dir is None:
            import tempfile

            self._tmp = tempfile.TemporaryDirectory(prefix="yatzy-sim-")
            storage_dir = self._tmp.name
        self.storage_dir = storage_dir
        self.runtime = runtime
        self.lang = lang  # the language of the session (None: the saved one, else English)
        # ask_lang: with none given or saved, the first start asks for it (as the gadget does)
        self.emu = SSD1306Emulator()
        self.now = 0
        self.next_tick = None  # absolute ms of the next tick the app asked for
        self.asleep = False
        self.keep_frames = keep_frames
        self.frames = []
        self.frame_count = 0
        self.on_frame = on_frame
        self.last = None
        self.last_bus_bytes = 0  # I2C bytes of the latest frame
        if runtime == "cpython":
            if app_factory is None and app_module != "app":
                __import__(app_module)
                app_factory = sys.modules[app_module].App
            self.backend = CPythonBackend(self.emu, storage_dir, seed, app_factory, lang, ask_lang)
        elif runtime == "rp2":  # the real firmware on the emulated Pico (tools/emu/rp2)
            from tools.emu.rp2.sim_backend import RP2Backend

            self.emu = RP2Backend.panel()
            self.backend = RP2Backend(self.emu, storage_dir, seed, SimError, lang)
        else:
            self.backend = MicroPythonBackend(
                self.emu, storage_dir, seed, heap, app_module, extra_path, lang, ask_lang
            )
        self._capture()  # the driver's init frame (blank panel)

    # -------------------------------------------------------------- frames
    def _capture(self):
        if not self.emu.frame_bytes:
            return
        self.emu.finish()  # every command must be complete when the app call returns
        n = self.emu.end_frame()
        self.last_bus_bytes = n
        pixels = self.emu.snapshot()
        if pixels == self.last and self.frames:
            return  # bus traffic that changed nothing visible (e.g. contrast)
        self.last = pixels
        self.frame_count += 1
        frame = Frame(self.now, pixels, n)
        if self.keep_frames:
            self.frames.append(frame)
        if self.on_frame is not None:
            self.on_frame(frame)

    def _after(self, result):
        wait, asleep = result
        self.asleep = asleep
        self.next_tick = None if wait is None else self.now + max(0, wait)
        self._capture()

    # -------------------------------------------------------------- driving
    def start(self):
        self._after(self.backend.call("S", self.now))

    def press(self, button, kind="short"):
        if button not in BUTTONS:
            raise ValueError("unknown button %r (one of %s)" % (button, ", ".join(BUTTONS)))
        if kind not in KINDS:
            raise ValueError("press kind must be 'short' or 'long', not %r" % (kind,))
        self._after(self.backend.call("P", button, kind, self.now))

    def tick(self):
        self._after(self.backend.call("T", self.now))

    def due(self):
        """Absolute time of the next tick: what the app asked for, or the idle poll."""
        if self.asleep:
            return None
        idle = self.now + IDLE_TICK_MS
        if self.next_tick is None or self.next_tick > idle:
            return idle
        return self.next_tick

    def advance_to(self, t):
        """Let time pass up to ``t`` ms, ticking the app whenever it is due."""
        while True:
            due = self.due()
            if due is None or due > t:
                break
            self.now = max(self.now, due)
            self.tick()
        self.now = max(self.now, t)

    def wait(self, ms):
        self.advance_to(self.now + ms)

    def busy(self):
        """The app asked for a tick soon (animation, computer move), and is awake."""
        return (
            not self.asleep and self.next_tick is not None and self.next_tick - self.now < BUSY_MS
        )

    def wait_idle(self, limit_ms=600000):
        """Tick until the app is idle (no tick wanted within BUSY_MS) or sleeps; returns
        False when ``limit_ms`` passed first."""
        end = self.now + limit_ms
        while self.busy():
            if self.next_tick > end:
                return False
            self.now = max(self.now, self.next_tick)
            self.tick()
        return True

    def game(self):
        """A CPython copy of the app's game (decoded from the app's save codec), or None."""
        data = self.backend.game_bytes()
        if data is None:
            return None
        from yatzy import codec

        return codec.decode(data)

    def record(self):
        return self.backend.record()

    def screen(self):
        """The active screen's name and public fields (``sim_loop.screen_state``)."""
        return self.backend.screen()

    def note(self):
        """A word for the status line: the rp2 runtime's emulated/real time ratio."""
        note = getattr(self.backend, "note", None)
        return note() if note is not None else ""

    def close(self):
        self.backend.close()
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


# ------------------------------------------------------------------ the --keys language
KEY_HELP = """\
--keys syntax (spaces and commas are ignored):
  1-6        short press of hold button 1..6 (6 only in Maxi)
  r          short press of ROLL
  L<k>       long press of button k (L1 .. L6, Lr); also ! @ # $ % ^ = long 1..6, R = long ROLL
  .          let 100 ms pass        ~  let 1 s pass
  w          wait until the app is idle (animations and computer moves done)
  q          stop here
Each press is followed by 150 ms of time, so animations get ticks between presses."""

_LONG = {
    "!": "hold1",
    "@": "hold2",
    "#": "hold3",
    "$": "hold4",
    "%": "hold5",
    "^": "hold6",
    "R": "roll",
}
_SHORT = {
    "1": "hold1",
    "2": "hold2",
    "3": "hold3",
    "4": "hold4",
    "5": "hold5",
    "6": "hold6",
    "r": "roll",
}
PRESS_GAP_MS = 150


def parse_keys(text):
    """``--keys`` text -> list of steps: ("press", button, kind), ("wait", ms), ("idle",),
    ("quit",). Raises ValueError naming the first bad character."""
    steps = []
    i = 0
    while i < len(text):
        c = text[i]
        if c in " ,\t\n":
            pass
        elif c in _SHORT:
            steps.append(("press", _SHORT[c], "short"))
        elif c in _LONG:
            steps.append(("press", _LONG[c], "long"))
        elif c == "L":
            if i + 1 >= len(text) or text[i + 1] not in _SHORT:
                raise ValueError("--keys: 'L' at position %d must be followed by 1-6 or r" % i)
            i += 1
            steps.append(("press", _SHORT[text[i]], "long"))
        elif c == ".":
            steps.append(("wait", 100))
        elif c == "~":
            steps.append(("wait", 1000))
        elif c == "w":
            steps.append(("idle",))
        elif c == "q":
            steps.append(("quit",))
        else:
            raise ValueError("--keys: unknown key %r at position %d" % (c, i))
        i += 1
    return steps


def run_steps(session, steps):
    """Play parsed ``--keys`` steps on a started session; returns False if 'q' stopped it."""
    for step in steps:
        if step[0] == "press":
            session.press(step[1], step[2])
            session.wait(PRESS_GAP_MS)
        elif step[0] == "wait":
            session.wait(step[1])
        elif step[0] == "idle":
            session.wait_idle()
        else:
            return False
    return True


def default_runtime():
    return "cpython" if sys.implementation.name == "cpython" else "micropython"
