# Random presses through every screen on the MicroPython unix port: the names interned after.
# SPDX-License-Identifier: MIT
"""Run by ``micropython`` in a folder of the build (the board's own .mpy files), as source
given with ``-c`` so that the folder is first on the path (the board's import then finds
"ui/play.mpy", as on the Pico):

    micropython -c "$(cat walk_names.py)" STORAGE_DIR STEPS SEED LANG

Interns the build's names as main.py does (heap.intern_names), prints ``qstr_info()``,
starts the app in LANG and presses random buttons (short and long, from a seeded LCG: no
str is indexed here) for STEPS presses, ticking the app between them; then prints
``qstr_info()`` again and ``SCREENS`` with the screens the walk went through. Everything
this script names is interned before the first count."""

import sys

import heap
import micropython

heap.intern_names()

import app as app_module  # noqa: E402
from pico import ssd1306  # noqa: E402
from save.storage import FileStorage  # noqa: E402
from yatzy.dice import SeededDice  # noqa: E402


class NullI2C:
    def writeto(self, addr, buf, stop=True):
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        return 1


BUTTONS = ("hold1", "hold2", "hold3", "hold4", "hold5", "hold6", "roll")
KINDS = ("short", "short", "short", "long")
steps = int(sys.argv[2])
x = int(sys.argv[3])
display = ssd1306.SSD1306_I2C(128, 64, NullI2C())
app = app_module.App(display, FileStorage(sys.argv[1]), SeededDice(x), lang=sys.argv[4])
screens = {}
now = 1000
app.start(now)
micropython.qstr_info()
for _i in range(steps):
    x = (x * 1103515245 + 12345) & 0x7FFFFFFF
    app.press(BUTTONS[(x >> 8) % 7], KINDS[(x >> 4) % 4], now)
    now += 150
    for _k in range(40):  # 2 s of ticks: animations and computer turns go on
        app.tick(now)
        now += 50
    if app.asleep:
        app.wake(now)
    screens[type(app.screen).__name__] = 1
micropython.qstr_info()
print("SCREENS", " ".join(sorted(screens)))
