# The game as an explicit state machine: roll-off, turns, scoring, tie-break, undo.
# SPDX-License-Identifier: MIT
"""Game engine.

A :class:`Game` is in one phase at a time (``ROLLOFF``, ``DIRECTION``, ``TURN``,
``TIEBREAK``, ``OVER``). ``legal_actions()`` lists what may be done now and
``apply(action)`` does it; anything else raises ``ValueError`` naming the
problem and leaves the state untouched. Dice come from an injected source.

The class is put together from two base classes: ``yatzy.card`` (which boxes may take
which dice, and the card arithmetic) and ``yatzy.rounds`` (the phases and the order of
play). This module holds the state, the actions on it and the
state as plain data (``snapshot``); reading saves back is in ``yatzy.engine_load``. Each
player's scored turns are its :class:`yatzy.log.Log`; what the last box changed, for undo,
an :class:`Undo`.

Example::

    >>> from yatzy.dice import ScriptedDice
    >>> g = Game("yatzy", ["Ann"], dice=ScriptedDice([6, 6, 6, 6, 6]))
    >>> g.roll(); g.choices()[-1]
    ('yatzy', 0, 50)
"""

from yatzy import holds as _holds
from yatzy import rules as _rules
from yatzy.card import Card
from yatzy.dice import SeededDice
from yatzy.log import Log
from yatzy.rounds import (  # noqa: F401 (PHASE_NAMES, DIRECTION: the engine's own names)
    DIRECTION,
    DIRECTIONS,
    OVER,
    PHASE_NAMES,
    ROLLOFF,
    TIEBREAK,
    TURN,
    Rounds,
)

# The pseudo box a tie-break turn is "scored" in (sum of the dice, never on the card).
TIEBREAK_BOX = "tiebreak"
MAX_NAME = 16
# Why a roll is refused now (Game.roll_refusal): short ids a screen can map to a message.
NOT_ROLLING = "not_rolling"  # no turn in progress (roll-off, direction choice, game over)
NO_ROLLS_LEFT = "no_rolls_left"  # every roll of the turn is used: a box must be chosen
ALL_HELD = "all_held"  # compulsory rolls: a roll must re-roll at least one die


class Player:
    """One seat: name, computer flag, card (one dict per column) and turn log."""

    def __init__(self, name, cpu, ruleset):
        self.name = name
        self.cpu = cpu
        # dict.fromkeys of a tuple is made at its size at once: one block of as many slots as
        # boxes, where a dict grown a key at a time has about half as many again (and
        # garbage): 15.4 -> 13.9 KB for the 90 columns of a 30-player Triple game on the Pico
        self.card = [dict.fromkeys(ruleset.categories) for _ in ruleset.factors]
        self.saved_rolls = 0
        self.direction = None
        self.extra = 0
        self._rules = ruleset  # (the categories and dice of its log: engine_load.turns_of)
        self.log = Log()  # one entry per scored turn (yatzy.log)

    @property
    def turns(self):
        """The turn log expanded: one list per scored turn [round, column, category,
        score, extra bonus earned, rolls (list of dice lists), holds (hold mask before each
        re-roll)]. Built on demand (records, tools; engine_load.turns_of), so a game keeps
        only the compact bytes."""
        from yatzy.engine_load import turns_of

        return turns_of(self)

    def __repr__(self):
        return "<Player %s>" % self.name


class Undo:
    """What :meth:`Game.score` changed, for :meth:`Game.undo` to put back: whose box and
    which, that player's extra bonus and saved rolls, the phase, round and turn before it
    (references, not a snapshot: a turn's lists are replaced, never changed, once the turn
    is over). The turn's dice are its last roll's and its rolls used as many as its rolls,
    so neither is kept."""

    def __init__(self, g, category, column):
        pl = g.players[g.current]
        self.player = g.current
        self.category = category
        self.column = column
        self.extra = pl.extra
        self.saved_rolls = pl.saved_rolls
        self.phase = g.phase
        self.round = g.round
        self.held = g.held
        self.rolls = g.turn_rolls
        self.holds = g.turn_holds
        self.tiebreak = g.tiebreak_state
        self.at = 0  # where the box's entry begins in the player's log (Log.pop)


# (Card first: the screens ask for its totals on every frame, and MicroPython looks a method
# up through the bases in this order)
class Game(Card, Rounds):
    """A game of one ruleset for 1..30 players (``rules.MAX_PLAYERS``).

    ``rules``: id or Ruleset; ``players``: names; ``options``: house options (see
    ``yatzy.rules.OPTIONS``); ``dice``: a dice source ``() -> 1..6``, or an int seed
    for :class:`SeededDice`, or None (then every roll must give its values);
    ``cpu``: computer flags.
    """

    def __init__(self, rules="yatzy", players=("P1",), options=None, dice=None, cpu=None):
        if isinstance(rules, _rules.Ruleset):
            if options is None:
                options = rules.options
            rules = rules.id
        if rules not in _rules.RULESET_IDS:
            _rules.get(rules)  # raises: unknown ruleset
        self.rules = _rules.configure(rules, options)
        self.rules_id = self.rules.id
        self.options = self.rules.options
        if isinstance(players, str) or not isinstance(players, (list, tuple)):
            raise ValueError("players must be a list of names, got %r" % (players,))
        if not 1 <= len(players) <= _rules.MAX_PLAYERS:
            raise ValueError("1 to %d players, got %d" % (_rules.MAX_PLAYERS, len(players)))
        for name in players:
            if not isinstance(name, str) or not name or len(name) > MAX_NAME:
                raise ValueError("player name must be 1..%d characters, got %r" % (MAX_NAME, name))
        if cpu is None:
            cpu = [False] * len(players)
        if not isinstance(cpu, (list, tuple)) or len(cpu) != len(players):
            raise ValueError("cpu must give one flag per player, got %r" % (cpu,))
        for f in cpu:
            if f is not True and f is not False:
                raise ValueError("cpu flags must be True or False, got %r" % (f,))
        if isinstance(dice, int) and not isinstance(dice, bool):
            dice = SeededDice(dice)
        elif dice is not None and not callable(dice):
            raise ValueError("dice must be a dice source, a seed or None, got %r" % (dice,))
        self.dice_source = dice
        r = self.rules
        self.players = [Player(players[i], cpu[i], r) for i in range(len(players))]
        self.rounds = len(r.categories) * r.columns
        self.round = 1
        self.starter = 0
        self.current = 0
        self.dice = []
        self.held = [False] * r.dice
        self.rolls_used = 0
        self.rolloff_log = []  # (attempt, player, dice tuple) in the order rolled
        self.tiebreak_log = []  # [attempt, player, score, rolls, holds]
        self.rolloff_state = [0, list(range(len(players))), 0]  # attempt, contenders, next
        self.tiebreak_state = [0, [], 0]
        self.turn_rolls = []  # this turn's dice after each roll
        self.turn_holds = []  # hold mask before each re-roll of this turn
        self._undo = None  # an Undo, after a box until the next roll
        if len(players) == 1:
            self.rolloff_state = [0, [], 0]
            self._begin_turn()
        else:
            self.phase = ROLLOFF
            self.current = 0

    # ---- queries --------------------------------------------------------------------
    def is_over(self):
        return self.phase == OVER

    def can_undo(self):
        return self._undo is not None

    def undo_player(self):
        """The player whose box :meth:`undo` would take back, or None (nothing to undo)."""
        return None if self._undo is None else self._undo.player

    def rolls_left(self):
        if self.phase == TURN:
            n = self.rules.rolls
            if self.rules.saved_rolls:
                n += self.players[self.current].saved_rolls
            return n - self.rolls_used
        if self.phase == TIEBREAK:
            return self.rules.rolls - self.rolls_used
        return 0

    def hold_mask(self):
        return _holds.mask_of(self.held)

    def roll_refusal(self):
        """None when ``roll()`` may be called now, else why not: ``NOT_ROLLING``,
        ``NO_ROLLS_LEFT`` or ``ALL_HELD`` (compulsory rolls and every die held). The same
        test ``legal_actions()`` and ``roll()`` apply. Example::

            >>> g = Game("yatzy", ["Ann"], {"all_rolls": True}, dice=3)
            >>> g.roll_refusal() is None
            True
            >>> g.roll(); g.set_holds(31); g.roll_refusal()
            'all_held'
            >>> g.set_holds(0); g.roll(); g.roll(); g.roll_refusal()
            'no_rolls_left'
        """
        if self.phase != TURN and self.phase != TIEBREAK:
            return NOT_ROLLING
        if self.rolls_left() <= 0:
            return NO_ROLLS_LEFT
        if self.rules.all_rolls and self.dice and all(self.held):
            return ALL_HELD
        return None

    def choices(self, preview=False):
        """Legal ``(category, column, score)`` now; ``preview`` ignores compulsory rolls."""
        if self.phase not in (TURN, TIEBREAK) or not self.rolls_used:
            return []
        if self.rules.all_rolls and self.rolls_left() and not preview:
            return []
        if self.phase == TIEBREAK:
            return [(TIEBREAK_BOX, 0, sum(self.dice))]
        return self.choices_for(self.current, self.dice)

    # ---- actions --------------------------------------------------------------------
    def legal_actions(self):
        """Every action tuple :meth:`apply` accepts now (``yatzy.actions``)."""
        from yatzy.actions import legal_actions

        return legal_actions(self)

    def apply(self, action, player=None):
        """Apply an action tuple (``yatzy.actions``); ``player`` (optional) must be the one
        whose turn it is. Anything not allowed raises ValueError and changes nothing."""
        from yatzy.actions import apply

        return apply(self, action, player)

    def _need_phase(self, what, *phases):
        if self.phase not in phases:
            raise ValueError("cannot %s now: phase is %s" % (what, PHASE_NAMES[self.phase]))

    def _draw(self, n, values):
        if values is None:
            if self.dice_source is None:
                raise ValueError("no dice source: give the dice values or a dice source")
            values = [self.dice_source() for _ in range(n)]
            what = "dice source gave"
        else:
            what = "dice"
        if not isinstance(values, (list, tuple)) or len(values) != n:
            raise ValueError("%s %r: need %d dice" % (what, values, n))
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool) or v < 1 or v > 6:
                raise ValueError("%s %r: die value %r outside 1..6" % (what, values, v))
        return list(values)

    def roll(self, values=None):
        """Roll the dice that are not held (all of them on the first roll).

        ``values`` optionally gives the rolled dice (in die order) instead of the source.
        """
        self._need_phase("roll", TURN, TIEBREAK)
        why = self.roll_refusal()
        if why == NO_ROLLS_LEFT:
            raise ValueError("no rolls left: choose a box")
        if why == ALL_HELD:
            raise ValueError("compulsory rolls (all_rolls): release at least one die to roll")
        if not self.dice:
            got = self._draw(self.rules.dice, values)
            dice = got
        else:
            free = [i for i in range(len(self.dice)) if not self.held[i]]
            got = self._draw(len(free), values)
            dice = list(self.dice)
            for i, v in zip(free, got):
                dice[i] = v
            self.turn_holds.append(_holds.mask_of(self.held))
        self._undo = None
        self.dice = dice
        self.rolls_used += 1
        self.turn_rolls.append(list(dice))

    def _check_hold(self):
        self._need_phase("hold dice", TURN, TIEBREAK)
        if not self.dice:
            raise ValueError("no dice to hold before the first roll")
        if self.rolls_left() <= 0:
            raise ValueError("no rolls left: holding dice has no effect, choose a box")

    def toggle_hold(self, i):
        self._check_hold()
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.dice):
            raise ValueError("no die %r: dice are 0..%d" % (i, len(self.dice) - 1))
        self.held[i] = not self.held[i]

    def set_holds(self, mask):
        self._check_hold()
        top = (1 << len(self.dice)) - 1
        if not isinstance(mask, int) or isinstance(mask, bool) or not 0 <= mask <= top:
            raise ValueError("hold mask %r outside 0..%d" % (mask, top))
        self.held = _holds.flags_of(mask, len(self.dice))

    def score(self, category, column=0):
        """Fill ``category`` of ``column`` with the current dice (a scratch scores 0)."""
        self._need_phase("score", TURN, TIEBREAK)
        pts = None
        for c, col, s in self.choices():
            if c == category and col == column:
                pts = s
        if pts is None:
            from yatzy.engine_load import refuse_score  # (raises the ValueError that says why)

            refuse_score(self, category, column)
            raise ValueError("cannot score %r in column %r now" % (category, column))
        p = self.current
        pl = self.players[p]
        u = self._undo = Undo(self, category, column)
        if self.phase == TIEBREAK:
            attempt = self.tiebreak_state[0]
            self.tiebreak_log.append([attempt, p, pts, self.turn_rolls, self.turn_holds])
            self._next_tiebreak()
            return pts
        extra = self.extra_for(p, self.dice)
        pl.card[column][category] = pts
        pl.extra += extra
        if self.rules.saved_rolls:
            pl.saved_rolls += self.rules.rolls - self.rolls_used
        k = self.rules.categories.index(category)
        head = [self.round, column, k, pts, extra]
        u.at = pl.log.append(head, self.turn_rolls, self.turn_holds)
        self._next_turn()
        return pts

    def undo(self):
        """Take back the last scoring choice (allowed until the next roll)."""
        u = self._undo
        if u is None:
            raise ValueError("nothing to undo")
        self._undo = None
        pl = self.players[u.player]
        if u.phase == TIEBREAK:
            self.tiebreak_log.pop()
        else:
            pl.card[u.column][u.category] = None
            pl.log.pop(u.at)
        pl.extra = u.extra
        pl.saved_rolls = u.saved_rolls
        self.phase = u.phase
        self.current = u.player
        self.round = u.round
        self.tiebreak_state = u.tiebreak
        rolls = self.turn_rolls = u.rolls
        self.turn_holds = u.holds
        self.rolls_used = len(rolls)
        self.dice = list(rolls[-1])
        self.held = u.held

    # ---- state as plain data (saving) ------------------------------------------------
    def snapshot(self):
        """The whole state as a dict of plain data, one entry per ``yatzy.codec.FIELDS``
        name (what a save holds)."""
        from yatzy.codec_load import snapshot

        return snapshot(self)

    def restore(self, s):
        """Bring this new game to the state of :meth:`snapshot` data by replaying its
        history through the rules (``yatzy/engine_load.py``); ValueError when the rules
        could not have produced it."""
        from yatzy.engine_load import restore

        restore(self, s)

    def __repr__(self):
        return "<Game %s %s round %d/%d player %d>" % (
            self.rules_id,
            PHASE_NAMES[self.phase],
            self.round,
            self.rounds,
            self.current,
        )
