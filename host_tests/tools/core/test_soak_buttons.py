# Bouncing buttons, short slice: one event per press; a double-counting debouncer is caught.
# SPDX-License-Identifier: MIT

import pytest

from tools.core import soak_buttons


def test_bouncing_presses_away_from_the_clock_wrap():
    res = soak_buttons.campaign(scale=0.02, wrap=False)
    assert res.cases == 400 and res.failures == 0, res.notes[:2]


@pytest.mark.xfail(
    reason="pico/buttons.py compares times by plain subtraction: fed raw ticks_ms, presses "
    "across the 2**30 ms wrap give wrong events (python -m tools.core.soak_buttons --case 7). "
    "The Pico's runner feeds it monotonic ms, which do not wrap; a wrap-safe version changed "
    "the emulated Pico's wake timing so that the waking press was acted on (open)",
    strict=True,
)
def test_bouncing_presses_across_the_clock_wrap():
    res = soak_buttons.campaign(scale=0.01)
    assert res.failures == 0, res.notes[:1]


def test_planted_fault_is_caught():
    res = soak_buttons.planted()
    assert res.failures == 0, res.notes
