# Tables over dice multisets: each keep of 0..n dice and its one-die successors; raw box scores.
# SPDX-License-Identifier: MIT
"""The dice-multiset tables the computer players search a turn with.

``tables(n)`` numbers every keep, a multiset of 0..n dice, by size and, within a size, by
ascending code (3 bits per face count, face 6 the highest); the keeps of n dice are the
rolls. Its one table, ``add[6 * k + d - 1]`` (the keep ``k`` plus one die ``d``), is
generated offline (``yatzy/tables/keeps.bin``, by tools/gen/ai_tables.py): nothing is built
on the device, and it is the only array kept (5 dice: 2.5 KB, 6 dice: 5.5 KB). The keeps
under 5 dice are numbered alike in both, so the file holds the 6-dice table and 5 dice read
its first part. A keep's
index is found by adding its dice one by one to the empty keep (index 0). :func:`sub_keeps`
lists the keeps a roll can make, largest first. :func:`score_table` is the raw score of
every roll in one box, also generated (``yatzy.tables.scores.ROWS``, its rows read from
a data file beside it at each call; computed for a ruleset the files do not cover).
:func:`expect` and :func:`best_sub` are the two steps of the turn search: a keep is worth
the mean of one more die added, a roll the best of its sub-keeps; both work in place on one
array of a value per keep, so a turn looks a roll further ahead without a new array.
:func:`work` is the pair of arrays the computer levels reuse for every turn of a game (6
dice: 1.8 + 3.7 KB, 5 dice: 1.0 + 1.8 KB), allocated once.

Example::

    >>> t = tables(5)
    >>> t.nrolls, t.nkeeps, t.roll(t.index_of_roll((6, 1, 6, 1, 6)))
    (252, 462, [1, 1, 6, 6, 6])
"""

from array import array

from yatzy import rules as _rules
from yatzy import tables as _tab
from yatzy.scoring import counts_of
from yatzy.tables import load

_TABLES = {}
_SCORES = {}
_WORK = {}  # dice count -> the search's reused arrays (work())
# the generated score rows of each ruleset id (same boxes, same scorers)
_FAMILY = {
    "yatzy": "nordic",
    "forced": "nordic",
    "triple": "nordic",
    "yahtzee": "yahtzee",
    "maxi": "maxi",
}


def _multisets(size, faces):
    """How many multisets of ``size`` dice show only faces 1..faces."""
    if faces <= 1:
        return 1 if faces == 1 or size == 0 else 0
    n = 1
    for i in range(1, faces):  # C(size + faces - 1, faces - 1)
        n = n * (size + i) // i
    return n


class _Tables:
    """The keeps of 0..n dice: ``off[s]`` is the first keep of s dice, ``add`` their one-die
    successors (array("H"), generated offline)."""

    def __init__(self, n):
        self.off = [0] * (n + 2)
        for size in range(n + 1):
            self.off[size + 1] = self.off[size] + _multisets(size, 6)
        self.n = n
        self.first_full = self.off[n]
        self.nkeeps = self.off[n + 1]
        self.nrolls = self.nkeeps - self.first_full
        # little-endian uint16 (as every target of the firmware is): the first 6 entries per
        # keep under n dice; the file is closed again at once (its cache is heap)
        self.add = array("H", _tab.read("keeps", 0, 12 * self.first_full))
        _tab.close()

    def keep_index(self, dice):
        """Index of the keep of ``dice`` (any order, at most n dice)."""
        if len(dice) > self.n:
            raise ValueError("more than %d dice: %r" % (self.n, dice))
        add = self.add
        k = 0
        for d in dice:
            if d < 1 or d > 6:
                raise ValueError("die value %r outside 1..6" % (d,))
            k = add[6 * k + d - 1]
        return k

    def index_of_roll(self, dice):
        """Index (0..nrolls-1) of the roll showing ``dice``."""
        if len(dice) != self.n:
            raise ValueError("not a roll of %d dice: %r" % (self.n, dice))
        return self.keep_index(dice) - self.first_full

    def keep(self, k):
        """Sorted dice of keep ``k`` (the numbering inverted: by size, then code)."""
        size = 0
        while self.off[size + 1] <= k:
            size += 1
        rank = k - self.off[size]
        left = size
        out = []
        for v in range(6, 1, -1):  # face 6 is the code's most significant count
            c = 0
            while True:
                cnt = _multisets(left - c, v - 1)
                if rank < cnt:
                    break
                rank -= cnt
                c += 1
            out = [v] * c + out
            left -= c
        return [1] * left + out

    def roll(self, r):
        """Sorted dice of roll ``r``."""
        return self.keep(self.first_full + r)


def sub_keeps(t, dice):
    """``[(keep index, sorted dice), ...]`` of every keep the roll ``dice`` can make, the
    largest first and by code within a size (the whole roll first, the empty keep last): a
    total order, so every runtime breaks ties the same way (MicroPython sorts unstably)."""
    counts = counts_of(dice)
    # one int per keep sorts in that order: dice left out above the code's 18 bits
    found = [len(dice) << 18]
    for v in range(1, 7):
        have = counts[v]
        if have:
            step = (1 << (3 * (v - 1))) - (1 << 18)
            found = [s + m * step for s in found for m in range(have + 1)]
    found.sort()
    add = t.add
    out = []
    for s in found:
        ds = []
        k = 0
        for v in range(1, 7):
            for _ in range((s >> (3 * (v - 1))) & 7):
                k = add[6 * k + v - 1]
                ds.append(v)
        out.append((k, ds))
    return out


def tables(n):
    t = _TABLES.get(n)
    if t is None:
        t = _Tables(n)
        _TABLES[n] = t
    return t


def release():
    """Forget the tables, score rows and search arrays (the next game loads them again)."""
    _TABLES.clear()
    _SCORES.clear()
    _WORK.clear()


def score_table(ruleset, category):
    """Raw scores of ``category`` for every roll of ``tables(n)`` (bytes, one per roll): read
    from the family's data file (``scores_<family>.bin``) at each call, so no row stays on
    the heap; computed once and kept for a ruleset or box the file does not cover."""
    base = _rules.split_extra(category)[0]
    key = (ruleset.id, base)
    row = _SCORES.get(key)
    if row is not None:
        return row
    fam = _FAMILY.get(ruleset.id)
    t = tables(ruleset.dice)
    if fam is not None:
        name = "scores_" + fam
        boxes = _SCORES.get(name)
        if boxes is None:  # the file's boxes, in its order: () when it is missing or short
            boxes = load("scores").ROWS[fam]
            if _tab.size(name) != len(boxes) * t.nrolls:
                boxes = ()
            _SCORES[name] = boxes
        if base in boxes:
            return _tab.read(name, boxes.index(base) * t.nrolls, t.nrolls)
    f = ruleset.scorers[base]
    row = bytearray(t.nrolls)
    for i in range(t.nrolls):
        m = t.roll(i)
        row[i] = f(counts_of(m), sum(m))
    _SCORES[key] = row
    return row


# ---- the search's inner loops: viper where the runtime compiles it, plain Python elsewhere ----
# (yatzy/kernels.py has both; they give the same numbers)
_native = [None, None]  # the kernels in use (None: not tried yet, False: plain); compiled


def native():
    """The viper kernels, compiled on first use; None on a runtime without them (CPython,
    the WebAssembly port) or when the compiler finds no room (then plain Python, same
    numbers). Their source (yatzy/kernels.py) is imported for the one attempt and, once
    compiled, dropped with its module: only the compiled kernels stay on the heap (when the
    compiler fails, the module stays for its plain loops)."""
    k = _native[0]
    if k is None:
        k = _native[1]
        if k is None:
            try:
                import sys

                import micropython  # (CPython has none: plain Python)

                import yatzy.kernels as source

                k = {"micropython": micropython, "w": 32 if sys.maxsize > 0x7FFFFFFF else 0}
                exec(source.VIPER, k)
                from unload import unload

                unload("yatzy.kernels")  # compiled: its text leaves with the module
            except Exception:  # ImportError, SyntaxError (no native emitter), MemoryError
                k = False
            _native[1] = k
        _native[0] = k
    return k or None


def use_native(on):
    """Tests: ``False`` forces the plain Python loops, ``True`` uses the kernels again."""
    _native[0] = None if on else False


NEG32 = -(1 << 31)


def ints(n, fill=0):
    """n copies of ``fill``: an array("i") made from bytes (no list of n ints; little-endian,
    as every target of the firmware is) for the viper kernels, a list for the plain loops
    (faster on CPython)."""
    if not native():
        return [fill] * n
    return array("i", (fill & 0xFFFFFFFF).to_bytes(4, "little") * n if fill else bytes(4 * n))


def put(e, values, off):
    """``e[off:off + len(values)] = values`` in place (both from :func:`ints`)."""
    try:
        e[off : off + len(values)] = values
    except (TypeError, NotImplementedError):  # an array and a list (tests switch kernels)
        for i in range(len(values)):
            e[off + i] = values[i]


def work(t):
    """The search's two arrays for the dice of ``t``, allocated on first use and then kept:
    a fragmented heap may have no room for a new piece of kilobytes. ``[a value per roll,
    a value per keep]`` (``t.nrolls`` and ``t.nkeeps`` ints from :func:`ints`). One pair at
    a time: a game of other dice frees the old pair first; :func:`release` frees it."""
    w = _WORK.get(t.n)
    if w is None:
        _WORK.clear()
        w = (ints(t.nrolls), ints(t.nkeeps))
        _WORK[t.n] = w
    return w


def _loops():
    """The search's inner loops in use: the viper kernels (:func:`native`) or, on a runtime
    without them, ``yatzy.kernels.LOOPS``, which take the same arguments."""
    k = native()
    if k:
        return k
    from yatzy import kernels

    return kernels.LOOPS


def expect(t, e):
    """In place: ``e[k]`` (a value per keep, from :func:`ints`) of every keep smaller than a
    roll becomes the mean over one added die, down from the rolls valued by ``e[off:]``
    (``off = t.first_full``); returns ``e``. A keep's successors are larger keeps, numbered
    after it, so they are final when it is computed, whatever ``e[:off]`` held before."""
    k = _loops()
    k["expect"](e, t.add, t.first_full, k["w"])
    return e


def _push(b, add, lo, hi):
    """For keeps ``lo..hi-1`` of ``b``: ``b[add[j]] = max(.., b[i])`` over the six keeps one
    die larger."""
    k = _loops()
    k["push"](b, add, lo, hi, k["w"])


def best_sub(t, b, must_roll=False):
    """In place: each keep of ``b`` (a value per keep, from :func:`ints`) becomes the best
    value of its sub-keeps, itself included, so the rolls' part ``b[t.first_full:]`` holds
    each roll's best sub-keep; without the whole roll when ``must_roll`` (compulsory rolls).
    Keeps come by size, so a keep is final before it passes its value on to the keeps with
    one die more. Returns ``b``."""
    add = t.add
    last = t.off[t.n - 1]  # the keeps one die short of a roll
    off = t.first_full
    if not must_roll:
        _push(b, add, 0, off)
        return b
    _push(b, add, 0, last)
    for i in range(off, t.nkeeps):  # a roll's own value is not one of its choices
        b[i] = NEG32
    _push(b, add, last, off)
    return b


def climb(t, lv, need, must_roll=False, saved=0):
    """The turn search, one roll further ahead at a time, in place: ``lv`` is ``[the value of
    stopping with each roll, a value per keep, the rolls to come those are for]`` (the two
    arrays from :func:`ints`, 0 rolls: not made yet); returns the keep values with ``need``
    rolls to come. A roll's value with one more roll is its best sub-keep (:func:`best_sub`;
    ``must_roll``: compulsory rolls) or stopping now, plus ``saved`` per roll left unused
    (Maxi's saved rolls); a keep's is the mean of one more die (:func:`expect`). Rolls to
    come only go down in a turn: fewer than the array holds are built again from the
    values of stopping. Used by every computer level (basic, easy, good, best)."""
    e = lv[1]
    if not lv[2] or lv[2] > need:
        put(e, lv[0], t.first_full)
        expect(t, e)
        lv[2] = 1
    while lv[2] < need:
        j = lv[2]  # the keeps have j rolls to come: the rolls' values with j rolls left
        best_sub(t, e, must_roll)
        if not must_roll:
            raise_to(e, lv[0], j * saved, t.first_full)
        expect(t, e)
        lv[2] = j + 1
    return e


def max_row(best, tab, row, f):
    """``best[i] = max(best[i], tab[row[i] // f])`` for every roll (``best`` from
    :func:`ints`, ``tab`` a list, ``row`` bytes): a box's values, by its score, raise each
    roll's best box."""
    k = _loops()
    k["max_row"](best, array("i", tab), row, len(best), f, k["w"])


def raise_to(b, stop, bonus, off=0):
    """``b[off + r] = max(b[off + r], stop[r] + bonus)`` for every roll r (``b`` and
    ``stop`` from :func:`ints`)."""
    k = _loops()
    k["raise_to"](b, stop, bonus, off, len(stop), k["w"])
