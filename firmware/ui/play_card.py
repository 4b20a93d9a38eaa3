# The play screen's card mode: the cursor over the open boxes, its keys, scoring a zero.
# SPDX-License-Identifier: MIT
"""Card-mode input of the play screen (`ui.play.Play`, whose methods these functions are):
`open_card` lists the boxes that can be scored now (column by column, top to bottom, so up
and down stay in a column) with what each would score, `press_card` moves the cursor or
scores, `press_confirm` answers the question asked before a zero is scored.
`cursor_box` is the box the card opens on, chosen once per roll: `Play.tick` asks for it as
soon as a human's dice have settled and are on the panel, so the card opens on it at once."""

import sys

from lang import T
from yatzy import engine as E

from ui.card import row_of
from ui.keys import HOLD1, HOLD2, HOLD3, HOLD4, HOLD5, ROLL
from ui.play_view import CHOOSE, CONFIRM, TURN


def cursor_box(play):
    """The box the card's cursor opens on for the dice on the table: the one the hint
    names (``strategy.hint``, the `best` level) when it says to score now, and with rolls
    left the box it would score these dice in (``yatzy.future.best_box(g, "best")``: the
    points now, the bonus and what the box is worth for the rest of the game, so Chance is
    not offered first for a roll that fits a box it would waste Chance on). Kept for the
    turn and dice it was chosen for: `Play.tick` asks right after a human's dice settle, so
    opening the card finds it made (else it is made then, after the card's keys are sent).
    None when no box may be scored; the highest score when the tables do not fit."""
    g = play.g
    turn = (g.round, g.current, g.rolls_used, tuple(g.dice))
    if play.chosen is None or play.chosen[0] != turn:
        try:
            from yatzy.future import best_box

            box = best_box(g, "best")
        except MemoryError:  # no room for the tables: the highest score (asked again later)
            top = None
            for c, col, s in g.choices():
                if top is None or s > top[2]:
                    top = (c, col, s)
            return None if top is None else top[:2]
        finally:
            t = sys.modules.get("yatzy.tables")  # the future values' file is read through it
            if t is not None:
                t.close()  # its read cache leaves the heap
        play.chosen = (turn, box)
    return play.chosen[1]


def open_card(play, cursor=None):
    """Put a cursor in the card: on `cursor` (category, column) when given and open, else
    on `cursor_box`'s (the hint's box). False (and a toast under compulsory rolls) when no
    box can be scored yet."""
    g = play.g
    ch = g.choices()
    if not ch:
        if g.rules.all_rolls and g.rolls_left():
            play.toast = T["roll_all_n"] % g.rules.rolls
        return False
    play.pots = {}
    for c, col, s in ch:
        play.pots[(c, col)] = s
    order = []  # column by column, top to bottom: up/down stay in a column
    for col in range(g.rules.columns):
        for row in play.rows:
            if row[0] == "cat" and (row[1], col) in play.pots:
                order.append((row[1], col))
    if g.phase == E.TIEBREAK:
        order = [(E.TIEBREAK_BOX, 0)]
    play.order = order
    if cursor is None and g.phase != E.TIEBREAK:
        if play.app.screen is play and play.mode == TURN:
            # the card's keys replace the dice at once (pages 6-7, where the press's change
            # starts): the cursor's box follows, chosen already unless the dice just settled
            play.mode = CHOOSE
            play.app.send_part("dice")
        cursor = cursor_box(play)
    if cursor is None:
        play.cur = 0
    else:
        play.cur = order.index(cursor) if cursor in order else 0
    play.mode = CHOOSE
    scroll_to_cursor(play)
    return True


def scroll_to_cursor(play):
    """Scroll the card so that the cursor's row and one row around it are shown."""
    if play.g.phase == E.TIEBREAK:
        return
    k = row_of(play.rows, play.order[play.cur][0])
    if k < play.top + 1:
        play.top = max(0, k - 1)
    elif k > play.top + 6:
        play.top = min(len(play.rows) - 8, k - 6)


def press_card(play, b, long, now):
    """A press while the card has a cursor (the controls in ui/play.py's header)."""
    g = play.g
    order = play.order
    cur0 = play.cur
    top0 = play.top
    toast0 = play.toast
    if b == HOLD1 or b == HOLD2:
        col = order[play.cur][1]
        same = [j for j in range(len(order)) if order[j][1] == col]
        if long:
            play.cur = same[0] if b == HOLD1 else same[-1]
        else:
            k = same.index(play.cur) + (1 if b == HOLD2 else -1)
            play.cur = same[k % len(same)]
        scroll_to_cursor(play)
    elif (b == HOLD3 or b == HOLD4) and g.rules.columns > 1:
        if long and b == HOLD3:
            play.show_hint()
        else:
            move_column(play, 1 if b == HOLD4 else -1)
    elif b == HOLD3 and long:
        play.show_hint()
    elif b == HOLD5 and long:
        play.shortcut(0)  # game menu (cards, standings, ...) from the card too
        return
    elif b == HOLD5 and g.rolls_left() > 0:
        play.mode = TURN
    elif b == ROLL:
        c, col = order[play.cur]
        if play.pots[(c, col)] == 0 and len(order) > 1:  # no question without a choice
            play.mode = CONFIRM
            # only the info panel's foot (the question) and the keys change: the card stays
            play.app.changed(["info", "dice"])
            return
        else:
            play.do_score(c, col, now)
            return
    if play.mode == CHOOSE and play.toast == toast0 and g.phase == E.TURN:
        # a cursor move changes only card rows: its new row is drawn and sent first, then
        # its old row (or, when the card scrolled, every other row shown)
        rows = play.rows
        k0 = row_of(rows, order[cur0][0])
        k1 = row_of(rows, order[play.cur][0])
        if play.top == top0:
            rest = () if k0 == k1 else (k0,)
        else:
            first = play.top + (1 if g.rules.columns > 1 else 0)  # the heading row stays
            end = play.top + 8 if play.top + 8 < len(rows) else len(rows)
            rest = tuple([k for k in range(first, end) if k != k1])
        play.app.changed([(k1,), rest] if rest else [(k1,)])
        return
    play.app.changed()


def move_column(play, d):
    """Next column (wrapping) with an open box: the same box there, else the nearest."""
    c, col = play.order[play.cur]
    cols = play.g.rules.columns
    k = row_of(play.rows, c)
    for step in range(1, cols):
        nc = (col + d * step) % cols
        best = None
        for j in range(len(play.order)):
            oc, ocol = play.order[j]
            if ocol == nc:
                dist = abs(row_of(play.rows, oc) - k)
                if best is None or dist < best[0]:
                    best = (dist, j)
        if best is not None:
            play.cur = best[1]
            scroll_to_cursor(play)
            return


def press_confirm(play, b, now):
    """A press while a zero score is asked once more: Roll scores it, any other key goes
    back to the cursor."""
    if b == ROLL:
        c, col = play.order[play.cur]
        play.do_score(c, col, now)
        play.app.changed()
    else:
        play.mode = CHOOSE
        play.app.changed(["info", "dice"])  # the question goes, the card's keys come back
