# The card cursor redraws only its old and new rows: always the pixels of a full redraw.
# SPDX-License-Identifier: MIT
"""ui.play_card asks the app for a part (the card rows a cursor move changed) when the move
scrolls nothing, and the app draws and sends just those rows. After every press of cursor
walks over whole games' cards (every ruleset, several languages, scored boxes, a toast,
Triple's columns) the panel must show exactly what a full redraw gives."""

import pytest
from support.parts import full_redraw, record_play_parts, walk_keys

from tools.sim import scenes

# up/down (short and long), columns, a hint's toast, back to the dice and in again
WALK = "2 2 2 1 L2 2 1 L1 1 1 4 4 3 2 L3 2 2 1 5 Lr 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1 1"


def score_some(d, n):
    """Score n boxes (the offered one; yes to a zero) so the cards show values."""
    for _ in range(n):
        d.long("roll")
        d.press("roll")
        if d.app.screen.mode == 2:
            d.press("roll")


@pytest.mark.parametrize(
    "rules,lang,seed",
    [("yatzy", "en", 3), ("triple", "en", 5), ("maxi", "fi", 4), ("yahtzee", "sv", 6)]
    + [("forced", "nb", 2), ("triple", "fi", 8)],
)
def test_after_every_cursor_press_the_panel_is_a_full_redraw(rules, lang, seed, monkeypatch):
    parts = record_play_parts(monkeypatch)
    monkeypatch.setattr(scenes, "LANG", lang)
    d = scenes.new_driver(seed=seed)
    scenes.setup_game(d, rules=rules)
    d.press("roll")  # the roll-off view of a solo game: on to the turn
    score_some(d, 4)
    d.press("roll")
    d.long("roll")
    assert d.app.screen.mode == 1
    for i, (button, kind) in enumerate(walk_keys(WALK)):
        d.press(button, kind)
        assert bytes(d.display.panel) == bytes(d.display.buffer), i
        assert bytes(d.display.buffer) == full_redraw(d.app), "press %d (%s %s) %s" % (
            i,
            button,
            kind,
            rules,
        )
    assert [p for p in parts if type(p) is tuple], parts  # the rows were redrawn alone


@pytest.mark.parametrize("players,cpu", [(3, ()), (4, (2, 3)), (9, (1,))])
def test_after_every_roll_off_press_the_panel_is_a_full_redraw(players, cpu, monkeypatch):
    """A roll-off roll sends its dice row first, then the players' sums: the panel ends as a
    full redraw, whoever rolls (9 players: the second page)."""
    parts = record_play_parts(monkeypatch)
    d = scenes.new_driver(seed=players)
    scenes.setup_game(d, players=players, cpu=cpu)
    for i in range(3 * players):
        if d.screen_name() != "Play" or not d.app.screen.rolloff_seen and d.app.game.phase:
            break
        d.press("roll")
        assert bytes(d.display.panel) == bytes(d.display.buffer), i
        assert bytes(d.display.buffer) == full_redraw(d.app), "roll-off press %d" % i
    assert "dice" in parts
