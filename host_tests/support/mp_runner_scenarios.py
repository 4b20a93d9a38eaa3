# Runner scenarios that run unchanged on CPython and on the MicroPython unix port.
# SPDX-License-Identifier: MIT
#
# test_runner.py runs each function here in-process (CPython) and as `micropython -c
# "import mp_runner_scenarios as s; s.run_all()"`; each raises AssertionError on failure.
from pico import board
from pico.buttons import Buttons
from pico.runner import POLL_MS, ErrorLog, Runner
from pico.sound import Sound
from support.hw_fakes import (
    FakeApp,
    FakeClock,
    FakeDisplay,
    FakeMachine,
    FakeSelect,
    FakeTime,
    MemStorage,
)

ROLL = board.gpio("ROLL")
HOLD1 = board.gpio("HOLD1")


class Rig:
    """A runner on a fake board: real Board, Buttons, Sound, ErrorLog; fake app and machine."""

    def __init__(self, sleep_ms=60000, wrap=None, t0=0, fail_on=None):
        self.app_sleep_ms = sleep_ms
        self.clock = FakeClock(t0, wrap)
        self.machine = FakeMachine(self.clock)
        self.select = FakeSelect(self.machine)
        self.board = board.Board(
            machine=self.machine, time=FakeTime(self.clock, self.machine), select=self.select
        )
        self.storage = MemStorage()
        self.display = FakeDisplay()
        self.sound = Sound(self.board.buzzer())
        self.apps = []
        self.settings_seen = []
        self.fail_on = fail_on
        self.buttons = Buttons(self.board.button_pins(), irq=True)
        b = self.board
        self.runner = Runner(
            self.make_app,
            self.buttons,
            self.display,
            b.ticks_ms,
            b.ticks_diff,
            sound=self.sound,
            wdt=b.watchdog(),
            idle=b.wait_ms,
            lightsleep=b.lightsleep,
            log=ErrorLog(self.storage),
            led=b.led(),
            on_settings=self.settings_changed,
            reset=b.reset,
        )
        b.irq_on_buttons(self.edge)
        self.runner.start()

    def make_app(self):
        app = FakeApp(self.display, self.storage, None, self.sound, self.app_sleep_ms)
        app.fail_on = self.fail_on
        self.apps.append(app)
        return app

    def settings_changed(self, settings):
        self.settings_seen.append(dict(settings))

    def edge(self, index, level):
        self.buttons.edge(index, level, self.runner.irq_time())

    @property
    def app(self):
        return self.runner.app

    @property
    def wdt(self):
        return self.machine.wdts[0]

    def press(self, gpio, t0, ms=60):
        self.machine.pins[gpio].press(t0, t0 + ms)

    def run_until(self, t):
        """Run steps until the fake clock reaches t (an idle wait stops there, so presses
        scripted afterwards are still in the future)."""
        self.select.horizon = t
        while self.clock.t < t:
            self.runner.run(steps=1)
        self.select.horizon = None


def presses_and_watchdog():
    rig = Rig()
    rig.press(HOLD1, 100)
    rig.press(ROLL, 300, 900)
    rig.run_until(2000)
    got = [(b, k) for b, k, _ in rig.app.presses]
    assert got == [("hold1", "short"), ("roll", "long")], got
    # fed at every step, and an idle step waits at most POLL_MS
    assert rig.wdt.feeds >= 2000 // POLL_MS, rig.wdt.feeds
    assert rig.wdt.longest_gap <= POLL_MS <= board.WDT_TIMEOUT_MS // 4, rig.wdt.longest_gap


def crash_log_and_restart():
    rig = Rig(fail_on="hold1")
    rig.press(ROLL, 100)
    rig.press(HOLD1, 400)
    rig.run_until(700)
    assert rig.apps[0].fatals == ["ValueError: boom on hold1"], rig.apps[0].fatals
    log = rig.storage.read("error.log").decode()
    assert "--- crash 1" in log and "ValueError: boom on hold1" in log, log
    rig.press(ROLL, 800)
    rig.run_until(1200)
    assert len(rig.apps) == 2 and rig.runner.error is None
    assert rig.app.screen == "game" and rig.storage.read("game.dat") == b"saved"


def sleep_and_wake_to_same_screen():
    rig = Rig(sleep_ms=5000)
    rig.press(ROLL, 100)
    rig.press(HOLD1, 60000, 80)
    rig.press(HOLD1, 61000)
    rig.run_until(62000)
    assert rig.runner.sleeps == 1 and rig.app.saves == 1 and rig.display.on
    assert len(rig.app.wakes) == 1 and rig.app.wakes[0][1] == "game"
    assert [b for b, _, _ in rig.app.presses] == ["roll", "hold1"]
    assert max(rig.machine.sleeps) <= board.SLEEP_CHUNK_MS
    assert rig.wdt.longest_gap <= board.SLEEP_CHUNK_MS


SCENARIOS = (presses_and_watchdog, crash_log_and_restart, sleep_and_wake_to_same_screen)


def run_all():
    for fn in SCENARIOS:
        fn()
        print("ok", fn.__name__)
