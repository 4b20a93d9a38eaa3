# Terminal front end of the simulator: the panel in braille or half blocks; keys -> presses.
# SPDX-License-Identifier: MIT
"""Plays a ``Session`` in a terminal (plain ANSI, no curses).

The panel is drawn inside a frame in one of two ways, chosen by the terminal's size (and
again whenever the terminal is resized):

- 132x40 or larger: half blocks, one character cell per pixel column and two pixel rows
  per cell (128x32 cells), so the panel's small text reads as text;
- 80x24 up to that: braille characters, 2x4 pixels each (64x16 cells).

Only the characters that changed since the last frame are rewritten. Keys:

    1-5 (6 in Maxi)   short press of the hold buttons
    space / Enter     short press of ROLL
    ! @ # $ % ^       long press of hold 1..6 (shift + digit on US layouts)
    R                 long press of ROLL
    l then a key      long press of that key (any layout)
    q / Ctrl-C        quit
"""

import os
import select
import sys
import time

from tools.sim.render import braille_rows, halfblock_rows
from tools.sim.session import _LONG as _KEYS_LONG
from tools.sim.session import _SHORT as _KEYS_SHORT

MIN_COLS, MIN_ROWS = 80, 24
# the app's button columns (panel x) under which the keys are drawn: five holds, ROLL
_KEY_X = (("[1]", 10), ("[2]", 31), ("[3]", 52), ("[4]", 73), ("[5]", 94), ("[Space]", 116))


class Layout:
    """Where the panel goes: ``mode`` "braille" (2x4 pixels a cell) or "halfblock" (1x2),
    the panel's size in cells, the frame's left column (1-based) and the size it needs."""

    def __init__(self, mode, cols, rows, left, need):
        self.mode = mode
        self.cols = cols  # panel cells across
        self.rows = rows  # panel cells down
        self.left = left  # 1-based terminal column of the frame's left line
        self.need = need  # (columns, rows) of the terminal this layout needs
        self.render = braille_rows if mode == "braille" else halfblock_rows
        self.buttons = self._button_row(128 // cols)

    def _button_row(self, px):
        """The keys under the panel, centred under the app's button columns."""
        row = [" "] * self.cols
        for label, x in _KEY_X:
            start = min(self.cols - len(label), x // px - len(label) // 2)
            row[start : start + len(label)] = label
        return "".join(row)

    # the rows under the frame: buttons, status, then the two help lines
    @property
    def button_row(self):
        return self.rows + 3

    @property
    def status_row(self):
        return self.rows + 4

    @property
    def help_row(self):
        return self.rows + 6


BRAILLE = Layout("braille", 64, 16, 8, (MIN_COLS, MIN_ROWS))
HALFBLOCK = Layout("halfblock", 128, 32, 2, (132, 40))


def layout_for(cols, rows):
    """The layout for a terminal of ``cols`` x ``rows``: half blocks where they fit."""
    if cols >= HALFBLOCK.need[0] and rows >= HALFBLOCK.need[1]:
        return HALFBLOCK
    return BRAILLE


# the buttons under the panel (braille): five holds under the dice columns, ROLL at the right
BUTTON_ROW = BRAILLE.buttons
HELP = (
    "1-5 hold (6 Maxi)  Space/Enter roll  q quit",
    "long press: shift (!@#$%^, R) or l then key",
)
# The --keys language's tables (sim_session), plus the terminal's own keys for ROLL.
_SHORT = dict(_KEYS_SHORT, **{" ": "roll", "\r": "roll", "\n": "roll"})
_LONG = _KEYS_LONG


def key_to_press(key, long_next=False, asleep=False):
    """One key -> (button, kind) or None; ``long_next`` after an ``l``. While the gadget is
    asleep any key wakes it (as a button does: the waking press is not acted on)."""
    if key in _SHORT:
        return _SHORT[key], "long" if long_next else "short"
    if key in _LONG:
        return _LONG[key], "long"
    if asleep:
        return "roll", "short"
    return None


class Screen:
    """Keeps what is on the terminal and writes only the differences."""

    def __init__(self, out, layout=BRAILLE):
        self.out = out
        self.layout = layout
        self.rows = None
        self.status = None
        self.cells_written = 0

    def _at(self, row, col):
        return "\x1b[%d;%dH" % (row, col)

    def chrome(self, title, layout=None):
        if layout is not None:
            self.layout = layout
        lo = self.layout
        w, left = lo.cols, lo.left
        parts = ["\x1b[2J", self._at(1, left), "\u250c" + "\u2500" * w + "\u2510"]
        for r in range(lo.rows):
            parts.append(self._at(2 + r, left) + "\u2502")
            parts.append(self._at(2 + r, left + w + 1) + "\u2502")
        parts.append(self._at(lo.rows + 2, left) + "\u2514" + "\u2500" * w + "\u2518")
        parts.append(self._at(lo.button_row, left + 1) + lo.buttons)
        for i, line in enumerate(HELP):
            parts.append(self._at(lo.help_row + i, 2) + line[: MIN_COLS - 2])
        if left > 6:
            parts.append(self._at(1, 2) + title[:5])
        self.out.write("".join(parts))
        self.rows = None
        self.status = None

    def panel(self, pixels):
        lo = self.layout
        new = lo.render(pixels)
        parts = []
        for r, line in enumerate(new):
            old = None if self.rows is None else self.rows[r]
            c = 0
            while c < lo.cols:
                if old is not None and old[c] == line[c]:
                    c += 1
                    continue
                start = c
                while c < lo.cols and (old is None or old[c] != line[c]):
                    c += 1
                parts.append(self._at(2 + r, lo.left + 1 + start) + line[start:c])
                self.cells_written += c - start
        self.rows = new
        if parts:
            self.out.write("".join(parts))
        return len(parts)

    def status_line(self, text):
        text = text[: MIN_COLS - 2].ljust(MIN_COLS - 2)
        if text != self.status:
            self.status = text
            self.out.write(self._at(self.layout.status_row, 2) + text)

    def flush(self):
        self.out.write(self._at(self.layout.help_row + 2, MIN_COLS))
        self.out.flush()


def run_terminal(
    session, title="Yatzy", after_start=None, stdin_fd=None, out=None, max_seconds=None
):
    """Interactive loop on a real terminal (raw mode); returns when the player quits."""
    import termios
    import tty

    fd = sys.stdin.fileno() if stdin_fd is None else stdin_fd
    out = sys.stdout if out is None else out
    cols, rows = os.get_terminal_size(out.fileno())
    if cols < MIN_COLS or rows < MIN_ROWS:
        raise SystemExit(
            "python -m tools.sim: error: the terminal is %dx%d; the simulator needs at least %dx%d"
            % (cols, rows, MIN_COLS, MIN_ROWS)
        )
    encoding = (getattr(out, "encoding", None) or "").lower().replace("-", "")
    if encoding != "utf8":
        raise SystemExit(
            "python -m tools.sim: error: the terminal encoding is %r; the braille panel needs "
            "UTF-8 (try LANG=C.UTF-8)" % getattr(out, "encoding", None)
        )
    saved = termios.tcgetattr(fd)
    out.write("\x1b[?1049h\x1b[?25l")  # alternate screen, hide cursor
    screen = Screen(out, layout_for(cols, rows))
    t0 = time.monotonic()
    drawn = 0
    fps_t, fps_n, fps = t0, 0, 0.0
    long_next = False
    message = ""
    try:
        tty.setcbreak(fd)
        screen.chrome(title)
        session.start()
        if after_start is not None:
            after_start()  # may play simulated time ahead (menus): real time continues from it
        t0 = time.monotonic() - session.now / 1000.0
        while True:
            now_s = time.monotonic()
            if max_seconds is not None and now_s - t0 > max_seconds:
                break
            try:
                size = os.get_terminal_size(out.fileno())
            except OSError:
                size = None
            if size is not None and layout_for(*size) is not screen.layout:
                screen.chrome(title, layout_for(*size))  # resized: the other picture
                drawn = None
            session.advance_to(int((now_s - t0) * 1000))
            if session.frame_count != drawn and session.last is not None:
                screen.panel(session.last)
                drawn = session.frame_count
                fps_n += 1
            if now_s - fps_t >= 1.0:
                fps = fps_n / (now_s - fps_t)
                fps_t, fps_n = now_s, 0
            state = (
                "asleep (any key wakes)"
                if session.asleep
                else ("LONG press: next key" if long_next else message)
            )
            screen.status_line(
                "t %6.1fs  frame %d  %4.1f fps  I2C %d B  %s %s"
                % (
                    session.now / 1000.0,
                    session.frame_count,
                    fps,
                    session.last_bus_bytes,
                    session.note(),
                    state,
                )
            )
            screen.flush()
            due = session.due()
            timeout = 0.25 if due is None else max(0.0, min(0.25, (due - session.now) / 1000.0))
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready:
                continue
            keys = os.read(fd, 64).decode("utf-8", "ignore")
            for key in keys:
                if key in ("q", "\x03", "\x04"):
                    return
                if key in ("l", "L"):
                    long_next = True
                    continue
                press = key_to_press(key, long_next, session.asleep)
                long_next = False
                if press is None:
                    message = "key %r does nothing (see the help below)" % key
                    continue
                message = "%s %s" % press
                session.advance_to(int((time.monotonic() - t0) * 1000))
                session.press(*press)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\x1b[?1049l")
        out.flush()


def bench_render(frames, out):
    """Frames per second the terminal front end draws (braille + diff + write), no waiting."""
    screen = Screen(out)
    screen.chrome("bench")
    t = time.perf_counter()
    for f in frames:
        screen.panel(f.pixels)
        screen.status_line("frame")
        screen.flush()
    dt = time.perf_counter() - t
    return len(frames) / dt if dt > 0 else float("inf")
