# Hold masks: which dice are held, as one int (bit i = die i), from flags or from a keep.
# SPDX-License-Identifier: MIT
"""The one place hold masks are made and read. Bit ``i`` of a mask is set when die ``i``
is held (kept out of the next roll); the engine stores masks in the turn log and the
computer players answer ``("holds", mask)``.

Example::

    >>> mask_of([True, False, True, False, False])
    5
    >>> keep_mask([6, 2, 6, 3, 6], (6, 6))
    5
    >>> kept([6, 2, 6, 3, 6], 5)
    [6, 6]
    >>> flags_of(5, 5)
    [True, False, True, False, False]
"""


def mask_of(held):
    """The mask of a list of held flags (one per die)."""
    m = 0
    for i in range(len(held)):
        if held[i]:
            m |= 1 << i
    return m


def flags_of(mask, n):
    """The held flags of ``n`` dice that ``mask`` gives (the inverse of :func:`mask_of`)."""
    return [bool(mask >> i & 1) for i in range(n)]


def keep_mask(dice, keep):
    """The mask that holds the multiset ``keep`` out of ``dice`` (the first die of each
    value counts first)."""
    want = [0, 0, 0, 0, 0, 0, 0]
    for d in keep:
        want[d] += 1
    m = 0
    for i in range(len(dice)):
        d = dice[i]
        if want[d]:
            want[d] -= 1
            m |= 1 << i
    return m


def kept(dice, mask):
    """The values of the dice ``mask`` holds, in die order."""
    return [dice[i] for i in range(len(dice)) if mask >> i & 1]
