# Whole games through button events only: rulesets, player counts, undo, zero confirmation.
# SPDX-License-Identifier: MIT

import pytest
from yatzy import engine as E

from tools.sim import scenes as S
from tools.sim.scenes import autoplay, new_driver, setup_game


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


def test_tie_break_is_played_to_the_end():
    d = S.scene_tiebreak()
    g = d.app.game
    assert g.phase == E.TIEBREAK
    autoplay(d)
    assert g.is_over() and g.tiebreak_log
    places = [r[0] for r in g.ranking()]
    assert places == [1, 2]


@pytest.mark.parametrize(
    "options",
    [
        {"all_rolls": True},
        {"extra_rows": 2, "extra_bonus": 50},
        {
            "categories": [
                "one_pair",
                "two_pairs",
                "three_of_a_kind",
                "four_of_a_kind",
                "small_straight",
                "large_straight",
                "full_house",
                "chance",
                "yatzy",
            ]
        },
        {"upper_first": True},
    ],
)
def test_house_rules_games(options):
    d = new_driver(seed=14)
    setup_game(d, players=1, options=options)
    g = d.app.game
    for k, v in options.items():
        assert g.options[k] == v
    autoplay(d)
    assert g.is_over() and g.filled(0) == len(g.rules.categories)


def test_eight_players_with_computers_and_directions():
    d = new_driver(seed=15, settings={"cpu_pace": 150})
    setup_game(d, players=8, cpu=(1, 2, 4, 6), options={"order": "up_or_down"}, settle=False)
    g = d.app.game
    autoplay(d)
    assert g.is_over() and len(g.ranking()) == 8
    assert all(p.direction in ("down", "up") for p in g.players)


def test_undo_is_not_offered_for_a_computer_move():
    d = new_driver(seed=16, settings={"cpu_pace": 150})
    setup_game(d, players=2, cpu=(0,))
    g = d.app.game
    while True:
        if g.phase == E.ROLLOFF or d.app.screen.rolloff_seen:
            d.press("roll")
        elif g.players[g.current].cpu:
            d.settle()
        elif not g.filled(0):
            S.human_turn(d)
        else:
            break
    # the computer has just scored: the engine could undo, the app does not offer it
    assert g.can_undo() and not d.app.screen.can_undo()
    d.press("hold5")
    assert g.can_undo() and g.filled(0) == 1
