# The set-up list and the roll-off send the part that changed first: always a full redraw's pixels.
# SPDX-License-Identifier: MIT
"""A set-up press that adds or drops players, or moves the cursor onto or off a row without a
value, redraws only the rows that changed (the row under the cursor first) and the soft keys;
the press that leaves the roll-off sends the turn's dice row before the card. After every press
(before and after the ticks that follow it) the panel must equal a full redraw of the screen,
and leaving any one of those parts out must show on the panel."""

import pytest
from support.parts import full_redraw

from tools.sim import scenes


def check(d, what):
    assert bytes(d.display.panel) == bytes(d.display.buffer), what
    assert bytes(d.display.buffer) == full_redraw(d.app), what


def press(d, button, what, kind="short"):
    d.press(button, kind, settle=False)
    check(d, what)
    d.settle()
    check(d, what + " (settled)")


# players up through every count (the scroll bar comes and goes) and back down (long: five
# at a time), the cursor over the seats, the house rules and START GAME both ways
PLAYER_WALK = (
    ["hold2"]
    + ["hold4"] * 9
    + ["L4", "L3"]
    + ["hold3"] * 9
    + ["hold4", "hold4", "hold4"]
    + ["hold2"] * 6
    + ["hold1"] * 6
    + ["hold2"] * 7
    + ["hold3", "hold3", "hold2", "hold1"]
    + ["hold1", "hold2", "L2", "L1"]
)


def walk_setup(d):
    scenes.go_menu(d, "NEW GAME")
    for i, tok in enumerate(PLAYER_WALK):
        long = tok.startswith("L")
        button = "hold" + tok[1:] if long else tok
        press(d, button, "set-up press %d (%s)" % (i, tok), "long" if long else "short")
        assert type(d.app.screen).__name__ == "Setup"


def record_parts(monkeypatch, skip=None):
    """Count the list parts drawn; `skip(part)` True leaves that part undrawn."""
    from ui import lists

    parts = []
    real = lists.ListScreen.draw_part

    def counted(self, cv, part):
        parts.append(part)
        if skip is not None and skip(part):
            return None
        return real(self, cv, part)

    monkeypatch.setattr(lists.ListScreen, "draw_part", counted)
    return parts


def test_every_setup_press_is_a_full_redraw(monkeypatch):
    parts = record_parts(monkeypatch)
    d = scenes.new_driver(seed=3)
    walk_setup(d)
    assert "keys" in parts  # onto and off START GAME
    assert any(type(p) is tuple and len(p) > 2 for p in parts)  # players came or went


@pytest.mark.parametrize("which", ["keys", "cursor", "rest"])
def test_a_skipped_setup_part_shows(which, monkeypatch):
    def skip(part):
        if which == "keys":
            return part == "keys"
        if which == "cursor":
            return type(part) is tuple and len(part) == 1
        return type(part) is tuple and len(part) > 1

    record_parts(monkeypatch, skip)
    d = scenes.new_driver(seed=3)
    with pytest.raises(AssertionError):
        walk_setup(d)


def rolloff_game(players, cpu, seed):
    d = scenes.new_driver(seed=seed)
    scenes.setup_game(d, players=players, cpu=cpu)
    check(d, "start")
    return d


@pytest.mark.parametrize(
    "players,cpu,seed", [(4, (2, 3), 7), (2, (), 3), (3, (0,), 5), (1, (), 4), (8, (1, 4), 2)]
)
def test_every_rolloff_press_is_a_full_redraw(players, cpu, seed):
    from yatzy import engine as E

    d = rolloff_game(players, cpu, seed)
    play = d.app.screen
    for i in range(40):
        if not (play.rolloff_seen or play.g.phase == E.ROLLOFF):
            break
        press(d, "roll", "roll-off press %d" % i)
        assert d.app.screen is play
    assert not play.rolloff_seen and play.g.phase != E.ROLLOFF


def test_leaving_the_rolloff_sends_the_dice_row_first(monkeypatch):
    from ui import play_view
    from yatzy import engine as E

    d = rolloff_game(2, (), 3)
    play = d.app.screen
    while play.g.phase == E.ROLLOFF:
        d.press("roll")
    drawn = []
    real = play_view.draw_part
    monkeypatch.setattr(
        "ui.play.Play.draw_part", lambda p, cv, part: drawn.append(part) or real(p, cv, part)
    )
    press(d, "roll", "leaving the roll-off")
    assert drawn == ["dice"]
    # without the full frame after the dice row the panel is not the turn's screen
    d = rolloff_game(2, (), 3)
    play = d.app.screen
    while play.g.phase == E.ROLLOFF:
        d.press("roll")
    monkeypatch.setattr("ui.play.Play.draw", lambda p, cv: None)
    d.press("roll", settle=False)
    monkeypatch.undo()
    assert bytes(d.display.panel) != full_redraw(d.app)
