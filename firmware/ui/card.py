# Score card drawing, shared by the play screen and the card view (ui/standings.py).
# SPDX-License-Identifier: MIT

from gfx.font import SMALL, TIMES
from lang import T, box

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
        return box(c, g.rules.columns == 1)
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
        margin = i + 1 < nrows and k + 1 < len(rows)
        draw_row(cv, g, p, row, y0 + i * ROW_H, x_end, pots, cursor, margin)


def draw_row(cv, g, p, row, y, x_end, pots=None, cursor=None, margin=False):
    """One card row at y, as draw_card draws it (everything inside x 0..x_end-1, y..y+5: a
    cursor move redraws just its old and new rows over a cleared strip). The cursor's bar
    is inverted over the row and, with `margin` (a row follows on screen), over the blank
    top line of the row below too: its text then has a lit line above and below it (the
    glyphs' bottom strokes do not run into the dark below, "SM ST" never reads "3M 3T")."""
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
        cursor_bar(cv, g, cursor, y, ROW_H + 1 if margin else ROW_H, x_end)


def cursor_bar(cv, g, cursor, y, h, x_end):
    """Invert the cursor's bar (the label and the cursor's column) over rows y..y+h-1."""
    if g.rules.columns == 1:
        cv.invert_rect(0, y, x_end, h)
    else:
        cv.invert_rect(0, y, 25, h)
        r = col_right(g, cursor[1], x_end)
        cv.invert_rect(r - 18, y, 18, h)


def row_of(rows, category):
    for k in range(len(rows)):
        if rows[k][1] == category:
            return k
    return 0
