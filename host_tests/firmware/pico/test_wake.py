# The press that wakes the Pico from its nap is never acted on, wherever its bounce falls.
# SPDX-License-Identifier: MIT
"""The runner wakes from lightsleep on the first edge of a press, powers the display on and
resyncs the buttons. Waking takes time (the clocks restart, the display command goes over
the bus), so the moment the buttons are looked at again can fall anywhere in the waking
press's contact bounce, or after it. These tests place that moment at every point of the
bounce on a fake clock and check that the waking press gives no event while the next press
does."""

import pytest
from pico import board
from support.mp_runner_scenarios import Rig

HOLD1 = board.gpio("HOLD1")
ROLL = board.gpio("ROLL")
BOUNCE = (0.3, 0.7, 1.5, 2.6)  # ms after each edge where the contact flips (as tools/emu/rp2)
T_WAKE = 60000  # the waking press, long after the fake app fell asleep


def bouncy_press(pin, t0, t1):
    """A press from t0 to t1 with the emulated Pico's bounce after both edges."""
    for start, level in ((t0, 0), (t1, 1)):
        pin.script.append((start, level))
        for i, off in enumerate(BOUNCE):
            pin.script.append((start + off, 1 - level if i % 2 == 0 else level))
    pin.script.sort()


def wake_rig(wake_ms, hold_ms=80):
    """A sleeping rig whose waking press (hold1, with bounce) is looked at wake_ms after its
    first edge: the display's power-on takes that long."""
    rig = Rig(sleep_ms=5000)
    rig.press(ROLL, 100)  # the fake app's "game" screen
    pin = rig.machine.pins[HOLD1]
    bouncy_press(pin, T_WAKE, T_WAKE + hold_ms)
    rig.press(HOLD1, T_WAKE + 1000)  # a normal press after waking
    clock = rig.clock

    def slow_poweron():
        rig.display.on = True
        clock.t += wake_ms

    rig.display.poweron = slow_poweron
    rig.run_until(T_WAKE + 2000)
    return rig


# every 0.1 ms from the first edge to past the last bounce, and a few later moments
MOMENTS = [k / 10 for k in range(0, 32)] + [5, 19.9, 20, 21, 60, 79.9, 80, 80.5, 81, 99, 100]


@pytest.mark.parametrize("wake_ms", MOMENTS)
def test_the_waking_press_is_not_acted_on_wherever_the_wake_falls(wake_ms):
    rig = wake_rig(wake_ms)
    assert rig.runner.sleeps == 1
    assert rig.app.wakes and rig.app.wakes[0][1] == "game"
    got = [(b, k) for b, k, _ in rig.app.presses]
    assert got == [("roll", "short"), ("hold1", "short")], got
    assert rig.app.presses[1][2] >= T_WAKE + 1000  # the second hold1, not the waking one


@pytest.mark.parametrize("wake_ms", [0, 0.5, 1, 2, 3, 30])
def test_a_long_waking_press_is_not_acted_on_either(wake_ms):
    rig = wake_rig(wake_ms, hold_ms=900)
    got = [(b, k) for b, k, _ in rig.app.presses]
    assert got == [("roll", "short"), ("hold1", "short")], got
