# MicroPython side of `make bench` (app): replay recorded presses through the firmware driver.
# SPDX-License-Identifier: MIT
"""Run by the unix port with firmware/ and tools/ on MICROPYPATH:

    micropython -m tools.bench.app_mp LOG SEED STORAGE_DIR [quiet]

LOG holds one call per line, as tools/bench/app_bench.py recorded them on CPython: `S <now>`
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


def main(argv):
    if len(argv) < 4:
        print("usage: tools/bench/app_mp.py LOG SEED STORAGE_DIR [quiet]")
        raise SystemExit(2)
    quiet = len(argv) > 4 and argv[4] == "quiet"
    import gc

    from tools.sim.loop import Shell

    gc.collect()
    if not quiet:  # the replay's own share of the figures below: this file, the shell
        print("HEAP_HARNESS", gc.mem_alloc())
    import heap

    heap.intern_names()  # as main.py does at power-up: the names are the firmware's heap
    from pico import ssd1306

    i2c = CountingI2C()
    display = ssd1306.SSD1306_I2C(128, 64, i2c)
    import app as app_module
    from save.storage import FileStorage
    from yatzy.dice import SeededDice

    app = app_module.App(display, FileStorage(argv[3]), SeededDice(int(argv[2])))
    shell = Shell(app, display)
    presses = 0
    pushed0 = 0
    data0 = bus0 = 0
    sum_data = sum_bus = 0
    f = open(argv[1])
    while True:
        line = f.readline()
        if not line:
            break
        parts = line.split()
        if not parts:
            continue
        op = parts[0]
        if op == "P":
            if presses:
                if not quiet:
                    print("B", i2c.data - data0, i2c.bus - bus0)
                sum_data += i2c.data - data0
                sum_bus += i2c.bus - bus0
            data0 = i2c.data
            bus0 = i2c.bus
            presses += 1
            shell.press(parts[1], parts[2], int(parts[3]))
        elif op == "T":
            shell.tick(int(parts[1]))
        elif op == "S":
            shell.start(int(parts[1]))
            pusher = getattr(app, "pusher", None)
            pushed0 = pusher.data_bytes if pusher is not None else 0
            if not quiet:
                gc.collect()
                print("HEAP_START", gc.mem_alloc())
        else:
            raise ValueError("bad log line %r" % line)
    f.close()
    if presses:
        if not quiet:
            print("B", i2c.data - data0, i2c.bus - bus0)
        sum_data += i2c.data - data0
        sum_bus += i2c.bus - bus0
    game = getattr(app, "game", None)
    if game is not None:
        print("TOTALS", " ".join(str(t) for t in game.totals()))
    if not quiet:
        gc.collect()
        print("HEAP_END", gc.mem_alloc())
        mods = [m for m in sys.modules if m != "__main__" and m.split(".")[0] != "tools"]
        print("MODULES", " ".join(sorted(mods)))
    print("SUM", sum_data, sum_bus)
    pusher = getattr(app, "pusher", None)
    if pusher is not None:  # what the app's FramePusher believes it sent after start
        print("PUSHED", pusher.data_bytes - pushed0)
    print("DONE", presses)


if __name__ == "__main__" or sys.argv[:1] == ["tools.bench.app_mp"]:  # run, or romfs_run.py
    main(sys.argv)
