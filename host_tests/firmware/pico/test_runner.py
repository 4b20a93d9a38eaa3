# Main-loop tests with fakes: presses, watchdog, crash screen + bounded log + restart, sleep/wake.
# SPDX-License-Identifier: MIT
import os
import subprocess

import pytest
from pico import board
from pico.runner import ErrorLog, format_exception
from support.hw_fakes import MemStorage
from support.mp_runner_scenarios import SCENARIOS, Rig

from tools.emu.mp_run import micropython_binary  # noqa: E402
from tools.paths import ROOT

ROLL = board.gpio("ROLL")
HOLD1 = board.gpio("HOLD1")
MP = micropython_binary()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda f: f.__name__)
def test_scenario_on_cpython(scenario):
    scenario()


@pytest.mark.skipif(MP is None, reason="MicroPython unix port not installed here")
def test_scenarios_on_the_micropython_unix_port():
    paths = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tests"), ".frozen"]
    env = dict(os.environ, MICROPYPATH=":".join(paths))
    code = "from support import mp_runner_scenarios as s\ns.run_all()\n"
    res = subprocess.run([MP, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.split() == [w for f in SCENARIOS for w in ("ok", f.__name__)]


def test_a_tap_inside_one_idle_wait_is_not_lost():
    rig = Rig()
    rig.run_until(100)
    t = rig.clock.t
    rig.runner.poll_ms = 200  # one long idle wait; only the IRQ edges can see the tap
    rig.press(HOLD1, t + 5, 30)
    rig.run_until(t + 600)
    assert [b for b, _, _ in rig.app.presses] == ["hold1"]


def test_roll_plays_the_rattle_without_blocking():
    rig = Rig()
    rig.press(ROLL, 100)
    rig.run_until(600)
    pwm = rig.machine.pwms[0]
    assert ("freq", 1900) in pwm.log and pwm.duty_u16() == 0  # played and finished silent
    assert not rig.sound.busy()


def test_settings_reach_the_shell_once_per_change():
    rig = Rig()
    rig.run_until(100)
    assert len(rig.settings_seen) == 1
    rig.app.settings["i2c_khz"] = 1000
    rig.press(HOLD1, 150)
    rig.run_until(400)
    assert [s["i2c_khz"] for s in rig.settings_seen] == [400, 1000]


def test_crash_shows_error_logs_it_and_roll_restarts_keeping_saves():
    rig = Rig(fail_on="hold1")
    rig.press(ROLL, 100)  # the fake app saves a game on roll
    rig.press(HOLD1, 400)  # boom
    rig.run_until(700)
    first = rig.apps[0]
    assert first.fatals == ["ValueError: boom on hold1"]
    assert rig.runner.error is not None
    log = rig.storage.read("error.log").decode()
    assert "--- crash 1" in log and "ValueError: boom on hold1" in log and "press" in log
    assert rig.machine.pins["LED"].out == 1
    rig.press(HOLD1, 800)  # other buttons do nothing on the error screen
    rig.run_until(1100)
    assert len(rig.apps) == 1
    rig.press(ROLL, 1200)
    rig.run_until(1500)
    assert len(rig.apps) == 2 and rig.runner.error is None
    assert rig.app.screen == "game"  # the new app found the saved game
    assert rig.storage.read("game.dat") == b"saved"
    assert rig.machine.pins["LED"].out == 0


def test_error_log_stays_bounded_and_keeps_the_newest_whole_lines():
    storage = MemStorage()
    log = ErrorLog(storage, max_bytes=300)
    for i in range(50):
        log.append("entry %d\nline two of entry %d" % (i, i))
    data = storage.read("error.log")
    assert len(data) <= 300
    assert data.endswith(b"line two of entry 49\n")
    assert data.split(b"\n")[0].startswith((b"entry", b"line two"))  # starts on a whole line
    log.append("x" * 1000)  # a single line larger than the log
    assert len(storage.read("error.log")) <= 300


def test_many_crashes_keep_the_log_under_4k():
    rig = Rig(fail_on="hold1")
    for k in range(30):
        base = 100 + k * 1000
        rig.press(HOLD1, base)
        rig.press(ROLL, base + 400)
        rig.run_until(base + 900)
    assert rig.runner.crashes == 30
    log = rig.storage.read("error.log")
    assert len(log) <= 4096 and b"--- crash 30 " in log


def test_error_screen_even_when_flash_is_full_and_app_cannot_draw():
    rig = Rig(fail_on="hold1")
    rig.storage.fail_writes = True
    rig.app.fatal = None  # calling it raises TypeError: the runner falls back to plain text
    rig.press(HOLD1, 100)
    rig.run_until(400)
    assert rig.display.texts[0] == "ERROR" and "ROLL: restart" in rig.display.texts
    assert rig.runner.error == "ValueError: boom on hold1"


def test_crash_in_start_is_caught_and_roll_then_hard_resets():
    rig = Rig()
    calls = []

    def broken():
        calls.append(1)
        raise MemoryError("no heap")

    rig.runner.make_app = broken
    rig.runner.start()
    assert rig.runner.error == "MemoryError: no heap" and rig.display.texts[0] == "ERROR"
    rig.press(ROLL, 100)
    rig.run_until(400)
    assert len(calls) == 1 and rig.machine.resets == 1  # a fresh app failed: clean heap


def test_crash_in_play_restarts_the_app_and_a_failed_restart_resets():
    rig = Rig(fail_on="hold1")
    rig.press(HOLD1, 100)
    rig.run_until(300)
    assert rig.runner.crashes == 1 and not rig.runner.start_failed

    def broken():
        raise MemoryError("fragmented")

    rig.runner.make_app = broken
    rig.press(ROLL, 400)  # restart: building the app fails
    rig.run_until(700)
    assert rig.runner.crashes == 2 and rig.machine.resets == 0
    rig.press(ROLL, 800)  # now a hard reset
    rig.run_until(1100)
    assert rig.machine.resets == 1


def test_sleep_saves_powers_off_naps_with_watchdog_and_wakes_to_same_screen():
    rig = Rig(sleep_ms=5000)
    rig.press(ROLL, 100)  # screen -> "game"
    rig.press(HOLD1, 60000, 80)  # the waking press, long after the sleep timeout
    rig.press(HOLD1, 61000)  # a normal press after waking
    rig.run_until(5200)  # the step that sees app.asleep naps until the waking press
    assert 60000 <= rig.clock.t < 60100
    assert rig.runner.sleeps == 1 and rig.app.saves == 1
    rig.run_until(62000)
    assert rig.display.on
    assert rig.app.wakes == [(rig.app.wakes[0][0], "game")]
    assert 60000 <= rig.app.wakes[0][0] < 60100
    assert [b for b, _, _ in rig.app.presses] == ["roll", "hold1"]  # waking press dropped
    assert rig.app.presses[1][2] > 61000
    naps = rig.machine.sleeps
    assert naps and max(naps) <= board.SLEEP_CHUNK_MS < board.WDT_TIMEOUT_MS
    assert rig.wdt.longest_gap <= board.SLEEP_CHUNK_MS


def test_display_is_off_while_asleep():
    rig = Rig(sleep_ms=1000)
    states = []
    rig.display.poweroff = lambda: states.append("off")
    rig.display.poweron = lambda: states.append("on")
    rig.press(ROLL, 20000)
    rig.run_until(21000)
    assert states == ["off", "on"]


def test_time_stays_monotonic_across_ticks_wrap():
    period = 1 << 30
    rig = Rig(wrap=period, t0=period - 150)
    rig.press(HOLD1, period - 100)
    rig.press(ROLL, period + 100)
    rig.run_until(period + 400)
    times = [t for _, _, t in rig.app.presses]
    assert len(times) == 2 and times[0] < times[1]
    assert 150 < times[1] - times[0] < 300


def test_format_exception_has_the_traceback():
    try:
        raise KeyError("k")
    except KeyError as exc:
        text = format_exception(exc)
    assert "KeyError" in text and "test_format_exception_has_the_traceback" in text


def test_error_log_rejects_tiny_limit():
    with pytest.raises(ValueError, match="max_bytes"):
        ErrorLog(MemStorage(), max_bytes=10)
