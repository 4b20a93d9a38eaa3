# Tables over dice multisets: each keep of 0..n dice, its one-die successors, its sub-keeps.
# SPDX-License-Identifier: MIT
"""The dice-multiset tables the computer players search a turn with.

``tables(n)`` (built once per dice count, kept) numbers every keep, a multiset of 0..n
dice, grouped by size; the keeps of n dice are the rolls. ``add[6 * k + d - 1]`` is the
keep ``k`` plus one die ``d``; ``subs[start[r]:start[r + 1]]`` are roll ``r``'s sub-keeps,
largest first. Compact arrays: the Pico has little RAM (6 dice: ~25 KB).
``score_table(ruleset, box)`` is the raw score of every roll in one box (kept per
ruleset and box). :func:`expect` and :func:`best_keep` are the two steps of the turn
search over those tables: a keep is worth the mean of one more die added, a roll the best
of its sub-keeps.

Example::

    >>> t = tables(5)
    >>> len(t.rolls), len(t.keeps), t.rolls[t.roll_index[(6, 1, 6, 1, 6)]]
    (252, 462, (1, 1, 6, 6, 6))
"""

from array import array

from yatzy import rules as _rules
from yatzy.scoring import counts_of

_TABLES = {}
_SCORES = {}


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


def expect(t, values):
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


def best_keep(t, e, must_roll=False):
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
