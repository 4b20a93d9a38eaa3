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


def test_the_tour_makes_every_kind_of_press_a_player_makes():
    """A solo game with the tour (the bench's planned game): the card opened, scrolled and
    scored, the zero question asked, cancelled and confirmed, undo, the hint, the standings,
    every player's card, the game menu and the game-over screens, each press labelled with
    its screen."""
    from tools.bench import rp2_tour

    labels = []
    presses, frames = rp2.plan_game("yatzy", 1, 0, "basic", tour=True, labels=labels)
    assert len(labels) == len(presses) == len(frames)
    pairs = list(zip(presses, labels))
    assert set(labels) == set(rp2_tour.ORDER)
    assert (("roll", "long"), "card") in pairs  # the card opened with rolls left
    assert (("hold2", "long"), "card") in pairs and (("hold1", "long"), "card") in pairs
    assert (("hold3", "long"), "card") in pairs and (("hold3", "long"), "dice") in pairs
    zero = [p for p, lab in pairs if lab == "zero question"]
    assert ("hold5", "short") in zero  # cancelled
    assert zero.count(("roll", "short")) >= 3  # asked twice, confirmed once
    undo = [i for i in range(1, len(pairs)) if pairs[i] == (("hold5", "short"), "card")]
    assert undo and pairs[undo[0] - 1] == (("roll", "short"), "card")  # undo after a box
    assert [p for p, lab in pairs[-8:] if lab == "game over"] == [
        ("hold1", "short"),
        ("hold2", "short"),
        ("roll", "short"),
        ("hold2", "short"),
        ("hold1", "short"),
        ("hold5", "short"),
    ]


def test_press_labels_follow_the_screens():
    lab = rp2.press_label
    play = {"screen": "Play", "mode": 0}
    card = {"screen": "Play", "mode": 1}
    zero = {"screen": "Play", "mode": 2}
    assert lab(play, play) == "dice"
    assert lab(play, card) == lab(card, card) == lab(card, play) == "card"
    assert lab(card, zero) == lab(zero, card) == lab(zero, play) == "zero question"
    assert lab(play, {"screen": "GameMenu"}) == lab({"screen": "GameMenu"}, play) == "game menu"
    assert lab({"screen": "End"}, {"screen": "CardView"}) == "game over"
    assert lab({"screen": "Setup"}, play) == "menus"
