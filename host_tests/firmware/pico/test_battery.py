# The battery gauge: levels from VSYS readings, the warning, the save-and-sleep, no false alarm.
# SPDX-License-Identifier: MIT
"""The gauge's logic (pico.battery.Gauge.add) takes readings passed in; the app (app.App's
`battery`, docs/CONTRACTS.md "Battery") decides what to show; pico.runner.main wires a fake
board's ADC3 and VBUS pin to both, as main.py does on the Pico. Fake clock, no sleeping."""

import gc

import pytest
from pico import board, runner
from pico.battery import Gauge
from support.hw_fakes import FakeADC, FakeClock, FakeMachine, FakeSelect, FakeTime

from tools.sim import scenes as S

VBUS = 24  # board._VBUS: high while USB powers the Pico
BATTERY_MS = 2000  # pico.runner: a reading this often while awake


def raw(millivolts):
    """read_u16() of ADC3 for VSYS = millivolts (as FakeADC reads it, without noise)."""
    r = millivolts * 4096 // 9900
    return r << 4 | r >> 8


def levels(gauge, mvs, usb=False):
    """The levels after readings of VSYS = each of mvs."""
    return [gauge.add(None if usb else (raw(v),) * 6) for v in mvs]


@pytest.mark.parametrize(
    "millivolts, level",
    [(4150, 4), (3750, 4), (3650, 3), (3500, 2), (3400, 1), (3250, 0), (3050, -1), (2500, -1)],
)
def test_a_steady_voltage_gives_its_level(millivolts, level):
    assert levels(Gauge(), [millivolts])[-1] == level


def test_usb_power_shows_no_gauge_whatever_vsys_reads():
    g = Gauge()
    # VSYS on USB is VBUS less the Pico's diode; an ADC read as 0 must not alarm either
    assert levels(g, [4700, 0, 0, 2000], usb=True) == [None] * 4
    assert g.add(()) is None  # no reading


def test_the_level_falls_below_a_foot_and_rises_only_clear_of_it():
    g = Gauge()
    assert levels(g, [3560] * 8) == [3] * 8
    assert levels(g, [3540] * 8)[-1] == 2  # below 3550: one level down
    assert levels(g, [3560] * 20)[-1] == 2  # back above the foot, within the hysteresis
    assert levels(g, [3600] * 20)[-1] == 3  # 40 mV above it


def test_empty_is_left_only_once_the_cell_is_charging():
    g = Gauge()
    assert levels(g, [3050] * 4)[-1] == -1
    assert levels(g, [3200] * 20)[-1] == -1  # a rested cell recovers ~0.1 V: still empty
    assert levels(g, [3400] * 30)[-1] == 1  # TP4056 charging it


def _noisy(millivolts, noise, n, seed=5):
    clock = FakeClock()
    adc = FakeADC(clock, millivolts, noise=noise, seed=seed)
    return [tuple(adc.read_u16() for _ in range(6)) for _ in range(n)]


@pytest.mark.parametrize("foot", [3100, 3300, 3450, 3550, 3700])
def test_noise_at_a_foot_never_flickers_the_gauge(foot):
    # +-30 counts of the 12-bit ADC (+-73 mV of VSYS) on every conversion, the battery right
    # on a foot for 10 minutes of readings: the level settles once and stays
    g = Gauge()
    seen = [g.add(r) for r in _noisy(foot, 30, 300)]
    changes = sum(1 for a, b in zip(seen, seen[1:]) if a != b)
    assert changes <= 1, seen


def test_a_glitch_is_no_alarm():
    g = Gauge()
    assert levels(g, [3400] * 10)[-1] == 1
    # one conversion read as 0 in a reading, then a whole reading of zeros (a loose contact)
    assert g.add((0, raw(3400), raw(3400), raw(3400), raw(3400), raw(3400))) == 1
    assert g.add((0,) * 6) == 1
    assert levels(g, [3400] * 3)[-1] == 1


def test_after_a_reset_the_average_starts_afresh():
    g = Gauge()
    assert levels(g, [3050] * 4)[-1] == -1
    assert levels(g, [3600])[-1] == -1  # the next reading moves the average 50 mV at most
    g.reset()  # a wake: charged meanwhile, the first reading is the average
    assert g.level == -1
    assert levels(g, [3600])[-1] == 1  # out of empty, clear of its 250 mV
    assert levels(g, [3600])[-1] == 3


def test_the_average_follows_a_real_fall():
    g = Gauge()
    seen = levels(g, [3600 - 5 * i for i in range(120)])  # -5 mV a reading, to 3005 mV
    assert seen[0] == 3 and seen[-1] == -1
    assert sorted(seen, reverse=True) == seen  # never back up while it falls


# ---- the app: the gauge drawn, the warning once, the save and the sleep -----------------------
def _game():
    d = S.new_driver(seed=3)
    S.setup_game(d, "yatzy", 1)
    d.press("roll")  # a roll: the game has something to save
    d.app.screen.toast = ""  # the first game's tip (the gauge's place at the panel's foot)
    return d


def _tick(d, level):
    d.app.battery = level
    d.t += BATTERY_MS
    return d.app.tick(d.t)


def _gauge_drawn(d, x, y):
    return any(d.display.pixel_on(x + i, y) for i in range(9))


def test_the_gauge_is_drawn_on_battery_and_not_on_usb():
    d = S.new_driver()
    assert d.screen_name() == "Title"
    assert not _gauge_drawn(d, 118, 1)
    _tick(d, 3)
    assert _gauge_drawn(d, 118, 1)
    d = _game()
    assert d.screen_name() == "Play" and not _gauge_drawn(d, 118, 42)
    _tick(d, 2)
    assert _gauge_drawn(d, 118, 42)
    _tick(d, None)
    assert not _gauge_drawn(d, 118, 42)


def test_low_battery_warns_once():
    d = _game()
    _tick(d, 1)
    assert d.app.screen.toast == ""
    _tick(d, 0)
    assert d.app.screen.toast == "BATTERY LOW"
    d.press("roll")  # the toast goes with the next roll
    assert d.app.screen.toast == ""
    for level in (0, 1, 0, 1, 0):  # a level at the edge: no second warning
        _tick(d, level)
        assert d.app.screen.toast == ""
    _tick(d, None)  # charged on USB, then low again: a new warning
    _tick(d, 0)
    assert d.app.screen.toast == "BATTERY LOW"


def test_an_empty_battery_saves_shows_why_and_sleeps_and_saves_nothing_after():
    d = _game()
    before = d.storage.read("game.dat")
    d.press("hold2")  # a hold: not saved yet (saves follow rolls and boxes)
    game = d.app.game
    wait = _tick(d, -1)
    after = d.storage.read("game.dat")
    assert after != before  # saved at once, the hold with it
    from save.store import Store

    g, _ = Store(d.storage).load_game(None)
    assert g.held == game.held and g.dice == game.dice
    assert d.app.screen is None and d.app.game is None
    assert wait and not d.app.asleep  # the message shows before the app sleeps
    assert d.display.panel[128 : 128 * 2] != bytes(128)  # "BATTERY EMPTY" on the panel
    _tick(d, -1)
    _tick(d, -1)
    assert d.app.asleep
    d.app.save_now()  # what the shell does before sleeping: nothing written
    assert d.storage.read("game.dat") == after
    d.app.wake(d.t)  # a press wakes it: still empty, the message again, then sleep
    assert not d.app.asleep and d.app.screen is None
    _tick(d, -1)
    _tick(d, -1)
    assert d.app.asleep
    d.app.wake(d.t)
    _tick(d, 2)  # charged meanwhile: the title, the game to continue
    assert d.screen_name() == "Title" and d.app.saved_info is not None
    d.press("roll")
    d.settle()
    assert d.screen_name() == "Play" and d.app.game.dice == game.dice
    assert d.app.game.held == game.held


# ---- on a fake board, wired by pico.runner.main as main.py wires the Pico ---------------------
ROLL, HOLD1, HOLD3 = board.gpio("ROLL"), board.gpio("HOLD1"), board.gpio("HOLD3")


def _device(tmp_path, vsys, usb=False, noise=0, steps=200, presses=(), game=False):
    """pico.runner.main on a fake board whose ADC3 reads vsys(t) mV and VBUS is `usb`; the
    flash holds the settings (language chosen, no sleep timeout) and, with `game`, a game
    in progress; presses: (gpio, t_ms). Runs `steps` loop steps."""
    from save.storage import FileStorage

    root = tmp_path / "flash"
    root.mkdir()
    d = _game() if game else S.new_driver()
    d.app.settings["sleep_s"] = 0
    d.app.save_settings()
    st = FileStorage(str(root))
    for name in ("settings.dat", "names.dat", "game.dat"):
        data = d.storage.read(name)
        if data is not None:
            st.write(name, data)
    clock = FakeClock()
    adc = FakeADC(clock, vsys, noise=noise, seed=9)
    scripts = {VBUS: [(0, 1 if usb else 0)]}
    for gpio, t in presses:
        scripts.setdefault(gpio, []).extend([(t, 0), (t + 100, 1)])
    machine = FakeMachine(clock, scripts=scripts, adc=adc)
    b = board.Board(machine=machine, time=FakeTime(clock, machine), select=FakeSelect(machine))
    parts = runner.Parts(b)
    display = S.MemDisplay()
    r = runner.main(parts, display, randbytes=bytes, root=str(root), steps=steps)
    return r, adc, machine, display, st


@pytest.fixture
def quiet_gc(monkeypatch):
    monkeypatch.setattr(gc, "mem_free", lambda: 0, raising=False)  # MicroPython's, printed


def test_on_usb_power_the_device_shows_no_gauge_and_never_alarms(tmp_path, quiet_gc):
    r, adc, machine, display, _ = _device(tmp_path, 0, usb=True)  # VSYS read as 0 V
    assert machine.adc_made == [29]
    assert adc.reads == 0  # VBUS high: the ADC is not even read
    assert r.app.battery is None and r.sleeps == 0
    assert type(r.app.screen).__name__ == "Title" and not r.app.screen.note


def test_a_noisy_battery_on_the_device_settles_on_one_level(tmp_path, quiet_gc):
    r, adc, *_ = _device(tmp_path, 3620, noise=30, steps=300)
    # one reading (6 conversions) every BATTERY_MS while awake
    assert adc.reads // 6 == pytest.approx(r.now() // BATTERY_MS, abs=2)
    assert r.app.battery == 3 and r.sleeps == 0


def test_the_device_warns_then_saves_and_sleeps_and_wakes_once_charged(tmp_path, quiet_gc):
    # VSYS falls 1 mV a second from 3.40 V (low below 3.30, empty below 3.10) until 450 s,
    # when a charger brings it to 3.60 V; Continue at 3 s, a hold at 6 s (saved only by the
    # empty battery); a press at 430 s (still empty: the message again), one at 500 s
    def vsys(t):
        return 3600 if t >= 450000 else 3400 - t // 1000

    presses = ((ROLL, 3000), (HOLD1, 6000), (HOLD3, 430000), (HOLD3, 500000))
    r, adc, machine, display, st = _device(tmp_path, vsys, steps=60, presses=presses, game=True)
    assert type(r.app.screen).__name__ == "Play" and r.app.battery == 1
    held = list(r.app.game.held)
    assert held[0]
    saved = st.read("game.dat")
    r.run(60)  # to about 120 s: low
    assert r.app.battery == 0 and r.app.screen.toast == "BATTERY LOW"
    r.run(200)  # past 310 s: empty, saved, the message, then asleep
    assert r.sleeps == 1 and r.app.game is None and r.app.screen is None
    from save.store import Store

    g, _ = Store(st).load_game(None)
    assert st.read("game.dat") != saved and list(g.held) == held
    after = st.read("game.dat")
    r.run(20)
    assert r.sleeps == 2  # woken at 430 s: still empty, the message again; woken at 500 s
    assert st.read("game.dat") == after  # nothing written after the empty battery's save
    assert r.app.battery == 3 and type(r.app.screen).__name__ == "Title"
    assert r.app.saved_info is not None and display.on
