# The game as an explicit state machine: roll-off, turns, scoring, tie-break, undo.
# SPDX-License-Identifier: MIT
"""Game engine.

A :class:`Game` is in one phase at a time (``ROLLOFF``, ``DIRECTION``, ``TURN``,
``TIEBREAK``, ``OVER``). ``legal_actions()`` lists what may be done now and
``apply(action)`` does it; anything else raises ``ValueError`` naming the
problem and leaves the state untouched. Dice come from an injected source.

Example::

    >>> from yatzy.dice import ScriptedDice
    >>> g = Game("yatzy", ["Ann"], dice=ScriptedDice([6, 6, 6, 6, 6]))
    >>> g.roll(); g.choices()[-1]
    ('yatzy', 0, 50)
"""

from yatzy import rules as _rules
from yatzy.dice import SeededDice
from yatzy.scoring import counts_of

ROLLOFF = 0
DIRECTION = 1
TURN = 2
TIEBREAK = 3
OVER = 4
PHASE_NAMES = ("rolloff", "direction", "turn", "tiebreak", "over")

# The pseudo box a tie-break turn is "scored" in (sum of the dice, never on the card).
TIEBREAK_BOX = "tiebreak"
DIRECTIONS = ("down", "up")
MAX_NAME = 16


class Player:
    """One seat: name, computer flag, card (one dict per column) and turn log."""

    def __init__(self, name, cpu, ruleset):
        self.name = name
        self.cpu = cpu
        self.card = [dict((c, None) for c in ruleset.categories) for _ in ruleset.factors]
        self.saved_rolls = 0
        self.direction = None
        self.extra = 0
        self._cats = ruleset.categories
        self._ndice = ruleset.dice
        # One entry per scored turn, as bytes (what saves hold; see flat_log): round,
        # column, box index, score, extra bonus earned, roll count, all dice, hold masks.
        self.flat_turns = []

    @property
    def turns(self):
        """The turn log expanded: one list per scored turn [round, column, category,
        score, extra bonus earned, rolls (list of dice lists), holds (hold mask before each
        re-roll)]. Built on demand (records), so a game keeps only the compact bytes."""
        from yatzy.engine_load import turns_of

        return turns_of(self)

    def __repr__(self):
        return "<Player %s>" % self.name


def _mask(held):
    m = 0
    for i in range(len(held)):
        if held[i]:
            m |= 1 << i
    return m


class Game:
    """A game of one ruleset for 1..8 players.

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
        self._ro = [0, list(range(len(players))), 0]  # attempt, contenders, next
        self._tb = [0, [], 0]
        self._rolls = []  # this turn's dice after each roll
        self._holds = []  # hold mask before each re-roll of this turn
        self._undo = None
        if len(players) == 1:
            self._ro = [0, [], 0]
            self._begin_turn()
        else:
            self.phase = ROLLOFF
            self.current = 0

    # ---- queries --------------------------------------------------------------------
    def is_over(self):
        return self.phase == OVER

    def can_undo(self):
        return self._undo is not None

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
        return _mask(self.held)

    def direction_of(self, p):
        """ "down", "up" or None (free order) for player ``p``."""
        if self.rules.order == "down":
            return "down"
        if self.rules.order == "up_or_down":
            return self.players[p].direction
        return None

    def open_boxes(self, p, column):
        """Boxes of ``column`` that player ``p`` may fill now (order rules applied)."""
        card = self.players[p].card[column]
        cats = self.rules.categories
        d = self.direction_of(p)
        if d == "down":
            for c in cats:
                if card[c] is None:
                    return [c]
            return []
        if d == "up":
            for i in range(len(cats) - 1, -1, -1):
                if card[cats[i]] is None:
                    return [cats[i]]
            return []
        out = [c for c in cats if card[c] is None]
        if self.rules.upper_first:
            up = [c for c in out if c in _rules.FACE]
            if up:
                return up
        return out

    def _yatzy_scored(self, p):
        for col in self.players[p].card:
            for b in self.rules.yatzy_boxes:
                if col[b]:
                    return True
        return False

    def joker_active(self, p, dice):
        """True when the Joker rules govern these dice for player ``p``."""
        r = self.rules
        if not r.joker or not dice or len(set(dice)) != 1:
            return False
        for col in self.players[p].card:
            for b in r.yatzy_boxes:
                if col[b] is None:
                    return False
        return True

    def extra_for(self, p, dice):
        """Yahtzee bonus / extra Yatzy bonus that scoring ``dice`` would earn player ``p``."""
        r = self.rules
        amount = r.yahtzee_bonus or r.extra_bonus
        if not amount or not dice or len(set(dice)) != 1:
            return 0
        return amount if self._yatzy_scored(p) else 0

    def choices_for(self, p, dice):
        """Every ``(category, column, score)`` player ``p`` may fill with ``dice``."""
        r = self.rules
        counts = counts_of(dice)
        total = sum(dice)
        allowed = []
        for col in range(r.columns):
            for c in self.open_boxes(p, col):
                allowed.append((c, col))
        if self.joker_active(p, dice):
            match = _rules.UPPER[dice[0] - 1]
            tier = [a for a in allowed if a[0] == match]
            if tier:
                return [(c, col, r.scorers[c](counts, total)) for c, col in tier]
            tier = [a for a in allowed if a[0] not in _rules.FACE]
            if tier:
                out = []
                for c, col in tier:
                    s = r.joker_scores.get(c)
                    out.append((c, col, r.scorers[c](counts, total) if s is None else s))
                return out
            return [(c, col, 0) for c, col in allowed]
        return [(c, col, r.scorers[c](counts, total)) for c, col in allowed]

    def choices(self, preview=False):
        """Legal ``(category, column, score)`` now; ``preview`` ignores compulsory rolls."""
        if self.phase not in (TURN, TIEBREAK) or not self.rolls_used:
            return []
        if self.rules.all_rolls and self.rolls_left() and not preview:
            return []
        if self.phase == TIEBREAK:
            return [(TIEBREAK_BOX, 0, sum(self.dice))]
        return self.choices_for(self.current, self.dice)

    # The totals are drawn on every frame: plain loops, no generator objects (garbage).
    def upper_total(self, p, column=0):
        return _filled_sum(self.players[p].card[column], self.rules.upper)

    def lower_total(self, p, column=0):
        return _filled_sum(self.players[p].card[column], self.rules.lower)

    def bonus(self, p, column=0):
        r = self.rules
        if r.upper and self.upper_total(p, column) >= r.bonus_threshold:
            return r.bonus_value
        return 0

    def bonus_needed(self, p, column=0):
        """Points still needed for the upper bonus: 0 when reached, None when out of reach."""
        r = self.rules
        if not r.upper:
            return None
        have = self.upper_total(p, column)
        if have >= r.bonus_threshold:
            return 0
        card = self.players[p].card[column]
        reach = have
        for c in r.upper:
            if card[c] is None:
                reach += r.dice * _rules.FACE[c]
        if reach < r.bonus_threshold:
            return None
        return r.bonus_threshold - have

    def column_total(self, p, column=0):
        return self.upper_total(p, column) + self.bonus(p, column) + self.lower_total(p, column)

    def extra_bonus(self, p):
        return self.players[p].extra

    def total(self, p):
        t = self.players[p].extra
        for col in range(self.rules.columns):
            t += self.rules.factors[col] * self.column_total(p, col)
        return t

    def totals(self):
        return [self.total(p) for p in range(len(self.players))]

    scores = totals

    def tiebreak_scores(self, p):
        return [e[2] for e in self.tiebreak_log if e[1] == p]

    def ranking(self):
        """``[(place, player, total)]`` best first; equal players share a place (1, 1, 3)."""
        keys = []
        for p in range(len(self.players)):
            keys.append((self.total(p), tuple(self.tiebreak_scores(p)), -p))
        keys.sort(reverse=True)
        out = []
        prev = None
        place = 0
        for i, k in enumerate(keys):
            if prev is None or k[:2] != prev:
                place = i + 1
                prev = k[:2]
            out.append((place, -k[2], k[0]))
        return out

    def filled(self, p):
        n = 0
        for col in self.players[p].card:
            for v in col.values():
                if v is not None:
                    n += 1
        return n

    # ---- actions --------------------------------------------------------------------
    def legal_actions(self):
        ph = self.phase
        out = []
        if ph == ROLLOFF:
            out.append(("rolloff",))
        elif ph == DIRECTION:
            out.append(("direction", "down"))
            out.append(("direction", "up"))
        elif ph in (TURN, TIEBREAK):
            left = self.rolls_left()
            if left > 0:
                if not self._roll_blocked():
                    out.append(("roll",))
                if self.dice:
                    for i in range(len(self.dice)):
                        out.append(("hold", i))
                    for m in range(1 << len(self.dice)):
                        out.append(("holds", m))
            for c, col, _ in self.choices():
                out.append(("score", c, col))
        if self._undo is not None:
            out.append(("undo",))
        return out

    def apply(self, action, player=None):
        """Apply an action tuple; ``player`` (optional) must be the one whose turn it is."""
        if not isinstance(action, (tuple, list)) or not action:
            raise ValueError("an action is a non-empty tuple, got %r" % (action,))
        if player is not None and player != self.current:
            raise ValueError(
                "out of turn: it is player %d's turn, not player %r's" % (self.current, player)
            )
        kind = action[0]
        n = len(action)
        if kind == "rolloff" and n <= 2:
            return self.rolloff(action[1] if n == 2 else None)
        if kind == "direction" and n == 2:
            return self.choose_direction(action[1])
        if kind == "roll" and n <= 2:
            return self.roll(action[1] if n == 2 else None)
        if kind == "hold" and n == 2:
            return self.toggle_hold(action[1])
        if kind == "holds" and n == 2:
            return self.set_holds(action[1])
        if kind == "score" and n in (2, 3):
            return self.score(action[1], action[2] if n == 3 else 0)
        if kind == "undo" and n == 1:
            return self.undo()
        raise ValueError("unknown action %r" % (action,))

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

    def rolloff(self, values=None):
        """Roll for the next contender of the start-player roll-off."""
        self._need_phase("roll off", ROLLOFF)
        attempt, contenders, nxt = self._ro
        p = contenders[nxt]
        got = self._draw(self.rules.rolloff_dice, values)
        self._undo = None
        self.rolloff_log.append((attempt, p, tuple(got)))
        nxt += 1
        if nxt < len(contenders):
            self._ro = [attempt, contenders, nxt]
            self.current = contenders[nxt]
            return
        sums = {}
        for a, q, d in self.rolloff_log:
            if a == attempt:
                sums[q] = sum(d)
        best = max(sums.values())
        leaders = [q for q in contenders if sums[q] == best]
        if len(leaders) > 1:
            self._ro = [attempt + 1, leaders, 0]
            self.current = leaders[0]
            return
        self._ro = [attempt + 1, [], 0]
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
        self._rolls = []
        self._holds = []
        if self.rules.order == "up_or_down" and self.players[self.current].direction is None:
            self.phase = DIRECTION
        else:
            self.phase = TURN

    def roll(self, values=None):
        """Roll the dice that are not held (all of them on the first roll).

        ``values`` optionally gives the rolled dice (in die order) instead of the source.
        """
        self._need_phase("roll", TURN, TIEBREAK)
        if self.rolls_left() <= 0:
            raise ValueError("no rolls left: choose a box")
        if self._roll_blocked():
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
            self._holds.append(_mask(self.held))
        self._undo = None
        self.dice = dice
        self.rolls_used += 1
        self._rolls.append(list(dice))

    def _roll_blocked(self):
        """Compulsory rolls: a roll must re-roll at least one die."""
        return self.rules.all_rolls and self.dice and all(self.held)

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
        self.held = [bool(mask >> i & 1) for i in range(len(self.dice))]

    def _refuse_score(self, category, column):
        """Raise the ValueError that says why this box cannot be scored now."""
        from yatzy.engine_load import refuse_score

        refuse_score(self, category, column)

    def score(self, category, column=0):
        """Fill ``category`` of ``column`` with the current dice (a scratch scores 0)."""
        self._need_phase("score", TURN, TIEBREAK)
        pts = None
        for c, col, s in self.choices():
            if c == category and col == column:
                pts = s
        if pts is None:
            self._refuse_score(category, column)
            raise ValueError("cannot score %r in column %r now" % (category, column))
        p = self.current
        pl = self.players[p]
        # What scoring changes, to put back on undo (a few references, not a snapshot: the
        # turn's lists are replaced, never changed, once the turn is over).
        self._undo = (
            p,
            column,
            category,
            pl.extra,
            pl.saved_rolls,
            len(self.tiebreak_log),
            self.phase,
            self.round,
            self.dice,
            self.held,
            self.rolls_used,
            self._rolls,
            self._holds,
            self._tb,
        )
        if self.phase == TIEBREAK:
            attempt = self._tb[0]
            self.tiebreak_log.append([attempt, p, pts, self._rolls, self._holds])
            self._next_tiebreak()
            return pts
        extra = self.extra_for(p, self.dice)
        pl.card[column][category] = pts
        pl.extra += extra
        if self.rules.saved_rolls:
            pl.saved_rolls += self.rules.rolls - self.rolls_used
        k = self.rules.categories.index(category)
        head = [self.round, column, k, pts, extra]
        # as bytes (every value fits: rounds <= 69, scores and bonuses <= 100): about 30
        # bytes a turn instead of some 500 as nested lists
        pl.flat_turns.append(bytes(flat_log(head, self._rolls, self._holds)))
        self._next_turn()
        return pts

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
        self._rolls = []
        self._holds = []
        if self.rules.tie_break and len(self.players) > 1:
            totals = self.totals()
            top = max(totals)
            tied = [p for p in self._seat_order() if totals[p] == top]
            if len(tied) > 1:
                self._tb = [0, tied, 0]
                self.current = tied[0]
                self.phase = TIEBREAK
                return
        self.phase = OVER
        self.current = self.starter

    def _next_tiebreak(self):
        attempt, contenders, nxt = self._tb
        nxt += 1
        self.dice = []
        self.held = [False] * self.rules.dice
        self.rolls_used = 0
        self._rolls = []
        self._holds = []
        if nxt < len(contenders):
            self._tb = [attempt, contenders, nxt]
            self.current = contenders[nxt]
            return
        got = {}
        for e in self.tiebreak_log:
            if e[0] == attempt:
                got[e[1]] = e[2]
        best = max(got.values())
        leaders = [p for p in contenders if got[p] == best]
        if len(leaders) > 1:
            self._tb = [attempt + 1, leaders, 0]
            self.current = leaders[0]
            return
        self._tb = [attempt + 1, [], 0]
        self.phase = OVER
        self.current = self.starter

    def undo(self):
        """Take back the last scoring choice (allowed until the next roll)."""
        if self._undo is None:
            raise ValueError("nothing to undo")
        (
            p,
            column,
            category,
            extra,
            saved,
            n_tb,
            phase,
            self.round,
            self.dice,
            self.held,
            self.rolls_used,
            self._rolls,
            self._holds,
            self._tb,
        ) = self._undo
        self._undo = None
        pl = self.players[p]
        if phase == TIEBREAK:
            del self.tiebreak_log[n_tb:]
        else:
            pl.card[column][category] = None
            pl.flat_turns.pop()
        pl.extra = extra
        pl.saved_rolls = saved
        self.phase = phase
        self.current = p

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


def _filled_sum(card, categories):
    t = 0
    for c in categories:
        v = card[c]
        if v:
            t += v
    return t


def flat_log(head, rolls, holds):
    """One logged turn as a flat int list: head, roll count, all dice, hold masks."""
    out = list(head)
    out.append(len(rolls))
    for x in rolls:
        out.extend(x)
    out.extend(holds)
    return out


def __getattr__(name):
    """``unflat_log`` and ``options_from_list`` (reading saves) live in engine_load.py."""
    if name == "unflat_log" or name == "options_from_list":
        from yatzy import engine_load

        return getattr(engine_load, name)
    raise AttributeError(name)
