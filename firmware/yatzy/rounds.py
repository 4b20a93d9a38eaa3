# The phases of a game and the order of play: roll-off, turns, rounds, tie-break, the end.
# SPDX-License-Identifier: MIT
"""A game is in one phase at a time: ``ROLLOFF`` (multi-player start: every contender
rolls, ties roll again), ``DIRECTION`` (up-or-down order: the player picks once),
``TURN``, ``TIEBREAK`` (tied winners with the tie-break option: extra turns scored as
the sum of the dice) and ``OVER``. The base class :class:`Rounds` of
:class:`yatzy.engine.Game` moves between them: ``rolloff``, ``choose_direction`` and,
after each scored turn, the next seat, round, tie-break attempt or the end.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Ann", "Bo"])
    >>> g.rolloff([3]); g.rolloff([5]); PHASE_NAMES[g.phase], g.current
    ('turn', 1)
"""

ROLLOFF = 0
DIRECTION = 1
TURN = 2
TIEBREAK = 3
OVER = 4
PHASE_NAMES = ("rolloff", "direction", "turn", "tiebreak", "over")
DIRECTIONS = ("down", "up")


class Rounds:
    """The order of play; mixed into :class:`yatzy.engine.Game`."""

    def rolloff(self, values=None):
        """Roll for the next contender of the start-player roll-off."""
        self._need_phase("roll off", ROLLOFF)
        attempt, contenders, nxt = self.rolloff_state
        p = contenders[nxt]
        got = self._draw(self.rules.rolloff_dice, values)
        self._undo = None
        self.rolloff_log.append((attempt, p, tuple(got)))
        nxt += 1
        if nxt < len(contenders):
            self.rolloff_state = [attempt, contenders, nxt]
            self.current = contenders[nxt]
            return
        sums = {}
        for a, q, d in self.rolloff_log:
            if a == attempt:
                sums[q] = sum(d)
        best = max(sums.values())
        leaders = [q for q in contenders if sums[q] == best]
        if len(leaders) > 1:
            self.rolloff_state = [attempt + 1, leaders, 0]
            self.current = leaders[0]
            return
        self.rolloff_state = [attempt + 1, [], 0]
        self.starter = leaders[0]
        self.current = self.starter
        self._begin_turn()

    def choose_direction(self, d):
        """Up-or-down: the current player picks "down" or "up" for the whole game."""
        self._need_phase("choose a direction", DIRECTION)
        if d not in DIRECTIONS:
            raise ValueError("direction must be down or up, got %r" % (d,))
        self._undo = None
        self.players[self.current].direction = d
        self.phase = TURN

    def _begin_turn(self):
        self.dice = []
        self.held = [False] * self.rules.dice
        self.rolls_used = 0
        self.turn_rolls = []
        self.turn_holds = []
        if self.rules.order == "up_or_down" and self.players[self.current].direction is None:
            self.phase = DIRECTION
        else:
            self.phase = TURN

    def _next_turn(self):
        n = len(self.players)
        nxt = (self.current + 1) % n
        if nxt == self.starter:
            if self.round >= self.rounds:
                self._end_of_rounds()
                return
            self.round += 1
        self.current = nxt
        self._begin_turn()

    def _seat_order(self):
        n = len(self.players)
        return [(self.starter + i) % n for i in range(n)]

    def _end_of_rounds(self):
        self.dice = []
        self.held = [False] * self.rules.dice
        self.rolls_used = 0
        self.turn_rolls = []
        self.turn_holds = []
        if self.rules.tie_break and len(self.players) > 1:
            totals = self.totals()
            top = max(totals)
            tied = [p for p in self._seat_order() if totals[p] == top]
            if len(tied) > 1:
                self.tiebreak_state = [0, tied, 0]
                self.current = tied[0]
                self.phase = TIEBREAK
                return
        self.phase = OVER
        self.current = self.starter

    def _next_tiebreak(self):
        attempt, contenders, nxt = self.tiebreak_state
        nxt += 1
        self.dice = []
        self.held = [False] * self.rules.dice
        self.rolls_used = 0
        self.turn_rolls = []
        self.turn_holds = []
        if nxt < len(contenders):
            self.tiebreak_state = [attempt, contenders, nxt]
            self.current = contenders[nxt]
            return
        got = {}
        for e in self.tiebreak_log:
            if e[0] == attempt:
                got[e[1]] = e[2]
        best = max(got.values())
        leaders = [p for p in contenders if got[p] == best]
        if len(leaders) > 1:
            self.tiebreak_state = [attempt + 1, leaders, 0]
            self.current = leaders[0]
            return
        self.tiebreak_state = [attempt + 1, [], 0]
        self.phase = OVER
        self.current = self.starter
