# A stored file read where it lies, a small window at a time, as if it were bytes.
# SPDX-License-Identifier: MIT
"""``FileBytes(f, start, n)``: the bytes ``[start, start + n)`` of a file open for reading,
for the readers that take bytes: ``len(v)``, ``v[i]`` (an int), ``v[a:b]`` (bytes),
``v.part(a, b)`` (a FileBytes of that range, the same file), ``v.crc(end)`` (the CRC-32 of
``v[0:end]``), ``v.same(a, b, other)`` (``v[a:b] == other`` without the copy) and
``close()``. Only a window of :data:`WINDOW` bytes is in the heap.

A big game's save is read this way (``save.records.SavedGame``; ``yatzy.codec_load`` walks
it in place): a 30-player Triple game's ``game.dat`` is some 36 KB, which in one block beside
the new game and its logs left the Pico without room to continue it. Example::

    >>> import io
    >>> v = FileBytes(io.BytesIO(b"..PYTHON.."), 2, 6)
    >>> len(v), v[0], v[1:3], v.part(2, 6)[0:4]
    (6, 80, b'YT', b'THON')

The players' saved turns stay in ``game.dat`` while the game goes on: a FileBytes is the
window their logs accept (``yatzy.log``; docs/CONTRACTS.md, "Turn log window"). One from
:func:`opened` or :func:`named` knows its file by name and length, closes it after the read,
the save or the copy that needed it (``close``), and opens it again for the next one
(``hold``/``close`` around many reads). The file of that name must still be the one it was
opened on: another length raises OSError ("saved game changed") and nothing is read.
"""

from save.frame import crc32

WINDOW = 512  # bytes read at a time (the save reader mostly walks forward)


class _Window:
    """The file and the bytes of it in the heap: file offsets [lo, hi) in ``buf``.
    ``src``: (storage, name, length) to open the file again once closed."""

    def __init__(self, f, size, src=None):
        self.f = f
        self.buf = bytearray(size)
        self.lo = self.hi = 0
        self.src = src
        self.held = f is not None  # open until close(); else opened for one read at a time

    def file(self):
        f = self.f
        if f is None:
            if self.src is None:
                raise ValueError("file closed")
            storage, name, n = self.src
            f = storage.open(name)
            if f is None:
                raise OSError("saved game missing")
            if f.seek(0, 2) != n:
                f.close()
                raise OSError("saved game changed")
            self.f = f
        return f

    def done(self):
        if not self.held and self.f is not None:
            self.f.close()
            self.f = None

    def fill(self, at):
        f = self.file()
        try:
            f.seek(at)
            k = f.readinto(self.buf)
        finally:
            self.done()
        self.lo = at
        self.hi = at + (k or 0)
        if self.hi <= at:
            raise ValueError("file shorter than its record")

    def read(self, at, n):
        f = self.file()
        try:
            f.seek(at)
            out = f.read(n)
        finally:
            self.done()
        if len(out) != n:
            raise ValueError("file shorter than its record")
        return out


class FileBytes:
    def __init__(self, f, start, n, size=WINDOW, window=None):
        self.w = window if window is not None else _Window(f, size)
        self.start = start
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        w = self.w
        if isinstance(i, int):
            if i < 0:
                i += self.n
            if not 0 <= i < self.n:
                raise IndexError("file byte %d of %d" % (i, self.n))
            i += self.start
            if not w.lo <= i < w.hi:
                w.fill(i)
            return w.buf[i - w.lo]
        if i.step is not None:
            raise ValueError("FileBytes slices take no step")
        a = 0 if i.start is None else max(0, min(self.n, i.start))
        b = self.n if i.stop is None else max(a, min(self.n, i.stop))
        a += self.start
        b += self.start
        if w.lo <= a and b <= w.hi:
            return bytes(memoryview(w.buf)[a - w.lo : b - w.lo])
        return w.read(a, b - a)

    def part(self, a, b):
        """The bytes [a, b) of this range: the same file and window."""
        a = max(0, min(self.n, a))
        b = max(a, min(self.n, b))
        return FileBytes(None, self.start + a, b - a, 0, self.w)

    def same(self, a, b, other):
        """True when ``other`` (bytes-like) holds the bytes [a, b), compared a window at a
        time (no copy)."""
        if len(other) != b - a:
            return False
        w = self.w
        i = self.start + a
        end = self.start + b
        at = 0
        held = self.hold()
        try:
            while i < end:
                w.fill(i)
                k = min(w.hi, end) - i
                if memoryview(w.buf)[:k] != memoryview(other)[at : at + k]:
                    return False
                i += k
                at += k
        finally:
            if not held:
                self.close()
        return True

    def crc(self, end):
        """CRC-32 of the bytes [0, end), a window at a time."""
        return self.crc_from(0, end)

    def crc_from(self, a, b, c=0):
        """CRC-32 of the bytes [a, b) continued from ``c``, a window at a time."""
        w = self.w
        i = self.start + a
        end = self.start + b
        held = self.hold()
        try:
            while i < end:
                w.fill(i)
                k = min(w.hi, end) - i
                c = crc32(memoryview(w.buf)[:k], c)
                i += k
        finally:
            if not held:
                self.close()
        return c

    def write_to(self, f):
        """Write these bytes to the file ``f`` open for writing, a window at a time
        (``storage.write_parts``: a save copies the players' saved turns from the file
        before it)."""
        w = self.w
        i = self.start
        end = i + self.n
        held = self.hold()
        try:
            while i < end:
                w.fill(i)
                k = min(w.hi, end) - i
                f.write(memoryview(w.buf)[:k])
                i += k
        finally:
            if not held:
                self.close()

    def hold(self):
        """Keep the file open over many reads until :meth:`close`; True when it was open
        already (then the caller leaves it open)."""
        w = self.w
        if w.held:
            return True
        w.file()
        w.held = True
        return False

    def close(self):
        """Close the file (one that knows its name opens it again when next read)."""
        w = self.w
        w.held = False
        if w.f is not None:
            w.f.close()
            w.f = None


def named(storage, name, n):
    """The file of ``n`` bytes about to be written under ``name`` as FileBytes, opened when
    first read (``save.store.Store.save_game``: the window the players' logs are left in)."""
    return FileBytes(None, 0, n, 0, _Window(None, WINDOW, (storage, name, n)))


def opened(storage, name):
    """The file last written under ``name`` as FileBytes (close it), or None."""
    f = storage.open(name)
    if f is None:
        return None
    n = f.seek(0, 2)
    return FileBytes(None, 0, n, 0, _Window(f, WINDOW, (storage, name, n)))
