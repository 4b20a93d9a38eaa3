# Long runs, short slice: games in one MicroPython process; a leaking module is caught.
# SPDX-License-Identifier: MIT

import pytest

from tools.core import soak_heap
from tools.emu import mp_run

pytestmark = pytest.mark.skipif(
    mp_run.micropython_binary() is None, reason="no MicroPython unix port"
)


def test_games_in_one_process_keep_the_heap():
    res = soak_heap.campaign(scale=0.05)
    assert res.cases == 5 and res.failures == 0, res.notes


def test_planted_leak_is_caught():
    res = soak_heap.planted()
    assert res.failures == 0, res.notes
