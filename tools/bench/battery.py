# What the battery gauge costs on the emulated Pico: cycles per reading, the idle loop with it.
# SPDX-License-Identifier: MIT
"""The battery gauge's cost on MicroPython's real rp2 port in the emulated Pico (125 MHz,
the build's ``.mpy`` files on its filesystem, as ``make flash`` leaves them):

- at the REPL, 100 readings (``pico.battery.Gauge.read``: six ADC conversions) and 100 runs
  of its logic (``Gauge.add``), timed with ``time.ticks_us`` in emulated time;
- the app idle on its title for 60 s of emulated time, on USB power (VBUS high: no reading)
  and on the battery (a reading every 2 s), twice each: the CPU cycles per 2 s;
- the spread of six conversions with the harness's noise (``--noise`` counts of 12 bits).

``python -m tools.bench.battery [--noise 30]`` (needs the UF2 and the boot ROM, as the other
rp2 benches: docs/rp2_emulator.md)
"""

import argparse
import re
import sys

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

VSYS_MV = 3600  # a battery at 3 bars
CODE = """import time
from pico import board
g = board.Board().battery()
r = g.read()
t = time.ticks_us()
for i in range(100):
    g.read()
t1 = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
for i in range(100):
    g.add(r)
t2 = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
for i in range(100):
    pass
t0 = time.ticks_diff(time.ticks_us(), t)
print('COST', t1 - t0, t2 - t0)
s = [g.read() for i in range(50)]
print('SPREAD', max(max(x) - min(x) for x in s), sum(max(x) - min(x) for x in s) // 50)
"""


def reading_cost(uf2, bootrom, noise):
    """(us per reading, us per add, largest and mean spread of a reading in read_u16 units)."""
    files = dict(play.firmware_files(seed=7))
    del files["main.py"]  # the REPL, no app
    with rp2.Pico(uf2, bootrom, fs=rp2.littlefs_image(files)) as pico:
        pico.run_ms(1500)
        pico.gpio(24, 0)
        pico.vsys(VSYS_MV, noise, seed=3)
        out = pico.repl_exec(CODE)
    cost = [int(v) / 100 for v in re.search(r"COST (-?\d+) (-?\d+)", out).groups()]
    spread = [int(v) for v in re.search(r"SPREAD (\d+) (\d+)", out).groups()]
    return cost[0], cost[1], spread[0], spread[1]


def idle_cycles(uf2, bootrom, noise, windows=3, window_ms=120000):
    """CPU cycles per 2 s on the title (no sleep timeout): [(usb, cycles), ...] in turn."""
    from save.records import SETTINGS_FILE, Settings
    from save.storage import MemoryStorage

    st = MemoryStorage()
    Settings.save(st, {"lang": "en", "sleep_s": 0})
    files = play.firmware_files(seed=7, extra={SETTINGS_FILE: st.read(SETTINGS_FILE)})
    out = []
    with rp2.Pico(uf2, bootrom, fs=rp2.littlefs_image(files)) as pico:
        pico.vsys(VSYS_MV, noise, seed=3)
        play.boot_app(pico)
        play.settle(pico)
        for usb in (1, 0) * windows:
            pico.gpio(24, usb)
            pico.run_ms(3000)
            c0, t0 = pico.cycles, pico.t
            pico.run_ms(window_ms)
            out.append((usb, (pico.cycles - c0) / ((pico.t - t0) / 2e9)))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--noise", type=int, default=30, help="ADC noise, +- counts of 12 bits")
    args = ap.parse_args(argv)
    uf2, bootrom, why = rp2.find_firmware()
    if why is not None:
        print("battery bench skipped: %s" % why)
        return 0
    read_us, add_us, spread_max, spread_mean = reading_cost(uf2, bootrom, args.noise)
    print("| figure (emulated Pico, 125 MHz, `python -m tools.bench.battery`) | value |")
    print("|---|---|")
    print("| a reading, six conversions (`Gauge.read`) | %.0f us |" % read_us)
    print("| the gauge's logic on it (`Gauge.add`) | %.0f us |" % add_us)
    print(
        "| both, in cycles, every 2 s while awake | %d (%.3f %% of the CPU) |"
        % ((read_us + add_us) * 125, (read_us + add_us) / 20000)
    )
    print(
        "| spread of a reading's six conversions, noise +-%d counts: largest / mean | "
        "%d / %d (read_u16 units, 16 a count) |" % (args.noise, spread_max, spread_mean)
    )
    idle = idle_cycles(uf2, bootrom, args.noise)
    pairs = " / ".join(
        "%.0f - %.0f" % (idle[i + 1][1], idle[i][1]) for i in range(0, len(idle), 2)
    )
    print(
        "| title idle, cycles per 2 s, battery - USB power (120 s windows in turn) | %s |" % pairs
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
