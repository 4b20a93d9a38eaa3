# The 32-bit lane's MicroPython side: the bench replay, one log line per call.
# SPDX-License-Identifier: MIT
"""Imported by tools/emu/wasm32/replay.mjs on MicroPython's WebAssembly port. That port collects
garbage only when control is back in JavaScript, so the replay goes one log line (a press, a
tick, the start; see tools/bench/app_mp.py for the log) per call from there:

    r = Replay(LOG, SEED, STORAGE_DIR)
    while r.step(): ...      # JavaScript measures the heap between the calls
    r.finish()               # prints TOTALS, SUM, PUSHED and DONE as tools/bench/app_mp.py does

The app runs on the firmware's SSD1306 driver over tools/bench/app_mp.py's byte-counting I2C, with
the simulator's shell, as in the unix port's replay. Kept apart from app_mp.py so that
the unix port's figures carry none of this file's code or names.
"""

from tools.bench.app_mp import CountingI2C


class Replay:
    def __init__(self, log, seed, storage_dir):
        import heap

        heap.intern_names()  # as main.py does at power-up
        from pico import ssd1306

        self.i2c = CountingI2C()
        display = ssd1306.SSD1306_I2C(128, 64, self.i2c)
        import app as app_module
        from save.storage import FileStorage
        from yatzy.dice import SeededDice

        from tools.sim.loop import Shell

        self.app = app_module.App(display, FileStorage(storage_dir), SeededDice(seed))
        self.shell = Shell(self.app, display)
        self.presses = self.pushed0 = self.data0 = self.bus0 = 0
        self.log = open(log)

    def step(self):
        """Act on the next log line; False at the end of the log."""
        line = self.log.readline()
        if not line:
            return False
        parts = line.split()
        if not parts:
            return True
        op = parts[0]
        if op == "P":
            if not self.presses:  # bytes are counted from the first press, as app_mp.py does
                self.data0, self.bus0 = self.i2c.data, self.i2c.bus
            self.presses += 1
            self.shell.press(parts[1], parts[2], int(parts[3]))
        elif op == "T":
            self.shell.tick(int(parts[1]))
        elif op == "S":
            self.shell.start(int(parts[1]))
            pusher = getattr(self.app, "pusher", None)
            self.pushed0 = pusher.data_bytes if pusher is not None else 0
        else:
            raise ValueError("bad log line %r" % line)
        return True

    def finish(self):
        self.log.close()
        game = getattr(self.app, "game", None)
        if game is not None:
            print("TOTALS", " ".join(str(t) for t in game.totals()))
        if self.presses:
            print("SUM", self.i2c.data - self.data0, self.i2c.bus - self.bus0)
        pusher = getattr(self.app, "pusher", None)
        if pusher is not None:
            print("PUSHED", pusher.data_bytes - self.pushed0)
        print("DONE", self.presses)
