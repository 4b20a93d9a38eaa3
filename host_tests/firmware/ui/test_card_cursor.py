# The card's cursor: where it opens (the hint's box), when that box is chosen, how it is drawn.
# SPDX-License-Identifier: MIT
"""The zero question's presses send the panel's foot first and leave the card alone
(issue 31)."""

import pytest
from support.parts import full_redraw, record_play_parts

from tools.sim import scenes as S


def zero_card():
    d = S.scene_card()
    screen = d.app.screen
    while screen.pots[screen.order[screen.cur]] != 0:
        d.press("hold2")
    return d


@pytest.mark.parametrize("answer", ["hold5", "roll"])
def test_the_zero_question_sends_the_panels_foot_first_and_leaves_the_card(answer, monkeypatch):
    d = zero_card()
    screen = d.app.screen
    parts = record_play_parts(monkeypatch)
    windows = []
    real = d.display.show_window

    def show_window(x0, x1, p0, p1):
        windows.append((x0, x1, p0, p1))
        real(x0, x1, p0, p1)

    monkeypatch.setattr(d.app.pusher, "_show_window", show_window)  # (bound at its start)
    card = bytes(d.display.panel)
    d.press("roll")  # asked
    assert screen.mode == 2
    assert parts == ["info", "dice"]
    assert bytes(d.display.panel) == full_redraw(d.app)
    x0, x1, p0, p1 = windows[0]
    assert x0 >= 81 and 4 <= p0 <= p1 <= 5  # the question, right of the card, first
    for p in range(6):  # the card's columns stay as they were
        assert d.display.panel[p * 128 : p * 128 + 80] == card[p * 128 : p * 128 + 80]
    del parts[:], windows[:]
    d.press(answer)
    assert bytes(d.display.panel) == full_redraw(d.app)
    if answer == "hold5":  # cancelled: back to the cursor, the same two parts
        assert screen.mode == 1 and parts == ["info", "dice"]
        assert windows[0][0] >= 81 and windows[0][2] >= 4
    else:  # scored: the emptied dice row goes out first
        assert screen.mode == 0 and parts[0] == "dice" and windows[0][2] >= 6
