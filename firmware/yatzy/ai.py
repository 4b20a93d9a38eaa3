# Computer players easy/good/best and the hint: exact turn search plus a compact future value.
# SPDX-License-Identifier: MIT
"""Levels ``easy``, ``good`` and ``best`` for :func:`yatzy.strategy.decide`, and hints.

Every level searches the current turn exactly, like ``basic``: over the sorted dice
multisets, a keep is worth the mean of one more die added, a roll the best of its sub-keeps.
What differs is the value of ending the turn in a box: the box's points, the upper bonus
it completes and any Yahtzee / extra Yatzy bonus, **plus the change in the expected value
of the rest of the game** (the future value), which ``basic`` ignores. The future value of
a column is ``L[open lower boxes, Yahtzee-50 flag] + U[open upper boxes][upper total]``:

- ``best`` uses the tables fitted to the exact optimum when the game is one the solver
  covers (yatzy, forced, yahtzee, no house options that change play); otherwise, and
  always for ``good``, a generic model (``yatzy.future`` holds both models).
- ``easy`` plays like a casual player who knows the game: the generic model of ``good``
  at half weight (this turn's points count more than the future), and now and then
  (``rand``, at most once a turn) a close second-best keep or box, sometimes a worse one
  (never one that looks more than a few points worse).

Values are integers in 1/64 point so CPython and MicroPython make the same choices.
``hint(game)`` gives the ``best`` suggestion; ``loss(game, action)`` the expected points an
action gives away against it (0 for the best choice).

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Cpu"], cpu=[True], dice=4)
    >>> choose(g, "best")
    ('roll',)
"""

from yatzy import levels as _levels
from yatzy import rules as _rules
from yatzy import strategy as _st
from yatzy.engine import DIRECTION, OVER, ROLLOFF, TIEBREAK
from yatzy.future import (  # noqa: F401 (Model, exact_key: public here too)
    UNIT,
    Model,
    _flag,
    _tables,
    _worth,
    choice_values,
    exact_key,
)
from yatzy.future import model as _model
from yatzy.holds import keep_mask
from yatzy.keeps import climb, ints, max_row, score_table, sub_keeps, tables, work

NEG = -(1 << 29)
# the levels this module registers: those the registry says it provides
LEVELS = tuple(lv for lv in _levels.LEVELS if _levels.PROVIDERS.get(lv) == __name__)
MAX_LOOKAHEAD = 4  # Maxi with many saved rolls: plan at most this many rolls ahead
SLIP_NEAR = 5  # easy: points between the best and a second-best it may take instead
SLIP_FAR = 12  # easy: points between the best and a worse choice it may take instead

_cache = {}  # turn signature -> [final values, keep values, the rolls to come they are for]
CACHE_LIMIT = 1  # turns remembered (one is enough in a game; benchmarks raise it)
_slipped = [None]  # the turn in which easy last slipped


def final_values(game, model, best=None):
    """UNIT value of ending the turn with each roll (best box for each), written into
    ``best`` (``tables(n).nrolls`` ints from ``keeps.ints``) when given; returns it."""
    r = game.rules
    t = tables(r.dice)
    p = game.current
    if best is None:
        best = ints(t.nrolls, NEG)
    else:
        for i in range(t.nrolls):
            best[i] = NEG
    # per box, the best over the columns where it is open, as a table indexed by the score
    # (upper boxes: by the count of their face): one pass over the rolls per box. As in
    # choice_values, the card is not filled: the future value of the column with one box
    # filled is its lower part with that box taken out plus the upper part as it is, or the
    # other way round (an upper box: the upper part for every count of its face at once)
    tabs = {}
    fut = model.future
    for col in range(r.columns):
        fa = r.factors[col]
        have = game.upper_total(p, col)
        flag = _flag(game, p, col)
        card = game.players[p].card[col]
        lo = model.lower_part(card, flag)
        up = model.upper_part(card, have)
        nc = lo + up  # the column's value now
        for c in game.open_boxes(p, col):
            old = tabs.get(c)
            if c in _rules.FACE:
                f = _rules.FACE[c]
                ups = model.upper_row(card, have, c, f, r.dice)
                tab = []
                for n in range(r.dice + 1):
                    tab.append(_worth(r, fa, c, f * n, have, lo + ups[n] - nc, fut))
            else:
                k0 = _worth(r, fa, c, 0, have, model.lower_part(card, flag, c) + up - nc, fut)
                k1 = k0
                if r.joker and c in r.yatzy_boxes:
                    after = model.lower_part(card, 1, c) + up
                    k1 = _worth(r, fa, c, 1, have, after - nc, fut) - fa * UNIT
                per = fa * UNIT
                tab = [k0]
                # the highest score: the table's length (the same in every column)
                top = len(old) - 1 if old is not None else max(score_table(r, c))
                for s in range(1, top + 1):
                    tab.append(per * s + k1)
            if old is not None:
                for j in range(len(tab)):
                    if old[j] > tab[j]:
                        tab[j] = old[j]
            tabs[c] = tab
    for c in tabs:
        max_row(best, tabs[c], score_table(r, c), _rules.FACE.get(c, 1))
    # five (six) of a kind: Joker rules and bonuses as the engine applies them
    for face in range(1, 7):
        dice = [face] * r.dice
        extra = game.extra_for(p, dice)
        if not extra and not game.joker_active(p, dice):
            continue  # plain scores: the loops above have it right
        top = NEG
        for v, _c, _col in choice_values(game, model, extra * UNIT, game.choices_for(p, dice)):
            if v > top:
                top = v
        if top > NEG:
            best[t.index_of_roll(dice)] = top
    return best


def _signature(game, model):
    p = game.current
    pl = game.players[p]
    cards = tuple(tuple(col[c] for c in game.rules.categories) for col in pl.card)
    return (model.rkey, game.direction_of(p), cards)


def _levels(game, level, model, need):
    """``[final values, keep values with need rolls to come, need]`` of this turn.

    Two arrays, ``keeps.work``'s pair (allocated once, reused by every turn and computer)
    while a game remembers one turn (``CACHE_LIMIT``): the final values, and a value per
    keep in which the keep values with j + 1 rolls to come are made in place from those
    with j (each roll's best sub-keep or stop, then one die more's mean), so no level is
    kept besides the one asked for and a decision allocates no array. Rolls left only go
    down in a turn; fewer rolls than the array holds are built up again from the final
    values (a few viper passes: ``keeps.climb``)."""
    sig = _signature(game, model)
    lv = _cache.get(sig)
    t = tables(game.rules.dice)
    if lv is None:
        if len(_cache) >= CACHE_LIMIT:
            _cache.clear()
        w = work(t) if CACHE_LIMIT == 1 else (ints(t.nrolls), ints(t.nkeeps))
        lv = [final_values(game, model, w[0]), w[1], 0]
        _cache[sig] = lv
    climb(t, lv, need, game.rules.all_rolls, model.saved_roll)
    return lv


def options(game, level="best"):
    """Every choice now with its UNIT value, best first.

    During a turn with rolls left: ``[(value, ("holds", mask)), ...]`` for each distinct
    keep, plus ``(value, ("score", c, col))`` for stopping (when allowed). With no rolls
    left: the boxes. Values include the turn's points and the future value change.
    """
    model = _model(game, level)
    r = game.rules
    p = game.current
    out = []
    left = game.rolls_left()
    stop_ok = not (r.all_rolls and left > 0)
    if stop_ok:
        extra = game.extra_for(p, game.dice) * UNIT
        if r.saved_rolls:
            extra += left * model.saved_roll
        for v, c, col in choice_values(game, model, extra):
            out.append((v, ("score", c, col)))
    if left <= 0:
        # the box ends the turn: a game's next turn builds its own tables, so this turn's
        # leave the heap now rather than when the next one is built (a benchmark that
        # remembers turns across games keeps them)
        if CACHE_LIMIT == 1:
            _cache.clear()
    else:
        t = tables(r.dice)
        need = min(left, MAX_LOOKAHEAD)
        e = _levels(game, level, model, need)[1]
        full = t.first_full
        for k, dice in sub_keeps(t, game.dice):
            if k >= full:
                # keeping every die is the same as stopping, or (compulsory rolls) refused
                continue
            out.append((e[k], ("holds", keep_mask(game.dice, dice))))
    # MicroPython's sort is not stable: break ties by the order the choices were listed (one
    # int per choice, the value above the position: no key function, no tuples)
    n = len(out)
    order = [(-out[i][0]) * n + i for i in range(n)]
    order.sort()
    return [out[k % n] for k in order]


def non_turn(game):
    ph = game.phase
    if ph == ROLLOFF:
        return ("rolloff",)
    if ph == DIRECTION:
        return ("direction", _tables().DIRECTION.get(game.rules.id, "down"))
    if ph == OVER:
        raise ValueError("the game is over: no action to take")
    if ph == TIEBREAK:
        return _st.decide(game, "basic")
    if not game.rolls_used:
        return ("roll",)
    return None


def _pick(game, opts, level, rand):
    if level != "easy" or len(opts) < 2:
        return opts[0][1]
    # easy: a casual player errs now and then, between choices that look alike to a person
    # (within SLIP_NEAR points: second best, 25% of decisions) or further apart (within
    # SLIP_FAR: third to fifth best, 7%); never a blunder
    # and at most once a turn (Maxi's saved rolls would otherwise multiply the slips)
    turn = (id(game), game.round, game.current, game.filled(game.current))
    if _slipped[0] == turn:
        return opts[0][1]
    x = _rand(game, rand)
    best = opts[0][0]
    pick = None
    if x < 25 and best - opts[1][0] <= SLIP_NEAR * UNIT:
        pick = opts[1][1]
    elif 25 <= x < 32:
        j = min(len(opts) - 1, 2 + x % 3)
        if best - opts[j][0] <= SLIP_FAR * UNIT:
            pick = opts[j][1]
    if pick is None:
        return opts[0][1]
    _slipped[0] = turn
    return pick


def _rand(game, rand):
    """0..99 from ``rand`` (a dice source or any callable giving ints), else from the game."""
    if rand is not None:
        v = 0
        for _ in range(3):
            v = v * 6 + (rand() - 1) % 6
        return v * 100 // 216
    # no source given: a fixed function of the position (same position, same slip)
    h = game.round * 7919 + game.rolls_used * 131 + game.current
    for d in game.dice:
        h = (h * 31 + d) & 0xFFFFFF
    return h % 100


def choose(game, level="best", rand=None):
    """The next action of the current player at ``level`` (easy, good or best)."""
    if level not in LEVELS:
        raise ValueError("unknown strategy level %r" % (level,))
    a = non_turn(game)
    if a is not None:
        return a
    opts = options(game, level)
    act = _pick(game, opts, level, rand)
    if act[0] == "holds" and act[1] == game.hold_mask():
        return ("roll",)
    return act


def hint(game):
    """The ``best`` suggestion now: ``("roll",)``, ``("holds", mask)`` or ``("score", c, col)``.

    Unlike :func:`choose`, a hold suggestion is given even when those dice are already held.
    """
    a = non_turn(game)
    if a is not None:
        return a
    return options(game, "best")[0][1]


def _register():
    for lv in LEVELS:
        _st.register(lv, _make(lv))


def _make(level):
    def fn(game, rand=None):
        return choose(game, level, rand)

    return fn


_register()
