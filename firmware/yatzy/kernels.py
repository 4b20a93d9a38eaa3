# The turn search's inner loops: viper source for the device, the same loops in plain Python.
# SPDX-License-Identifier: MIT
"""The four inner loops of yatzy.keeps, twice. ``VIPER`` is their source as text:
``keeps.native`` imports this module, compiles it with the native emitter and drops the
module again at once (a string constant stays on the heap for as long as its module is
loaded). ``LOOPS`` holds the same loops in plain Python with the same arguments (``w``
unused), for a runtime without viper (CPython, the WebAssembly port) or when the compiler
finds no room; only then does the module stay loaded. Both give the same numbers:
host_tests/firmware/yatzy/test_keeps_native.py checks that on the MicroPython unix port and
host_tests/tools/emu/test_rp2_kernels.py on the emulated Pico.

Values are int32 arrays (array("i"); lists on the plain path) and the integer arithmetic is
the same on every runtime (Python's floor division; no value comes near 2**31). ``w``: the
bits above 32 in a machine word (0 on the Pico, 32 on a 64-bit host), so that
``int(p[i]) << w >> w`` reads an int32 with its sign on both."""

VIPER = """
@micropython.viper
def expect(e, add, off: int, w: int):
    pe = ptr32(e)
    pa = ptr16(add)
    i = off - 1
    while i >= 0:
        b = 6 * i
        s = (int(pe[pa[b]]) << w >> w) + (int(pe[pa[b + 1]]) << w >> w)
        s += (int(pe[pa[b + 2]]) << w >> w) + (int(pe[pa[b + 3]]) << w >> w)
        s += (int(pe[pa[b + 4]]) << w >> w) + (int(pe[pa[b + 5]]) << w >> w)
        pe[i] = s // 6
        i -= 1

@micropython.viper
def push(b, add, lo: int, hi: int, w: int):
    pb = ptr32(b)
    pa = ptr16(add)
    i = lo
    while i < hi:
        v = int(pb[i]) << w >> w
        j = 6 * i
        end = j + 6
        while j < end:
            c = int(pa[j])
            if v > (int(pb[c]) << w >> w):
                pb[c] = v
            j += 1
        i += 1

@micropython.viper
def max_row(best, tab, row, n: int, f: int, w: int):
    pb = ptr32(best)
    pt = ptr32(tab)
    pr = ptr8(row)
    i = 0
    while i < n:
        v = int(pt[int(pr[i]) // f]) << w >> w
        if v > (int(pb[i]) << w >> w):
            pb[i] = v
        i += 1

@micropython.viper
def raise_to(b, stop, bonus: int, off: int, n: int, w: int):
    pb = ptr32(b)
    ps = ptr32(stop)
    i = 0
    while i < n:
        v = (int(ps[i]) << w >> w) + bonus
        if v > (int(pb[off + i]) << w >> w):
            pb[off + i] = v
        i += 1
"""


def expect(e, add, off, w):
    for i in range(off - 1, -1, -1):
        b = 6 * i
        e[i] = (
            e[add[b]]
            + e[add[b + 1]]
            + e[add[b + 2]]
            + e[add[b + 3]]
            + e[add[b + 4]]
            + e[add[b + 5]]
        ) // 6


def push(b, add, lo, hi, w):
    for i in range(lo, hi):
        v = b[i]
        for j in range(6 * i, 6 * i + 6):
            c = add[j]
            if v > b[c]:
                b[c] = v


def max_row(best, tab, row, n, f, w):
    if f == 1:
        for i in range(n):
            v = tab[row[i]]
            if v > best[i]:
                best[i] = v
    else:
        for i in range(n):
            v = tab[row[i] // f]
            if v > best[i]:
                best[i] = v


def raise_to(b, stop, bonus, off, n, w):
    for r in range(n):
        v = stop[r] + bonus
        if v > b[off + r]:
            b[off + r] = v


LOOPS = {"expect": expect, "push": push, "max_row": max_row, "raise_to": raise_to, "w": 0}
