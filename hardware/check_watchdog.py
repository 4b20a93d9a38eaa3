# Bench check: the watchdog resets a loop that stops feeding it.
# SPDX-License-Identifier: MIT
"""Run on the Pico after `make flash`:  mpremote run hardware/check_watchdog.py
then, after the board has reset, run it again.

First run, expected output:

    reset cause: power-on or other (code 1)
    watchdog started (2000 ms), fed 3 times
    not feeding any more: the board must reset within ~2 s (mpremote loses the board)

Second run:

    reset cause: watchdog (code 3)  -> watchdog works
    ...

The game's own watchdog uses board.WDT_TIMEOUT_MS (8000 ms) and is fed by the main loop.
"""

import time

from pico import board


def main(hw=None, limit_ms=None):
    hw = hw or board.Board()
    m = hw.machine
    cause = m.reset_cause() if hasattr(m, "reset_cause") else None
    wdt_code = getattr(m, "WDT_RESET", None)
    if cause is not None and cause == wdt_code:
        print("reset cause: watchdog (code %d)  -> watchdog works" % cause)
    else:
        print("reset cause: power-on or other (code %s)" % (cause,))
    wdt = hw.watchdog(2000)
    if wdt is None:
        print("no machine.WDT on this port: nothing to check")
        return False
    for _ in range(3):
        time.sleep_ms(500)
        wdt.feed()
    print("watchdog started (2000 ms), fed 3 times")
    print("not feeding any more: the board must reset within ~2 s (mpremote loses the board)")
    t0 = time.ticks_ms()
    while limit_ms is None or time.ticks_diff(time.ticks_ms(), t0) < limit_ms:
        time.sleep_ms(100)
    return True


if __name__ == "__main__":
    main()
