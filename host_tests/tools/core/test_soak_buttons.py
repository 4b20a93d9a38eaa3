# Bouncing buttons, short slice: one event per press; a double-counting debouncer is caught.
# SPDX-License-Identifier: MIT

from tools.core import soak_buttons


def test_bouncing_presses_away_from_the_clock_wrap():
    res = soak_buttons.campaign(scale=0.02, wrap=False)
    assert res.cases == 400 and res.failures == 0, res.notes[:2]


def test_bouncing_presses_across_the_clock_wrap():
    res = soak_buttons.campaign(scale=0.01)
    assert res.failures == 0, res.notes[:1]


def test_planted_fault_is_caught():
    res = soak_buttons.planted()
    assert res.failures == 0, res.notes
