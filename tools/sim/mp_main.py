# MicroPython side of the simulator: firmware driver on a pipe-backed I2C, the app, line protocol.
# SPDX-License-Identifier: MIT
"""Run by ``micropython`` (unix port) with firmware/ and tools/ on MICROPYPATH:

    micropython -m tools.sim.mp_main STORAGE_DIR SEED [APP_MODULE [LANG|?]]

The firmware's own ``ssd1306.SSD1306_I2C`` writes every I2C transaction as a ``W`` line on
stdout; the CPython front end feeds those into the emulated panel. Commands arrive on stdin
(see ``sim_loop``). APP_MODULE (default ``app``) names the module holding ``App``; tests use
it to run a stand-in app.
"""

import sys

from tools.emu.fakebus import MachineI2C, PipeSink
from tools.sim.loop import Shell, make_storage, serve


def main(argv):
    if len(argv) < 3:
        print("usage: sim_mp_main.py STORAGE_DIR SEED [APP_MODULE [LANG|?]]")
        raise SystemExit(2)
    root = argv[1]
    seed = int(argv[2])
    module = argv[3] if len(argv) > 3 else "app"
    kw = {}
    if len(argv) > 4:  # "?": no language given, the first start asks (as on the gadget)
        kw = {"ask_lang": True} if argv[4] == "?" else {"lang": argv[4]}
    from pico import ssd1306

    display = ssd1306.SSD1306_I2C(128, 64, MachineI2C(PipeSink(sys.stdout)))
    from yatzy.dice import SeededDice

    __import__(module)
    app_module = sys.modules[module]
    app = app_module.App(display, make_storage(root), SeededDice(seed), **kw)
    sys.stdout.write("R ready\n")
    serve(Shell(app, display), sys.stdin, sys.stdout)


main(sys.argv)
