# The card's cursor: where it opens (the hint's box), when that box is chosen, how it is drawn.
# SPDX-License-Identifier: MIT
"""Opening the card puts the cursor on the box the hint names (``strategy.hint``, the
`best` level; with rolls left, the box it would score these dice in), chosen in the tick
after a human's dice settle, not on the press that opens the card. The cursor's bar has
a lit line under its text (issue 28, items 9 and 15); the zero question's presses send
the panel's foot first and leave the card alone (issue 31)."""

import pytest
from support.parts import full_redraw, record_play_parts

from tools.sim import scenes as S


def scripted(dice, rolls=3):
    from save.storage import MemoryStorage
    from yatzy.dice import ScriptedDice

    d = S.Driver(MemoryStorage(), ScriptedDice(list(dice) * rolls))
    S.setup_game(d, players=1)
    return d


def hint_box(g):
    from yatzy import strategy
    from yatzy.future import best_box

    act, exact = strategy.hint(g)
    assert exact
    return act[1:] if act[0] == "score" else best_box(g, "best")


@pytest.mark.parametrize("rolls", [1, 3])
def test_5_1_4_4_1_in_round_1_opens_on_the_hints_box_not_a_small_straight_of_0(rolls):
    d = scripted((5, 1, 4, 4, 1))
    g = d.app.game
    for _ in range(rolls):
        d.press("roll")
    assert g.round == 1 and tuple(g.dice) == (5, 1, 4, 4, 1)
    d.press("roll") if rolls == 3 else d.long("roll")
    screen = d.app.screen
    assert screen.mode == 1
    assert screen.order[screen.cur] == ("ones", 0) == hint_box(g)


def test_over_a_whole_game_the_card_opens_where_the_hint_points():
    from yatzy import strategy

    d = S.new_driver(seed=11)
    S.setup_game(d, players=1)
    g = d.app.game
    screen = d.app.screen
    while not g.is_over():
        for _ in range(g.rolls_left()):
            d.press("roll")
        act, exact = strategy.hint(g)
        d.press("roll")  # no rolls left: Roll opens the card
        assert screen.mode == 1 and exact
        assert ("score",) + screen.order[screen.cur] == act, (g.round, g.dice)
        d.press("roll")
        if screen.mode == 2:
            d.press("roll")


def test_the_box_is_chosen_once_the_settled_dice_are_out_not_when_the_card_opens(monkeypatch):
    from yatzy import future

    d = scripted((5, 1, 4, 4, 1))
    events = []
    real_box = future.best_box
    real_push = d.app.pusher.push

    def best_box(g, level="good"):
        events.append(("box", level))
        return real_box(g, level)

    def push():
        events.append(("push", bytes(d.display.buffer)))
        return real_push()

    monkeypatch.setattr(future, "best_box", best_box)
    monkeypatch.setattr(d.app.pusher, "push", push)
    d.press("roll")  # the tumble, then the dice settle
    g = d.app.game
    boxes = [i for i, e in enumerate(events) if e[0] == "box"]
    assert [events[i] for i in boxes] == [("box", "best")]
    # the frame with the settled dice went out before the box was chosen
    assert events[boxes[0] - 1][0] == "push" and not d.app.screen.rolling
    del events[:]
    d.long("roll")
    assert d.app.screen.order[d.app.screen.cur] == ("ones", 0)
    assert [e for e in events if e[0] == "box"] == []  # chosen already
    assert g.rolls_used == 1
    d.press("hold5")  # back to the dice, a hold, a roll: chosen again for the new dice
    d.press("hold1")
    d.press("roll")
    assert [e for e in events if e[0] == "box"] == [("box", "best")]


def test_a_card_opened_before_the_box_is_chosen_opens_on_it_all_the_same():
    d = scripted((5, 1, 4, 4, 1))
    d.app.press("roll", "short", d.t + 300)
    d.app.press("hold3", "short", d.t + 400)  # the tumble skipped; no tick since
    assert d.app.game.dice == [5, 1, 4, 4, 1] and d.app.screen.chosen is None
    d.app.press("roll", "long", d.t + 1100)  # the card at once: its box is chosen now
    screen = d.app.screen
    assert screen.mode == 1 and screen.order[screen.cur] == ("ones", 0)


def lit(display, x, y):
    return display.pixel_on(x, y)


def test_the_cursor_bar_has_a_lit_line_under_its_text():
    from ui.card import ROW_H, row_of

    d = S.scene_card()
    screen = d.app.screen
    k = row_of(screen.rows, screen.order[screen.cur][0]) - screen.top
    y = k * ROW_H
    assert 0 < k < 7
    for x in (0, 40, 78):
        assert lit(d.display, x, y) and lit(d.display, x, y + ROW_H)  # above and below
        assert not lit(d.display, x, y - 1) and not lit(d.display, x, y + ROW_H + 1)


# cursor walks down and up past each other, across a scroll, and onto the last rows
WALK = "2 1 1 2 2 2 2 2 2 2 2 2 2 2 1 1 1 L2 1 L1 2"


@pytest.mark.parametrize("rules", ["yatzy", "triple"])
def test_after_every_cursor_move_the_bar_and_its_margin_are_a_full_redraw(rules, monkeypatch):
    from support.parts import walk_keys

    parts = record_play_parts(monkeypatch)
    d = S.new_driver(seed=5)
    S.setup_game(d, rules=rules)
    d.press("roll")
    d.long("roll")
    for i, (button, kind) in enumerate(walk_keys(WALK)):
        d.press(button, kind)
        assert bytes(d.display.panel) == full_redraw(d.app), (i, button, kind)
    assert [p for p in parts if type(p) is tuple]


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
