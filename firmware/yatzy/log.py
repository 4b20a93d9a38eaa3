# A player's turn log: the format of its entries, and the log object that holds them.
# SPDX-License-Identifier: MIT
"""The turn log's one owner (docs/CONTRACTS.md, "Turn log").

An *entry* is one scored turn as a run of small ints, each 0..255 (:func:`entry`; rounds
are at most 69, scores and bonuses at most 100)::

    round, column, box (its index in the card's order), score, extra bonus earned,
    k (the rolls), the dice after each roll (k x dice), the hold mask before each re-roll

A tie-break turn is logged in the same shape with the head attempt, player, score (the
save's ``tiebreak_log``).

A :class:`Log` holds one player's entries back to back, each framed as a save frames a bytes
field (``yatzy.codec``): :data:`TAG`, the length as a varint (7 bits a byte, low first),
the bytes. So a save writes the log as it lies, and a log can stay where a save put it: its
first ``kept`` bytes may lie in a *window* from ``start`` (the bytes of a save being read,
or the saved file itself, ``save.filebytes``), the entries since in ``tail``, a bytearray
in the heap. About 25 bytes a turn, where a bytes object per turn took some 50 of heap on
the Pico (and nested lists some 500).

A window is bytes-like (bytes, bytearray, memoryview) or an object with ``w[a:b]`` (bytes),
``w.part(a, b)`` (the bytes [a, b) as a piece a save writes: ``save.frame``) and
``w.same(a, b, other)`` (``w[a:b] == other``, without the copy). The log never opens a file.

Only what a game in play needs lives here (appending, undo, the parts a save writes); reading
the entries back, and a log left where a save being read lies, are ``yatzy/log_load.py``'s.
Example (round 1, column 0, box 5, 30 points, no bonus; one roll of five sixes)::

    >>> log = Log()
    >>> at = log.append([1, 0, 5, 30, 0], [[6, 6, 6, 6, 6]], [])
    >>> at, log.n, list(log.tail)
    (0, 1, [7, 11, 1, 0, 5, 30, 0, 1, 6, 6, 6, 6, 6])
    >>> log.saved(bytes(log.tail), 0); log.kept, len(log.tail), len(log.parts())
    (13, 0, 2)
    >>> log.pop(at); log.n, log.kept
    (0, 0)
"""

# The entries' tag: the save's bytes tag (yatzy.codec._T_BYTES; the codec is not imported,
# so that a game that has not saved yet does not load it)
TAG = 7


def entry(head, rolls, holds):
    """One logged turn as a flat int list: ``head``, the roll count, all dice, the holds."""
    out = list(head)
    out.append(len(rolls))
    for x in rolls:
        out.extend(x)
    out.extend(holds)
    return out


class Log:
    """One player's entries: ``n`` of them, the first ``kept`` bytes in ``window`` from
    ``start``, the rest in ``tail`` (see the module's docstring)."""

    def __init__(self):
        self.n = 0
        self.tail = bytearray()
        self.window = None
        self.start = 0
        self.kept = 0

    def append(self, head, rolls, holds):
        """Add a turn's entry (:func:`entry` of ``head``, ``rolls``, ``holds``); returns the
        byte it begins at (what :meth:`pop` takes)."""
        e = entry(head, rolls, holds)
        n = len(e)
        h = [TAG]
        while n >= 0x80:
            h.append(n & 0x7F | 0x80)
            n >>= 7
        h.append(n)
        at = self.kept + len(self.tail)
        self.tail.extend(bytes(h + e))  # one growth of the log a turn
        self.n += 1
        return at

    def pop(self, at):
        """Take back the last entry, which begins at byte ``at`` (undo)."""
        if at < self.kept:  # a save took it into the window: the next save leaves it out
            self.kept = at
        self.tail[max(0, at - self.kept) :] = b""  # the allocation stays, for the next turn
        self.n -= 1

    def parts(self):
        """The log as the pieces a save writes: the window's part, then ``tail``."""
        if not self.kept:
            return (self.tail,)
        w = self.window
        a = self.start
        b = a + self.kept
        return (w.part(a, b) if hasattr(w, "part") else memoryview(w)[a:b], self.tail)

    def saved(self, window, start):
        """A save has been written: the whole log now lies in ``window`` from ``start``, and
        the heap keeps none of it (nor its allocation: 30 players' last turns are 1.4 KB)."""
        self.kept += len(self.tail)
        self.window = window
        self.start = start
        self.tail = bytearray()
