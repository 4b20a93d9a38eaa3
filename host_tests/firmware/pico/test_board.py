# Pin map checks (no pin twice, I2C pins on their bus, physical pins) and Board with fakes.
# SPDX-License-Identifier: MIT
import os
import re
import sys

import pytest
from pico import board
from support.hw_fakes import FakeClock, FakeMachine, FakeTime

# Raspberry Pi Pico pinout (datasheet pin diagram): physical pin of each GPIO, and the GNDs.
PICO_PHYSICAL = {
    0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
    13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31,
    27: 32, 28: 34,
}  # fmt: skip
PICO_GND = {3, 8, 13, 18, 23, 28, 33, 38}
PICO_POWER = {36: "3V3(OUT)", 39: "VSYS", 40: "VBUS"}
# RP2040 datasheet GPIO function table (F3): which GPIOs carry I2C0/I2C1 SDA/SCL.
I2C_PINS = {
    (0, "SDA"): {0, 4, 8, 12, 16, 20},
    (0, "SCL"): {1, 5, 9, 13, 17, 21},
    (1, "SDA"): {2, 6, 10, 14, 18, 26},
    (1, "SCL"): {3, 7, 11, 15, 19, 27},
}

GPIO_ROWS = [r for r in board.PINS if isinstance(r[0], int)]


def test_no_gpio_and_no_physical_pin_used_twice():
    gpios = [r[0] for r in GPIO_ROWS]
    assert len(gpios) == len(set(gpios))
    phys = [r[1] for r in GPIO_ROWS] + [p for p, name, _ in board.POWER if name != "GND"]
    assert len(phys) == len(set(phys))
    signals = [r[2] for r in board.PINS]
    assert len(signals) == len(set(signals))


@pytest.mark.parametrize("row", GPIO_ROWS, ids=lambda r: r[2])
def test_physical_pin_matches_pico_pinout(row):
    assert PICO_PHYSICAL[row[0]] == row[1]


def test_power_rows_are_real_power_pins():
    for pin, name, _ in board.POWER:
        if name == "GND":
            assert pin in PICO_GND
        else:
            assert PICO_POWER[pin] == name


@pytest.mark.parametrize("signal", ["SDA", "SCL"])
def test_i2c_pins_belong_to_the_chosen_bus(signal):
    assert board.gpio(signal) in I2C_PINS[(board.I2C_ID, signal)]


def test_every_button_is_an_input_with_pull_up_active_low():
    for name in board.BUTTONS:
        row = [r for r in board.PINS if r[2] == name.upper()][0]
        assert row[3] == "internal up" and row[4] == "low"


def test_header_table_in_pins_py_matches_pins():
    path = os.path.join(os.path.dirname(board.__file__), "pins.py")
    text = open(path).read()
    rows = re.findall(r"^# \| (GP\d+|LED) +\| (\S+) +\| (\S+) +\| (.+?) +\| (\S+) +\| (.+?) +\|$",
                      text, re.M)  # fmt: skip
    want = [
        ("GP%d" % r[0] if isinstance(r[0], int) else r[0], str(r[1]), r[2], r[3], r[4], r[5])
        for r in board.PINS
    ]
    assert rows == want


def test_board_gpio_constants_are_the_pin_maps():
    """board.py's GPIO numbers (the firmware does not load pico/pins.py) are PINS's."""
    from pico import pins

    assert board.PINS is pins.PINS and board.gpio is pins.gpio
    got = (board._SDA, board._SCL, board._OLED_RES, board._BUZZER)
    assert got == tuple(pins.gpio(s) for s in ("SDA", "SCL", "OLED_RES", "BUZZER"))
    assert board._BUTTON_GPIO == tuple(pins.gpio(n.upper()) for n in board.BUTTONS)
    assert board.PANEL in pins.PANELS and "ssd1306" in pins.PANELS and len(pins.PANELS) == 2
    assert (board._OLED_ADDR, board._I2C_ID) == (pins.OLED_ADDR, pins.I2C_ID)
    assert board.OLED_ADDR == pins.OLED_ADDR and (board._WIDTH, board._HEIGHT) == (128, 64)


def test_gpio_lookup_and_unknown_signal():
    assert board.gpio("ROLL") == 14
    with pytest.raises(ValueError, match="no signal"):
        board.gpio("NOPE")


def make_board(**kw):
    clock = FakeClock()
    machine = FakeMachine(clock)
    return board.Board(machine=machine, time=FakeTime(clock, machine), **kw), machine


def test_board_import_and_construction_touch_no_hardware():
    b, machine = make_board()
    assert machine.pins == {} and machine.i2c_bus == {} and machine.pwms == []
    assert b.panel == board.PANEL


@pytest.mark.parametrize("khz", board.I2C_KHZ_CHOICES)
def test_i2c_on_gp4_gp5_at_chosen_speed(khz):
    b, machine = make_board()
    bus = b.i2c(khz)
    assert bus.freq == khz * 1000
    assert [p.name for p in bus.pins] == [4, 5]
    assert b.set_i2c_khz(400) is bus and bus.freq == 400000  # re-clocks the same bus


@pytest.mark.parametrize("khz", [0, 399, 2000, "400"])
def test_bad_i2c_speed_is_rejected(khz):
    b, _ = make_board()
    with pytest.raises(ValueError, match="i2c_khz"):
        b.i2c(khz)


def test_unknown_panel_is_rejected():
    with pytest.raises(ValueError, match="unknown panel"):
        make_board(panel="st7735")


@pytest.mark.parametrize("maxi, count", [(True, 7), (False, 6)])
def test_button_pins_with_and_without_sixth_hold(maxi, count):
    b, machine = make_board(maxi_button=maxi)
    pins = b.button_pins()
    assert [n for n, _ in pins] == [n for n in board.BUTTONS if maxi or n != "hold6"]
    assert len(pins) == count
    assert [p.name for _, p in pins] == [board.gpio(n.upper()) for n, _ in pins]
    assert all(p.mode == p.IN for _, p in pins)


def test_irq_handler_gets_index_and_level():
    b, machine = make_board()
    seen = []
    b.irq_on_buttons(lambda i, level: seen.append((i, level)))
    roll = machine.pins[board.gpio("ROLL")]
    roll.handler(roll)
    assert seen == [(6, 1)]
    assert roll.trigger == roll.IRQ_FALLING | roll.IRQ_RISING


def test_buzzer_is_silent_pwm_or_absent():
    b, machine = make_board()
    pwm = b.buzzer()
    assert pwm.pin.name == board.gpio("BUZZER") and pwm.duty_u16() == 0
    assert make_board(buzzer=False)[0].buzzer() is None


def test_reset_panel_pulses_res_low_then_high():
    b, machine = make_board()
    b.reset_panel()
    res = machine.pins[board.gpio("OLED_RES")]
    assert res.writes[-2:] == [0, 1]


def test_watchdog_built_with_timeout_or_none_without_wdt():
    b, machine = make_board()
    assert b.watchdog().timeout == board.WDT_TIMEOUT_MS <= 8388  # RP2040 maximum
    clock = FakeClock()
    bare = board.Board(machine=FakeMachine(clock, wdt=False), time=FakeTime(clock))
    assert bare.watchdog() is None
    assert bare.stop_watchdog() is False


def test_roll_held_reads_active_low():
    clock = FakeClock()
    machine = FakeMachine(clock, scripts={14: [(0, 0)]})
    b = board.Board(machine=machine, time=FakeTime(clock))
    assert b.roll_held()
    assert not make_board()[0].roll_held()


@pytest.mark.parametrize("panel, charge_pump", [("ssd1306", True), ("ssd1309", False)])
def test_display_on_the_unix_port_sends_the_panel_init_with_a_res_pulse(panel, charge_pump):
    """Board.display() with the firmware driver (framebuf needs MicroPython)."""
    import subprocess

    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(mp):
        pytest.skip("MicroPython unix port not installed here")
    from tools.paths import ROOT as root

    code = (
        "from pico import board\n"
        "from support.hw_fakes import FakeClock, FakeMachine, FakeTime\n"
        "c = FakeClock()\n"
        "m = FakeMachine(c)\n"
        "d = board.Board(machine=m, time=FakeTime(c, m), panel=%r).display(1000)\n"
        "bus = m.i2c_bus[0]\n"
        "cmds = b''.join(data[1:] for addr, data in bus.writes if data[0] == 0)\n"
        "print(bus.freq, d.width, d.height, 0x8D in cmds, m.pins[6].writes)\n" % panel
    )
    paths = [os.path.join(root, "firmware"), os.path.join(root, "host_tests"), ".frozen"]
    env = dict(os.environ, MICROPYPATH=":".join(paths))
    res = subprocess.run([mp, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.split() == ["1000000", "128", "64", str(charge_pump), "[0,", "1]"]
