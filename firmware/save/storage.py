# Named files with atomic writes, on the Pico's flash or a host folder (os only).
# SPDX-License-Identifier: MIT
"""Storage contract (docs/CONTRACTS.md): read(name) -> bytes or None, write(name, data),
remove(name), names(); and, for a big game's save, open(name) -> a binary file open for
reading or None, and write_parts(name, parts): write() of the pieces one after the other,
a piece bytes-like or a stored file's bytes (``save.filebytes.FileBytes``: ``write_to(f)``,
the players' saved turns copied from the file before, which stays until the rename).

`FileStorage(root)` writes `name.tmp`, closes it, then renames it over `name`. On LittleFS
(the Pico's default file system) rename replaces the old file atomically (littlefs
lfs_rename overwrites an existing destination). On file systems whose rename refuses an
existing destination (FAT raised EEXIST in older MicroPython), the complete `name.tmp` is
first renamed to `name.new` (a fresh name), then the old file removed and `name.new`
renamed to `name`; a power cut in that gap leaves `name.new`, which read() returns when
`name` is missing. `name.tmp` itself is never read: it may be torn (a cut during the write,
also the very first write of a file, which must read back as "no file yet", not as
damage). Contents are not checked here: every file is a checksummed record (save/frame.py).
`MemoryStorage()` (save/memory.py, reached here too) keeps the same contract in RAM.
"""

import os

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_TMP = const(".tmp")  # being written: never read back
_NEW = const(".new")  # complete new copy while the old one is removed (rename cannot replace)


def check_name(name):
    """Names are short plain file names: ASCII letters, digits, '_', '-', '.'."""
    if not isinstance(name, str) or not 0 < len(name) <= 32:
        raise ValueError("storage name must be a string of 1..32 characters, got %r" % (name,))
    # by byte: iterating the str would intern each character as a name for good
    for c in name.encode():
        if not (48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122 or c in b"_-."):
            raise ValueError("storage name %r: only ASCII letters, digits, _ - ." % (name,))
    if name.endswith(_TMP) or name.endswith(_NEW) or name.startswith("."):
        raise ValueError("storage name %r is reserved" % (name,))


def check_parts(parts):
    """write_parts' pieces: bytes-like, or a stored file's bytes (``write_to``)."""
    for data in parts:
        if not isinstance(data, (bytes, bytearray, memoryview)) and not hasattr(data, "write_to"):
            raise ValueError("storage data must be bytes, got %s" % type(data).__name__)


class FileStorage:
    """Files in folder `root` ("" = current folder). `fs` replaces the `os` module and
    `open` in tests (an object with open, rename, remove, listdir, mkdir)."""

    def __init__(self, root="", fs=None):
        self._fs = fs if fs is not None else os
        self._open = fs.open if fs is not None else open
        self.root = root.rstrip("/") if root not in ("", "/") else root
        if self.root and self.root != "/":
            try:
                self._fs.mkdir(self.root)
            except OSError:
                pass  # exists already (or cannot be made: the first write will say so)

    def _path(self, name):
        check_name(name)
        if not self.root:
            return name
        if self.root == "/":
            return "/" + name
        return self.root + "/" + name

    def read(self, name):
        """The bytes last written under `name`, or None when there are none."""
        f = self.open(name)
        if f is None:
            return None
        try:
            return f.read()
        finally:
            f.close()

    def open(self, name):
        """The file last written under `name`, open for reading (binary), or None: what
        read() reads, for a reader that takes it a window at a time (save.filebytes)."""
        path = self._path(name)
        for p in (path, path + _NEW):  # .new: a replace-by-remove cut before its last rename
            try:
                return self._open(p, "rb")
            except OSError:
                pass
        return None

    def write(self, name, data):
        """Store `data` under `name` atomically (new file, then rename over the old one)."""
        self.write_parts(name, (data,))

    def write_parts(self, name, parts):
        """write() of the bytes of `parts` one after the other: a big game's save is written
        from the game's own buffers (its players' logs), not joined in one first."""
        path = self._path(name)
        check_parts(parts)
        tmp = path + _TMP
        f = self._open(tmp, "wb")
        try:
            for data in parts:
                if isinstance(data, (bytes, bytearray, memoryview)):
                    f.write(data)
                else:
                    data.write_to(f)
            f.flush()
            fsync = getattr(self._fs, "fsync", None)  # CPython: reach the disk before rename
            if fsync is not None and hasattr(f, "fileno"):
                fsync(f.fileno())
        finally:
            f.close()
        fs = self._fs
        try:
            fs.rename(tmp, path)
        except OSError:
            # rename cannot replace here: mark the complete copy as .new, drop the old copy,
            # then rename (read() returns .new in the gap; a torn .tmp is never read)
            new = path + _NEW
            try:
                fs.remove(new)  # stale, from a replace cut after its last rename
            except OSError:
                pass
            fs.rename(tmp, new)
            try:
                fs.remove(path)
            except OSError:
                pass
            fs.rename(new, path)

    def remove(self, name):
        """Forget `name` (no error when it does not exist)."""
        path = self._path(name)
        for p in (path, path + _NEW, path + _TMP):
            try:
                self._fs.remove(p)
            except OSError:
                pass

    def names(self):
        """Sorted names that read() would find."""
        try:
            entries = self._fs.listdir(self.root) if self.root else self._fs.listdir()
        except OSError:
            return []
        out = []
        for e in entries:
            if e.endswith(_TMP):
                continue  # a write cut short (or under way): read() does not see it
            n = e[: -len(_NEW)] if e.endswith(_NEW) else e
            try:
                check_name(n)
            except ValueError:
                continue
            if n not in out:
                out.append(n)
        out.sort()
        return out


def __getattr__(name):
    """MemoryStorage (save/memory.py: the simulator's, the benches' and the tests'; the
    firmware never loads it)."""
    from save import memory

    return getattr(memory, name)
