# The search's inner loops as viper source, compiled on the device by yatzy.keeps.native().
# SPDX-License-Identifier: MIT
"""The text of yatzy.keeps' viper kernels. ``keeps.native`` imports this module, compiles
``VIPER`` and drops the module again at once: a string constant stays on the heap for as
long as its module is loaded (1.3 KB here, for the whole game when it lived in keeps).

Values are int32 arrays (array("i"); lists on the plain path) and the integer arithmetic is
the same on every runtime (Python's floor division; no value comes near 2**31), so both
paths give the same numbers: host_tests/firmware/yatzy/test_keeps_native.py checks that on
the MicroPython unix port. ``w``: the bits above 32 in a machine word (0 on the Pico, 32 on
a 64-bit host), so that ``int(p[i]) << w >> w`` reads an int32 with its sign on both."""

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
