# The simulator's shell around the app, shared by CPython and the MicroPython unix port.
# SPDX-License-Identifier: MIT
"""``Shell`` does for the simulator what ``firmware/pico/runner.py`` does on the Pico: hands
presses to the app, ticks it, and handles sleep (save, display off; the next press powers
the display on, calls ``app.wake`` and is not acted on). Time is given by the caller, so a
scripted session is the same on every runtime.

``serve(shell, game_of, stdin, stdout)`` runs the line protocol the CPython front end speaks
to the MicroPython process (bus writes travel as ``W`` lines, see ``fakebus.PipeSink``):

    S <now>                 start the app          -> R <wait> <asleep>
    P <button> <kind> <now> one press              -> R <wait> <asleep>
    T <now>                 one tick               -> R <wait> <asleep>
    G                       the game in progress   -> R <codec bytes as hex> | R -
    C                       the game record        -> R <json> | R -
    V                       the active screen      -> R <json> (see ``screen_state``)
    Q                       quit

``<wait>`` is the ms until the app wants its next tick, or ``-`` when it is idle. An
exception prints ``X`` lines (the traceback) and ``R !``, then the process exits 1.
This file keeps to the MicroPython subset.
"""

import os


class Shell:
    """The app plus the shell duties of the Pico's runner (sleep and wake)."""

    def __init__(self, app, display):
        self.app = app
        self.display = display
        self.sleeping = False
        self.sleeps = 0

    def start(self, now):
        self.app.start(now)
        return self._tick(now)

    def press(self, button, kind, now):
        if self.sleeping:  # the waking press powers the display on and is not acted on
            self.sleeping = False
            self.display.poweron()
            self.app.wake(now)
        else:
            self.app.press(button, kind, now)
        return self._tick(now)

    def tick(self, now):
        return self._tick(now)

    def _tick(self, now):
        if self.sleeping:
            return None
        wait = self.app.tick(now)
        if self.app.asleep:
            self.sleeping = True
            self.sleeps += 1
            self.app.save_now()
            self.display.poweroff()
            return None
        return wait


class DirStorage:
    """Storage contract on a host folder (used when firmware/save/storage.py is not importable)."""

    def __init__(self, root):
        self.root = root

    def _path(self, name):
        if not name or "/" in name or name.startswith("."):
            raise ValueError("bad storage name %r" % (name,))
        return self.root + "/" + name

    def read(self, name):
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, data):
        path = self._path(name)
        with open(path + ".tmp", "wb") as f:
            f.write(data)
        os.rename(path + ".tmp", path)

    def remove(self, name):
        try:
            os.remove(self._path(name))
        except OSError:
            pass


def make_storage(root):
    """The firmware's FileStorage on ``root`` when it exists, else ``DirStorage``."""
    try:
        from save.storage import FileStorage
    except ImportError:
        return DirStorage(root)
    return FileStorage(root)


def game_of(app):
    """The engine Game the app is playing, or None (title screen, menus)."""
    return getattr(app, "game", None)


SCREEN_FIELDS = ("mode", "cur", "order", "rolloff_seen", "anim_end", "top")


def screen_state(app):
    """What the active screen shows, for the autoplay bot: its class name and the few
    public fields it has (play screen: mode, cursor, selectable boxes, roll-off banner)."""
    screen = getattr(app, "screen", None)
    out = {"screen": None if screen is None else type(screen).__name__}
    for k in SCREEN_FIELDS:
        v = getattr(screen, k, None)
        if v is not None:
            out[k] = v
    items = getattr(screen, "items", None)
    if items is not None and callable(items):
        out["items"] = [[label, value] for label, value in items()]
    return out


def _wait_text(wait, shell):
    return "R %s %d\n" % ("-" if wait is None else str(int(wait)), 1 if shell.sleeping else 0)


def serve(shell, stdin, stdout, find_game=game_of):
    """Answer protocol lines from ``stdin`` until ``Q`` or end of input (see module doc)."""
    import binascii

    while True:
        line = stdin.readline()
        if not line:
            return
        parts = line.split()
        if not parts:
            continue
        op = parts[0]
        try:
            if op == "Q":
                return
            if op == "S":
                stdout.write(_wait_text(shell.start(int(parts[1])), shell))
            elif op == "P":
                stdout.write(_wait_text(shell.press(parts[1], parts[2], int(parts[3])), shell))
            elif op == "T":
                stdout.write(_wait_text(shell.tick(int(parts[1])), shell))
            elif op == "G":
                game = find_game(shell.app)
                if game is None:
                    stdout.write("R -\n")
                else:
                    from yatzy import codec

                    stdout.write("R %s\n" % binascii.hexlify(codec.encode(game)).decode())
            elif op == "C":
                game = find_game(shell.app)
                if game is None:
                    stdout.write("R -\n")
                else:
                    import json

                    from tools.core import record

                    stdout.write("R %s\n" % json.dumps(record.game_record(game)))
            elif op == "V":
                import json

                stdout.write("R %s\n" % json.dumps(screen_state(shell.app)))
            else:
                raise ValueError("unknown simulator command %r" % op)
        except Exception as exc:  # noqa: BLE001 - every failure goes back to the front end
            _report(exc, stdout)
            stdout.write("R !\n")
            raise SystemExit(1) from None
        flush = getattr(stdout, "flush", None)
        if flush is not None:
            flush()


def _report(exc, stdout):
    import sys

    printer = getattr(sys, "print_exception", None)
    if printer is not None:
        import io

        buf = io.StringIO()
        printer(exc, buf)
        text = buf.getvalue()
    else:
        import traceback

        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    for line in text.splitlines():
        stdout.write("X %s\n" % line)
