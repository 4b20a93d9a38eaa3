# The battery gauge on the real rp2 firmware: ADC3 and VBUS driven, the warning, the save, sleep.
# SPDX-License-Identifier: MIT
"""On MicroPython's real rp2 port in the emulated Pico: the harness sets ADC3 (VSYS/3, with
noise) and drives VBUS (GPIO24) while the firmware of the build plays. Each frame is compared
with the CPython app given the same presses, dice and gauge levels (tools/sim/scenes.py).
Emulated time only. Skips without the UF2 and the boot ROM (RP2_UF2 / RP2_BOOTROM)."""

import pytest
from save.records import SETTINGS_FILE, Settings
from save.storage import MemoryStorage

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play
from tools.sim import scenes as S

UF2, BOOTROM, WHY = rp2.find_firmware()
pytestmark = pytest.mark.skipif(WHY is not None, reason="emulated Pico: %s" % WHY)

SEED = 7
VBUS = 24
NOISE = 30  # counts of the 12-bit ADC, each conversion (+-73 mV of VSYS)


class _Recorder(S.Driver):
    """The CPython app, recording the presses that scenes.setup_game makes."""

    def __init__(self):
        from yatzy.dice import SeededDice

        S.Driver.__init__(self, MemoryStorage(), SeededDice(SEED))
        self.log = []

    def press(self, button, kind="short", settle=True):
        self.log.append((button, kind))
        S.Driver.press(self, button, kind, settle)


def _cpython():
    """(presses to a 1-player game's first roll, the frame then; the frame after the
    levels 1 then 0: the warning; the empty battery's message)."""
    d = _Recorder()
    S.setup_game(d)
    d.press("roll")
    presses = list(d.log)
    low = _frame(S.on_battery(S.on_battery(d, 1), 0).display)
    d = S.on_battery(_Recorder(), -1)
    return presses, low, _frame(d.display)


def _frame(display):
    return b"".join(
        bytes(display.pixel_on(x, y) for x in range(display.width)) for y in range(display.height)
    )


def _files():
    st = MemoryStorage()
    Settings.save(st, {"lang": "en", "sleep_s": 0})  # no sleep timeout: the gauge's sleep only
    return play.firmware_files(seed=SEED, extra={SETTINGS_FILE: st.read(SETTINGS_FILE)})


def _gauge_lit(pico, x, y):
    return any(pico.screen.pixel(x + i, y) for i in range(9))


def test_the_gauge_warns_then_saves_and_sleeps_on_the_real_firmware():
    presses, want_low, want_empty = _cpython()
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(_files())) as pico:
        # on USB power (VBUS high), VSYS read as 0 V: no gauge, no alarm
        pico.gpio(VBUS, 1)
        pico.vsys(0)
        play.boot_app(pico)
        play.settle(pico)
        pico.run_ms(10000)
        assert not _gauge_lit(pico, 118, 1) and pico.screen.display_on
        reads = pico.stat()["adc_reads"]
        assert reads == 0  # VBUS high: the firmware does not even convert
        # on the battery (3.36 V, 1 bar), with noise: the gauge on the title
        pico.gpio(VBUS, 0)
        pico.vsys(3360, NOISE, seed=3)
        pico.run_ms(6000)
        assert _gauge_lit(pico, 118, 1)
        t0, n0 = pico.t, pico.stat()["adc_reads"]
        pico.run_ms(20000)
        per_2s = (pico.stat()["adc_reads"] - n0) / ((pico.t - t0) / 2e9)
        assert 5.5 <= per_2s <= 6.5  # one reading of six conversions every 2 s
        for button, kind in presses:
            play.press(pico, button, kind)
        assert pico.screen.display_on
        # 3.25 V: low; the warning at the info panel's foot, as the CPython app draws it
        pico.vsys(3250, NOISE, seed=4)
        pico.run_ms(30000)
        assert pico.screen.snapshot() == want_low
        saves = len(pico.flash_ops)
        # 3.00 V: empty; the game saved, the message, then the panel off and nothing written
        pico.vsys(3000, NOISE, seed=5)
        pico.run_ms(40000)
        assert len(pico.flash_ops) > saves  # the save
        assert not pico.screen.display_on
        done = len(pico.flash_ops)
        pico.run_ms(20000)
        assert len(pico.flash_ops) == done
        # a press, still empty: the message again, then off again; nothing written
        pico.press("hold3")
        pico.run_ms(1000)
        assert pico.screen.display_on and pico.screen.snapshot() == want_empty
        pico.run_ms(10000)
        assert not pico.screen.display_on and len(pico.flash_ops) == done
        # charged (3.70 V): a press brings the title back with the game to continue
        pico.vsys(3700, NOISE, seed=6)
        pico.press("hold3")
        play.settle(pico)
        assert pico.screen.display_on and _gauge_lit(pico, 118, 1)
        play.press(pico, "roll")  # CONTINUE
        files = pico.files()
    assert "game.dat" in files
