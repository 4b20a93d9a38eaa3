# The hardware/check_*.py bench scripts run on the MicroPython unix port with simulated pins.
# SPDX-License-Identifier: MIT
import json
import os
import subprocess

import pytest

from tools.emu.mp_run import micropython_binary  # noqa: E402
from tools.paths import ROOT

MP = micropython_binary()
pytestmark = pytest.mark.skipif(MP is None, reason="MicroPython unix port not installed here")
HOLD3, ROLL = 10, 14


def run(code, presses=()):
    env = dict(os.environ)
    paths = ["hardware", "firmware", "host_tests/support/mp_board", "host_tests", ".frozen"]
    env["MICROPYPATH"] = ":".join(os.path.join(ROOT, p) if p[0] != "." else p for p in paths)
    env["FAKE_PRESSES"] = json.dumps(list(presses))
    res = subprocess.run([MP, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)  # fmt: skip
    assert res.returncode == 0, res.stdout + res.stderr
    return res.stdout


def test_check_buttons_prints_wiring_and_one_line_per_press():
    presses = [[HOLD3, 100, 180], [ROLL, 400, 1300], [HOLD3, 1500, 1560]]
    out = run("import check_buttons\ncheck_buttons.main(limit_ms=2000)\n", presses)
    assert "GP14  pin 19  ROLL" in out
    events = [ln.split()[:2] for ln in out.splitlines() if " at " in ln and "ms" in ln]
    assert events == [["hold3", "short"], ["roll", "long"], ["hold3", "short"]]


def test_check_display_finds_panel_and_times_frames():
    out = run("import check_display\ncheck_display.main()\n")
    assert "I2C scan: ['0x3c']" in out and "panel: ssd1309 128x64" in out
    assert "i2c 1000 kHz: full frame" in out and "pattern shown" in out


def test_check_sleep_naps_until_a_button_and_reports_it():
    out = run("import check_sleep\ncheck_sleep.main()\n", [[HOLD3, 9000, 9300]])
    assert "sleeping: press any button" in out
    line = [ln for ln in out.splitlines() if ln.startswith("woke by")][0]
    assert line.startswith("woke by hold3 after ") and "naps of 2000 ms" in line
    slept = int(line.split()[4])
    assert 6900 <= slept <= 7000  # asleep from ~2 s after start until the press at 9 s
    assert "display on again" in out


def test_check_watchdog_starts_and_stops_feeding():
    out = run("import check_watchdog\nprint(check_watchdog.main(limit_ms=3000))\n")
    assert "watchdog started (2000 ms), fed 3 times" in out and out.strip().endswith("True")
