# The rp2 bench's plans: a game planned again from a saved game goes on as the first plan.
# SPDX-License-Identifier: MIT
"""tools/bench/rp2.py plans the presses of its game on CPython; where the emulated Pico's
game leaves that plan it plans the rest again from the Pico's saved game (plan_continue).
Here the Pico is a second CPython session that plays the first presses of the plan: the
plan made from its flash must be the rest of the first plan, press for press, and end on
the same frame."""

import os
import tempfile

from tools.bench import rp2
from tools.sim.session import Session


def test_a_plan_from_the_saved_game_is_the_rest_of_the_game():
    presses, frames = rp2.plan_game("yatzy", 2, 1, "basic", max_rounds=2)
    assert len(presses) > 20
    # the "Pico": the same seed and presses, stopped after the computer's first turn
    cut = next(i for i in range(len(presses)) if presses[i] == ("roll", "short") and i > 12)
    with tempfile.TemporaryDirectory() as d:
        with Session("cpython", seed=rp2.SEED, storage_dir=d) as s:
            s.start()
            s.wait_idle()
            for button, kind in presses[: cut + 1]:
                s.press(button, kind)
                s.wait_idle(limit_ms=600000)
            assert bytes(s.last) == frames[cut]
        files = {}
        for name in os.listdir(d):
            with open(os.path.join(d, name), "rb") as f:
                files[name] = f.read()
    assert "game.dat" in files
    rest, rest_frames = rp2.plan_continue(files, max_rounds=2)
    assert rest == presses[cut + 1 :]
    assert rest_frames[-1] == frames[-1]
