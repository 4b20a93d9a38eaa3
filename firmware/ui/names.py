# Name entry with six buttons: move along the name, step the letter up or down, delete, done.
# SPDX-License-Identifier: MIT
#
# Keys: hold1 = cursor left, hold2 = letter up, hold3 = letter down (long: jump to the next
# group: A, the Nordic letters, the other Latin-1 letters, 0, space), hold4 = cursor right,
# hold5 = delete (long: clear), Roll = done.

from gfx.font import DOWN, LEFT, MEDIUM, RIGHT, SMALL, UP, points, text_of
from lang import T
from settings import NAME_MAX as MAX

from ui.keys import HOLD1, HOLD2, HOLD3, HOLD4, HOLD5, ROLL
from ui.widgets import softkeys, title_bar, upper  # noqa: F401 (upper: names.upper)

# After Z as the Nordic alphabets have them (sv/fi: Å Ä Ö, nb/da: Æ Ø Å, in one order),
# then Ü and É, then the other Latin-1 capitals the fonts draw.
CHARS = (
    " ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    "\u00c5\u00c4\u00d6\u00c6\u00d8\u00dc\u00c9"  # Å Ä Ö Æ Ø Ü É
    "\u00c0\u00c1\u00c2\u00c3\u00c7\u00c8\u00ca\u00cb\u00cc\u00cd\u00ce\u00cf"  # À .. Ï
    "\u00d0\u00d1\u00d2\u00d3\u00d4\u00d5\u00d9\u00da\u00db\u00dd\u00de"  # Ð .. Þ
    "0123456789-."
)
GROUPS = (0, 1, 27, 34, 57)  # space, A, Å, À, 0
# CHARS as code points, one byte each. The entry keeps and steps through code points and
# makes a str only to draw or return one: indexing or iterating a str would intern each
# character as a name for good (docs/app_infra.md, "Interned names are for good").
_CODES = bytes(points(CHARS))


def _index(c):
    """Where the code point `c` is in CHARS (0, the space, when it is not there)."""
    i = _CODES.find(bytes((c,))) if c < 256 else -1
    return i if i >= 0 else 0


class NameEntry:
    menu = True  # shows menu words (lang.MENU)

    def __init__(self, app, name, on_done, back, title=None):
        self.app = app
        self.chars = list(points(upper(name)))[:MAX]  # code points
        self.pos = len(self.chars) if len(self.chars) < MAX else MAX - 1
        self.on_done = on_done
        self.back = back
        self.title = title  # None: "NAME"

    def code(self):
        return self.chars[self.pos] if self.pos < len(self.chars) else 32  # a space

    def char(self):
        """The character at the cursor (a space past the end)."""
        return text_of((self.code(),))

    def set_code(self, c):
        while len(self.chars) <= self.pos:
            self.chars.append(32)
        self.chars[self.pos] = c

    def name(self):
        return text_of(self.chars).strip()

    def press(self, b, long, now):
        if b == HOLD1:
            self.pos = max(0, self.pos - 1)
        elif b == HOLD4:
            if self.pos < len(self.chars) and self.pos < MAX - 1:
                self.pos += 1
        elif b == HOLD2 or b == HOLD3:
            i = _index(self.code())
            if long and b == HOLD3:
                nxt = [s for s in GROUPS if s > i]
                i = nxt[0] if nxt else GROUPS[0]
            elif long:
                prev = [s for s in GROUPS if s < i]
                i = prev[-1] if prev else GROUPS[-1]
            else:
                i = (i + (1 if b == HOLD3 else -1)) % len(_CODES)
            self.set_code(_CODES[i])
        elif b == HOLD5:
            if long:
                self.chars = []
                self.pos = 0
            elif self.pos < len(self.chars):
                del self.chars[self.pos]
            elif self.chars:
                self.chars.pop()
                self.pos = len(self.chars)
        elif b == ROLL:
            name = self.name()
            if name:
                self.on_done(name)
                self.app.show(self.back)
                return
        self.app.changed()

    def draw(self, cv):
        title_bar(cv, self.title or T["name"])
        x0 = 64 - MAX * 9 // 2
        for i in range(MAX):
            x = x0 + i * 9
            if i < len(self.chars):
                cv.text(x + 2, 22, text_of((self.chars[i],)), MEDIUM)
            cv.hline(x + 1, 31, 7, 1)
            if i == self.pos:
                cv.invert_rect(x, 20, 9, 11)
                k = _index(self.code())
                n = len(_CODES)
                cv.text(x + 3, 12, text_of((_CODES[(k - 1) % n],)), SMALL)
                cv.text(x + 3, 35, text_of((_CODES[(k + 1) % n],)), SMALL)
        cv.text(2, 45, T["name_help"], SMALL)
        softkeys(cv, (LEFT, UP, DOWN, RIGHT, T["k_del"], T["k_ok"]))

    def tick(self, now):
        return None
