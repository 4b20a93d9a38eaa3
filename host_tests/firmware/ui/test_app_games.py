# Whole games through button events only: rulesets, player counts, undo, zero confirmation.
# SPDX-License-Identifier: MIT

import pytest
from support.drawn import Drawn, redraw
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
        {"categories": "lower"},  # the short game of the lower section, from the rules
        {"upper_first": True},
    ],
    ids=["all_rolls", "extra_rows", "lower_only", "upper_first"],
)
def test_house_rules_games(options):
    from yatzy import rules as R

    if options.get("categories") == "lower":
        options = {"categories": list(R.get("yatzy").lower)}
        assert "chance" in options["categories"] and "ones" not in options["categories"]
    d = new_driver(seed=14)
    setup_game(d, players=1, options=options)
    g = d.app.game
    for k, v in options.items():
        assert g.options[k] == v
    autoplay(d)
    assert g.is_over() and g.filled(0) == len(g.rules.categories)
    if "categories" in options:
        assert list(g.rules.categories) == options["categories"]


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


def test_thirty_players_pass_the_gadget_round():
    """The most players the sheets allow (rules.MAX_PLAYERS): set-up, roll-off pages, a whole
    game, standings scrolled to the last place, the end screen, high scores, the save."""
    from save.storage import MemoryStorage
    from yatzy import rules as R
    from yatzy.dice import SeededDice

    from tools.sim.scenes import Driver

    n = R.MAX_PLAYERS
    assert n == 30
    st = MemoryStorage()
    d = Driver(st, SeededDice(11), settings={"cpu_pace": 150})
    d.app.settings["cpu_pace"] = 150
    setup_game(d, players=n, cpu=range(2, n))
    g = d.app.game
    assert len(g.players) == n and [p.cpu for p in g.players] == [False] * 2 + [True] * (n - 2)
    assert g.players[n - 1].name == "P30"
    while g.phase == E.ROLLOFF or d.app.screen.rolloff_seen:
        d.press("roll")
    assert len(g.rolloff_log) >= n
    # a few rounds, then the save holds all thirty and Continue brings them back
    while g.round < 3:
        if g.players[g.current].cpu:
            d.settle()
        else:
            S.human_turn(d)
    d2 = Driver(st, SeededDice(12))
    S.go_menu(d2, "CONTINUE")
    assert d2.screen_name() == "Play" and len(d2.app.game.players) == n
    assert d2.app.game.snapshot()["cards"] == g.snapshot()["cards"]
    autoplay(d)
    assert g.is_over() and all(g.filled(p) == 15 for p in range(n))
    assert d.screen_name() == "End"
    d.press("hold2")  # the standings: scroll to the last place
    screen = d.app.screen
    for _ in range(n):
        d.press("hold2")
    assert screen.top == n - 7
    d.press("hold5")  # back to the end screen
    assert d.screen_name() == "End"
    d.press("roll")  # the humans' totals enter the high scores
    names = [row[0] for row in d.app.store.scores("yatzy")]
    assert "P1" in names and "P2" in names


def test_the_roll_off_shows_the_page_of_eight_with_the_player_rolling():
    from save.storage import MemoryStorage
    from yatzy.dice import SeededDice

    from tools.sim.scenes import Driver

    d = Driver(MemoryStorage(), SeededDice(4))
    setup_game(d, players=30)
    g = d.app.game
    pages = []
    with Drawn(d.app.cv) as drawn:
        while g.phase == E.ROLLOFF:
            drawn.clear()
            redraw(d.app)
            names = [s for s in drawn.strings() if s.startswith("P") and s[1:].isdigit()]
            assert "P%d" % (g.current + 1) in names
            assert len(names) == (8 if g.current < 24 else 6)  # the last page: players 25-30
            pages.append(g.current // 8)
            d.press("roll")
    assert sorted(set(pages))[:4] == [0, 1, 2, 3]
