# A list screen redraws only the rows a press changed: always the pixels of a full redraw.
# SPDX-License-Identifier: MIT
"""ListScreen.press asks the app for a part (the rows that changed) when nothing else on the
screen did, and the app draws and sends just those rows. After every press of a walk
through the menus the panel must show exactly what a full redraw of the screen gives."""

import sys

import pytest
from support.parts import full_redraw, walk_keys

from tools.sim import scenes

# (button, kind) walks: the title; the new-game set-up (cursor moves, values, players up and
# down, the house rules list); the settings menu with every value changed both ways
WALKS = {
    "title": "2 2 2 1 1 1 L2 L1",
    "setup": "r 2 4 4 3 2 4 4 4 3 2 2 4 3 2 2 2 2 2 2 1 1 1 L2 L1 2 2 2 2 2 2 2 2 r 2 2 4 2 4 1 5",
    "settings": "2 2 r " + "2 4 3 " * 9 + "L1 2 3 3 4 4",
}


def _parts_drawn(lists, monkeypatch):
    """The parts ListScreen.draw_part is asked for from now on (a list filled as they come)."""
    parts = []
    real = lists.ListScreen.draw_part

    def counted(self, cv, part):
        parts.append(part)
        return real(self, cv, part)

    monkeypatch.setattr(lists.ListScreen, "draw_part", counted)
    return parts


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_after_every_press_the_panel_is_a_full_redraw(walk, monkeypatch):
    from ui import lists

    parts = _parts_drawn(lists, monkeypatch)
    d = scenes.new_driver(seed=3)
    for i, (button, kind) in enumerate(walk_keys(WALKS[walk])):
        d.press(button, kind)
        screen = type(d.app.screen).__name__
        assert bytes(d.display.panel) == bytes(d.display.buffer), (i, screen)
        want = full_redraw(d.app)
        assert bytes(d.display.buffer) == want, "press %d (%s %s) on %s" % (
            i,
            button,
            kind,
            screen,
        )
    # the title draws itself (no part redraw); the set-up and settings lists use it
    assert bool(parts) == (walk != "title"), parts


def test_the_list_after_a_game_redraws_only_its_rows_and_matches_a_full_redraw(monkeypatch):
    d = scenes.scene_aftergame()
    lists = sys.modules["ui.lists"]  # (loaded again after the game: the menus were dropped)
    parts = _parts_drawn(lists, monkeypatch)
    for i, (button, kind) in enumerate(walk_keys("2 2 2 2 2 1 1 L2 L1 2")):
        d.press(button, kind)
        assert d.screen_name() == "AfterGame"
        assert bytes(d.display.panel) == bytes(d.display.buffer) == full_redraw(d.app), i
    assert parts and all(type(p) is tuple for p in parts)


@pytest.mark.parametrize("rules", [None, "triple"])
def test_a_card_view_scroll_sends_its_upper_rows_first_and_matches_a_full_redraw(rules):
    if rules is None:
        d = scenes.scene_cardview()
    else:  # Triple's card keeps its heading row on top when scrolled
        d = scenes.new_driver(seed=5)
        scenes.setup_game(d, rules=rules)
        d.press("roll")
        d.long("hold2")
    scr = d.app.screen
    assert type(scr).__name__ == "CardView" and len(scr.rows) > 8
    pages, real = [], d.display.show_window
    d.app.pusher._show_window = lambda x0, x1, p0, p1: (
        pages.append((p0, p1)),
        real(x0, x1, p0, p1),
    )
    for i, (button, kind) in enumerate(walk_keys("2 2 L2 1 L1 2 1 1 1")):
        top = scr.top
        del pages[:]
        d.press(button, kind)
        assert bytes(d.display.panel) == bytes(d.display.buffer) == full_redraw(d.app), i
        if scr.top != top:  # a scroll: the upper rows (pages 1-3) before the lower ones
            assert pages and pages[0][1] <= 3 and max(p1 for _, p1 in pages) >= 4, (i, pages)
