# An in-memory flash file system that can lose power between any two operations, for tests.
# SPDX-License-Identifier: MIT
"""`FlashFS` offers the os-level calls `storage.FileStorage` uses (open, rename, remove,
listdir, mkdir). Every call is one numbered step; `cut_at = n` makes step n fail with
`PowerCut` and leaves the "flash" as it was at that moment (a write cut short keeps only
the first `tear` share of its bytes, half by default), and every later call fails too
until `power_on()`.
`rename_replaces=False` models a file system whose rename refuses an existing destination.
Damage helpers flip bits and truncate files. Runs on CPython and MicroPython.

    fs = FlashFS()
    store = FileStorage("", fs=fs)
    fs.cut_at = 3
    store.write("a.dat", b"...")   # raises PowerCut at the third step
    fs.power_on()
"""

import io

try:
    import errno

    _ENOENT = errno.ENOENT
    _EEXIST = errno.EEXIST
except ImportError:  # pragma: no cover
    _ENOENT = 2
    _EEXIST = 17


class PowerCut(Exception):
    """The power went off in the middle of a storage operation."""


class _Writer:
    def __init__(self, fs, path):
        self._fs = fs
        self._path = path

    def write(self, data):
        fs = self._fs
        try:
            fs._step("write " + self._path)
        except PowerCut:
            if not fs.dead_before:
                keep = int(len(data) * fs.tear)
                fs.files[self._path] = fs.files.get(self._path, b"") + bytes(data[:keep])
            raise
        fs.files[self._path] = fs.files.get(self._path, b"") + bytes(data)
        return len(data)

    def flush(self):
        self._fs._step("flush " + self._path)

    def close(self):
        self._fs._step("close " + self._path)


class FlashFS:
    """Dict-backed file system with numbered steps and power cuts (see module doc)."""

    def __init__(self, rename_replaces=True, tear=0.5):
        self.tear = tear  # share of its bytes a write cut by the power keeps (0..1)
        self.files = {}
        self.dirs = set()
        self.rename_replaces = rename_replaces
        self.steps = 0
        self.cut_at = None
        self.dead = False
        self.dead_before = False  # True when the cut happened on an earlier step
        self.log = []

    # --- power -------------------------------------------------------------------------
    def _step(self, what):
        if self.dead:
            self.dead_before = True
            raise PowerCut("power is off (%s)" % what)
        self.steps += 1
        self.log.append(what)
        if self.cut_at is not None and self.steps >= self.cut_at:
            self.dead = True
            self.dead_before = False
            raise PowerCut("power cut at step %d (%s)" % (self.steps, what))

    def power_on(self):
        """Power back: the flash keeps what it had; step counting starts again."""
        self.dead = False
        self.dead_before = False
        self.cut_at = None
        self.steps = 0
        self.log = []

    # --- os-like calls -----------------------------------------------------------------
    def open(self, path, mode="rb"):
        if "r" in mode:
            self._step("open " + path)
            if path not in self.files:
                raise OSError(_ENOENT, "no such file: %s" % path)
            return io.BytesIO(self.files[path])  # a file read a window at a time too
        if "w" in mode:
            self._step("create " + path)
            self.files[path] = b""
            return _Writer(self, path)
        raise ValueError("unsupported mode %r" % mode)

    def rename(self, old, new):
        self._step("rename %s %s" % (old, new))
        if old not in self.files:
            raise OSError(_ENOENT, "no such file: %s" % old)
        if new in self.files and not self.rename_replaces:
            raise OSError(_EEXIST, "file exists: %s" % new)
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        self._step("remove " + path)
        if path not in self.files:
            raise OSError(_ENOENT, "no such file: %s" % path)
        del self.files[path]

    def listdir(self, path=""):
        self._step("listdir " + path)
        prefix = path.rstrip("/") + "/" if path else ""
        out = []
        for p in self.files:
            if p.startswith(prefix) and "/" not in p[len(prefix) :]:
                out.append(p[len(prefix) :])
        return out

    def mkdir(self, path):
        self._step("mkdir " + path)
        if path in self.dirs:
            raise OSError(_EEXIST, "exists: %s" % path)
        self.dirs.add(path)

    # --- damage ------------------------------------------------------------------------
    def flip_bit(self, path, bit):
        """Flip bit number `bit` (0 = lowest bit of the first byte) of a stored file."""
        data = bytearray(self.files[path])
        data[bit >> 3] ^= 1 << (bit & 7)
        self.files[path] = bytes(data)

    def truncate(self, path, size):
        self.files[path] = self.files[path][:size]

    def snapshot(self):
        return dict(self.files)
