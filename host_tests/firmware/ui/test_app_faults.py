# Faults found by independent testing, each with the test that failed before its fix.
# SPDX-License-Identifier: MIT
import pytest
from support.drawn import redraw_texts
from yatzy import engine as E

from tools.sim import scenes as S


def _over_with_last_box_by(cpu_last):
    """A 2-player game played to its end; the last box scored by a computer or a human."""
    d = S.new_driver(seed=21, settings={"cpu_pace": 150})
    S.setup_game(d, players=2, cpu=(1,) if cpu_last else ())
    S.autoplay(d)
    return d


def test_continue_after_a_power_cut_on_the_game_over_screen_shows_game_over():
    d = _over_with_last_box_by(cpu_last=True)
    assert d.screen_name() == "End" and d.app.game.is_over()
    # the plug is pulled on the game-over screen: the save holds a finished game
    d2 = S.new_driver(seed=3, storage=d.storage, settings={"cpu_pace": 150})
    S.go_menu(d2, "CONTINUE")
    assert d2.screen_name() == "End"
    for _ in range(20):  # ticks with a computer seat must not ask it to move
        d2.app.tick(d2.t)
        d2.t += 200
    d2.press("roll")  # on to the high scores
    assert d2.screen_name() == "AfterGame"


def test_undo_on_the_game_over_screen_is_only_for_a_human_s_box():
    d = _over_with_last_box_by(cpu_last=True)
    g = d.app.game
    assert g.players[g.undo_player()].cpu and g.can_undo()
    d.press("hold5")
    assert d.screen_name() == "End" and g.is_over()  # nothing taken back
    assert not d.app.screen.can_undo()
    d = _over_with_last_box_by(cpu_last=False)
    g = d.app.game
    assert not g.players[g.undo_player()].cpu and d.app.screen.can_undo()
    d.press("hold5")
    assert d.screen_name() == "Play" and not g.is_over() and g.phase == E.TURN


def test_the_last_box_drops_the_computers_modules_and_undo_builds_their_tables_again():
    """The result screen is shown without the computers' modules on the heap (heap.py's
    "cpu" group); its UNDO goes back to play, and the computers' tables are built again
    after that frame, as at START."""
    import sys

    import heap

    d = S.new_driver(seed=21, settings={"cpu_pace": 150})
    S.setup_game(d, players=2, cpu=(0,))  # the computer first: the human scores last
    assert d.app.game.players[0].cpu
    S.autoplay(d)
    g = d.app.game
    assert d.screen_name() == "End" and not g.players[g.undo_player()].cpu
    assert [m for m in heap.GROUPS["cpu"] if m in sys.modules] == []
    d.press("hold5")
    assert d.screen_name() == "Play" and not g.is_over()
    assert "yatzy.keeps" in sys.modules and d.app.tables_due == 0  # built after the frame
    from yatzy import keeps

    assert g.rules.dice in keeps._WORK
    S.autoplay(d)  # the human's box again, and the result screen
    assert d.screen_name() == "End" and g.is_over()


def test_the_game_menu_makes_room_by_the_computers_step_driver_and_they_play_on():
    """Opened in play, the game menu unloads ui.play_cpu (its heap goes to the menu's code);
    back in play the computer's next step imports it again and the game goes on."""
    import sys

    d = S.new_driver(seed=21, settings={"cpu_pace": 150})
    S.setup_game(d, players=2, cpu=(1,))
    g = d.app.game
    S.play_turns(d, 1)  # the human's turn, then the computer's
    assert "ui.play_cpu" in sys.modules and g.current == 0
    d.long("hold1")
    assert d.screen_name() == "GameMenu" and "ui.play_cpu" not in sys.modules
    d.press("hold5")
    assert d.screen_name() == "Play"
    filled = g.filled(1)
    S.play_turns(d, 1)
    assert "ui.play_cpu" in sys.modules and g.filled(1) == filled + 1


def test_a_solo_game_over_names_no_winner():
    d = S.new_driver(seed=5)
    S.setup_game(d, players=1)
    S.autoplay(d)
    assert d.screen_name() == "End"
    assert "WIN" not in redraw_texts(d.app)
    d = _over_with_last_box_by(cpu_last=False)
    assert "WIN" in redraw_texts(d.app)


def _clip_games():
    from yatzy import rules as R

    games = [(rid, None) for rid in R.RULESET_IDS]
    games += [
        ("yatzy", {"extra_rows": 2}),
        ("yahtzee", {"triple": True}),
        ("yatzy", {"order": "up_or_down"}),
    ]
    return games


@pytest.mark.parametrize("rules, options", _clip_games())
def test_no_text_runs_off_the_panel_in_a_whole_game(rules, options, monkeypatch):
    """Every ruleset: the turn, the card, hints, every player's card and the standings,
    the game-over screen; no text drawn past the panel's edges (x 0..127, y 0..63)."""
    from support.canvas import BoundsCanvas

    monkeypatch.setattr(S, "CANVAS", BoundsCanvas)
    d = S.new_driver(seed=17, settings={"cpu_pace": 150})
    S.setup_game(d, rules=rules, players=2, cpu=(1,), options=options)
    seen = set()

    def decide(g):
        key = (g.round, g.rolls_used)
        if g.dice and key not in seen:
            seen.add(key)
            d.long("hold3")  # a hint toast, as the player would ask for one
        return S.greedy_decide(g)

    S.autoplay(d, decide)
    d.press("hold1")  # every player's card
    for _ in range(3):
        d.press("hold3")
    d.press("hold5")
    d.press("hold2")  # standings
    d.press("hold5")
    assert d.app.cv.outside == []


def test_fit_lines_keeps_every_line_inside_the_width():
    from gfx.font import SMALL
    from ui.widgets import fit_lines

    texts = ["SCORE CHANCE", "SCORE SM ST X3", "P2:MAXI Y 100", "KEEP 66\nYOURS -1.5", "X" * 40]
    for px in (20, 46, 60, 128):
        for t in texts:
            lines = fit_lines(t, SMALL, px)
            assert all(SMALL.width(line) <= px for line in lines), (t, px, lines)
            # nothing lost: the same characters, in order, apart from the breaks
            assert "".join(lines).replace(" ", "") == t.replace(" ", "").replace("\n", "")


def _house_rules(d, rules="yatzy", players=2):
    """The house-rules screen of a new game of `rules` for `players` (all human)."""
    S.go_menu(d, "NEW GAME")
    s = d.app.setup
    while s["rules"] != rules:
        d.press("hold4")
    d.press("hold2")
    while s["n"] != players:
        d.press("hold4")
    while d.app.screen.items()[d.app.screen.cur][0] != "HOUSE RULES":
        d.press("hold2")
    d.press("roll")
    assert d.screen_name() == "Options"
    return d.app.screen


def test_house_rules_offer_only_what_can_matter():
    from yatzy import rules as R

    labels = lambda screen: [row[0] for row in screen.items()]  # noqa: E731
    tie, extra = R.OPTIONS["tie_break"]["label"].upper(), R.OPTIONS["extra_bonus"]["label"].upper()
    assert tie in labels(_house_rules(S.new_driver(), players=2))
    assert tie not in labels(_house_rules(S.new_driver(), players=1))  # no ties in a solo game
    assert extra in labels(_house_rules(S.new_driver(), players=2))
    # Forced: the card fills top-down and the Yatzy box is the last, so an extra Yatzy never pays
    assert extra not in labels(_house_rules(S.new_driver(), "forced"))
    screen = _house_rules(S.new_driver())
    screen.back_to.s["options"] = {"extra_bonus": 50}
    screen.cur = screen.keys.index("order")
    screen.adjust(screen.cur, 1, False)  # free -> down: the extra bonus row above goes
    assert screen.back_to.s["options"].get("order") == "down"
    assert screen.keys[screen.cur] == "order"  # the cursor stays on the option changed
    assert extra not in labels(screen) and "extra_bonus" not in screen.back_to.s["options"]


def test_a_solo_game_starts_without_a_tie_break():
    d = S.new_driver()
    S.go_menu(d, "NEW GAME")
    d.app.setup["options"] = {"tie_break": True}
    d.app.setup["n"] = 1
    from ui.setup import start_game

    start_game(d.app, d.app.setup)
    d.app.press("hold1", "short", d.t)  # the app builds the game after a press is handled
    assert d.app.game is not None and not d.app.game.options.get("tie_break")
