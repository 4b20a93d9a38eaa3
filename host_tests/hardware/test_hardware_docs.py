# The maker docs agree with the pin map: README table, Wokwi diagram, wiring image, toml.
# SPDX-License-Identifier: MIT
import io
import json
import os
import re
import tomllib

import pytest
from pico import board

from tools.gen import hardware as gen_hardware  # noqa: E402
from tools.paths import ROOT

HW = os.path.join(ROOT, "hardware")


def read(path, mode="r"):
    with open(os.path.join(HW, path), mode) as f:
        return f.read()


@pytest.mark.parametrize(
    "index", [0, 1, 2, 3], ids=["README", "diagram.json", "wiring.png", "main README"]
)
def test_generated_files_are_current(index):
    path, want = gen_hardware.outputs()[index]
    with open(path, "rb") as f:
        assert f.read() == want, "run: python -m tools.gen.hardware"


def test_readme_table_rows_are_the_pin_map():
    text = read("README.md")
    table = text.split(gen_hardware.START)[1].split(gen_hardware.END)[0]
    rows = [
        [c.strip() for c in line.strip("|").split("|")] for line in table.strip().splitlines()[2:]
    ]
    gpio_rows = [r for r in rows if r[0] != "-"]
    assert len(gpio_rows) == len(board.PINS)
    for row, (g, pin, signal, pull, active, _to) in zip(gpio_rows, board.PINS):
        assert row[:5] == [gen_hardware.gpio_label(g), str(pin), signal, pull, active]
    power = [(int(r[1]), r[2]) for r in rows if r[0] == "-"]
    assert power == [(p, n) for p, n, _ in board.POWER]


def wokwi():
    return json.loads(read("wokwi/diagram.json"))


def connected(diagram, a, b):
    return any({c[0], c[1]} == {a, b} for c in diagram["connections"])


@pytest.mark.parametrize(
    "row", [r for r in board.PINS if isinstance(r[0], int)], ids=lambda r: r[2]
)
def test_wokwi_wires_every_signal_as_the_pin_map(row):
    g, _pin, signal, _pull, _active, _to = row
    d = wokwi()
    here = "pico:GP%d" % g
    if signal in ("SDA", "SCL"):
        assert connected(d, here, "oled:" + signal)
    elif signal == "BUZZER":
        assert connected(d, here, "buzzer:2")  # + of the Wokwi buzzer
    elif signal == "OLED_RES":
        assert not [c for c in d["connections"] if here in c[:2]]  # no RES on Wokwi's part
    else:
        bid = "btn_" + signal.lower()
        assert connected(d, here, bid + ":1.l")
        other = [c for c in d["connections"] if bid + ":2.l" in c[:2]]
        assert len(other) == 1 and "pico:GND." in (other[0][0] + other[0][1])


def test_wokwi_pins_are_used_once_and_power_is_right():
    d = wokwi()
    gp = [p for c in d["connections"] for p in c[:2] if re.fullmatch(r"pico:GP\d+", p)]
    assert len(gp) == len(set(gp))
    assert connected(d, "oled:VCC", "pico:3V3") and connected(d, "oled:GND", "pico:GND.8")
    types = sorted(p["type"] for p in d["parts"])
    assert types.count("wokwi-pushbutton") == len(board.BUTTONS)
    assert {"wokwi-pi-pico", "board-ssd1306", "wokwi-buzzer"} <= set(types)
    ids = [p["id"] for p in d["parts"]]
    assert len(ids) == len(set(ids))


def test_wokwi_toml_points_at_firmware_and_serial_port():
    conf = tomllib.loads(read("wokwi/wokwi.toml"))["wokwi"]
    assert conf["version"] == 1 and conf["firmware"].endswith(".uf2")
    assert conf["rfc2217ServerPort"] == 4000
    assert "PORT=rfc2217://localhost:4000" in read("wokwi/wokwi.toml")


def test_wiring_image_carries_the_pin_map_and_marks_used_pins():
    from PIL import Image

    img = Image.open(io.BytesIO(read("wiring.png", "rb")))
    meta = json.loads(img.text["pinmap"])
    assert meta["pins"] == [list(r) for r in board.PINS]
    assert meta["power"] == [list(r) for r in board.POWER]
    used = {r[1] for r in board.PINS if isinstance(r[1], int)} | {p for p, _, _ in board.POWER}
    for pin in range(1, 41):
        x, y = gen_hardware.pin_xy(pin, 620, 150, 32, 170)
        yellow = img.getpixel((x, y - 4))[:3] == (0xFF, 0xD5, 0x4F)  # above any wire
        assert yellow == (pin in used), pin


def test_readme_has_the_maker_sections():
    text = read("README.md")
    for heading in (
        "## Parts",
        "## Wiring",
        "## Physical layout",
        "## Power",
        "## Assembly",
        "## Flashing",
        "## Bench checklist",
        "## Wokwi",
        "## Enclosure",
    ):
        assert heading in text, heading
    assert "wiring.png" in text and "SSD1309" in text and "make flash" in text


def test_the_wiring_image_draws_every_wire_of_the_pin_source():
    """Every connection of firmware/pico/pins.py (PINS, POWER, OLED_PINS, BATTERY) is a wire
    in the image: the generator's drawing list (the PNG's "wires" text) has it, and each
    corner of its path is drawn (not white) in the picture."""
    from PIL import Image

    img = Image.open(io.BytesIO(read("wiring.png", "rb")))
    wires = json.loads(img.text["wires"])
    img = img.convert("RGB")
    ends = [(w["from"], w["to"]) for w in wires]

    def touches(name):
        return [e for e in ends if name in e]

    for _g, pin, signal, _pull, _active, _to in board.PINS:
        if isinstance(pin, int):
            assert touches(pin), signal  # every GPIO row: a wire from its pin
    for pin, name, to in board.POWER:
        if pin != 39:  # VSYS: the battery circuit's wire below
            assert touches(pin), (pin, name, to)
    for name, to in board.OLED_PINS:
        wire = touches("OLED " + name)
        assert wire, name
        if to == "GND strap":  # DC and CS on the 7-pin board: to ground at the module
            assert ("OLED " + name, "GND strap") in ends
        elif isinstance(to, int):
            assert (to, "OLED " + name) in ends
        else:  # a signal of the pin map: from its Pico pin
            pin = [p for _g, p, sig, *_rest in board.PINS if sig == to][0]
            assert (pin, "OLED " + name) in ends
    for a, b in board.BATTERY:
        assert (a, b) in ends, (a, b)
    assert (
        "1N5817 cathode",
        [p for p, n, _ in board.POWER if n == "VSYS"][0],
    ) in ends  # the diode's stripe to VSYS
    white = (255, 255, 255)
    for w in wires:
        for x, y in w["points"]:
            assert img.getpixel((x, y)) != white, w
