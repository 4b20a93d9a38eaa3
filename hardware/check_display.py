# Bench check: the OLED answers on I2C0, shows a test pattern, and how fast a frame goes out.
# SPDX-License-Identifier: MIT
"""Run on the Pico after `make flash`:  mpremote run hardware/check_display.py

Expected output (times depend on the bus speed; 1024 data bytes + framing at 9 bits/byte):

    I2C scan: ['0x3c']  (expect ['0x3c'])
    panel: ssd1309 128x64
    i2c 400 kHz: full frame 24.0 ms (theory ~23 ms)
    i2c 1000 kHz: full frame 10.0 ms (theory ~9 ms)
    pattern shown: border, checker top-left, text "POCKET YATZY", arrow at top

On the panel: a 1-pixel border on all four edges, a checkerboard in the top-left corner and
an arrow pointing up. If 1000 kHz gives errors or garbage, keep i2c_khz at 400 in settings.
"""

import time

from pico import board


def pattern(d):
    d.fill(0)
    d.rect(0, 0, d.width, d.height, 1)
    for y in range(2, 18):
        for x in range(2, 18):
            if (x + y) & 1:
                d.pixel(x, y, 1)
    d.text("POCKET YATZY", 16, 28, 1)
    for i in range(6):  # arrow pointing to the top edge
        d.hline(96 - i, 4 + i, 2 * i + 1, 1)
    d.vline(96, 10, 10, 1)


def frame_ms(hw, d, khz, frames=10):
    hw.set_i2c_khz(khz)
    t0 = time.ticks_us()
    for _ in range(frames):
        d.show()
    return time.ticks_diff(time.ticks_us(), t0) / frames / 1000


def main(hw=None):
    hw = hw or board.Board()
    print(
        "Expected: OLED SDA -> GP%d (pin 6), SCL -> GP%d (pin 7), VCC -> 3V3 (pin 36),"
        " GND -> pin 38" % (board.gpio("SDA"), board.gpio("SCL"))
    )
    found = ["0x%02x" % a for a in hw.i2c(400).scan()]
    print("I2C scan: %s  (expect ['0x%02x'])" % (found, board.OLED_ADDR))
    d = hw.display(400)
    print("panel: %s %dx%d" % (hw.panel, d.width, d.height))
    pattern(d)
    for khz in board.I2C_KHZ_CHOICES[1:]:
        theory = (d.width * d.height // 8 + 8) * 9 / khz
        print(
            "i2c %d kHz: full frame %.1f ms (theory ~%d ms)" % (khz, frame_ms(hw, d, khz), theory)
        )
    hw.set_i2c_khz(400)
    d.show()
    print('pattern shown: border, checker top-left, text "POCKET YATZY", arrow at top')
    return d


if __name__ == "__main__":
    main()
