# The storage contract in RAM: the simulator's, the benches' and the tests' (not the Pico's).
# SPDX-License-Identifier: MIT
"""``MemoryStorage()``: read, open, write, write_parts, remove and names as
save.storage.FileStorage, kept in a dict (``files``) with a count of writes; reached as
``save.storage.MemoryStorage`` too (the firmware never loads this module)."""

import io

from save.storage import check_name, check_parts


class MemoryStorage:
    """The same contract in RAM (simulator, benches, tests that need no power cuts)."""

    def __init__(self):
        self.files = {}
        self.writes = 0

    def read(self, name):
        check_name(name)
        return self.files.get(name)

    def open(self, name):
        data = self.read(name)
        return None if data is None else io.BytesIO(data)

    def write(self, name, data):
        check_name(name)
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ValueError("storage data must be bytes, got %s" % type(data).__name__)
        self.files[name] = bytes(data)
        self.writes += 1

    def write_parts(self, name, parts):
        """write() of the parts joined (a subclass's write sees every write); a stored
        file's part (save.filebytes) is read from the file before this write replaces it."""
        check_parts(parts)
        out = io.BytesIO()
        for p in parts:
            if isinstance(p, (bytes, bytearray, memoryview)):
                out.write(p)
            else:
                p.write_to(out)
        self.write(name, out.getvalue())

    def remove(self, name):
        check_name(name)
        self.files.pop(name, None)

    def names(self):
        return sorted(self.files)
