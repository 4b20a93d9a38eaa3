# Bench check: each button gives exactly one event per press (short or long), with a click.
# SPDX-License-Identifier: MIT
"""Run on the Pico after `make flash`:  mpremote run hardware/check_buttons.py

Tap each button once, then hold each one for a second. Expected output, one line per press
(exactly one: contact bounce must never give two), nothing while idle:

    hold1 short at 2310 ms
    ...
    roll short at 9120 ms
    hold1 long at 11800 ms      (printed after 0.6 s, while still held)

Pressing two buttons together gives one line for each. Ctrl-C ends.
"""

import time

from pico import board
from pico.buttons import Buttons
from pico.sound import Sound


def print_wiring():
    print("Expected wiring (firmware/pico/board.py):")
    for g, pin, signal, pull, active, to in board.PINS:
        gp = "GP%d" % g if isinstance(g, int) else g
        print(
            "  %-5s pin %-3s %-9s pull %-12s active %-4s -> %s"
            % (gp, pin, signal, pull, active, to)
        )


def main(hw=None, limit_ms=None):
    hw = hw or board.Board()
    print_wiring()
    buttons = Buttons(hw.button_pins())
    t0 = time.ticks_ms()

    def edge(index, level):
        buttons.edge(index, level, time.ticks_diff(time.ticks_ms(), t0))

    hw.irq_on_buttons(edge)
    sound = Sound(hw.buzzer(), {"sound": True, "volume": 5})
    print("Press each button (Ctrl-C ends):")
    count = 0
    while True:
        now = time.ticks_diff(time.ticks_ms(), t0)
        for name, kind, t in buttons.poll(now):
            count += 1
            print("%s %s at %d ms" % (name, kind, t))
            sound.play("click")
        sound.tick(now)
        if limit_ms is not None and now >= limit_ms:
            return count
        time.sleep_ms(5)


if __name__ == "__main__":
    main()
