# The "basic" computer level: the most points this turn, exactly, and no more.
# SPDX-License-Identifier: MIT
"""Level ``basic`` for :func:`yatzy.strategy.decide` (registered when first imported).

It maximises the expected points of the current turn exactly (up to ``MAX_LOOKAHEAD`` rolls
ahead): box score times the column factor, plus the upper bonus when this box completes
it, plus a Yahtzee/extra Yatzy bonus. It works on sorted dice multisets (252 rolls of five
dice, 462 of six): the value of keeping a multiset K with j rolls left is the mean over one
added die of K + die, down to full rolls, and a roll is worth the best of its sub-keeps.
Values are integers scaled by 2**16 so every runtime makes the same choices. Per turn the
values are cached (:func:`forget` lets them go).

A module of its own, loaded when a game asks for ``basic``: by a seat, by the other
levels in the phases that are no turn (tie-break, roll-off, direction), by the hint coach
when the best level's tables do not fit, or by ``strategy.decide`` as the fallback of a
level that ran out of memory. A game of ``best`` computers does not keep its code on the
heap (about 2 KB on the Pico).

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Cpu"], cpu=[True], dice=4)
    >>> basic(g)
    ('roll',)
"""

from yatzy import rules as _rules
from yatzy import strategy as _st
from yatzy.engine import TIEBREAK
from yatzy.holds import keep_mask
from yatzy.keeps import climb, ints, score_table, sub_keeps
from yatzy.keeps import tables as _tables

SCALE = 65536  # fixed point: expected values are integers in 1/65536 points
MAX_LOOKAHEAD = 8  # Maxi with many saved rolls plans at most this many rolls ahead

_cache = [None, None, None]  # game, signature, [values of stopping, keep values, rolls after]


def forget():
    """Let the turn's cached values go (strategy.decide, after a MemoryError)."""
    _cache[0] = _cache[1] = _cache[2] = None


# ---- value of finishing the turn with each roll ---------------------------------------------
def _box_value(game, p, category, column, points):
    """Points a box adds to the total: factor x score, plus the bonus it completes."""
    r = game.rules
    f = r.factors[column]
    v = f * points
    if category in _rules.FACE:
        have = game.upper_total(p, column)
        if have < r.bonus_threshold <= have + points:
            v += f * r.bonus_value
    return v


def final_values(game):
    """Points (scaled) of stopping with each roll, for the current player and phase."""
    t = _tables(game.rules.dice)
    if game.phase == TIEBREAK:
        return _scaled(t, [sum(t.roll(i)) for i in range(t.nrolls)])
    r = game.rules
    p = game.current
    best = [0] * t.nrolls
    nr = len(best)
    for col in range(r.columns):
        fa = r.factors[col]
        have = game.upper_total(p, col)
        for c in game.open_boxes(p, col):
            row = score_table(r, c)
            if c in _rules.FACE and have < r.bonus_threshold:
                need = r.bonus_threshold - have
                extra = fa * r.bonus_value
                for i in range(nr):
                    v = fa * row[i]
                    if row[i] >= need:
                        v += extra
                    if v > best[i]:
                        best[i] = v
            else:
                for i in range(nr):
                    v = fa * row[i]
                    if v > best[i]:
                        best[i] = v
    # five (six) of a kind: Joker rules and bonuses decide
    for v in range(1, 7):
        roll = (v,) * r.dice
        i = t.index_of_roll(roll)
        dice = list(roll)
        top = 0
        for c, col, pts in game.choices_for(p, dice):
            top = max(top, _box_value(game, p, c, col, pts))
        best[i] = top + game.extra_for(p, dice)
    return _scaled(t, best)


def _scaled(t, points):
    """The points times SCALE, as the kernels' ints (``keeps.ints``)."""
    out = ints(t.nrolls)
    for i in range(t.nrolls):
        out[i] = SCALE * points[i]
    return out


def _signature(game):
    p = game.current
    pl = game.players[p]
    cards = tuple(tuple(col[c] for c in game.rules.categories) for col in pl.card)
    return (game.phase, p, game.direction_of(p), cards, pl.extra)


def keep_values(game, rolls_left):
    """Keep-value table (scaled ints, indexed like ``tables(n).keeps``) with
    ``rolls_left`` rolls still to come after this keep is made, i.e. the keep is
    rolled up and then ``rolls_left - 1`` more rolls may follow. One array per turn,
    moved up a roll at a time in place (rolls left only go down in a turn; fewer than
    the array holds are built again from the values of stopping)."""
    sig = _signature(game)
    t = _tables(game.rules.dice)
    if _cache[0] is not game or _cache[1] != sig:
        _cache[0] = _cache[1] = _cache[2] = None  # the last turn's arrays go first
        _cache[2] = [final_values(game), ints(t.nkeeps), 0]
        # (marked as this turn's only once built: a MemoryError leaves no half entry)
        _cache[0] = game
        _cache[1] = sig
    return climb(t, _cache[2], rolls_left, game.rules.all_rolls)


def best_box(game):
    """The ``(category, column)`` basic fills with the current dice."""
    p = game.current
    if game.phase == TIEBREAK:
        return game.choices()[0][:2]
    extra = game.extra_for(p, game.dice)
    best = None
    for c, col, pts in game.choices():
        v = _box_value(game, p, c, col, pts) + extra
        # equal points: give up the box with the least potential (e.g. ones before yatzy)
        key = (v, -max(score_table(game.rules, c)) * game.rules.factors[col])
        if best is None or key > best[0]:
            best = (key, c, col)
    return best[1], best[2]


def _score(game):
    """The box that ends the turn; the turn's keep values leave the heap (a new turn builds
    its own)."""
    _cache[0] = _cache[1] = _cache[2] = None
    c, col = best_box(game)
    return ("score", c, col)


def basic(game, rand=None):
    """The basic level's next action (``strategy.decide``'s contract)."""
    a = _st.no_turn(game)
    if a is not None:
        return a
    if not game.rolls_used:
        return ("roll",)
    left = game.rolls_left()
    if left <= 0:
        return _score(game)
    t = _tables(game.rules.dice)
    ri = t.index_of_roll(game.dice)
    e = keep_values(game, min(left, MAX_LOOKAHEAD))
    best = -1
    chosen = None
    subs = sub_keeps(t, game.dice)
    # compulsory rolls: the full keep (first of the sub-keeps) would roll no die
    for j in range(1 if game.rules.all_rolls else 0, len(subs)):
        k, dice = subs[j]
        v = e[k]
        if v > best:
            best = v
            chosen = dice
    stop = _cache[2][0][ri]  # keep_values filled the cache: level 0 = stopping now
    if stop >= best and not game.rules.all_rolls:
        return _score(game)
    mask = keep_mask(game.dice, chosen)
    if mask != game.hold_mask():
        return ("holds", mask)
    return ("roll",)


_st.register("basic", basic)
