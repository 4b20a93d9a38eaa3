# The keys of the paged screens (rules help, high scores, card view, standings): one press().
# SPDX-License-Identifier: MIT
"""Loaded with those screens and dropped with the menus (heap.py). A paged screen has
``app`` and ``back``, ``up_down(d, long)`` for HOLD1/HOLD2 (True when it has marked the
damage itself, app.changed), and, where its LEFT/RIGHT soft
keys do something, ``left_right(d)`` for HOLD3/HOLD4 (d = -1 or +1)."""

from ui.keys import HOLD1, HOLD2, HOLD3, HOLD4, HOLD5, ROLL


def press(screen, b, long):
    """HOLD1/HOLD2 up and down, HOLD3/HOLD4 left and right, HOLD5 and ROLL back to
    ``screen.back``; any other key just redraws."""
    if b == HOLD5 or b == ROLL:
        screen.app.show(screen.back)
        return
    d = 1 if b == HOLD2 or b == HOLD4 else -1
    if b == HOLD1 or b == HOLD2:
        if screen.up_down(d, long):  # the screen marked what changed itself (a part first)
            return
    elif (b == HOLD3 or b == HOLD4) and hasattr(screen, "left_right"):
        screen.left_right(d)
    screen.app.changed()


def scrolled(top, d, n, shown):
    """The first of `shown` rows out of n after scrolling d rows (0 when all fit)."""
    return max(0, min(n - shown, top + d))
