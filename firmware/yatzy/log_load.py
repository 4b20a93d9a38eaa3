# Reading turn logs: the entries back out of a log, and a log left where a save lies.
# SPDX-License-Identifier: MIT
"""The reading half of ``yatzy.log`` (its docstring has the format): what only reading a
save, checking one and the records need, apart so that a game in play, which only appends
to its logs and saves them, does not keep it loaded (the app drops it with
``heap.drop("reader")``). It reads and sets the log's fields named in ``yatzy.log.Log``.
Example::

    >>> from yatzy.log import Log
    >>> log = Log()
    >>> _ = log.append([1, 0, 5, 30, 0], [[6, 6, 6, 6, 6]], [])
    >>> e = entries(log); list(e[0])
    [1, 0, 5, 30, 0, 1, 6, 6, 6, 6, 6]
    >>> unflat(e[0], 5, 5)
    ([1, 0, 5, 30, 0], [[6, 6, 6, 6, 6]], [])
"""


def entries(log):
    """The entries of ``log`` as one bytes object each (the window's read where they lie)."""
    b = log.tail
    if log.kept:
        b = bytes(log.window[log.start : log.start + log.kept]) + b
    out = []
    i = 0
    while i < len(b):
        i += 1  # the tag (yatzy.log.TAG)
        n = 0
        shift = 0
        while True:
            x = b[i]
            i += 1
            n |= (x & 0x7F) << shift
            shift += 7
            if x < 0x80:
                break
        out.append(bytes(b[i : i + n]))
        i += n
    return out


def unflat(v, nhead, ndice):
    """(head, rolls, holds) as lists from a ``yatzy.log.entry`` (bytes, or a list of ints
    from a save) with ``nhead`` head values and ``ndice`` dice; ValueError when malformed."""
    if not isinstance(v, (list, bytes)) or len(v) < nhead + 1:
        raise ValueError("turn log entry %r is malformed" % (v,))
    k = v[nhead]
    if not isinstance(k, int) or k < 1 or len(v) != nhead + 1 + k * ndice + k - 1:
        raise ValueError("turn log entry of the wrong length")
    pos = nhead + 1
    rolls = []
    for _ in range(k):
        rolls.append(list(v[pos : pos + ndice]))
        pos += ndice
    return list(v[:nhead]), rolls, list(v[pos:])


def same(w, a, b, other):
    """True when the bytes [a, b) of the window ``w`` are ``other``'s (bytes-like)."""
    if hasattr(w, "part"):
        return w.same(a, b, other)
    return other == memoryview(w)[a:b]


def found(log, window, start, a, b):
    """Reading a save: the entries of ``log`` so far are the save's in ``window`` from
    ``start``, the one just appended at [a, b). Where it has the same bytes, the window
    takes it and the heap lets go of it; a save may encode a turn otherwise (the same
    values), and from that one on the log keeps its own."""
    if log.window is None:
        log.window = window
        log.start = start
    t = log.tail
    if log.start + log.kept == a and b - a == len(t) and same(window, a, b, t):
        log.kept += len(t)
        t[0:] = b""  # its allocation stays for the next turn replayed (trim: then none)


def trim(log):
    """Reading a save is done: an empty tail lets go of its allocation."""
    if not log.tail:
        log.tail = bytearray()
