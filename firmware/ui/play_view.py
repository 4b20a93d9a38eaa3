# The play screen's drawing: card, info panel, dice row (ui/play_rolloff.py: roll-off, tie-break).
# SPDX-License-Identifier: MIT
"""Draws the play screen (`ui.play.Play`) from its state; it changes nothing. Also holds
what the screen's modules share: the modes and the dice row's place.

Layout (128x64): the card (8 rows of 6 px) at x 0..78 and an info panel at x 81..127 share
pages 0-5; the dice (15 px) sit in pages 6-7 right above their hold buttons, Roll's column
at the right. Choosing a box keeps the card where it is and swaps only the dice row for
small dice values plus soft keys (`draw_part` redraws that row alone), so a press changes
few bytes on the panel.
"""

from gfx.font import DOWN, LEFT, RIGHT, SMALL, UP
from lang import T, box
from yatzy import engine as E
from yatzy.holds import flags_of

from ui.card import ROW_H, bonus_open, bonus_text, cursor_bar, draw_card, draw_row
from ui.keys import COLS, ROLL
from ui.widgets import battery, fit_lines, softkeys, upper

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# modes of the play screen (ui/hint.py repeats TURN)
TURN = const(0)  # rolling and holding: the dice row shows the dice
CHOOSE = const(1)  # a cursor in the card, the dice row shows the card's keys
CONFIRM = const(2)  # scoring a 0: asked once more
_DICE_Y = const(49)
_DIE = const(15)
_CARD_W = const(79)
_INFO_X = const(82)


def die_x(i):
    """Left x of die i (0..5): above its hold button, the sixth above Roll."""
    return (COLS[i] if i < 5 else COLS[ROLL]) - (_DIE >> 1)


def draw(play, cv):
    """The whole screen: the card (or the roll-off, the direction question, the tie-break),
    the info panel and the dice row or the card keys."""
    g = play.g
    if g.phase == E.ROLLOFF or play.rolloff_seen:
        from ui.play_rolloff import draw_rolloff

        draw_rolloff(play, cv)
        return
    p = g.current
    if g.phase == E.DIRECTION:
        cv.text(1, 8, T["fill_q1"], SMALL)
        cv.text(1, 16, T["fill_q2"], SMALL)
        cv.text(1, 24, T["fill_q3"], SMALL)
    elif g.phase == E.TIEBREAK:
        from ui.play_rolloff import draw_tiebreak

        draw_tiebreak(play, cv)
    else:
        cursor = None
        if play.mode != TURN:
            cursor = play.order[play.cur]
        draw_card(cv, g, p, play.rows, play.top, 8, 0, _CARD_W, pots_shown(play), cursor)
    cv.vline(_CARD_W + 1, 0, 47, 1)
    draw_info(play, cv)
    if g.phase == E.DIRECTION:
        if play.human():
            softkeys(cv, (T["k_down"], T["k_up"], None, None, None, None))
    elif play.mode == TURN:
        draw_dice(play, cv)
    else:
        draw_keys(play, cv)


def draw_part(play, cv, part):
    """Redraw only a part: "dice", the dice row (pages 6-7: holds, tumbling faces, blinking
    holds, or the card's keys); "info", the info panel right of the card (the zero question
    at its foot); a tuple, those card rows (indices into play.rows, all on screen: what a
    cursor move changed)."""
    g = play.g
    if part == "dice" and (g.phase == E.ROLLOFF or play.rolloff_seen):
        from ui.play_rolloff import draw_rolloff_dice

        cv.fill_rect(0, _DICE_Y - 1, 128, 64 - _DICE_Y + 1, 0)
        draw_rolloff_dice(play, cv)  # the roll just made, before the players' sums
        return
    if g.phase == E.ROLLOFF or g.phase == E.DIRECTION or play.rolloff_seen:
        cv.fill(0)
        draw(play, cv)
        return
    if part == "info":
        cv.fill_rect(_INFO_X - 1, 0, 128 - _INFO_X + 1, _DICE_Y - 1, 0)
        draw_info(play, cv)
        return
    if type(part) is tuple:
        cursor = play.order[play.cur] if play.mode != TURN else None
        for k in part:
            y = (k - play.top) * ROW_H
            cv.fill_rect(0, y, _CARD_W, ROW_H, 0)
            draw_row(cv, g, g.current, play.rows[k], y, _CARD_W, pots_shown(play), cursor)
            if cursor is None:
                continue
            # the cursor's bar reaches one line into the row below (ui.card.draw_row): the
            # line above this strip is the margin of a cursor there, the line below it this
            # row's margin or the top of a cursor's bar below
            if _is_cursor(play, k - 1, cursor):
                cursor_bar(cv, g, cursor, y, 1, _CARD_W)
            if y + ROW_H < _DICE_Y - 1 and k + 1 < len(play.rows):
                cv.fill_rect(0, y + ROW_H, _CARD_W, 1, 0)
                if _is_cursor(play, k, cursor) or _is_cursor(play, k + 1, cursor):
                    cursor_bar(cv, g, cursor, y + ROW_H, 1, _CARD_W)
        return
    cv.fill_rect(0, _DICE_Y - 1, 128, 64 - _DICE_Y + 1, 0)
    if play.mode == TURN:
        draw_dice(play, cv)
    else:
        draw_keys(play, cv)


def _is_cursor(play, k, cursor):
    """True when card row k is on screen and is the cursor's row (Triple's heading row
    stands in for the top one)."""
    top = play.top
    if k < top or k >= top + 8 or (k == top and play.g.rules.columns > 1):
        return False
    return play.rows[k] == ("cat", cursor[0])


def pots_shown(play):
    """The scores the open boxes would get, while the card has a cursor."""
    return play.pots if play.mode != TURN else None


def bonus_line(g, p, room):
    """The info panel's upper-bonus line for `room` pixels: one column's bonus text, or in
    Triple one figure a column with as much of the label as fits (at most one pixel over
    `room` in the tightest form: the panel's margin takes it)."""
    if g.rules.columns == 1:
        return bonus_text(g, p, 0, room)
    parts = []
    for col in range(g.rules.columns):
        parts.append(bonus_text(g, p, col, 0, False))
    s = " ".join(parts) + (" " + T["to_go_row"] if bonus_open(g, p) else "")
    if SMALL.width(T["bonus"] + " " + s) <= room:
        return T["bonus"] + " " + s
    if SMALL.width(s) > room:
        s = " ".join(parts)
    if SMALL.width(s) > room:
        s = "".join(parts)
    return s


def draw_info(play, cv):
    """The info panel right of the card: player, totals, bonus, round, rolls, place or
    best score, and a toast or the zero question at its foot."""
    g = play.g
    p = g.current
    pl = g.players[p]
    x = _INFO_X
    cv.fill_rect(x - 1, 0, 128 - x + 1, 7, 1)
    cv.text(x + 1, 1, upper(pl.name), SMALL, 0)
    if pl.cpu:
        cv.text_right(127, 1, T["cpu"], SMALL, 0)
    cv.text(x, 9, T["total_n"] % g.total(p), SMALL)
    r = g.rules
    if r.upper:
        s = bonus_line(g, p, 128 - x)
        # the tightest Triple form ("+100+100+100", 47 px) may start in the panel's margin
        cv.text(min(x, max(x - 1, 128 - SMALL.width(s))), 16, s, SMALL)
    if g.phase == E.TIEBREAK:
        cv.text(x, 23, T["tie_break"], SMALL)
    else:
        cv.text(x, 23, T["round_n"] % (g.round, g.rounds), SMALL)
    left = g.rolls_left()
    if g.phase in (E.TURN, E.TIEBREAK):
        cv.text(x, 30, T["rolls_n"] % left if left else T["no_rolls"], SMALL)
    if len(g.players) == 1:
        best = play.app.store.best(g)
        if best:
            cv.text(x, 37, T["beat"] % best, SMALL)
    else:
        place = 1
        me = g.total(p)
        for q in range(len(g.players)):
            if g.total(q) > me:
                place += 1
        cv.text(x, 37, T["place"] % (place, len(g.players)), SMALL)
    if play.mode == TURN:
        draw_roll_line(play, cv)
    if not play.toast and play.mode != CONFIRM and (r.dice == 5 or play.mode != TURN):
        battery(cv, 118, 42, play.app.battery)  # (Maxi's roll line is there while rolling)
    if play.mode == CONFIRM:
        c, col = play.order[play.cur]
        cv.fill_rect(x - 1, 36, 128 - x + 1, 12, 1)
        cv.text(x, 37, T["zero_q"], SMALL, 0)
        cv.text(x, 43, box(c) + "?", SMALL, 0)
    elif play.toast:
        lines = fit_lines(play.toast, SMALL, 128 - x)
        foot = 42 if roll_line(play) else 49  # Maxi's Roll line stays under a toast
        y = foot - 6 * len(lines)
        cv.fill_rect(x - 1, y - 1, 128 - x + 1, foot - y, 0)
        for line in lines:
            cv.text(x, y, line, SMALL)
            y += 6


def draw_dice(play, cv):
    """The dice row while rolling: the dice above their hold buttons (tumbling faces,
    a computer's planned holds blinking), Roll's label; before a human's first roll the
    soft keys MENU and UNDO instead of the dice."""
    g = play.g
    n = g.rules.dice
    held = g.held
    if play.blink_end is not None and play.cpu_holds is not None and play.blink_on:
        held = flags_of(play.cpu_holds, n)
    if not g.dice and play.human() and g.phase == E.TURN:
        # before the first roll the hold buttons hold nothing: HOLD1 opens the game menu
        undo = T["k_undo"] if play.can_undo() else None
        softkeys(cv, (T["k_game_menu"], None, None, None, undo, None))
        n = 0
    for i in range(n):
        if not g.dice:
            if i == 4 and play.can_undo():
                softkeys(cv, (None, None, None, None, T["k_undo"], None))
                continue
            v = 0
        elif play.rolling >> i & 1:
            v = play.faces[i]
        else:
            v = g.dice[i]
        cv.dice_face(die_x(i), _DICE_Y, _DIE, v, bool(held[i]) if g.dice else False)
    if g.rules.dice == 5 and play.human():
        left = g.rolls_left()
        label = T["k_roll"] if left else T["k_score"]
        w = SMALL.width(label)
        x = COLS[ROLL] - w // 2
        if x + w > 127:
            x = 127 - w
        if x < 0:
            x = 0
        cv.text(x, 52, label, SMALL)
        for k in range(min(left, 3)):
            cv.fill_rect(COLS[ROLL] - 7 + 6 * k, 59, 3, 3, 1)


def draw_roll_line(play, cv):
    """Six dice (Maxi) fill the dice row, the sixth above Roll: Roll's label, a dot per roll
    left of this turn's and "+n" for the rolls banked from earlier turns go on the info
    panel's last line instead."""
    if not roll_line(play):
        return
    g = play.g
    left = g.rolls_left()
    own = g.rules.rolls - g.rolls_used
    own = 0 if own < 0 else own if own < left else left
    x = _INFO_X
    x = cv.text(x, 42, T["k_roll"] if left else T["k_score"], SMALL) + 2
    for _k in range(own):
        cv.fill_rect(x, 43, 3, 3, 1)
        x += 5
    if left > own:
        cv.text(x, 42, "+%d" % (left - own), SMALL)


def roll_line(play):
    """Six dice and a human rolling: Roll's label is on the info panel's last line."""
    g = play.g
    return g.rules.dice == 6 and play.human() and g.phase == E.TURN and play.mode == TURN


def draw_keys(play, cv):
    """The dice row while choosing a box: small dice values and the card's soft keys."""
    g = play.g
    six = COLS[ROLL] + (8 if COLS[ROLL] < COLS[0] else -8)  # by Roll, toward the dice
    for i in range(len(g.dice)):
        x = (COLS[i] if i < 5 else six) - 4
        cv.rect(x, 48, 9, 9, 1)
        cv.text(x + 3, 50, str(g.dice[i]), SMALL)
    if play.mode == CONFIRM:
        softkeys(cv, (None, None, None, None, T["k_no"], T["k_yes"]))
        return
    if not play.human():
        return
    triple = g.rules.columns > 1
    back = T["k_dice"] if g.rolls_left() > 0 and play.human() else None
    ok = T["k_ok"]
    softkeys(cv, (UP, DOWN, LEFT if triple else None, RIGHT if triple else None, back, ok))
