# Reading a save: the tagged values back into named fields, then a game rebuilt by replay.
# SPDX-License-Identifier: MIT
"""The reading side of ``yatzy.codec`` (see its docstring for the format), whose names
``encode``, ``decode``, ``unpack``, ``snapshot`` and ``pack`` are this module's.

:func:`unpack` turns the bytes into a snapshot dict (one value per ``codec.FIELDS`` name);
:func:`decode` builds the new game those fields name (ruleset, options, players) and
replays the saved history into it (``Game.restore``, ``yatzy/engine_load.py``), which
refuses anything the rules could not have produced. Separate so that a game in play,
which only writes saves, does not keep it loaded (the app drops it with
``heap.drop("reader")``).
"""

from yatzy import engine as _engine
from yatzy import rules as _rules
from yatzy.codec import (
    _MAX_DEPTH,
    _SEQ,
    _T_BYTES,
    _T_FALSE,
    _T_INT,
    _T_LIST,
    _T_NEG,
    _T_NONE,
    _T_STR,
    _T_TRUE,
    FIELDS,
    _put,
    _size,
    encode_parts,
    field,
)
from yatzy.dice import SeededDice
from yatzy.log_load import same


def snapshot(game):
    """The game as a dict of ``codec.FIELDS`` (lists, ints, strings; turn logs as bytes);
    ``Game.snapshot()`` returns this. Nothing in it is shared with the game but bytes."""
    out = {}
    for name in FIELDS:
        out[name] = _plain(field(game, name))
    return out


def _plain(v):
    """A copy of ``v`` with every list or tuple in it a new list (bytes and scalars kept)."""
    if isinstance(v, _SEQ):
        return [_plain(x) for x in v]
    return v


def encode(game):
    """The whole game as compact bytes (the undo state is dropped): ``codec.encode_parts``
    copied into one buffer (``codec.encode``: for tools and tests; the app writes the
    parts)."""
    parts, n, _ = encode_parts(game)
    out = bytearray(n)
    pos = 0
    for p in parts:
        out[pos : pos + len(p)] = p if isinstance(p, (bytes, bytearray, memoryview)) else p[:]
        pos += len(p)
    return bytes(out)


def pack(snap):
    """The bytes of a snapshot dict (a value for every ``codec.FIELDS`` name): what
    ``codec.encode`` writes for the game it was taken from."""
    n = 0
    for name in FIELDS:
        n += _size(snap[name])
    out = bytearray(n)
    pos = 0
    for name in FIELDS:
        pos = _put(out, pos, snap[name])
    return bytes(out)


class _Reader:
    def __init__(self, data, pos, end):
        self.data = data
        self.pos = pos
        self.end = end

    def byte(self):
        if self.pos >= self.end:
            raise ValueError("truncated save data")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 35:
                raise ValueError("bad save data: integer too long")

    def take(self, n):
        if self.pos + n > self.end:
            raise ValueError("truncated save data")
        b = self.data[self.pos : self.pos + n]
        self.pos += n
        return b

    def value(self, depth=0):
        if depth > _MAX_DEPTH:
            raise ValueError("bad save data: nested too deep")
        tag = self.byte()
        if tag == _T_NONE:
            return None
        if tag == _T_FALSE:
            return False
        if tag == _T_TRUE:
            return True
        if tag == _T_INT:
            return self.varint()
        if tag == _T_NEG:
            return -self.varint() - 1
        if tag == _T_STR:
            b = self.take(self.varint())
            try:
                return bytes(b).decode("utf-8")
            except UnicodeError:
                raise ValueError("bad save data: text is not UTF-8")
        if tag == _T_LIST:
            n = self.varint()
            if n > self.end - self.pos:
                raise ValueError("truncated save data")
            return [self.value(depth + 1) for _ in range(n)]
        if tag == _T_BYTES:
            return list(self.take(self.varint()))
        raise ValueError("bad save data: unknown tag %d" % tag)

    def skip(self, depth=0):
        """Step over one value, refusing what :meth:`value` refuses, with its messages, and
        building nothing (but each text, to check its UTF-8)."""
        if depth > _MAX_DEPTH:
            raise ValueError("bad save data: nested too deep")
        tag = self.byte()
        if tag == _T_NONE or tag == _T_FALSE or tag == _T_TRUE:
            return
        if tag == _T_INT or tag == _T_NEG:
            self.varint()
        elif tag == _T_STR:
            self.pos -= 1
            self.value()
        elif tag == _T_LIST:
            n = self.varint()
            if n > self.end - self.pos:
                raise ValueError("truncated save data")
            for _ in range(n):
                self.skip(depth + 1)
        elif tag == _T_BYTES:
            n = self.varint()
            if self.pos + n > self.end:
                raise ValueError("truncated save data")
            self.pos += n
        else:
            raise ValueError("bad save data: unknown tag %d" % tag)


class Saved:
    """A save read where it lies: ``Saved(data)`` walks the whole encoding once, refusing
    what :func:`unpack` refuses with the same messages, and keeps where each field starts.
    ``s[name]`` then decodes one field when asked, and ``s["turns"]`` is a list with one
    :class:`SavedTurns` per player (or the decoded value where the save has no list), so
    reading a save never holds the decoded turns of the whole game: ``Game.restore``
    replays them one at a time. ``data`` (bytes, a memoryview of the file, or the file itself
    read a window at a time: an object with ``len()``, ``d[i]``, ``d[a:b]`` and ``part``, as
    ``save.filebytes.FileBytes``) is not copied."""

    def __init__(self, data):
        if not isinstance(data, (bytes, bytearray, memoryview)) and not hasattr(data, "part"):
            raise ValueError("save data must be bytes, got %s" % type(data).__name__)
        r = _Reader(data, 0, len(data))
        at = []
        for name in FIELDS:
            at.append(r.pos)
            try:
                r.skip()
            except ValueError as e:
                raise ValueError("%s (field %s)" % (e, name))
        if r.pos != r.end:
            raise ValueError("bad save data: %d stray bytes" % (r.end - r.pos))
        at.append(r.pos)
        self.data = data
        self.at = at
        self._turns = None
        self.tick = None  # called after each replayed turn (codec.decode's ``tick``)

    def reader(self, name):
        """A reader at the start of field ``name``."""
        i = FIELDS.index(name)
        return _Reader(self.data, self.at[i], self.at[i + 1])

    def __getitem__(self, name):
        if name != "turns":
            return self.reader(name).value()
        if self._turns is None:
            self._turns = self._players_turns()
        return self._turns

    def _players_turns(self):
        r = self.reader("turns")
        if self.data[r.pos] != _T_LIST:
            return r.value()
        r.pos += 1
        out = []
        for _ in range(r.varint()):
            if self.data[r.pos] != _T_LIST:
                out.append(r.value(1))
                continue
            r.pos += 1
            n = r.varint()
            start = r.pos
            for _ in range(n):
                r.skip(2)
            out.append(SavedTurns(self.data, start, r.pos, n))
        return out


class SavedTurns:
    """One player's saved turn entries where they lie in the save: ``len()``, and
    ``t[j]`` decodes entry ``j`` (as :func:`unpack` would: a list of ints, or what the save
    holds there), quickest in order; the entry read last lies at [``last``, ``at``) of
    ``data``; ``same(log)`` compares the entries' bytes."""

    def __init__(self, data, start, end, n):
        self.data = data
        self.start = start
        self.end = end
        self.n = n
        self._j = 0  # the next entry in order, at self.at
        self.at = start
        self.last = start  # where the entry read last starts

    def __len__(self):
        return self.n

    def __getitem__(self, j):
        if not 0 <= j < self.n:
            raise IndexError("turn entry %d of %d" % (j, self.n))
        r = _Reader(self.data, self.at, self.end)
        if j < self._j:
            self._j, r.pos = 0, self.start
        while self._j < j:
            r.skip(2)
            self._j += 1
        self.last = r.pos
        v = r.value(2)
        self._j, self.at = j + 1, r.pos
        return v

    def same(self, log):
        """True when ``log`` (bytes-like) holds these entries' bytes, compared where they lie
        (``yatzy.log_load.same``: a file's a window at a time)."""
        return same(self.data, self.start, self.end, log)

    def __repr__(self):
        return repr([self[j] for j in range(self.n)])


def unpack(data):
    """The snapshot dict (``codec.FIELDS`` -> value) in ``data``; ValueError naming any
    damage to the encoding (what the values mean is checked by :func:`decode`)."""
    if not isinstance(data, (bytes, bytearray)):
        raise ValueError("save data must be bytes, got %s" % type(data).__name__)
    r = _Reader(data, 0, len(data))
    out = {}
    for name in FIELDS:
        try:
            out[name] = r.value()
        except ValueError as e:
            raise ValueError("%s (field %s)" % (e, name))
    if r.pos != r.end:
        raise ValueError("bad save data: %d stray bytes" % (r.end - r.pos))
    return out


def decode(data, dice=None, tick=None):
    """A Game from ``codec.encode`` bytes; ``dice`` replaces the saved dice source.

    Without ``dice``, a game saved with a SeededDice resumes its stream; any other
    game gets no dice source (pass one, e.g. ``FairDice(os.urandom)``). A saved
    SeededDice state is checked (``SeededDice.from_state``) with or without ``dice``.
    ``tick``, when given, is called after each replayed turn (what it raises ends the read).
    Bytes that are not a save, and a save the rules could not have produced, raise
    ``ValueError`` naming the problem (``yatzy/engine_load.py``). (``codec.decode``.)
    """
    s = Saved(data)
    s.tick = tick
    try:
        return _build(s, dice)
    except (TypeError, IndexError, KeyError, AttributeError) as e:
        raise ValueError("bad save data: malformed game (%s)" % (e,))


def _build(s, dice):
    """The new game named by the save's first fields, then its history replayed."""
    from yatzy.engine_load import options_from_list

    rid = s["rules"]
    if not isinstance(rid, str) or rid not in _rules.RULESET_IDS:
        raise ValueError("bad save data: unknown ruleset %r" % (rid,))
    try:
        seeded = s["seeded"]
        if seeded is not None:
            # asked whatever dice the caller passes (the app its own): a state no seeded
            # stream can be in is damage, not something to drop
            seeded = SeededDice.from_state(seeded)
            if dice is None:
                dice = seeded
        g = _engine.Game(rid, s["names"], options_from_list(s["options"]), dice, s["cpu"])
    except ValueError as e:
        raise ValueError("bad save data: %s" % (e,))
    g.restore(s)
    return g
