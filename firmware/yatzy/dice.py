# Dice sources: fair dice from random bytes, seeded dice identical on every runtime.
# SPDX-License-Identifier: MIT
"""Dice sources. A dice source is called as ``source()`` and returns an int 1..6.

- :class:`FairDice` turns random bytes (``os.urandom`` on the device) into fair
  dice by rejection: bytes 252..255 are dropped, the rest give ``b % 6 + 1``
  (252 is a multiple of 6, so every face has exactly 42 of the 252 byte values).
- :class:`SeededDice` is the project's own generator (xorshift32, all arithmetic
  masked to 32 bits) so a seed replays the same game on CPython and MicroPython.
- :class:`ScriptedDice` plays back given values (tests, replays).

Example::

    >>> a, b = SeededDice(7), SeededDice(7)
    >>> [a() for _ in range(20)] == [b() for _ in range(20)]
    True
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_MASK = const(0xFFFFFFFF)
_GOLDEN = const(0x9E3779B9)


class FairDice:
    """Uniform dice from ``randbytes(n) -> bytes`` (e.g. ``os.urandom``)."""

    def __init__(self, randbytes, chunk=16):
        if not callable(randbytes):
            raise ValueError("FairDice needs a callable randbytes(n), got %r" % (randbytes,))
        self._randbytes = randbytes
        self._chunk = chunk
        self._buf = b""
        self._pos = 0

    def __call__(self):
        while True:
            if self._pos >= len(self._buf):
                buf = self._randbytes(self._chunk)
                if not isinstance(buf, (bytes, bytearray)) or not buf:
                    raise ValueError("randbytes gave no bytes: %r" % (buf,))
                self._buf = bytes(buf)
                self._pos = 0
            b = self._buf[self._pos]
            self._pos += 1
            if b < 252:
                return b % 6 + 1


class SeededDice:
    """Deterministic dice from a 32-bit seed; the same stream on every runtime.

    ``state()`` gives ``[seed, x]``; ``SeededDice.from_state(s)`` resumes exactly.
    Example: ``SeededDice(1)()`` is always the same die on CPython and MicroPython.
    """

    def __init__(self, seed=0):
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed > _MASK:
            raise ValueError("seed must be an integer 0..%d, got %r" % (_MASK, seed))
        self.seed = seed
        x = (seed * 2654435761 + _GOLDEN) & _MASK
        self._x = x or _GOLDEN
        # Warm up so that nearby seeds drift apart before the first die.
        for _ in range(8):
            self._next()

    def _next(self):
        x = self._x
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self._x = x
        return x

    def __call__(self):
        # _next() written out: a die is drawn for every tumbling die in every animation frame
        x = self._x
        while True:
            x ^= (x << 13) & _MASK
            x ^= x >> 17
            x ^= (x << 5) & _MASK
            v = x >> 16  # the high half mixes best in xorshift
            if v < 65532:  # 65532 = 6 * 10922: reject the 4 values that would bias
                self._x = x
                return v % 6 + 1

    def state(self):
        return [self.seed, self._x]

    @classmethod
    def from_state(cls, state):
        """A SeededDice resuming ``state`` (as given by ``state()``)."""
        if not isinstance(state, (list, tuple)) or len(state) != 2:
            raise ValueError("seeded dice state must be [seed, x], got %r" % (state,))
        seed, x = state
        if not isinstance(x, int) or isinstance(x, bool) or x < 1 or x > _MASK:
            raise ValueError("seeded dice state x must be an integer 1..%d, got %r" % (_MASK, x))
        d = cls(seed)
        d._x = x
        return d


class ScriptedDice:
    """Plays back ``values`` in order; ValueError when they run out."""

    def __init__(self, values):
        self.values = list(values)
        self.pos = 0

    def __call__(self):
        if self.pos >= len(self.values):
            raise ValueError("scripted dice ran out after %d values" % len(self.values))
        v = self.values[self.pos]
        self.pos += 1
        return v
