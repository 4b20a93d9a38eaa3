# The card view and standings screens: opened by a press, loaded only while one is shown.
# SPDX-License-Identifier: MIT
"""`CardView(app, g, back)` (any player's card, full screen) and `Standings(app, g, back)`
(players by total) are opened from the play screen, its game menu and the game-over screen,
and go back to `back`. They live apart from `ui.card`, whose drawing the play screen keeps
loaded: heap.py's "menus" group drops this module when the play screen comes back."""

from gfx.font import LEFT, SMALL
from lang import T

from ui import pager
from ui.card import ROW_H, bonus_text, card_rows, draw_card, draw_row
from ui.keys import KEY_Y, ROLL
from ui.widgets import nav_keys, title_bar, upper, view_keys


def _keys_part(screen, cv, part):
    """Either screen's draw_part: "keys", its soft-key row (sent first when it is shown)."""
    cv.fill_rect(0, KEY_Y - 1, 128, 65 - KEY_Y, 0)
    screen.draw_keys(cv)


class CardView:
    """Any player's card, full screen: UP/DOWN scroll, LEFT/RIGHT change player."""

    first = "keys"  # shown: its soft keys go out before the card (App.show)

    def __init__(self, app, g, back, p=None):
        self.app = app
        self.g = g
        self.back = back
        self.p = g.current if p is None else p
        self.rows = card_rows(g)
        self.top = 0

    def draw(self, cv):
        g = self.g
        pl = g.players[self.p]
        title_bar(cv, upper(pl.name), "%d/%d" % (self.p + 1, len(g.players)))
        n = len(self.rows)
        # with a scroll bar (column 127) the scores end two columns left of it
        draw_card(cv, g, self.p, self.rows, self.top, 8, 8, 126 if n > 8 else 128)
        self._scroll_bar(cv)
        self.draw_keys(cv)

    def _scroll_bar(self, cv):
        n = len(self.rows)
        if n > 8:
            h = 48 * 8 // n
            cv.fill_rect(127, 8 + (48 - h) * self.top // (n - 8), 1, h, 1)

    def draw_part(self, cv, part):
        """ "keys": the soft-key row (sent first when shown); 0 or 1: the card's upper or
        lower four rows (pages 1-3, 4-6), as draw() draws them, the scroll bar with the
        lower ones: a scroll sends the upper half before the lower one is drawn."""
        if part == "keys":
            _keys_part(self, cv, part)
            return
        g, rows = self.g, self.rows
        x_end = 126 if len(rows) > 8 else 128
        y = 8 + part * 4 * ROW_H
        cv.fill_rect(0, y, x_end, 4 * ROW_H, 0)
        if part == 0:
            draw_card(cv, g, self.p, rows, self.top, 4, 8, x_end)
            return
        for i in range(4, 8):  # (draw_card's first row would be Triple's heading)
            k = self.top + i
            if k < len(rows):
                draw_row(cv, g, self.p, rows[k], 8 + i * ROW_H, x_end)
        cv.fill_rect(127, 8, 1, 48, 0)
        self._scroll_bar(cv)

    def draw_keys(self, cv):
        nav_keys(cv, *view_keys(self.g, True))

    def press(self, b, long, now):
        pager.press(self, b, long)

    def up_down(self, d, long):
        top = self.top
        self.top = pager.scrolled(top, d * (8 if long else 2), len(self.rows), 8)
        if self.top != top:  # a scroll: the card's upper rows go out first
            self.app.changed([0, 1])
            return True  # (the damage is marked: pager.press marks no more)
        return False

    def left_right(self, d):
        self.p = (self.p + d) % len(self.g.players)

    def tick(self, now):
        return None


class Standings:
    """Players by total with shared places, round and whose turn it is."""

    first = "keys"  # shown: its soft keys go out before the table (App.show)
    draw_part = _keys_part

    def __init__(self, app, g, back):
        self.app = app
        self.g = g
        self.back = back
        self.top = 0

    def draw(self, cv):
        g = self.g
        if g.is_over():
            right = T["final"]
        else:
            right = T["round_n"] % (min(g.round, g.rounds), g.rounds)
        title_bar(cv, T["standings"], right)
        rank = g.ranking()
        for i in range(7):
            k = self.top + i
            if k >= len(rank):
                break
            place, p, total = rank[k]
            y = 9 + i * 7
            cv.text(1, y, str(place), SMALL)
            name = upper(g.players[p].name)
            cv.text(12, y, name, SMALL)
            if p == g.current and not g.is_over():
                cv.text(14 + SMALL.width(name), y, LEFT, SMALL)
            if g.rules.upper and g.rules.columns == 1:
                cv.text_right(84, y, str(total), SMALL)
                cv.text_right(128, y, bonus_text(g, p, 0, 36, False), SMALL)
            else:
                cv.text_right(96, y, str(total), SMALL)
        self.draw_keys(cv)

    def draw_keys(self, cv):
        nav_keys(cv, *view_keys(self.g, False))

    def press(self, b, long, now):
        if b == ROLL:  # the card of the first player shown
            rank = self.g.ranking()
            self.app.show(CardView(self.app, self.g, self, rank[self.top][1]))
            return
        pager.press(self, b, long)

    def up_down(self, d, long):
        self.top = pager.scrolled(self.top, d, len(self.g.players), 7)

    def tick(self, now):
        return None
