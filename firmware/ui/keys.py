# The six buttons as the app and the shells name them, and where they sit under the screen.
# SPDX-License-Identifier: MIT
"""Press events name a button (docs/CONTRACTS.md, "Input"): :data:`NAMES`. Screens get it
as an index into that tuple (left-handed, hold1..hold5 mirrored by the app): use the
names below, never the bare numbers. Example::

    >>> NAMES[ROLL], index("hold2") == HOLD2
    ('roll', True)
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


HOLD1 = const(0)
HOLD2 = const(1)
HOLD3 = const(2)
HOLD4 = const(3)
HOLD5 = const(4)
HOLD6 = const(5)  # Maxi's sixth die (optional button; long HOLD5 does the same)
ROLL = const(6)
NAMES = ("hold1", "hold2", "hold3", "hold4", "hold5", "hold6", "roll")
KINDS = ("short", "long")
LONG_PRESS_MS = const(600)  # held this long, a press is long (the Pico's debouncer)

# Centre x of each button's column on the screen (five dice at a 21 px pitch, Roll right;
# hold6 sits above Roll). KEY_X is the device's layout: hardware/enclosure places the buttons
# at these columns. Left-handed, the device is turned round (screen rotated 180 degrees, Roll
# on the left), so the columns the screens draw at, COLS, are mirrored; the app updates COLS
# in place and screens index it when they draw.
RIGHT_HANDED = (10, 31, 52, 73, 94, 116, 116)
LEFT_HANDED = (33, 54, 75, 96, 117, 11, 11)
KEY_X = RIGHT_HANDED
COLS = list(RIGHT_HANDED)
KEY_Y = const(58)  # top of the soft-key labels (page 7)


def index(name):
    """The button index of a press event's name; ValueError names a bad one."""
    if name not in NAMES:
        raise ValueError("unknown button %r (hold1..hold6 or roll)" % (name,))
    return NAMES.index(name)
