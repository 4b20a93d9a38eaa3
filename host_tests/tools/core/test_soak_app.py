# Button storms, short slice: CPython and MicroPython storms, the scorer, planted faults.
# SPDX-License-Identifier: MIT

import pytest
from yatzy import rules, scoring

from tools.core import soak_app, storm
from tools.emu import mp_run


def _rolls(n, out=None, prefix=()):
    if out is None:
        out = []
    if len(prefix) == n:
        out.append(list(prefix))
        return out
    for v in range(prefix[-1] if prefix else 1, 7):
        _rolls(n, out, prefix + (v,))
    return out


@pytest.mark.parametrize("rid", rules.RULESET_IDS)
def test_the_storm_scorer_agrees_with_the_rules_on_every_roll(rid):
    # the storm's scorer is written from RULES.md; the engine's must give the same points
    r = rules.get(rid)
    for dice in _rolls(r.dice):
        for box in r.categories:
            assert storm.score_box(rid, box, dice) == scoring.score(rid, box, dice), (box, dice)


def test_the_storm_scorer_catches_a_wrong_total():
    from yatzy.engine import OVER, Game

    g = Game("yatzy", ["A"], {"categories": ["chance", "ones"]}, dice=3)
    while g.phase != OVER:
        acts = g.legal_actions()
        g.apply([a for a in acts if a[0] == "score"][0] if g.rolls_used else ("roll",))
    assert storm.check_finished(g) is None
    g.players[0].extra += 1
    assert "extra bonus" in storm.check_finished(g)


def test_a_storm_on_cpython():
    res = soak_app.campaign(scale=4000 / soak_app.EVENTS, skip=("outside",), runtimes=("cpython",))
    assert res.cases >= 3600 and res.failures == 0, res.notes


def test_a_storm_draws_nothing_outside_the_panel():
    res = soak_app.campaign(scale=4000 / soak_app.EVENTS, runtimes=("cpython",), stop=True)
    assert res.failures == 0, res.notes


@pytest.mark.skipif(mp_run.micropython_binary() is None, reason="no MicroPython unix port")
def test_a_storm_on_micropython():
    i, msg, _ = soak_app.run_mp(["SKIP", "outside", "11", "800"])
    assert msg is None, (i, msg)


@pytest.mark.skipif(mp_run.micropython_binary() is None, reason="no MicroPython unix port")
def test_a_long_replay_on_micropython_and_a_game_of_the_most_players():
    # the unix port stops on a command-line argument of 256 bytes: the tokens go in a file
    s = [k for k in range(500) if storm.new_setup(k)["n"] > 20][0]
    tokens = ["N%d" % s] + ["S6@300"] * 60 + ["B"]
    assert len(" ".join(tokens)) > 256
    assert soak_app.replay(tokens, 5, "micropython") == (None, None, 0)


def test_storms_draw_up_to_the_most_players_mostly_few():
    n = [storm.new_setup(k)["n"] for k in range(2000)]
    assert max(n) == rules.MAX_PLAYERS and min(n) == 1
    assert sum(1 for x in n if x <= 8) > 0.8 * len(n)


def test_a_failure_shrinks_to_a_replayable_line():
    undo = storm.plant("stuck")
    try:
        # time passing on the title, then DOWN x3 and OK: the rules help, then the probe
        tokens = ["T@50"] * 20 + ["S1@300", "S1@300", "S1@300", "S6@300", "B"]
        i, msg, _ = storm.run(tokens, 5, ("outside", "autosave", "score"))
    finally:
        undo()
    assert msg is not None and msg.startswith("stuck"), msg
    small = soak_app.minimal(tokens[: i + 1], 5, "cpython", msg, ("outside", "autosave", "score"),
                             "stuck")  # fmt: skip
    assert small == ["S1@300", "S1@300", "S1@300", "S6@300", "B"]
    again = soak_app.replay(small, 5, "cpython", ("outside", "autosave", "score"), "stuck")
    assert again[1] is not None and again[1].startswith("stuck")
    assert "--replay" in soak_app.command(small, 5, "cpython", plant="stuck")


def test_planted_faults_are_caught():
    res = soak_app.planted()
    assert res.cases == 2 and res.failures == 0, res.notes


def test_the_full_size_storms_findings_replay_clean():
    # found by `python -m tools.core.soak_app --scale 1`: Maxi's sixth small die at x = -1
    # on the left-handed card keys; and the probe pressing right-handed buttons on a
    # left-handed app (the app mirrors hold1..hold5), so it went round the menus for ever
    found = (
        ("C02@5 S0@600 S6@700 L1@150 S0@1200 S0@30 S2@1 S0@80 S6@1 N251397 S2@600 S0@2500",
         1000197),
        ("L1@30 S0@300 L6@700 L1@2500 S0@0 S0@1200 S0@2500 C25@2500 N828452 S6@5 B L4@700 S4@30 B",
         1000256),
    )  # fmt: skip
    for line, seed in found:
        assert storm.run(line.split(), seed) == (None, None, 0), line
