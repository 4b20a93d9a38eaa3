# Pocket Yatzy entry point on the Pico: the names, the display, the rest, then the app loop.
# SPDX-License-Identifier: MIT
#
# Hold ROLL while powering up for safe mode: the app and the watchdog do not start and the
# REPL stays free (for mpremote, or to recover from a bad flash).
#
# The project image's frozen _boot.py runs this file from its ROMFS with /rom as the current
# folder (tools/image/README.md); saves, settings and the REPL's files live on the
# filesystem at /, so the app starts from there (stock MicroPython starts there already;
# the host's stand-in boards start in their flash folder, which stays).
import os

if os.getcwd().startswith("/rom"):
    os.chdir("/")
del os
import gc  # noqa: E402

import heap  # noqa: E402

# Code loaded into the heap (stock MicroPython and `make flash`): every name the firmware uses
# is interned first, while the heap is whole (heap.intern_names). Code run from ROMFS (the
# project image) interns each module's names from flash as it loads: no pool is built ahead.
if not heap.__file__.startswith("/rom"):
    heap.intern_names()
del heap  # (main's globals live as long as the app: heap.py is imported where it is used)
from pico import board  # noqa: E402  (the display is built before the large imports, STYLE 18)

hw = board.Board()
if hw.roll_held():
    print("Pocket Yatzy: safe mode (ROLL held at power-up); app not started")
else:
    display = hw.display()
    gc.collect()
    from pico import runner  # noqa: E402

    hw = runner.Parts(hw)  # what the loop keeps of the board: pico/board.py leaves the heap
    del board
    runner.main(hw, display)
