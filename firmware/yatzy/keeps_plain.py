# The search's inner loops in plain Python, where the runtime has no viper (CPython, WebAssembly).
# SPDX-License-Identifier: MIT
"""The four loops of yatzy/keeps_viper.py with the same arguments and the same numbers
(``w`` is unused here): ``yatzy.keeps`` loads this module only where the viper source does
not compile, so the Pico never has it on the heap. host_tests/firmware/yatzy/test_keeps_native.py
checks that both give the same values on the MicroPython unix port."""


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
