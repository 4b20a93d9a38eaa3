# Every player setting once: its default, the values the settings menu offers, its range.
# SPDX-License-Identifier: MIT
"""The one table of settings. The app starts from :data:`DEFAULTS`, the settings menu
steps through :func:`choices`, the store checks a loaded value against :func:`value_range`
(numbers) or the default's type, and the Pico shell reads what concerns the hardware
(``i2c_khz``, ``sleep_s``). Example::

    >>> DEFAULTS["i2c_khz"], choices("i2c_khz")
    (400, (100, 400, 1000))
"""

from lang import CODES as _LANGS

# key, default, menu choices (in menu order), allowed range of a stored value (or None)
TABLE = (
    # the language of every screen (lang/); the first start asks for it
    ("lang", "en", _LANGS, None),
    ("contrast", 128, (8, 48, 128, 192, 255), (0, 255)),
    ("sound", True, (False, True), None),
    ("volume", 5, (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), (0, 10)),
    # seconds without a press before sleep; 0 = never
    ("sleep_s", 120, (30, 60, 120, 300, 600, 0), (0, 86400)),
    # screen turned 180 degrees, buttons mirrored
    ("left_handed", False, (False, True), None),
    # ms between a computer player's steps: fast, normal, slow
    ("cpu_pace", 500, (150, 500, 1000), (0, 10000)),
    # OLED I2C bus speed in kHz; 400 is the SSD1306/SSD1309 datasheet figure, 1000 is
    # Fast-mode Plus (often fine, needs short wires); the Pico shell applies it
    ("i2c_khz", 400, (100, 400, 1000), (10, 1000)),
)

# The longest player name (characters): what the name entry (ui/names.py) lets a player
# type, and all that names.dat, game.dat and the high scores may hold (save/records.py,
# save/scores.py refuse a longer one). The core allows longer names (its own limit).
NAME_MAX = 6

DEFAULTS = {}
for _row in TABLE:
    DEFAULTS[_row[0]] = _row[1]
del _row


def _row_of(key):
    for row in TABLE:
        if row[0] == key:
            return row
    raise KeyError(key)


def choices(key):
    """The values the settings menu offers for `key`, in menu order."""
    return _row_of(key)[2]


def value_range(key):
    """(lowest, highest) a stored number of `key` may be, or None (not a number)."""
    return _row_of(key)[3]
