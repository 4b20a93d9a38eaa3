# The play screen: roll-off, dice and holds, the turn's actions, the tumble, presses and ticks.
# SPDX-License-Identifier: MIT
"""The play screen, `Play(app, g)`, for the game `g` from its roll-off to its last box.

Its work is split by job over five modules (heap.py's "play" group drops them all when the
game is over): this one keeps the screen's state, the game actions (roll, score, undo), the
tumbling dice, and the presses and ticks of the turn; `ui.play_card` the card mode (cursor,
scoring, the zero question); `ui.play_view` all drawing, the modes and the layout;
`ui.play_cpu` the computer's steps (imported only when a computer plays); `ui.play_rolloff`
the roll-off and the tie-break (imported while one is shown, dropped once the turns begin).
Their functions take the screen as their first argument and the ones the app or other
screens call are methods of `Play`.

Human controls (b: 0..4 = hold1..hold5, 5 = hold6, 6 = Roll):
  rolling:  hold short = hold/release a die; Roll = roll (no rolls left: open the card);
            Roll long = open the card; Maxi: hold6 or hold5 long = die 6;
            long hold1 = game menu, long hold2 = cards, long hold3 = hint,
            long hold4 = standings; before the first roll hold5 = undo the last score.
  card:     hold1/hold2 = up/down (long: first/last), hold3/hold4 = column (triple),
            hold5 = back to the dice (long: game menu), Roll = score here; a 0 asks
            again (Roll = yes, hold5 = no).

The tumbling dice show faces drawn from `yatzy.dice.SeededDice`, seeded from the game
(round, player, roll, the dice rolled): the same game and presses show the same frames on
every runtime, and a tumbling die never shows the face it lands on.
"""

import gc
import sys

from lang import T, box
from unload import unload
from yatzy import engine as E
from yatzy.dice import SeededDice
from yatzy.holds import mask_of
from yatzy.scoring import is_yatzy

from ui import play_card, play_view
from ui.card import card_rows
from ui.keys import HOLD1, HOLD2, HOLD3, HOLD5, ROLL
from ui.play_view import CHOOSE, CONFIRM, TURN
from ui.widgets import Screen, upper, view_keys

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_ANIM_MS = const(240)  # tumbling: new faces every _FRAME_MS, then the real dice
_FRAME_MS = const(80)
_BLINK_MS = const(120)
_UNDO_MS = const(3000)  # a computer's turn starts this long after a human's box, at least
_COLLECT_MS = const(30)  # after a computer's turn: the heap is collected this much later


class Play(Screen):
    """The play screen (see the module docstring); the app calls draw, draw_part, press
    and tick."""

    plays = True  # the game is played: shown, the app drops the menus (App.show)

    # methods kept in the other play modules
    open_card = play_card.open_card
    press_card = play_card.press_card
    press_confirm = play_card.press_confirm
    draw = play_view.draw
    draw_part = play_view.draw_part

    def __init__(self, app, g):
        Screen.__init__(self, app)
        self.g = g
        self.rows = card_rows(g)
        self.mode = TURN
        self.pots = None  # (category, column) -> score, while choosing
        self.order = None  # selectable (category, column) in card order
        self.cur = 0
        self.top = 0
        self.toast = ""
        self.anim_end = None
        self.anim_next = 0
        self.rolling = 0  # mask of dice tumbling
        self.faces = [1] * g.rules.dice  # the tumbling dice's faces
        self.tumble = None  # their dice source (SeededDice) during a tumble
        self.cpu_at = None
        self.cpu_holds = None
        self.cpu_score = None
        self.blink_end = None
        self.blink_on = False
        self.rolloff_seen = g.phase == E.ROLLOFF
        self.undo_ok = True  # the last box was scored by a human (undo is offered)
        self.unsaved = False  # a roll not yet on flash (saved before its dice settle)
        self.collect_due = False  # collect the heap in the next tick without a tumble
        self._hint = False  # the toast is a hint: it follows the holds and the card's cursor
        self.hint_due = False  # a press moved them: the hint follows in the next tick
        self.yours = 0  # the hint's "YOURS": 0 not shown yet, 1 shown in words, 2 known
        self._choose = False  # a human's dice settled: the card's box is chosen next tick
        self.chosen = None  # (turn, box): the box the card opens on (play_card.cursor_box)
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
            from ui.play_rolloff import auto_rolloff

            self.mode = TURN
            self.cpu_at = now + self.pace() if auto_rolloff(self) else None
            return
        if self.mode != TURN and not g.dice:
            self.mode = TURN
        if self.human():
            self.cpu_at = None
        elif self.cpu_at is None:
            # a human's box just scored: its UNDO stays on screen a while at any pace
            wait = self.pace()
            self.cpu_at = now + (wait if wait > _UNDO_MS or not self.can_undo() else _UNDO_MS)

    def can_undo(self):
        return self.undo_ok and self.g.can_undo()

    def pace(self):
        return self.app.settings["cpu_pace"]

    def do_roll(self, now):
        g = self.g
        free = (1 << g.rules.dice) - 1  # the dice that tumble: those not held
        if g.dice:
            free ^= mask_of(g.held)
        g.roll()
        self.end_hint()
        self.toast = self.tip()
        self.mode = TURN
        self.rolling = free
        self.anim_end = now + _ANIM_MS
        self.anim_next = now
        seed = g.round * 64 + g.current * 8 + g.rolls_used
        for v in g.dice:
            seed = seed * 7 + v
        self.tumble = SeededDice(seed & 0xFFFFFFFF)
        self.unsaved = True
        self.app.play_sound("roll")
        self.frame(now)

    def save_roll(self):
        """Save the turn as the roll left it (dice, holds, rolls left), so a power cut
        resumes the very same dice. Called from the first tick of the tumble, after its
        first frame is on the panel, so the flash write hides in the tumble; at the latest
        before the dice settle (a press skips the tumble)."""
        if self.unsaved:
            self.unsaved = False
            self.app.save_now()

    def frame(self, now):
        if now >= self.anim_end:
            self.save_roll()
            self.anim_end = None
            self.rolling = 0
            g = self.g
            self._choose = self.human() and g.phase == E.TURN
            if is_yatzy(g.dice):
                self.app.play_sound("yatzy")
        else:
            # A tumbling die never shows the face it lands on, so the settled dice are always
            # a visible change (and a screen showing the result means the tumble is over).
            tumble = self.tumble
            dice = self.g.dice
            for i in range(len(self.faces)):
                f = tumble()
                while i < len(dice) and f == dice[i]:
                    f = tumble()
                self.faces[i] = f
            self.anim_next = now + _FRAME_MS
        self.app.changed("dice")

    def do_score(self, c, col, now):
        g = self.g
        p = g.current
        pts = g.score(c, col)
        self.end_hint()
        name = T["sum"] if c == E.TIEBREAK_BOX else box(c)
        self.toast = "%s %d" % (name, pts)
        if len(g.players) > 1:
            self.toast = "%s:%s" % (upper(g.players[p].name)[:4], self.toast)
        self.mode = TURN
        self.app.changed("dice")  # the emptied dice row goes out first, then the frame
        self.cpu_score = None
        self.top = 0
        self.undo_ok = not g.players[p].cpu
        self.app.save_soon()  # after the frame that shows the box scored
        if g.is_over():
            # the emptied dice row goes out now, before the collection below and the end
            # screen's import (they held the first byte back 35-45 ms, rp2 bench)
            self.app.send_part("dice")
            self.app.play_sound("end")
            # sync() shows the end screen: what this one holds goes before that loads
            self.rows = self.pots = self.order = self.tumble = None
            import heap

            heap.drop("cpu")
        self.sync(now)

    def do_undo(self, now):
        g = self.g
        g.undo()
        self.end_hint()
        self.toast = T["undone"]
        self.cpu_at = None
        self.app.save_soon()
        self.open_card()
        self.sync(now)

    # ---- events -----------------------------------------------------------------------
    def press(self, b, long, now):
        g = self.g
        due = self.collect_due
        self.collect_due = True
        if self.anim_end is not None:
            self.anim_end = now  # a press skips the tumbling
            self.frame(now)
            return
        if self.rolloff_seen or g.phase == E.ROLLOFF:
            from ui.play_rolloff import press_rolloff

            press_rolloff(self, b, now)
            return
        if long and self.mode == TURN and b < HOLD5:
            self.shortcut(b)
            return
        if not self.human():
            if self.mode == TURN and not g.dice and b == HOLD5 and self.can_undo():
                self.do_undo(now)
                return
            self.cpu_at = now  # any other press hurries the computer
            self.blink_end = None
            # the computer's step is this press's answer: the heap is collected when the
            # computers' turns are over (tick), not in front of that step (it held the
            # step's first byte back 60-100 ms, rp2 bench, a 4-player game)
            self.collect_due = due
            return
        if g.phase == E.DIRECTION:
            if b == HOLD1 or b == HOLD2:
                g.choose_direction("down" if b == HOLD1 else "up")
                self.sync(now)
            return
        if self.mode == TURN:
            self.press_turn(b, long, now)
        elif self.mode == CHOOSE:
            self.press_card(b, long, now)
        else:
            self.press_confirm(b, now)
        if self._hint:
            # the holds or the cursor changed: what they give away is worked out in the tick
            # right after this press's frame (its die or card rows) is on the panel; worked
            # out here, it held the press's first byte back 80-90 ms (rp2 bench)
            self.hint_due = True

    def shortcut(self, b):
        app = self.app
        # the screen opened sends its soft keys before its module is imported (App.send_keys):
        # the imports held the first byte back 30-120 ms (rp2 bench, stock lane)
        if b == HOLD1:
            app.send_keys(False, T["k_ok"])  # (the menu's first entry has no value to change)
            # the computers' step driver makes room for the menu's code while it is open
            # (imported again at their next step): 1 KB of the stock UF2's heap in play
            unload("ui.play_cpu")
            from ui.game_menu import GameMenu

            app.show(GameMenu(app, self))
        elif b == HOLD2:
            app.send_keys(*view_keys(self.g, True))
            from ui.standings import CardView

            app.show(CardView(app, self.g, self))
        elif b == HOLD3:
            self.show_hint()
        else:
            app.send_keys(*view_keys(self.g, False))
            from ui.standings import Standings

            app.show(Standings(app, self.g, self))

    def press_turn(self, b, long, now):
        g = self.g
        n = g.rules.dice
        if b == ROLL:
            if long and g.dice:
                self.open_card()
            elif g.roll_refusal() == E.ALL_HELD:
                self.toast = T["roll_one"]  # compulsory rolls: release a die first
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
            elif b == HOLD1 and g.phase == E.TURN:
                self.shortcut(HOLD1)  # the soft key MENU before the first roll
            return
        if g.rolls_left() > 0:
            g.toggle_hold(i)
            self.app.changed("dice")

    # ---- time -------------------------------------------------------------------------
    def tick(self, now):
        if self.hint_due:
            self.hint_due = False
            self.follow_hint()
        if self._choose and self.anim_end is None:
            # the settled dice are on the panel: the box the card will open on is chosen
            # now, between presses, rather than when the card opens (its keys go out first).
            # The heap is collected after the next press, as after a tumble: collected here,
            # that press's first byte came 5-6 ms later (rp2 bench, a hold after a roll)
            self._choose = False
            if self.mode == TURN:
                play_card.cursor_box(self)
        elif self.collect_due and self.anim_end is None:
            # after a press (its frame is out) or a computer's turn: the garbage goes now,
            # between presses, rather than in the middle of the next one
            self.collect_due = False
            g = self.g
            if "ui.play_rolloff" in sys.modules and not self.rolloff_seen and g.phase == E.TURN:
                import heap

                heap.drop("rolloff")  # the roll-off is over: its module goes, and collects
            elif hasattr(gc, "mem_free"):  # MicroPython (CPython's collector needs no help)
                gc.collect()
        if self.anim_end is not None:
            self.save_roll()
            if now >= self.anim_next or now >= self.anim_end:
                self.frame(now)
            if self.anim_end is not None:
                return max(0, min(self.anim_next, self.anim_end) - now)
            if self._choose:
                return 0  # the next tick chooses the card's box, once this frame is out
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
        from ui.play_cpu import cpu_step

        cpu_step(self, now)
        if self.anim_end is not None:
            return 0
        if self.cpu_at is None and self.app.screen is self and self.human():
            self.collect_due = True  # in the next tick, once this one's frame is out
            return _COLLECT_MS
        return None if self.cpu_at is None else max(0, self.cpu_at - now)

    # ---- hints ------------------------------------------------------------------------
    def tip(self):
        """After the first roll of a human's turn: in the first game's first rounds, one
        long press a round (the hint, the menu, standings, cards); in Maxi's first two
        rounds, the sixth die's long HOLD5 (the HOLD6 button is optional). "" otherwise."""
        g = self.g
        if g.phase != E.TURN or g.rolls_used != 1 or not self.human():
            return ""
        if g.rules.dice == 6 and g.round <= 2:
            return T["tip_maxi_die6"]
        if getattr(g, "number", 0) == 1 and g.round <= 4:
            return T["tip_round_%d" % g.round]
        return ""

    def show_hint(self):
        """The hint in the info panel's toast, kept up to date until the next roll or box."""
        if self.app.screen is self:
            # the press is answered first: "..." in the toast, sent before the hint's modules
            # load and its tables are searched (that held the first byte back 80-160 ms)
            self.toast = "..."
            self.app.send_part("info")
        self.toast = self.hint_text()
        self._hint = bool(self.toast)
        self.app.changed()

    def follow_hint(self):
        """The hint shown again for the holds or the card's cursor as they are now (the
        press that changed them has sent its frame): the info panel follows."""
        g = self.g
        if self._hint and g.dice and self.mode != CONFIRM and self.app.screen is self:
            hint = self.hint_text()
            if hint != self.toast:
                self.toast = hint
                self.app.changed("info")

    def end_hint(self):
        self._hint = False
        if self.yours == 1:
            self.yours = 2  # "YOURS" has been said in words: from now on the short form
        if "ui.hint" in sys.modules:
            unload("ui.hint", "yatzy.coach")  # the hint's own code: loaded by the next hint

    def hint_text(self):
        """The best move now and what the player's current choice gives away (ui/hint.py,
        loaded only when a hint is asked for)."""
        from ui.hint import hint_text

        return hint_text(self)
