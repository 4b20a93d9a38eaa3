# Score card drawing (shared by the turn screen) and the card view / standings screens.
# SPDX-License-Identifier: MIT

from gfx.font import DOWN, LEFT, RIGHT, SMALL, TIMES, UP
from lang import T, box

from ui.keys import HOLD1, HOLD2, HOLD3, HOLD4, HOLD5, ROLL
from ui.widgets import softkeys, title_bar, upper

ROW_H = 6  # SMALL glyphs are 5 rows high: 8 card rows fit in 48 pixels


def card_rows(g):
    """The rows of a card, top to bottom: (kind, category) with kind "hdr" (column
    heads, triple only), "cat", "sum" (upper total), "bon" (bonus), "ext" (Yahtzee / extra
    Yatzy bonuses), "tot" (column totals) and "all" (weighted total, triple only)."""
    r = g.rules
    rows = []
    if r.columns > 1:
        rows.append(("hdr", None))
    last_upper = r.upper[-1] if r.upper else None
    for c in r.categories:
        rows.append(("cat", c))
        if c == last_upper:
            rows.append(("sum", None))
            rows.append(("bon", None))
    if r.yahtzee_bonus or r.extra_bonus:
        rows.append(("ext", None))
    rows.append(("tot", None))
    if r.columns > 1:
        rows.append(("all", None))
    return rows


# the message id of each row kind's label
_NAMES = {"sum": "sum", "bon": "bonus", "ext": "y_bonus", "tot": "total", "all": "score_all"}


def row_label(g, row, p=0):
    """The label of a card row of player p."""
    kind, c = row
    if kind == "cat":
        return box(c)
    if kind == "hdr":
        return ""
    if kind == "bon" and g.rules.columns > 1 and bonus_open(g, p):
        return T["to_go_row"]  # the cells are too narrow for "63 TO GO": the row says it
    return T[_NAMES[kind]]


def bonus_open(g, p):
    """True when one of player p's columns can still reach the upper bonus."""
    for col in range(g.rules.columns):
        need = g.bonus_needed(p, col)
        if need is not None and need > 0:
            return True
    return False


def bonus_text(g, p, col, room, labelled=True):
    """The upper bonus of player p's column, in the one notation every screen uses (English
    shown): "BONUS 63 TO GO" (63 more points in the upper boxes earn it), "BONUS +50"
    (earned), "NO BONUS" (out of reach); without the word BONUS where a label says it or
    there is no room ("63 TO GO", "+50"), and "63" and "-" where even that does not fit in
    `room` pixels (Triple's columns, whose row label then says "TO GO")."""
    need = g.bonus_needed(p, col)
    if need == 0:
        b = g.bonus(p, col)
        forms = (T["bonus_got"] % b, "+%d" % b)
    elif need is None:
        forms = (T["no_bonus"], "-")
        labelled = True  # "NO BONUS" names no figure: it may stand without a label
    else:
        forms = (T["bonus_in"] % need, T["to_go"] % need, "%d" % need)
    for i in range(0 if labelled else 1, len(forms)):
        if SMALL.width(forms[i]) <= room:
            return forms[i]
    return forms[-1]


def cell_text(g, p, row, col, potential=None):
    """Text of one card cell: a filled value, "+n" for what the dice would score in an
    open box (potential), "-n" for points still needed for the bonus."""
    kind, c = row
    if kind == "cat":
        v = g.players[p].card[col][c]
        if v is not None:
            return str(v)
        if potential is not None:
            return "+%d" % potential
        return ""
    if kind == "hdr":
        return TIMES + str(g.rules.factors[col])
    if kind == "sum":
        return str(g.upper_total(p, col))
    if kind == "bon":  # room: a Triple column, or the card's width less its label
        return bonus_text(g, p, col, 17 if g.rules.columns > 1 else 44, False)
    if kind == "tot":
        return str(g.column_total(p, col))
    if col:
        return ""
    if kind == "ext":
        return str(g.extra_bonus(p))
    return str(g.total(p))  # "all"


def col_right(g, col, x_end):
    """Right edge (exclusive) of value column `col` in a card drawn up to x_end."""
    n = g.rules.columns
    return x_end - (n - 1 - col) * 18


def draw_card(cv, g, p, rows, top, nrows, y0, x_end, pots=None, cursor=None):
    """Rows top..top+nrows-1 of player p's card; pots maps (category, column) to the score
    these dice would give; cursor = (category, column) is shown inverted. A card of several
    columns keeps its heading row (x1 x2 x3) on top when scrolled."""
    for i in range(nrows):
        k = top + i
        if k >= len(rows):
            break
        row = rows[0] if i == 0 and g.rules.columns > 1 else rows[k]
        draw_row(cv, g, p, row, y0 + i * ROW_H, x_end, pots, cursor)


def draw_row(cv, g, p, row, y, x_end, pots=None, cursor=None):
    """One card row at y, as draw_card draws it (everything inside x 0..x_end-1, y..y+5: a
    cursor move redraws just its old and new rows over a cleared strip)."""
    cols = g.rules.columns
    cv.text(1, y + 1, row_label(g, row, p), SMALL)
    for col in range(cols):
        pot = None
        if pots is not None and row[0] == "cat":
            pot = pots.get((row[1], col))
        s = cell_text(g, p, row, col, pot)
        if s:
            cv.text_right(col_right(g, col, x_end) - 1, y + 1, s, SMALL)
    if cursor is not None and row[0] == "cat" and row[1] == cursor[0]:
        if cols == 1:
            cv.invert_rect(0, y, x_end, ROW_H)
        else:
            cv.invert_rect(0, y, 25, ROW_H)
            r = col_right(g, cursor[1], x_end)
            cv.invert_rect(r - 18, y, 18, ROW_H)


def row_of(rows, category):
    for k in range(len(rows)):
        if rows[k][1] == category:
            return k
    return 0


class CardView:
    """Any player's card, full screen: UP/DOWN scroll, LEFT/RIGHT change player."""

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
        if n > 8:  # scroll bar
            h = 48 * 8 // n
            cv.fill_rect(127, 8 + (48 - h) * self.top // (n - 8), 1, h, 1)
        many = len(g.players) > 1
        back = T["k_back"]
        softkeys(cv, (UP, DOWN, LEFT if many else None, RIGHT if many else None, back, None))

    def press(self, b, long, now):
        n = len(self.rows)
        step = 8 if long else 2
        if b == HOLD1:
            self.top = max(0, self.top - step)
        elif b == HOLD2:
            self.top = max(0, min(n - 8, self.top + step))
        elif b == HOLD3 or b == HOLD4:
            k = len(self.g.players)
            self.p = (self.p + (1 if b == HOLD4 else -1)) % k
        elif b == HOLD5 or b == ROLL:
            self.app.show(self.back)
            return
        self.app.changed()

    def tick(self, now):
        return None


class Standings:
    """Players by total with shared places, round and whose turn it is."""

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
        softkeys(cv, (UP, DOWN, None, None, T["k_back"], T["k_card"]))

    def press(self, b, long, now):
        n = len(self.g.players)
        if b == HOLD1:
            self.top = max(0, self.top - 1)
        elif b == HOLD2:
            self.top = max(0, min(n - 7, self.top + 1))
        elif b == ROLL:
            rank = self.g.ranking()
            self.app.show(CardView(self.app, self.g, self, rank[self.top][1]))
            return
        elif b == HOLD5:
            self.app.show(self.back)
            return
        self.app.changed()

    def tick(self, now):
        return None
