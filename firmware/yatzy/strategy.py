# Computer players: decide the next action; "basic" maximises this turn's expected score.
# SPDX-License-Identifier: MIT
"""Computer strategies.

``decide(game, level="basic", rand=None)`` returns the next action of the
current player: ``("rolloff",)``, ``("direction", d)``, ``("roll",)``,
``("holds", mask)`` (followed by ``("roll",)`` on the next call), or
``("score", category, column)``.

``basic`` maximises the expected points of the current turn exactly (up to
``MAX_LOOKAHEAD`` rolls ahead): box score times the column factor, plus the upper
bonus when this box completes it, plus a Yahtzee/extra Yatzy bonus. It works on
sorted dice multisets (252 rolls of five dice, 462 of six): the value of keeping
a multiset K with j rolls left is the mean over one added die of K + die, down to
full rolls, and a roll is worth the best of its sub-keeps. Values are integers
scaled by 2**16 so every runtime makes the same choices. Tables are built once
per dice count; per turn the values are cached.

The levels are :data:`LEVELS`. ``easy``, ``good`` and ``best`` live in ``yatzy.ai``,
which :data:`_PROVIDERS` names and which registers them when first imported; other
levels can be added with :func:`register` (``register("mine", fn)``, where
``fn(game, rand)`` returns an action). A level whose tables do not fit in the heap
(``MemoryError``) plays that move as ``basic``, so the game goes on: callers never
handle it. :func:`hint` and :func:`loss` are the hint coach's view of the same.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Cpu"], cpu=[True], dice=4)
    >>> decide(g)
    ('roll',)
"""

from array import array

from yatzy import rules as _rules
from yatzy.engine import DIRECTION, OVER, ROLLOFF, TIEBREAK
from yatzy.scoring import counts_of

SCALE = 65536  # fixed point: expected values are integers in 1/65536 points
MAX_LOOKAHEAD = 8  # Maxi with many saved rolls plans at most this many rolls ahead

LEVELS = ("basic", "easy", "good", "best")
# level -> the module that registers it when imported (an explicit table: nothing else is
# imported by name)
_PROVIDERS = {"easy": "yatzy.ai", "good": "yatzy.ai", "best": "yatzy.ai"}
_LEVELS = {}
_TABLES = {}
_SCORES = {}
_cache = [None, None, None]  # game, signature, list of keep-value tables per rolls left


def register(level, fn):
    """Make ``decide(game, level)`` call ``fn(game, rand)``."""
    _LEVELS[level] = fn


def _level_fn(level):
    fn = _LEVELS.get(level)
    if fn is None:
        provider = _PROVIDERS.get(level) if isinstance(level, str) else None
        if provider is None:
            raise ValueError("unknown strategy level %r" % (level,))
        __import__(provider)
        fn = _LEVELS.get(level)
        if fn is None:
            raise ValueError("strategy level %r did not register itself" % (level,))
    return fn


def _collect():
    import gc

    gc.collect()


def decide(game, level="basic", rand=None):
    """The next action of the current player (see the module docstring). A level other than
    basic that runs out of memory (its tables do not fit) plays this move as basic."""
    try:
        return _level_fn(level)(game, rand)
    except MemoryError:
        if level == "basic":
            raise
    _collect()
    return _level_fn("basic")(game, rand)


def hint(game):
    """The hint coach's move: ``(action, exact)``, the ``best`` level's suggestion
    (``exact`` True) or, when its tables do not fit in the heap, the basic one (False)."""
    try:
        from yatzy import ai

        return ai.hint(game), True
    except (ImportError, MemoryError):  # not on this flash, or no room for its tables
        _collect()
    return _basic(game, None), False


def loss(game, action):
    """Expected points that ``action`` gives away against the best choice (float), or
    None when the best level's tables do not fit in the heap. ValueError: not possible."""
    try:
        from yatzy import ai

        return ai.loss(game, action)
    except (ImportError, MemoryError):
        _collect()
    return None


# ---- tables over dice multisets ------------------------------------------------------------
def _code(counts):
    """A multiset of dice as one int: 3 bits per face count (faces 1..6)."""
    c = 0
    for v in range(6, 0, -1):
        c = (c << 3) | counts[v]
    return c


def _uncode(code):
    """Sorted dice of a multiset code."""
    out = []
    for v in range(1, 7):
        out.extend([v] * ((code >> (3 * (v - 1))) & 7))
    return out


def _size(code):
    n = 0
    while code:
        n += code & 7
        code >>= 3
    return n


def _codes_of_size(left, v, code, out):
    if v == 6:
        out.append(code | (left << 15))
        return
    for m in range(left + 1):
        _codes_of_size(left - m, v + 1, code | (m << (3 * (v - 1))), out)


class _KeepView:
    """Read-only sequence of keeps (or rolls) as sorted tuples, decoded on demand."""

    def __init__(self, t, first):
        self._t = t
        self._first = first

    def __len__(self):
        return len(self._t.codes) - self._first

    def __getitem__(self, i):
        if i < 0 or i >= len(self):
            raise IndexError("keep index out of range")
        return tuple(_uncode(self._t.codes[self._first + i]))


class _IndexView:
    """``roll_index[dice]``: index of the roll showing ``dice`` (any order)."""

    def __init__(self, t):
        self._t = t

    def __getitem__(self, dice):
        return self._t.index_of_roll(dice)


class _Tables:
    """Keeps (multisets of 0..n dice, as codes), their one-die successors and each
    roll's sub-keeps. Compact arrays: the Pico has little RAM (6 dice: ~25 KB)."""

    def __init__(self, n):
        # codes grouped by size (0..n dice), ascending within a size: lookups bisect
        codes = array("I")
        self.off = [0] * (n + 2)
        for size in range(n + 1):
            self.off[size] = len(codes)
            block = []
            _codes_of_size(size, 1, 0, block)
            block.sort()
            for c in block:
                codes.append(c)
        self.off[n + 1] = len(codes)
        self.n = n
        self.codes = codes
        self.first_full = self.off[n]
        self.nrolls = len(codes) - self.first_full
        add = _zeros(6 * self.first_full)
        for i in range(self.first_full):
            for d in range(1, 7):
                add[6 * i + d - 1] = self.find(codes[i] + (1 << (3 * (d - 1))))
        self.add = add
        start = _zeros(self.nrolls + 1)
        total = 0
        for r in range(self.nrolls):
            code = codes[self.first_full + r]
            m = 1
            for v in range(6):
                m *= ((code >> (3 * v)) & 7) + 1
            total += m
        # sized once (a growing array would need ever larger free blocks on a full heap)
        subs = _zeros(total)
        at = 0
        for r in range(self.nrolls):
            code = codes[self.first_full + r]
            found = [0]
            for v in range(1, 7):
                shift = 3 * (v - 1)
                have = (code >> shift) & 7
                found = [s + (m << shift) for s in found for m in range(have + 1)]
            # largest keeps first (on equal value keep more dice), then by code: a total
            # order, so every runtime breaks ties the same way (MicroPython sorts unstably)
            found.sort(key=lambda s: (-_size(s), s))
            for s in found:
                subs[at] = self.find(s)
                at += 1
            start[r + 1] = at
        self.start = start
        self.subs = subs
        # tuple views (no stored tuples): keeps[k], rolls[r], roll_index[sorted tuple]
        self.keeps = _KeepView(self, 0)
        self.rolls = _KeepView(self, self.first_full)
        self.roll_index = _IndexView(self)

    def find(self, code):
        """Index of a keep code (binary search in its size block)."""
        size = _size(code)
        lo = self.off[size]
        hi = self.off[size + 1]
        codes = self.codes
        while lo < hi:
            mid = (lo + hi) // 2
            if codes[mid] < code:
                lo = mid + 1
            else:
                hi = mid
        if lo >= self.off[size + 1] or codes[lo] != code:
            raise ValueError("no keep %r" % (_uncode(code),))
        return lo

    def index_of_roll(self, dice):
        """Index (0..nrolls-1) of the roll showing ``dice``."""
        if len(dice) != self.n:
            raise ValueError("not a roll of %d dice: %r" % (self.n, dice))
        return self.find(_code(counts_of(dice))) - self.first_full

    def roll(self, r):
        return _uncode(self.codes[self.first_full + r])


def _zeros(n):
    """array("H") of n zeros, made without a list of n ints where the runtime allows."""
    try:
        a = array("H", bytes(2 * n))  # MicroPython: a raw copy of the buffer
        if len(a) == n:
            return a
    except TypeError:  # CPython takes no bytes for "H"
        pass
    return array("H", [0] * n)


def tables(n):
    t = _TABLES.get(n)
    if t is None:
        t = _Tables(n)
        _TABLES[n] = t
    return t


def score_table(ruleset, category):
    """Raw scores of ``category`` for every roll of ``tables(n)`` (a bytearray)."""
    base = _rules.split_extra(category)[0]
    key = (ruleset.id, base)
    row = _SCORES.get(key)
    if row is None:
        f = ruleset.scorers[base]
        t = tables(ruleset.dice)
        row = bytearray(t.nrolls)
        for i in range(t.nrolls):
            m = t.roll(i)
            row[i] = f(counts_of(m), sum(m))
        _SCORES[key] = row
    return row


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
    t = tables(game.rules.dice)
    if game.phase == TIEBREAK:
        return [SCALE * sum(t.roll(i)) for i in range(t.nrolls)]
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
    return [SCALE * v for v in best]


def _signature(game):
    p = game.current
    pl = game.players[p]
    cards = tuple(tuple(col[c] for c in game.rules.categories) for col in pl.card)
    return (game.phase, p, game.direction_of(p), cards, pl.extra)


def keep_values(game, rolls_left):
    """Keep-value table (scaled ints, indexed like ``tables(n).keeps``) with
    ``rolls_left`` rolls still to come after this keep is made, i.e. the keep is
    rolled up and then ``rolls_left - 1`` more rolls may follow."""
    sig = _signature(game)
    if _cache[0] is not game or _cache[1] != sig:
        _cache[0] = game
        _cache[1] = sig
        _cache[2] = [final_values(game)]  # level 0: V_0 = values of stopping
    levels = _cache[2]
    t = tables(game.rules.dice)
    # levels holds V_0, E_0, V_1, E_1, ... ; E_j = keep values with j rolls after the keep's
    while len(levels) < 2 * rolls_left:
        if len(levels) % 2 == 1:
            levels.append(_expect(t, levels[-1]))
        else:
            levels.append(_best_keep(t, levels[-1], game.rules.all_rolls))
    return levels[2 * rolls_left - 1]


def _expect(t, values):
    """E[keep] = mean over one added die, down from full rolls valued by ``values``."""
    off = t.first_full
    e = [0] * (off + len(values))  # one block, no temporaries (a fragmented heap)
    for i in range(len(values)):
        e[off + i] = values[i]
    add = t.add
    for i in range(off - 1, -1, -1):
        b = 6 * i
        e[i] = (
            e[add[b]]
            + e[add[b + 1]]
            + e[add[b + 2]]
            + e[add[b + 3]]
            + e[add[b + 4]]
            + e[add[b + 5]]
        ) // 6
    return e


def _best_keep(t, e, must_roll=False):
    """Best sub-keep value of each roll; ``must_roll`` (compulsory rolls) leaves out the
    full keep, which comes first in each roll's list of sub-keeps."""
    start = t.start
    subs = t.subs
    skip = 1 if must_roll else 0
    out = [0] * t.nrolls
    for r in range(t.nrolls):
        best = 0
        for j in range(start[r] + skip, start[r + 1]):
            v = e[subs[j]]
            if v > best:
                best = v
        out[r] = best
    return out


def _hold_mask(dice, keep):
    want = counts_of(keep)
    mask = 0
    for i, d in enumerate(dice):
        if want[d]:
            want[d] -= 1
            mask |= 1 << i
    return mask


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


def _basic(game, rand=None):
    ph = game.phase
    if ph == ROLLOFF:
        return ("rolloff",)
    if ph == DIRECTION:
        return ("direction", "down")
    if ph == OVER:
        raise ValueError("the game is over: no action to take")
    if not game.rolls_used:
        return ("roll",)
    left = game.rolls_left()
    if left <= 0:
        c, col = best_box(game)
        return ("score", c, col)
    t = tables(game.rules.dice)
    ri = t.index_of_roll(game.dice)
    e = keep_values(game, min(left, MAX_LOOKAHEAD))
    best = -1
    best_keep = None
    # compulsory rolls: the full keep (first of the sub-keeps) would roll no die
    first = t.start[ri] + (1 if game.rules.all_rolls else 0)
    for j in range(first, t.start[ri + 1]):
        v = e[t.subs[j]]
        if v > best:
            best = v
            best_keep = _uncode(t.codes[t.subs[j]])
    stop = _cache[2][0][ri]  # keep_values filled the cache: level 0 = stopping now
    if stop >= best and not game.rules.all_rolls:
        c, col = best_box(game)
        return ("score", c, col)
    mask = _hold_mask(game.dice, best_keep)
    if mask != game.hold_mask():
        return ("holds", mask)
    return ("roll",)


register("basic", _basic)
