# The Pico shell's crash log: one bounded storage file of whole lines, the oldest dropped first.
# SPDX-License-Identifier: MIT
# (Only the Pico shell loads it, pico/runner.py; the host's runtimes never do.)

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


LOG_MAX = const(4096)  # error.log's size at most


class ErrorLog:
    """Append-only text log of at most max_bytes in one storage file; oldest lines go first."""

    def __init__(self, storage, name="error.log", max_bytes=LOG_MAX):
        if max_bytes < 64:
            raise ValueError("log max_bytes must be at least 64, got %r" % (max_bytes,))
        self.storage = storage
        self.name = name
        self.max_bytes = max_bytes

    def read(self):
        data = self.storage.read(self.name)
        return b"" if data is None else bytes(data)

    def append(self, text):
        data = self.read() + text.encode()
        if not data.endswith(b"\n"):
            data += b"\n"
        if len(data) > self.max_bytes:
            cut = len(data) - self.max_bytes
            nl = data.find(b"\n", cut - 1)
            # drop whole lines from the front; a single huge line is cut hard
            data = data[nl + 1 :] if 0 <= nl < len(data) - 1 else data[cut:]
        self.storage.write(self.name, data)
