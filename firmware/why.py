# The messages the firmware raises, read from the flash when one is raised (.mpy build only).
# SPDX-License-Identifier: MIT
"""``text(n)`` is message n of ``why.bin``, the build's message table beside this module.

A string constant stays on the heap for as long as its module is loaded, so the build
(tools/flash/messages.py) moves the long messages of the firmware's ``raise`` statements into
that file and has each of those raises call ``text(n)`` instead: the message comes onto the
heap with its exception and goes with it. The sources, which the host runs and which
``mpremote mip`` installs, keep their messages and never import this module."""


def text(n):
    """Message n; one that says so when the table cannot be read (a broken install:
    ``make flash`` writes why.bin with the modules that refer to it)."""
    f = __file__
    try:
        with open(f[: max(f.rfind("/"), f.rfind("\\")) + 1] + __name__ + ".bin", "rb") as t:
            count = int.from_bytes(t.read(2), "little")
            t.seek(2 + 2 * n)
            ends = t.read(4)
            a = int.from_bytes(ends[:2], "little")
            size = int.from_bytes(ends[2:], "little") - a
            if n < count and len(ends) == 4 and size >= 0:
                t.seek(4 + 2 * count + a)
                data = t.read(size)
                if len(data) == size:
                    return str(data, "utf-8")
    except (OSError, MemoryError, ValueError):
        pass
    return "message %d of why.bin (not readable)" % n
