# The play screen's roll-off (who starts) and tie-break: loaded only while one is shown.
# SPDX-License-Identifier: MIT
"""The roll-off before the first turn and the tie-break after the last are a small part of a
game: their presses and drawing live here, imported by `ui.play`, `ui.play_view` and
`ui.play_cpu` while one is on screen. `ui.play` drops this module (heap.py "rolloff") in the
first collection after the turns have begun; the tie-break brings it back at the end."""

from gfx.font import RIGHT, SMALL
from lang import T
from yatzy import engine as E

from ui.card import ROW_H
from ui.keys import ROLL
from ui.play_view import TURN, die_x
from ui.widgets import softkeys, upper

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# ui/play_view.py's layout (its private constants take no RAM, so they are not importable)
_DICE_Y = const(49)
_DIE = const(15)
_CARD_W = const(79)


def auto_rolloff(play):
    g = play.g
    if g.phase == E.ROLLOFF:
        return g.players[g.current].cpu
    for pl in g.players:
        if not pl.cpu:
            return False
    return True


def do_rolloff(play):
    """One roll-off roll, saved right after the frame that shows it (it has no tumble to
    hide the write in), before the next press or tick is handled."""
    play.g.rolloff()
    play.app.changed("dice")  # its dice go out first, then the players' sums
    play.app.save_soon()


def press_rolloff(play, b, now):
    g = play.g
    if g.phase == E.ROLLOFF and play.human() and b == ROLL:
        do_rolloff(play)
    elif g.phase != E.ROLLOFF and b == ROLL:
        play.rolloff_seen = False
        play.app.changed("dice")  # the turn's dice row goes out first, then the card
    elif play.cpu_at is not None:
        play.cpu_at = now  # a press hurries the computer's roll
        return
    else:
        return
    play.sync(now)


def draw_rolloff(play, cv):
    """Who starts: each player's latest roll-off sum and the last roll's dice, eight players
    a page (the page of the player rolling, then of the one who starts)."""
    g = play.g
    cv.fill_rect(0, 0, 128, 7, 1)
    if g.phase == E.ROLLOFF:
        cv.text(2, 1, T["who_starts"], SMALL, 0)
    else:
        cv.text(2, 1, T["starts"] % upper(g.players[g.starter].name), SMALL, 0)
    first = (g.current if g.phase == E.ROLLOFF else g.starter) // 8 * 8
    for q in range(first, min(len(g.players), first + 8)):
        x = 0 if q - first < 4 else 64
        y = 9 + (q % 4) * 9
        name = upper(g.players[q].name)
        cv.text(x + 1, y, name, SMALL)
        s = attempts(g, q, 58 - SMALL.width(name))
        if s:
            cv.text_right(x + 62, y, s, SMALL)
        if g.phase == E.ROLLOFF and q == g.current:
            cv.invert_rect(x, y - 1, 63, 7)
    draw_rolloff_dice(play, cv)


def attempts(g, q, room):
    """Player q's roll-off sums, first to latest, joined by arrows ("4→6": a tie on 4, then
    6): numbers read the same in every language. The latest that fit `room` pixels."""
    s = ""
    for a, p, d in g.rolloff_log:
        if p == q:
            s = str(sum(d)) if not s else s + RIGHT + str(sum(d))
    while SMALL.width(s) > room and RIGHT in s:
        s = s[s.find(RIGHT) + 1 :]
    return s


def draw_rolloff_dice(play, cv):
    """The roll-off's dice row: the last roll's dice and the key to roll or to play."""
    g = play.g
    if g.rolloff_log:
        d = g.rolloff_log[-1][2]
        for i in range(len(d)):
            cv.dice_face(die_x(i) if len(d) > 1 else 56, _DICE_Y, _DIE, d[i], False)
    if g.phase == E.ROLLOFF:
        if play.human():
            softkeys(cv, (None, None, None, None, None, T["k_roll"]))
    elif not auto_rolloff(play):
        softkeys(cv, (None, None, None, None, None, T["k_play"]))


def draw_tiebreak(play, cv):
    """The tie-break: the tied players' latest sums instead of the card."""
    g = play.g
    cv.text(1, 1, T["tb_sum"], SMALL)
    y = 8
    tied = 0
    for q in range(len(g.players)):
        if g.tiebreak_scores(q):
            tied += 1
    last = 32 if tied <= 5 else 26  # five rows fit above the sum, or four and a "more" line
    more = 0
    for q in range(len(g.players)):
        tb = g.tiebreak_scores(q)
        if tb and y > last:
            more += 1
        elif tb:
            cv.text(1, y, upper(g.players[q].name), SMALL)
            cv.text_right(_CARD_W - 1, y, " ".join(str(v) for v in tb[-3:]), SMALL)
            y += ROW_H
    if more:
        cv.text(1, y, T["more_n"] % more, SMALL)
    if play.mode != TURN:
        cv.fill_rect(0, 40, _CARD_W, 7, 1)
        cv.text(1, 41, T["sum_plus"] % sum(g.dice), SMALL, 0)
