# The turn search's kernels against the plain loops: a MicroPython script for any port.
# SPDX-License-Identifier: MIT
"""``KERNELS`` compares yatzy.keeps' viper kernels with yatzy.kernels.LOOPS on random
values of either sign (``use_native`` switches); it prints ``NATIVE True`` where the kernels
compiled and ``BAD 0`` when every result matched. The caller defines ``DICE`` (dice counts)
and ``TRIALS`` (value sizes 2**20 .. 2**(19 + TRIALS)) first. Run by
host_tests/firmware/yatzy/test_keeps_native.py (unix port) and
host_tests/tools/emu/test_rp2_kernels.py (the emulated Pico)."""

KERNELS = """
import random
from yatzy import keeps
random.seed(3)
print("NATIVE", bool(keeps.native()))
def both(fn):
    keeps.use_native(True)
    a = fn()
    keeps.use_native(False)
    b = fn()
    keeps.use_native(True)
    return list(a), list(b)
bad = 0
for n in DICE:
    t = keeps.tables(n)
    off = t.first_full
    for trial in range(TRIALS):
        big = 1 << (20 + trial)  # up to 2**30: a mean of six of them stays in an int32
        vals = [random.randrange(-big, big) // 6 for _ in range(t.nrolls)]
        start = [random.randrange(-big, big) for _ in range(t.nkeeps)]
        def fresh(src):
            e = keeps.ints(len(src))
            for i in range(len(src)):
                e[i] = src[i]
            return e
        def ex():
            e = fresh(start)  # the keeps' part holds anything: expect overwrites it
            keeps.put(e, fresh(vals), off)
            return keeps.expect(t, e)
        a, b = both(ex)
        bad += a != b or a[off:] != vals
        keeps.use_native(True)
        e = list(ex())
        for must in (False, True):
            a, b = both(lambda: keeps.best_sub(t, fresh(e), must))
            bad += a != b
        tab = [random.randrange(-big, big) for _ in range(101)]
        for f in (1, 2, 6):
            row = bytes(random.randrange(0, 101) // f * f for _ in range(t.nrolls))
            def mr():
                best = keeps.ints(t.nrolls, -(1 << 29))
                keeps.max_row(best, tab, row, f)
                return best
            a, b = both(mr)
            bad += a != b
        for at in (0, off):
            def rt():
                b = fresh(start)
                keeps.raise_to(b, fresh(vals), 77, at)
                return b
            a, b = both(rt)
            bad += a != b
print("BAD", bad)
"""
