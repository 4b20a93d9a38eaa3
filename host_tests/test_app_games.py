# Whole games through button events only: rulesets, player counts, undo, zero confirmation.
# SPDX-License-Identifier: MIT

import pytest
from app_scenes import autoplay, new_driver, setup_game
from yatzy import engine as E


@pytest.mark.parametrize(
    "rules,players,seed",
    [("yatzy", 1, 1), ("yatzy", 3, 2), ("forced", 2, 3), ("yahtzee", 2, 4), ("maxi", 1, 5)],
)
def test_whole_game_by_buttons(rules, players, seed):
    d = new_driver(seed=seed)
    setup_game(d, rules=rules, players=players)
    g = d.app.game
    assert g.rules_id == rules and len(g.players) == players
    figures = autoplay(d)
    assert g.is_over()
    assert len(figures) == g.rounds * players
    for p in range(players):
        assert g.filled(p) == len(g.rules.categories)
    assert d.screen_name() == "End"
    # the panel shows what the app drew: every change was pushed
    assert d.display.panel == d.display.buffer
    figures.sort()
    assert figures[len(figures) // 2] <= 3


def test_triple_game_by_buttons():
    d = new_driver(seed=6)
    setup_game(d, rules="triple", players=1)
    g = d.app.game
    autoplay(d)
    assert g.is_over() and g.filled(0) == 3 * len(g.rules.categories)


def test_up_or_down_asks_each_player():
    d = new_driver(seed=8)
    setup_game(d, rules="yatzy", players=1, options={"order": "up_or_down"})
    g = d.app.game
    assert g.phase == E.DIRECTION
    d.press("hold2")  # UP
    assert g.players[0].direction == "up" and g.phase == E.TURN
