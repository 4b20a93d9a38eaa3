# Viper versions of the canvas's and the frame pusher's byte loops, for the Pico.
# SPDX-License-Identifier: MIT
"""`loops()` compiles, at first use, where the runtime has MicroPython's native emitter (the
Pico, the unix port), two byte loops that the rp2 bench found hot:

- ``fill(buf, start, end, op)``: every byte of buf[start:end] ORed with the mask (``op``
  = mask | 1 << 8), ANDed with it (mask | 0 << 8, the mask already inverted) or XORed
  (mask | 2 << 8): a fill_rect or invert_rect row of a page;
- ``same(a, b, k, j)``: the first index in k..j where a and b differ, else j + 1 (the
  pusher's search for changed columns).

Where there is no native emitter (CPython, the WebAssembly port) it returns the same loops
in plain Python, with the same results (host_tests/firmware/gfx/test_native_loops.py runs
both on the unix port)."""

_SRC = """
@micropython.viper
def fill(buf, start: int, end: int, op: int) -> int:
    b = ptr8(buf)
    m = op & 0xFF
    c = op >> 8
    i = start
    if c == 1:
        while i < end:
            b[i] = b[i] | m
            i += 1
    elif c == 0:
        while i < end:
            b[i] = b[i] & m
            i += 1
    else:
        while i < end:
            b[i] = b[i] ^ m
            i += 1
    return 0


@micropython.viper
def same(a, b, k: int, j: int) -> int:
    p = ptr8(a)
    q = ptr8(b)
    while k <= j:
        if p[k] != q[k]:
            return k
        k += 1
    return k
"""


def _fill(buf, start, end, op):
    m = op & 0xFF
    c = op >> 8
    if c == 1:
        for i in range(start, end):
            buf[i] |= m
    elif c == 0:
        for i in range(start, end):
            buf[i] &= m
    else:
        for i in range(start, end):
            buf[i] ^= m
    return 0


def _same(a, b, k, j):
    while k <= j and a[k] == b[k]:
        k += 1
    return k


_loops = [None]  # (fill, same) once chosen


def loops(native=True):
    """(fill, same): compiled where the runtime can (and `native`), else the plain loops."""
    if not native:
        return (_fill, _same)
    got = _loops[0]
    if got is None:
        got = (_fill, _same)
        try:
            import sys

            if not getattr(sys.implementation, "_mpy", 0) >> 10 & 15:
                raise ImportError  # no native code on this runtime: not even a try
            d = {}
            exec(globals().pop("_SRC"), d)  # the source's RAM goes once compiled
            got = (d["fill"], d["same"])
        except Exception:  # noqa: BLE001 - no micropython module, no native emitter, no room
            pass
        _loops[0] = got
    return got
