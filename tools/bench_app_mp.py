# MicroPython side of `make bench` (app): replay recorded presses through the firmware driver.
# SPDX-License-Identifier: MIT
"""Run by the unix port with firmware/ and tools/ on MICROPYPATH:

    micropython tools/bench_app_mp.py LOG SEED STORAGE_DIR [quiet]

LOG holds one call per line, as tools/bench_app.py recorded them on CPython: `S <now>`
(start), `P <button> <kind> <now>` (a press), `T <now>` (a tick). The app runs on the
firmware's own `ssd1306.SSD1306_I2C` over an I2C object that only counts bytes. For every
press it prints `B <data bytes> <bus bytes>`: everything the display was sent from that press
until the next one (animation frames included). Data bytes are GDDRAM bytes (a full frame is
1024); bus bytes add the address, control and command bytes. The log is read line by line so
that it takes no heap. At the end: `TOTALS <player totals...>` and `DONE <presses>`; unless
quiet, `HEAP_START`/`HEAP_END` give the live heap (after a collection) after start and at the
end.
"""

import sys


class CountingI2C:
    """machine.I2C look-alike that counts what would go over the wire."""

    def __init__(self):
        self.data = 0
        self.bus = 0

    def writeto(self, addr, buf, stop=True):
        n = len(buf)
        self.bus += n + 1  # + the address byte
        if n and buf[0] == 0x40:
            self.data += n - 1
        return n

    def writevto(self, addr, vector, stop=True):
        n = 0
        for v in vector:
            n += len(v)
        self.bus += n + 1
        first = vector[0]
        if len(first) and first[0] == 0x40:
            self.data += n - 1
        return n


class Replay:
    """The replay, one log line per :meth:`step` (so that a driver may act between lines:
    the 32-bit lane, tools/wasm32/replay.mjs, collects garbage there)."""

    def __init__(self, log, seed, storage_dir, quiet=False):
        import gc

        gc.collect()
        import ssd1306

        self.quiet = quiet
        self.i2c = CountingI2C()
        self.display = ssd1306.SSD1306_I2C(128, 64, self.i2c)
        import app as app_module
        from sim_loop import Shell
        from storage import FileStorage
        from yatzy.dice import SeededDice

        self.app = app_module.App(self.display, FileStorage(storage_dir), SeededDice(seed))
        self.shell = Shell(self.app, self.display)
        self.presses = 0
        self.pushed0 = 0
        self.data0 = self.bus0 = 0
        self.sum_data = self.sum_bus = 0
        self.log = open(log)

    def _count(self):
        i2c = self.i2c
        if not self.quiet:
            print("B", i2c.data - self.data0, i2c.bus - self.bus0)
        self.sum_data += i2c.data - self.data0
        self.sum_bus += i2c.bus - self.bus0

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
            if self.presses:
                self._count()
            self.data0 = self.i2c.data
            self.bus0 = self.i2c.bus
            self.presses += 1
            self.shell.press(parts[1], parts[2], int(parts[3]))
        elif op == "T":
            self.shell.tick(int(parts[1]))
        elif op == "S":
            self.shell.start(int(parts[1]))
            pusher = getattr(self.app, "pusher", None)
            self.pushed0 = pusher.data_bytes if pusher is not None else 0
            if not self.quiet:
                import gc

                gc.collect()
                print("HEAP_START", gc.mem_alloc())
        else:
            raise ValueError("bad log line %r" % line)
        return True

    def finish(self):
        """Print the totals (see the module docstring)."""
        import gc

        self.log.close()
        if self.presses:
            self._count()
        app = self.app
        game = getattr(app, "game", None)
        if game is not None:
            print("TOTALS", " ".join(str(t) for t in game.totals()))
        if not self.quiet:
            gc.collect()
            print("HEAP_END", gc.mem_alloc())
            skip = ("bench_app_mp", "sim_loop", "__main__")
            mods = [m for m in sys.modules if m not in skip]
            print("MODULES", " ".join(sorted(mods)))
        print("SUM", self.sum_data, self.sum_bus)
        pusher = getattr(app, "pusher", None)
        if pusher is not None:  # what the app's FramePusher believes it sent after start
            print("PUSHED", pusher.data_bytes - self.pushed0)
        print("DONE", self.presses)


def main(argv):
    if len(argv) < 4:
        print("usage: bench_app_mp.py LOG SEED STORAGE_DIR [quiet]")
        raise SystemExit(2)
    r = Replay(argv[1], int(argv[2]), argv[3], len(argv) > 4 and argv[4] == "quiet")
    while r.step():
        pass
    r.finish()


if __name__ == "__main__" or sys.argv[:1] == ["bench_app_mp"]:  # run, or romfs_run.py
    main(sys.argv)
