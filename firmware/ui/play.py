# The play screen: roll-off, dice and holds, the scoring card, computer turns, undo, hints.
# SPDX-License-Identifier: MIT
#
# Layout (128x64): the card (8 rows of 6 px) at x 0..78 and an info panel at x 81..127 share
# pages 0-5; the dice (16 px) sit in pages 6-7 right above their hold buttons, Roll's column
# at the right. Choosing a box keeps the card where it is and swaps only the dice row for
# small dice values plus soft keys, so a press changes few bytes on the panel.
#
# Human controls (b: 0..4 = hold1..hold5, 5 = hold6, 6 = Roll):
#   rolling:  hold short = hold/release a die; Roll = roll (no rolls left: open the card);
#             Roll long = open the card; Maxi: hold6 or hold5 long = die 6;
#             long hold1 = game menu, long hold2 = cards, long hold3 = hint,
#             long hold4 = standings; before the first roll hold5 = undo the last score.
#   card:     hold1/hold2 = up/down (long: first/last), hold3/hold4 = column (triple),
#             hold5 = back to the dice (long: game menu), Roll = score here; a 0 asks
#             again (Roll = yes, hold5 = no).

from gfx.font import DOWN, LEFT, RIGHT, SMALL, UP
from yatzy import engine as E
from yatzy.scoring import is_yatzy

from ui.card import ROW_H, card_rows, draw_card, row_of
from ui.keys import COLS, HOLD1, HOLD2, HOLD3, HOLD4, HOLD5, ROLL
from ui.widgets import softkeys

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_TURN = const(0)  # rolling and holding
_CHOOSE = const(1)  # cursor in the card
_CONFIRM = const(2)  # scoring a 0: asked once more
_ANIM_MS = const(240)  # tumbling: new faces every _FRAME_MS, then the real dice
_FRAME_MS = const(80)
_BLINK_MS = const(120)
_DICE_Y = const(49)
_DIE = const(15)
_CARD_W = const(79)
_INFO_X = const(82)


def die_x(i):
    return (COLS[i] if i < 5 else COLS[ROLL]) - (_DIE >> 1)


class Play:
    def __init__(self, app, g):
        self.app = app
        self.g = g
        self.rows = card_rows(g)
        self.mode = _TURN
        self.pots = None  # (category, column) -> score, while choosing
        self.order = None  # selectable (category, column) in card order
        self.cur = 0
        self.top = 0
        self.toast = ""
        self.anim_end = None
        self.anim_next = 0
        self.rolling = 0  # mask of dice tumbling
        self.faces = [1] * g.rules.dice
        self.seed = 12345
        self.cpu_at = None
        self.cpu_holds = None
        self.cpu_score = None
        self.blink_end = None
        self.blink_on = False
        self.rolloff_seen = g.phase == E.ROLLOFF
        self.undo_ok = True  # the last box was scored by a human (undo is offered)
        self.sync(app.now)

    # ---- state ------------------------------------------------------------------------
    def human(self):
        return not self.g.players[self.g.current].cpu

    def sync(self, now):
        """After any change of the game: pick the mode and plan computer steps."""
        g = self.g
        app = self.app
        app.changed()
        if g.is_over() and not self.rolloff_seen:
            from ui.end import End

            app.show(End(app, g))
            return
        if g.phase == E.ROLLOFF or self.rolloff_seen:
            self.mode = _TURN
            self.cpu_at = now + self.pace() if self.auto_rolloff() else None
            return
        if self.mode != _TURN and not g.dice:
            self.mode = _TURN
        if self.human():
            self.cpu_at = None
        elif self.cpu_at is None:
            self.cpu_at = now + self.pace()

    def auto_rolloff(self):
        g = self.g
        if g.phase == E.ROLLOFF:
            return g.players[g.current].cpu
        for pl in g.players:
            if not pl.cpu:
                return False
        return True

    def can_undo(self):
        return self.undo_ok and self.g.can_undo()

    def pace(self):
        return self.app.settings["cpu_pace"]

    def open_card(self, cursor=None):
        g = self.g
        ch = g.choices()
        if not ch:
            if g.rules.all_rolls and g.rolls_left():
                self.toast = "ROLL ALL %d" % g.rules.rolls
            return False
        self.pots = {}
        for c, col, s in ch:
            self.pots[(c, col)] = s
        order = []  # column by column, top to bottom: up/down stay in a column
        for col in range(g.rules.columns):
            for row in self.rows:
                if row[0] == "cat" and (row[1], col) in self.pots:
                    order.append((row[1], col))
        if g.phase == E.TIEBREAK:
            order = [(E.TIEBREAK_BOX, 0)]
        self.order = order
        if cursor is None:
            best = -1
            f = g.rules.factors
            for k in range(len(order)):
                s = self.pots[order[k]] * f[order[k][1]]
                if s > best:
                    best = s
                    self.cur = k
        else:
            self.cur = order.index(cursor) if cursor in order else 0
        self.mode = _CHOOSE
        self.scroll_to_cursor()
        return True

    def scroll_to_cursor(self):
        if self.g.phase == E.TIEBREAK:
            return
        k = row_of(self.rows, self.order[self.cur][0])
        if k < self.top + 1:
            self.top = max(0, k - 1)
        elif k > self.top + 6:
            self.top = min(len(self.rows) - 8, k - 6)

    def do_roll(self, now):
        g = self.g
        free = 0
        for i in range(g.rules.dice):
            if not g.dice or not g.held[i]:
                free |= 1 << i
        g.roll()
        self.toast = ""
        self.mode = _TURN
        self.rolling = free
        self.anim_end = now + _ANIM_MS
        self.anim_next = now
        self.seed = (self.seed * 1103515245 + 12345 + now) & 0x7FFFFFFF
        self.app.play_sound("roll")
        self.frame(now)

    def frame(self, now):
        if now >= self.anim_end:
            self.anim_end = None
            self.rolling = 0
            g = self.g
            if is_yatzy(g.dice):
                self.app.play_sound("yatzy")
        else:
            # A tumbling die never shows the face it lands on, so the settled dice are always
            # a visible change (and a screen showing the result means the tumble is over).
            s = self.seed
            dice = self.g.dice
            for i in range(len(self.faces)):
                s = (s * 1103515245 + 12345) & 0x7FFFFFFF
                f = 1 + (s >> 16) % 5
                if i < len(dice) and f >= dice[i]:
                    f += 1
                self.faces[i] = f
            self.seed = s
            self.anim_next = now + _FRAME_MS
        self.app.changed("dice")

    def do_score(self, c, col, now):
        g = self.g
        p = g.current
        pts = g.score(c, col)
        name = "SUM" if c == E.TIEBREAK_BOX else g.rules.label(c).upper()
        self.toast = "%s %d" % (name, pts)
        if len(g.players) > 1:
            self.toast = "%s:%s" % (g.players[p].name.upper()[:4], self.toast)
        self.mode = _TURN
        self.cpu_score = None
        self.top = 0
        self.undo_ok = not g.players[p].cpu
        self.app.save_now()
        if g.is_over():
            self.app.play_sound("end")
        self.sync(now)

    def do_undo(self, now):
        g = self.g
        g.undo()
        self.toast = "UNDONE"
        self.cpu_at = None
        self.app.save_now()
        self.open_card()
        self.sync(now)

    # ---- events -----------------------------------------------------------------------
    def press(self, b, long, now):
        app = self.app
        g = self.g
        if self.anim_end is not None:
            self.anim_end = now  # a press skips the tumbling
            self.frame(now)
            return
        if self.rolloff_seen or g.phase == E.ROLLOFF:
            self.press_rolloff(b, now)
            return
        if long and self.mode == _TURN and b < HOLD5:
            self.shortcut(b)
            return
        if not self.human():
            if self.mode == _TURN and not g.dice and b == HOLD5 and self.can_undo():
                self.do_undo(now)
                return
            self.cpu_at = now  # any other press hurries the computer
            self.blink_end = None
            return
        if g.phase == E.DIRECTION:
            if b == HOLD1 or b == HOLD2:
                g.choose_direction("down" if b == HOLD1 else "up")
                self.sync(now)
            return
        if self.mode == _TURN:
            self.press_turn(b, long, now)
        elif self.mode == _CHOOSE:
            self.press_card(b, long, now)
        else:
            if b == ROLL:
                c, col = self.order[self.cur]
                self.do_score(c, col, now)
            else:
                self.mode = _CHOOSE
            app.changed()

    def shortcut(self, b):
        app = self.app
        if b == HOLD1:
            from ui.menu import GameMenu

            app.show(GameMenu(app, self))
        elif b == HOLD2:
            from ui.card import CardView

            app.show(CardView(app, self.g, self))
        elif b == HOLD3:
            self.toast = self.hint_text()
            app.changed()
        else:
            from ui.card import Standings

            app.show(Standings(app, self.g, self))

    def press_turn(self, b, long, now):
        g = self.g
        n = g.rules.dice
        if b == ROLL:
            if long and g.dice:
                self.open_card()
            elif g.roll_refusal() == E.ALL_HELD:
                self.toast = "ROLL 1 DIE\nAT LEAST"  # compulsory rolls: release a die first
            elif g.rolls_left() > 0:
                self.do_roll(now)
            else:
                self.open_card()
            self.app.changed()
            return
        i = b
        if n == 6 and b == HOLD5 and long:
            i = 5
        if i >= n:
            return
        if not g.dice:
            if b == HOLD5 and self.can_undo():
                self.do_undo(now)
            return
        if g.rolls_left() > 0:
            g.toggle_hold(i)
            self.app.changed("dice")

    def press_card(self, b, long, now):
        g = self.g
        order = self.order
        if b == HOLD1 or b == HOLD2:
            col = order[self.cur][1]
            same = [j for j in range(len(order)) if order[j][1] == col]
            if long:
                self.cur = same[0] if b == HOLD1 else same[-1]
            else:
                k = same.index(self.cur) + (1 if b == HOLD2 else -1)
                self.cur = same[k % len(same)]
            self.scroll_to_cursor()
        elif (b == HOLD3 or b == HOLD4) and g.rules.columns > 1:
            if long and b == HOLD3:
                self.toast = self.hint_text()
            else:
                self.move_column(1 if b == HOLD4 else -1)
        elif b == HOLD3 and long:
            self.toast = self.hint_text()
        elif b == HOLD5 and long:
            self.shortcut(0)  # game menu (cards, standings, ...) from the card too
            return
        elif b == HOLD5 and g.rolls_left() > 0:
            self.mode = _TURN
        elif b == ROLL:
            c, col = order[self.cur]
            if self.pots[(c, col)] == 0 and len(order) > 1:  # no question without a choice
                self.mode = _CONFIRM
            else:
                self.do_score(c, col, now)
                return
        self.app.changed()

    def move_column(self, d):
        """Next column (wrapping) with an open box: the same box there, else the nearest."""
        c, col = self.order[self.cur]
        cols = self.g.rules.columns
        k = row_of(self.rows, c)
        for step in range(1, cols):
            nc = (col + d * step) % cols
            best = None
            for j in range(len(self.order)):
                oc, ocol = self.order[j]
                if ocol == nc:
                    dist = abs(row_of(self.rows, oc) - k)
                    if best is None or dist < best[0]:
                        best = (dist, j)
            if best is not None:
                self.cur = best[1]
                self.scroll_to_cursor()
                return

    def press_rolloff(self, b, now):
        g = self.g
        if g.phase == E.ROLLOFF and self.human() and b == ROLL:
            g.rolloff()
        elif g.phase != E.ROLLOFF and b == ROLL:
            self.rolloff_seen = False
        elif self.cpu_at is not None:
            self.cpu_at = now  # a press hurries the computer's roll
            return
        else:
            return
        self.sync(now)

    # ---- time -------------------------------------------------------------------------
    def tick(self, now):
        if self.anim_end is not None:
            if now >= self.anim_next or now >= self.anim_end:
                self.frame(now)
            if self.anim_end is not None:
                return max(0, min(self.anim_next, self.anim_end) - now)
        if self.blink_end is not None:
            if now >= self.blink_end:
                self.blink_end = None
                self.app.changed("dice")
            else:
                on = ((self.blink_end - now) // _BLINK_MS) & 1 == 0
                if on != self.blink_on:
                    self.blink_on = on
                    self.app.changed("dice")
                return min(self.blink_end - now, _BLINK_MS - (self.blink_end - now) % _BLINK_MS)
        if self.cpu_at is None:
            return None
        if now < self.cpu_at:
            return self.cpu_at - now
        self.cpu_at = None
        self.cpu_step(now)
        if self.anim_end is not None:
            return 0
        return None if self.cpu_at is None else max(0, self.cpu_at - now)

    def cpu_step(self, now):
        g = self.g
        app = self.app
        pace = self.pace()
        app.changed()
        if self.rolloff_seen and g.phase != E.ROLLOFF:
            self.rolloff_seen = False
            self.sync(now)
            return
        if self.cpu_holds is not None:
            g.set_holds(self.cpu_holds)
            self.cpu_holds = None
            self.cpu_at = now + pace // 2
            return
        if self.cpu_score is not None:
            self.do_score(self.cpu_score[0], self.cpu_score[1], now)
            return
        if g.phase == E.ROLLOFF:
            g.rolloff()
            self.sync(now)
            return
        from yatzy import strategy

        act = strategy.decide(g, app.level_of(g.current))
        kind = act[0]
        if kind == "direction":
            g.choose_direction(act[1])
        elif kind == "holds" and g.dice and act[1] != g.hold_mask():
            self.cpu_holds = act[1]
            self.blink_end = now + pace
            self.blink_on = True
            self.cpu_at = now + pace
            return
        elif kind == "roll" or kind == "holds":
            self.do_roll(now)
            self.cpu_at = now + _ANIM_MS + pace
            return
        elif kind == "score":
            self.open_card((act[1], act[2]))
            self.cpu_score = (act[1], act[2])
        self.cpu_at = now + pace
        if g.is_over():
            self.sync(now)

    # ---- hints ------------------------------------------------------------------------
    def hint_text(self):
        """The best move now and what the player's current choice gives away (ui_hint.py,
        loaded only when a hint is asked for)."""
        from ui.hint import hint_text

        return hint_text(self)

    # ---- drawing ----------------------------------------------------------------------
    def draw(self, cv):
        g = self.g
        if g.phase == E.ROLLOFF or self.rolloff_seen:
            self.draw_rolloff(cv)
            return
        p = g.current
        if g.phase == E.DIRECTION:
            cv.text(1, 8, "FILL YOUR CARD", SMALL)
            cv.text(1, 16, "TOP-DOWN OR", SMALL)
            cv.text(1, 24, "BOTTOM-UP?", SMALL)
        elif g.phase == E.TIEBREAK:
            self.draw_tiebreak(cv)
        else:
            cursor = None
            if self.mode != _TURN:
                cursor = self.order[self.cur]
            draw_card(cv, g, p, self.rows, self.top, 8, 0, _CARD_W, self.pots_shown(), cursor)
        cv.vline(_CARD_W + 1, 0, 47, 1)
        self.draw_info(cv)
        if g.phase == E.DIRECTION:
            if self.human():
                softkeys(cv, ("DOWN", "UP", None, None, None, None))
        elif self.mode == _TURN:
            self.draw_dice(cv)
        else:
            self.draw_keys(cv)

    def draw_part(self, cv, part):
        """Redraw only the dice row (pages 6-7): holds, tumbling faces, blinking holds."""
        g = self.g
        if g.phase == E.ROLLOFF or g.phase == E.DIRECTION or self.rolloff_seen:
            cv.fill(0)
            self.draw(cv)
            return
        cv.fill_rect(0, _DICE_Y - 1, 128, 64 - _DICE_Y + 1, 0)
        if self.mode == _TURN:
            self.draw_dice(cv)
        else:
            self.draw_keys(cv)

    def pots_shown(self):
        return self.pots if self.mode != _TURN else None

    def draw_info(self, cv):
        g = self.g
        p = g.current
        pl = g.players[p]
        x = _INFO_X
        cv.fill_rect(x - 1, 0, 128 - x + 1, 7, 1)
        cv.text(x + 1, 1, pl.name.upper(), SMALL, 0)
        if pl.cpu:
            cv.text_right(127, 1, "CPU", SMALL, 0)
        cv.text(x, 9, "TOTAL %d" % g.total(p), SMALL)
        r = g.rules
        if r.upper:
            parts = []
            for col in range(r.columns):
                need = g.bonus_needed(p, col)
                parts.append(
                    "+%d" % r.bonus_value if need == 0 else "-" if need is None else str(need)
                )
            if r.columns == 1:
                need = g.bonus_needed(p, 0)
                if need == 0:
                    s = "BONUS +%d" % r.bonus_value
                elif need is None:
                    s = "NO BONUS"
                else:
                    s = "BONUS IN %d" % need
            else:
                s = "B " + " ".join(parts)
            cv.text(x, 16, s, SMALL)
        if g.phase == E.TIEBREAK:
            cv.text(x, 23, "TIE-BREAK", SMALL)
        else:
            cv.text(x, 23, "ROUND %d/%d" % (g.round, g.rounds), SMALL)
        left = g.rolls_left()
        if g.phase in (E.TURN, E.TIEBREAK):
            cv.text(x, 30, "ROLLS %d" % left if left else "NO ROLLS", SMALL)
        if len(g.players) == 1:
            best = self.app.store.best(g)
            if best:
                cv.text(x, 37, "BEAT %d" % best, SMALL)
        else:
            place = 1
            me = g.total(p)
            for q in range(len(g.players)):
                if g.total(q) > me:
                    place += 1
            cv.text(x, 37, "PLACE %d/%d" % (place, len(g.players)), SMALL)
        if self.mode == _CONFIRM:
            c, col = self.order[self.cur]
            cv.fill_rect(x - 1, 36, 128 - x + 1, 12, 1)
            cv.text(x, 37, "SCORE 0 IN", SMALL, 0)
            cv.text(x, 43, g.rules.label(c).upper() + "?", SMALL, 0)
        elif self.toast:
            lines = self.toast.split("\n")
            y = 49 - 6 * len(lines)
            cv.fill_rect(x - 1, y - 1, 128 - x + 1, 49 - y, 0)
            for line in lines:
                cv.text(x, y, line, SMALL)
                y += 6

    def draw_dice(self, cv):
        g = self.g
        n = g.rules.dice
        held = g.held
        if self.blink_end is not None and self.cpu_holds is not None and self.blink_on:
            held = [bool(self.cpu_holds >> i & 1) for i in range(n)]
        for i in range(n):
            if not g.dice:
                if i == 4 and self.can_undo():
                    softkeys(cv, (None, None, None, None, "UNDO", None))
                    continue
                v = 0
            elif self.rolling >> i & 1:
                v = self.faces[i]
            else:
                v = g.dice[i]
            cv.dice_face(die_x(i), _DICE_Y, _DIE, v, bool(held[i]) if g.dice else False)
        if n == 5 and self.human():
            left = g.rolls_left()
            label = "ROLL" if left else "SCORE"
            w = SMALL.width(label)
            x = COLS[ROLL] - w // 2
            if x + w > 127:
                x = 127 - w
            if x < 0:
                x = 0
            cv.text(x, 52, label, SMALL)
            for k in range(min(left, 3)):
                cv.fill_rect(COLS[ROLL] - 7 + 6 * k, 59, 3, 3, 1)

    def draw_keys(self, cv):
        g = self.g
        for i in range(len(g.dice)):
            x = (COLS[i] if i < 5 else COLS[ROLL] - 8) - 4
            cv.rect(x, 48, 9, 9, 1)
            cv.text(x + 3, 50, str(g.dice[i]), SMALL)
        if self.mode == _CONFIRM:
            softkeys(cv, (None, None, None, None, "NO", "YES"))
            return
        if not self.human():
            return
        triple = g.rules.columns > 1
        back = "DICE" if g.rolls_left() > 0 and self.human() else None
        softkeys(cv, (UP, DOWN, LEFT if triple else None, RIGHT if triple else None, back, "OK"))

    def draw_rolloff(self, cv):
        g = self.g
        cv.fill_rect(0, 0, 128, 7, 1)
        if g.phase == E.ROLLOFF:
            cv.text(2, 1, "WHO STARTS? HIGHEST ROLL", SMALL, 0)
        else:
            cv.text(2, 1, "%s STARTS" % g.players[g.starter].name.upper(), SMALL, 0)
        latest = {}
        for a, q, d in g.rolloff_log:
            latest[q] = (a, d)
        for q in range(len(g.players)):
            x = 0 if q < 4 else 64
            y = 9 + (q % 4) * 9
            cv.text(x + 1, y, g.players[q].name.upper(), SMALL)
            if q in latest:
                a, d = latest[q]
                s = str(sum(d))
                if a:
                    s = "R%d %s" % (a + 1, s)
                cv.text_right(x + 62, y, s, SMALL)
            if g.phase == E.ROLLOFF and q == g.current:
                cv.invert_rect(x, y - 1, 63, 7)
        if g.rolloff_log:
            d = g.rolloff_log[-1][2]
            for i in range(len(d)):
                cv.dice_face(die_x(i) if len(d) > 1 else 56, _DICE_Y, _DIE, d[i], False)
        if g.phase == E.ROLLOFF:
            if self.human():
                softkeys(cv, (None, None, None, None, None, "ROLL"))
        elif not self.auto_rolloff():
            softkeys(cv, (None, None, None, None, None, "PLAY"))

    def draw_tiebreak(self, cv):
        g = self.g
        cv.text(1, 1, "TIE-BREAK: SUM", SMALL)
        y = 8
        for q in range(len(g.players)):
            tb = g.tiebreak_scores(q)
            if tb:
                cv.text(1, y, g.players[q].name.upper(), SMALL)
                cv.text_right(_CARD_W - 1, y, " ".join(str(v) for v in tb[-3:]), SMALL)
                y += ROW_H
        if self.mode != _TURN:
            cv.fill_rect(0, 40, _CARD_W, 7, 1)
            cv.text(1, 41, "SUM +%d" % sum(g.dice), SMALL, 0)
