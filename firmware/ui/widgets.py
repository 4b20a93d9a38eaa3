# Widgets every screen shares: soft keys, title bar, text wrap, the Screen base, its damage.
# SPDX-License-Identifier: MIT
"""Screens get the app object and draw on its canvas (docs/CONTRACTS.md, "Screens"). A
screen has ``draw(cv)``, ``press(b, long, now)`` (``b`` a button index from ``ui.keys``)
and ``tick(now) -> ms or None``; :class:`Screen` gives the defaults, :class:`ui.lists.ListScreen`
the titled lists with a cursor that the menus are made of."""

from gfx.font import DOWN, LEFT, RIGHT, SMALL, UP, points, text_of
from lang import T

from ui.keys import COLS, KEY_Y, ROLL


class Screen:
    """The base of every screen: the app it belongs to, nothing drawn, no tick."""

    def __init__(self, app):
        self.app = app

    def draw(self, cv):
        pass

    def press(self, b, long, now):
        pass

    def tick(self, now):
        return None


class Damage:
    """What of the active screen's picture the app's next render draws and sends (app.changed):
    nothing; one part (`part`, drawn by the screen's draw_part); a list of parts (`parts`,
    drawn and sent one after the other, in order); or the whole frame (`frame`), after
    `part` when that part changed alone before the whole picture did (a roll: the dice,
    then the panel's rolls left), so that its bytes reach the panel first. The app keeps
    one, updated in place: marking a change allocates nothing."""

    def __init__(self):
        self.frame = True
        self.part = None
        self.parts = None

    def mark(self, part=None):
        """`part` changed (a screen's draw_part name or tuple, or a list of them in the
        order they are sent); None: the whole picture. Two different parts make the whole
        frame, with nothing sent first; a part marked again is drawn once."""
        if self.frame:
            return
        if part is None:
            self.frame = True  # a part marked alone is sent first, a list is not
            self.parts = None
        elif self.part is None and self.parts is None:
            if type(part) is list:
                self.parts = part
            else:
                self.part = part
        elif (self.part if self.parts is None else self.parts) != part:
            self.reset()

    def invalidate(self):
        """The whole frame (a part marked alone is drawn with it, not sent before it)."""
        if not self.frame:
            self.reset()

    def reset(self, first=None):
        """The whole frame (a new screen, a woken panel), with the part `first` drawn and sent
        before it (None: nothing before it)."""
        self.frame = True
        self.part = first
        self.parts = None

    def clear(self):
        """Drawn: nothing left to draw."""
        self.frame = False
        self.part = None
        self.parts = None


def softkeys(cv, labels):
    """Soft-key labels right above the buttons (page 7): labels[0..4] = hold1..hold5,
    labels[5] = Roll; None leaves a key unlabelled."""
    for i in range(6):
        s = labels[i]
        if not s:
            continue
        x = COLS[i if i < 5 else ROLL]
        w = SMALL.width(s) + 4
        if w < 15:
            w = 15
        left = x - w // 2
        if left + w > 128:
            left = 128 - w
        if left < 0:
            left = 0
        cv.fill_round_rect(left, KEY_Y - 1, w, 7, 1, 1)
        cv.text(left + (w - SMALL.width(s)) // 2, KEY_Y, s, SMALL, 0)


def nav_keys(cv, arrows, roll):
    """The soft keys of the lists and paged screens: UP, DOWN, LEFT and RIGHT where `arrows`,
    BACK, and `roll` over Roll (None: no label). One function for all of them, so that a
    press opening one can send its keys before its module is loaded (App.send_keys)."""
    left, right = (LEFT, RIGHT) if arrows else (None, None)
    softkeys(cv, (UP, DOWN, left, right, T["k_back"], roll))


def view_keys(g, cards):
    """(arrows, roll) of the soft keys (:func:`nav_keys`) of the card view (`cards`) or the
    standings of game `g` (ui.standings): those screens draw them from here, and a press that
    opens one sends them from here before that module is loaded (App.send_keys)."""
    return (len(g.players) > 1, None) if cards else (False, T["k_card"])


def battery(cv, x, y, level):
    """The battery gauge, 9 x 5 px from x, y: an outline filled by `level` 1..4 (the app's
    `battery`), left empty when low or empty; nothing at all for None (USB power)."""
    if level is None:
        return
    cv.rect(x, y, 8, 5, 1)
    cv.vline(x + 8, y + 1, 3, 1)
    if level > 0:
        cv.fill_rect(x + 1, y + 1, (level * 6 + 3) >> 2, 3, 1)


def title_bar(cv, text, right=None):
    """Inverted 7-px title row with optional right-aligned text."""
    cv.fill_rect(0, 0, 128, 7, 1)
    cv.text(2, 1, text, SMALL, 0)
    if right:
        cv.text_right(126, 1, right, SMALL, 0)


def fit_lines(text, font, px):
    """Split text into lines no wider than `px` pixels in `font`, at spaces (a word wider
    than a line is cut). Example: fit_lines("SCORE SM ST X3", SMALL, 46) gives two lines."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while font.width(word) > px:
                if line:
                    out.append(line)
                    line = ""
                k = len(word) - 1
                while k > 1 and font.width(word[:k]) > px:
                    k -= 1
                out.append(word[:k])
                word = word[k:]
            joined = word if not line else line + " " + word
            if font.width(joined) <= px:
                line = joined
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def wrap(text, width):
    """Split text into lines of at most `width` characters at spaces."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def upper(text):
    """``text`` in capitals as the panel shows them, the same on every runtime: a-z and the
    Latin-1 small letters U+00E0..U+00FE (not the division sign) become their capitals; the
    rest stays (U+00DF and U+00FF have no Latin-1 capital). ``str.upper`` differs: CPython
    turns U+00FF into U+0178, which the font lacks, and MicroPython changes ASCII only."""
    if len(text.encode()) == len(text):  # ASCII: str.upper is the same everywhere
        return text.upper()
    # by code point (gfx.font.points): a str's characters would be interned names
    return text_of(
        [c - 32 if 97 <= c <= 122 or (224 <= c <= 254 and c != 247) else c for c in points(text)]
    )


def reading(app):
    """The frame shown before a big save is read (its replay takes seconds: about 20 s for a
    Triple game of 30 players at its end), so that the panel is not blank meanwhile."""
    from lang import T

    cv = app.cv
    cv.fill(0)
    lines = fit_lines(T["reading"], SMALL, 120)
    for i in range(len(lines)):
        cv.text((128 - SMALL.width(lines[i])) // 2, 28 - 4 * len(lines) + 8 * i, lines[i], SMALL)
    app.pusher.invalidate()
    app.pusher.push()
