# Bench check: display off + lightsleep until a button, then wake; measure the sleep current.
# SPDX-License-Identifier: MIT
"""Run on the Pico after `make flash`:  mpremote run hardware/check_sleep.py
(for a real current figure run it from the battery with a meter in series, not from USB:
over USB the host keeps waking the chip).

Expected output:

    display on: "SLEEP TEST" for 2 s, then off
    sleeping: press any button
    woke by hold3 after 12840 ms (naps of 2000 ms)
    display on again

Write down the current while it sleeps (expect under 4 mA) and while the screen is on.
"""

import time

from pico import board
from pico.buttons import Buttons


def main(hw=None):
    hw = hw or board.Board()
    d = hw.display(400)
    buttons = Buttons(hw.button_pins())
    t0 = time.ticks_ms()

    def edge(index, level):
        buttons.edge(index, level, time.ticks_diff(time.ticks_ms(), t0))

    hw.irq_on_buttons(edge)
    d.fill(0)
    d.text("SLEEP TEST", 24, 28, 1)
    d.show()
    print('display on: "SLEEP TEST" for 2 s, then off')
    time.sleep_ms(2000)
    buttons.resync(time.ticks_diff(time.ticks_ms(), t0))
    d.poweroff()
    print("sleeping: press any button")
    start = time.ticks_ms()
    while not buttons.any_pressed():
        hw.lightsleep(board.SLEEP_CHUNK_MS)
    slept = time.ticks_diff(time.ticks_ms(), start)
    now = time.ticks_diff(time.ticks_ms(), t0)
    buttons.poll(now)
    for _ in range(10):  # let the debouncer see the press
        time.sleep_ms(5)
        buttons.poll(time.ticks_diff(time.ticks_ms(), t0))
    who = ",".join(buttons.held()) or "a short tap"
    print("woke by %s after %d ms (naps of %d ms)" % (who, slept, board.SLEEP_CHUNK_MS))
    d.poweron()
    d.show()
    print("display on again")
    return slept


if __name__ == "__main__":
    main()
