# Pocket Yatzy's wiring as data: the pin map, the power pins and the panels (for tools and tests).
# SPDX-License-Identifier: MIT
#
# WIRING (Raspberry Pi Pico, Pico W, Pico 2; physical pins counted as on the Pico pinout card)
# | GPIO | Pin | Signal   | Pull        | Active | Connects to                                  |
# |------|-----|----------|-------------|--------|----------------------------------------------|
# | GP4  | 6   | SDA      | module 4k7  | -      | OLED SDA (I2C0)                              |
# | GP5  | 7   | SCL      | module 4k7  | -      | OLED SCL (I2C0)                              |
# | GP6  | 9   | OLED_RES | none        | low    | OLED RES, only on modules that have the pin  |
# | GP8  | 11  | HOLD1    | internal up | low    | hold button 1 (under die 1) to GND           |
# | GP9  | 12  | HOLD2    | internal up | low    | hold button 2 (under die 2) to GND           |
# | GP10 | 14  | HOLD3    | internal up | low    | hold button 3 (under die 3) to GND           |
# | GP11 | 15  | HOLD4    | internal up | low    | hold button 4 (under die 4) to GND           |
# | GP12 | 16  | HOLD5    | internal up | low    | hold button 5 (under die 5) to GND           |
# | GP13 | 17  | HOLD6    | internal up | low    | hold button 6, Maxi Yatzy only (optional)    |
# | GP14 | 19  | ROLL     | internal up | low    | roll button to GND                           |
# | GP15 | 20  | BUZZER   | none        | high   | piezo buzzer + (optional; - to GND), PWM7 B  |
# | LED  | -   | LED      | none        | high   | on-board LED (GP25 on Pico, via radio on W)  |
# Power: 3V3(OUT) pin 36 -> OLED VCC; GND pin 38 -> OLED GND; GND pin 13 -> buttons and buzzer.
# 2.42" 7-pin SSD1309 module on I2C: CS and DC strapped to GND (DC low: address 0x3C).
# Battery (optional): LiPo -> TP4056 B+/B-; OUT+ -> slide switch -> 1N5817 (stripe towards the
# Pico) -> VSYS pin 39; OUT- -> GND pin 38. On the board itself: ADC3 (GPIO29) reads VSYS/3 and
# GPIO24 is high while USB powers the Pico (the battery gauge, pico/battery.py).
# The table above is also the data below (PINS); tools/gen/hardware.py writes the README table,
# the wiring image and the Wokwi diagram from PINS, and host tests check all of them agree.
# The firmware does not load this module: pico/board.py has the GPIO numbers as constants
# (host_tests/firmware/pico/test_board.py checks they are these) and reaches PINS, POWER,
# PANELS and gpio() here only when a tool or a test asks it for them.

OLED_ADDR = 0x3C  # the panel's I2C address
I2C_ID = 0  # SDA and SCL are I2C0's

# Panels: 128x64 either way; the two supported modules differ in size and in two init details.
PANELS = {
    # id: (label, active area width mm, height mm, has RES pin)
    "ssd1306": ('0.96" SSD1306 128x64', 21.7, 10.9, False),
    "ssd1309": ('2.42" SSD1309 128x64', 55.0, 27.5, True),
}

# One row per signal: (gpio, physical pin, signal, pull, active level, connects to).
# gpio is an int, or the string "LED" for the on-board LED (its GPIO differs by board).
PINS = (
    (4, 6, "SDA", "module 4k7", "-", "OLED SDA (I2C0)"),
    (5, 7, "SCL", "module 4k7", "-", "OLED SCL (I2C0)"),
    (6, 9, "OLED_RES", "none", "low", "OLED RES, only on modules that have the pin"),
    (8, 11, "HOLD1", "internal up", "low", "hold button 1 (under die 1) to GND"),
    (9, 12, "HOLD2", "internal up", "low", "hold button 2 (under die 2) to GND"),
    (10, 14, "HOLD3", "internal up", "low", "hold button 3 (under die 3) to GND"),
    (11, 15, "HOLD4", "internal up", "low", "hold button 4 (under die 4) to GND"),
    (12, 16, "HOLD5", "internal up", "low", "hold button 5 (under die 5) to GND"),
    (13, 17, "HOLD6", "internal up", "low", "hold button 6, Maxi Yatzy only (optional)"),
    (14, 19, "ROLL", "internal up", "low", "roll button to GND"),
    (15, 20, "BUZZER", "none", "high", "piezo buzzer + (optional; - to GND), PWM7 B"),
    ("LED", "-", "LED", "none", "high", "on-board LED (GP25 on Pico, via radio on W)"),
)
# Power rows: (physical pin, name, connects to).
POWER = (
    (36, "3V3(OUT)", "OLED VCC"),
    (38, "GND", "OLED GND"),
    (13, "GND", "buttons (other leg of each) and buzzer -"),
    (39, "VSYS", "battery + via switch (optional, see README)"),
)

# The OLED module's pins, left to right on the 2.42" 7-pin SSD1309 board (the 0.96" SSD1306
# board has the first four): (module pin, where it goes) with a PINS signal, a POWER pin
# number, or "GND strap" (tied to the module's own GND pin, not wired to the Pico).
OLED_PINS = (
    ("GND", 38),
    ("VCC", 36),
    ("SCL", "SCL"),
    ("SDA", "SDA"),
    ("RES", "OLED_RES"),
    ("DC", "GND strap"),
    ("CS", "GND strap"),
)
# The optional battery circuit, as wires: (from, to), a POWER pin number where it ends at the
# Pico. The parts: a LiPo cell, a TP4056 charger board with protection, a slide switch, a
# 1N5817 Schottky diode (its stripe, the cathode, towards VSYS).
BATTERY = (
    ("LiPo +", "TP4056 B+"),
    ("LiPo -", "TP4056 B-"),
    ("TP4056 OUT+", "switch"),
    ("switch", "1N5817 anode"),
    ("1N5817 cathode", 39),
    ("TP4056 OUT-", 38),
)


def gpio(signal):
    """GPIO number of a signal in PINS, e.g. gpio("ROLL") == 14."""
    for row in PINS:
        if row[2] == signal:
            return row[0]
    raise ValueError("no signal %r in the pin map" % (signal,))
