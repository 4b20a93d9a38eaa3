# List screens: a titled list of rows with a cursor, the stuff every menu is made of.
# SPDX-License-Identifier: MIT
"""Loaded with the menus and dropped with them while a game is played (heap.py)."""

from gfx.font import SMALL
from lang import T

from ui.keys import HOLD1, HOLD2, HOLD3, HOLD4, HOLD5, KEY_Y, ROLL
from ui.widgets import Screen, nav_keys, title_bar, wrap

# six rows of 7 px under the title bar: the last row's cursor bar (y 43..49) stays clear of
# the soft keys (y 57..63), and a one-line note (y 51..56) covers no row
ROWS = 6
ROW_Y = 8
ROW_P = 7


class ListScreen(Screen):
    """A titled list of (label, value or None) rows with a cursor. Keys: HOLD1/HOLD2 up and
    down (long: first/last), HOLD3/HOLD4 change the value (long: bigger steps), HOLD5 back,
    ROLL choose (on a value: the next value)."""

    title = ""  # message id of the title bar ("" none)
    first = "keys"  # shown: its soft keys go out before the rest of its frame (App.show)
    # a draw() of its own whose rows are ListScreen's, from row_y, rows() of them: a press
    # that changes only rows redraws (and sends) just those, as on ListScreen's own layout
    own_rows = False
    row_y = ROW_Y
    menu = True  # shows menu words (lang.MENU): the app has them loaded

    def __init__(self, app):
        Screen.__init__(self, app)
        self.cur = 0
        self.top = 0
        self.note = ""
        self._items = None  # the rows press() just computed, for the draw_parts after it

    def items(self):
        return []

    def adjust(self, i, d, long):
        return False

    def choose(self, i):
        self.adjust(i, 1, False)

    def back(self):
        self.app.title()

    def right_title(self):
        return None

    def draw(self, cv):
        title_bar(cv, T[self.title] if self.title else "", self.right_title())
        self.draw_rows(cv, ROW_Y, ROWS)
        self.draw_keys(cv)

    def draw_rows(self, cv, y0, rows):
        items = self.items()
        for i in range(rows):
            k = self.top + i
            if k >= len(items):
                break
            self._row(cv, y0 + i * ROW_P, k, items[k])
        self._scroll_bar(cv, y0, rows, len(items))
        if self.note:
            lines = wrap(self.note, 31)[:2]
            y = 57 - 6 * len(lines)
            cv.fill_rect(0, y - 1, 128, 57 - y + 1, 0)
            for line in lines:
                cv.text(2, y, line, SMALL)
                y += 6

    def _row(self, cv, y, k, item):
        """Item k's row at y: its label, its value right-aligned, inverted under the cursor."""
        label, value = item
        cv.text(3, y + 1, label, SMALL)
        if value is not None:
            cv.text_right(125, y + 1, value, SMALL)
        if k == self.cur:
            cv.invert_rect(0, y, 128, ROW_P)

    def _scroll_bar(self, cv, y0, rows, n):
        if n > rows:
            h = rows * ROW_P * rows // n
            span = rows * ROW_P - h
            cv.fill_rect(127, y0 + span * self.top // (n - rows), 1, h, 1)

    def draw_part(self, cv, part):
        """Redraw only `part` as draw() draws it: "keys", the soft keys; else a tuple of
        item indices on screen, those rows (a row past the last item is cleared): the part
        of the frame a cursor move or a value change touches (see press)."""
        if part == "keys":
            cv.fill_rect(0, KEY_Y - 1, 128, 64 - KEY_Y + 1, 0)
            self.draw_keys(cv)
            return
        items = self._items or self.items()
        y0 = self.row_y
        for k in part:
            y = y0 + (k - self.top) * ROW_P
            cv.fill_rect(0, y, 128, ROW_P, 0)
            if k < len(items):
                self._row(cv, y, k, items[k])
        self._scroll_bar(cv, y0, self.rows(), len(items))

    def _view(self):
        """What a press may change besides the rows (None: draw() is not ListScreen's)."""
        if not self.own_rows and (type(self).draw is not ListScreen.draw or self.rows() != ROWS):
            return None
        return (self.items(), self.top, self.note, self.right_title())

    def _changed_rows(self, before, cur0):
        """The parts of the screen a press changed, in the order they are sent, when the
        title and the note did not change (else None: the whole frame). A cursor move within
        the view: its two rows. Rows that came or went, a scroll (or a scroll bar that
        moved): the row under the cursor first, then the other rows; the soft keys last
        when the arrows on a value come or go."""
        if before is None or self.app.screen is not self:
            return None
        items, top, note, right = before
        after = self._items = self.items()  # for draw_part, right after
        if note or self.note or right != self.right_title():
            return None
        n0 = len(items)
        n1 = len(after)
        cur = self.cur
        if not n1 or cur >= n1 or cur0 >= n0:
            return None
        # every row on screen: a scroll, or the scroll bar's size or place changed
        rows = self.rows()
        every = self.top != top or (n0 != n1 and (n0 > rows or n1 > rows))
        end = self.top + rows
        if not every and end > n0 and end > n1:
            end = n0 if n0 > n1 else n1
        rest = tuple(
            k
            for k in range(self.top, end)
            if k != cur and (every or k == cur0 or k >= n0 or k >= n1 or after[k] != items[k])
        )
        if not rest:
            parts = [(cur,)]
        elif not every and rest == (cur0,):
            parts = [(cur0, cur)]  # a plain cursor move: both rows in one transfer
        else:
            parts = [(cur,), rest]
        if (items[cur0][1] is None) != (after[cur][1] is None):
            parts.append("keys")  # the arrows on a value come or go
        return parts

    def draw_keys(self, cv):
        items = self.items()
        value = items[self.cur][1] is not None if items else False
        nav_keys(cv, value, T["k_ok"])

    def press(self, b, long, now):
        self._items = None
        before = self._view()
        cur0 = self.cur
        n = len(before[0] if before is not None else self.items())
        self.note = ""
        if b == HOLD1 or b == HOLD2:
            if long:
                self.cur = 0 if b == HOLD1 else n - 1
            else:
                self.cur = (self.cur + (1 if b == HOLD2 else -1)) % n
            if self.cur < self.top:
                self.top = self.cur
            elif self.cur >= self.top + self.rows():
                self.top = self.cur - self.rows() + 1
        elif b == HOLD3 or b == HOLD4:
            self.adjust(self.cur, 1 if b == HOLD4 else -1, long)
        elif b == HOLD5:
            self.back()
        elif b == ROLL:
            self.choose(self.cur)
        # only the rows that changed are redrawn (and sent) when nothing else did
        self.app.changed(self._changed_rows(before, cur0) if n else None)

    def rows(self):
        return ROWS


def cycle(values, current, d):
    """The value d steps from `current` in `values` (wrapping)."""
    i = values.index(current) if current in values else 0
    return values[(i + d) % len(values)]


def on_off(v):
    return T["on"] if v else T["off"]
