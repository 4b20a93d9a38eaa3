# Game records: export, re-check by replay, and the tools/core/check_record.py command line.
# SPDX-License-Identifier: MIT
import copy
import json
import subprocess
import sys

import pytest
from yatzy import strategy
from yatzy.engine import Game

from tools.core import record
from tools.core.soak import play_random
from tools.paths import ROOT

TOOL = ["-m", "tools.core.check_record"]


def finished(rid="yahtzee", options=None, players=3, seed=21):
    g = Game(rid, ["Ann", "Bob", "Cy", "Di"][:players], options, dice=seed)
    while not g.is_over():
        g.apply(strategy.decide(g))
    return g


def test_record_has_the_issue_fields_and_is_json():
    g = finished()
    rec = json.loads(json.dumps(record.game_record(g)))
    assert rec["rules"] == "yahtzee" and rec["seed"] == 21 and rec["over"] is True
    assert set(rec["options"]) == set(g.options)
    for p, pl in enumerate(rec["players"]):
        assert pl["total"] == g.total(p) and pl["bonus"] == g.bonus(p)
        assert len(pl["turns"]) == 13
        for t in pl["turns"]:
            assert {"dice", "category", "score", "rolls", "holds", "column"} <= set(t)
            assert t["dice"] == t["rolls"][-1] and len(t["holds"]) == len(t["rolls"]) - 1
    assert record.check_record(rec) == []


@pytest.mark.parametrize(
    "rid,options",
    [
        ("yatzy", {"extra_bonus": 100, "extra_rows": 2}),
        ("triple", {"order": "up_or_down"}),
        ("maxi", {"tie_break": True}),
        ("forced", {"all_rolls": True, "triple": True}),
        ("yahtzee", {"upper_first": True, "categories": ["ones", "sixes", "yahtzee", "chance"]}),
    ],
)
def test_records_of_finished_and_running_games_check_clean(rid, options):
    g = play_random(rid, options, 7, players=2, roundtrip=False, refusals=0)
    assert record.check_record(record.game_record(g)) == []
    g = Game(rid, ["A", "B"], options, dice=8)
    for _ in range(9):
        g.apply(strategy.decide(g))
    assert record.check_record(record.game_record(g)) == []


@pytest.mark.parametrize("options", [{}, {"all_rolls": True}])
def test_minimal_record_from_the_issue_is_accepted(options):
    g = Game("yatzy", ["Ann", "Bob"], options, dice=21)
    while not g.is_over():
        g.apply(strategy.decide(g))
    full = record.game_record(g)
    minimal = {
        "rules": full["rules"],
        "options": options,
        "players": [
            {
                "name": pl["name"],
                "turns": [
                    {"dice": t["dice"], "category": t["category"], "score": t["score"]}
                    for t in pl["turns"]
                ],
                "bonus": pl["bonus"],
                "total": pl["total"],
            }
            for pl in full["players"]
        ],
    }
    assert record.check_record(minimal) == []


def _edit(rec, path, value):
    node = rec
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value


TURN = ["players", 0, "turns", 0]


@pytest.mark.parametrize(
    "path,value,needle",
    [
        (TURN + ["score"], 99, "scored 99"),
        (TURN + ["category"], "tower", "unknown category"),
        (TURN + ["dice"], [1, 2, 3], "are not 5 values"),
        (TURN + ["rolls"], [], "rolls"),
        (["players", 0, "total"], 1, "total is 1"),
        (["players", 0, "bonus"], 77, "bonus is 77"),
        (["rules"], "farkle", "unknown ruleset"),
        (["options"], {"order": "sideways"}, "order"),
        (["players"], [], "players"),
        (["ranking", 0, "place"], 9, "ranking"),
        (["rounds"], 12, "rounds is 12"),
    ],
)
def test_problems_are_found_and_named(path, value, needle):
    rec = record.game_record(finished())
    _edit(rec, path, value)
    problems = record.check_record(rec)
    assert problems and any(needle in p for p in problems), problems


def test_same_box_twice_and_too_many_turns_are_found():
    rec = record.game_record(finished())
    turns = rec["players"][1]["turns"]
    turns[3] = copy.deepcopy(turns[2])
    turns[3]["round"] = 4
    assert any("already filled" in p for p in record.check_record(rec))
    rec = record.game_record(finished())
    rec["players"][0]["turns"].append(copy.deepcopy(rec["players"][0]["turns"][0]))
    assert any("14 turns" in p for p in record.check_record(rec))


def test_compulsory_roll_holding_every_die_is_a_problem():
    g = Game("yatzy", ["A", "B"], {"all_rolls": True, "tie_break": True}, dice=3)
    while not g.is_over():
        g.apply(strategy.decide(g))
    rec = record.game_record(g)
    assert record.check_record(rec) == []
    t = rec["players"][0]["turns"][0]
    t["holds"][-1] = [0, 1, 2, 3, 4]  # the last roll "rolled" no die
    t["rolls"][-1] = list(t["rolls"][-2])
    t["dice"] = list(t["rolls"][-1])
    problems = record.check_record(rec)
    assert any("compulsory rolls" in p for p in problems), problems
    rec = record.game_record(g)
    rec["tiebreak"] = [
        {
            "player": 0,
            "dice": [1] * 5,
            "score": 5,
            "rolls": [[1] * 5] * 3,
            "holds": [[0, 1, 2, 3], [0, 1, 2, 3, 4]],
        }
    ]
    problems = record.check_record(rec)
    assert any("compulsory rolls, a roll held every die" in p for p in problems), problems


def test_held_dice_may_not_change_and_joker_scores_are_rechecked():
    rec = record.game_record(finished())
    for pl in rec["players"]:
        for t in pl["turns"]:
            if t["holds"] and t["holds"][0]:
                i = t["holds"][0][0]
                t["rolls"][1][i] = t["rolls"][1][i] % 6 + 1
                problems = record.check_record(rec)
                assert any("changed held die" in p for p in problems)
                return
    pytest.fail("no held die in the sample game")


def test_missing_turns_are_found_in_a_finished_game():
    rec = record.game_record(finished())
    rec["players"][2]["turns"].pop()
    problems = record.check_record(rec)
    assert any("12 turns in a finished 13-round game" in p for p in problems)


def run_tool(*args):
    return subprocess.run(
        [sys.executable, *TOOL, *args], capture_output=True, text=True, timeout=60, cwd=ROOT
    )


def test_check_record_cli(tmp_path):
    rec = record.game_record(finished())
    good = tmp_path / "good.json"
    good.write_text(json.dumps(rec))
    r = run_tool(str(good))
    assert r.returncode == 0 and r.stdout.strip() == "ok"
    rec["players"][0]["total"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    r = run_tool(str(bad))
    assert r.returncode == 1 and "total is" in r.stdout
    r = run_tool(str(tmp_path / "missing.json"))
    assert r.returncode == 2 and "cannot read" in r.stderr
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    r = run_tool(str(junk))
    assert r.returncode == 2 and "not JSON" in r.stderr
    assert run_tool().returncode == 2


def test_dice_must_follow_the_recorded_seed_and_rolloff_the_starter():
    rec = record.game_record(finished())
    assert rec["seed"] == 21 and rec["rolloff"]
    e = rec["rolloff"][-1]
    e["dice"] = [v % 6 + 1 for v in e["dice"]]
    problems = record.check_record(rec)
    assert any("seed 21 gives" in p or "roll-off" in p for p in problems), problems
    rec = record.game_record(finished())
    rec["starter"] = (rec["starter"] + 1) % 3
    assert any("roll-off gives" in p for p in record.check_record(rec))
    rec = record.game_record(finished())
    rec["seed"] = 22
    assert any("seed 22 gives" in p for p in record.check_record(rec))


class _Finish:
    """What yatzy.card.Card.ranking reads of a game: the players, totals and tie-break scores."""

    def __init__(self, totals, tiebreaks):
        self.players = totals
        self._t, self._tb = totals, tiebreaks

    def total(self, p):
        return self._t[p]

    def tiebreak_scores(self, p):
        return list(self._tb[p])


def _finish(rnd):
    """Random totals with ties; with the tie-break option, the tied leaders play rounds (the
    sum of the dice) while still tied, as the rules reference says."""
    n = rnd.randint(1, 7)
    totals = [rnd.choice((180, 200, 230, 230, 230)) for _ in range(n)]
    tb = [[] for _ in range(n)]
    tied = [p for p in range(n) if totals[p] == max(totals)]
    while rnd.random() < 0.5 and len(tied) > 1:
        for p in tied:
            tb[p].append(rnd.randint(17, 19))
        tied = [p for p in tied if tb[p][-1] == max(tb[q][-1] for q in tied)]
    return totals, tb


def test_the_checker_s_ranking_from_the_rules_agrees_with_the_firmware_s():
    """record.rules_ranking is written from the rules (a place is one more than the players
    who beat you), not from yatzy/card.py: on random finishes with ties and tie-break rounds
    the firmware's Card.ranking gives the same places and order."""
    import random

    from yatzy.card import Card

    rnd = random.Random(4)
    shared = decided = 0
    for _ in range(4000):
        totals, tb = _finish(rnd)
        want = [(place, p, totals[p]) for place, p in record.rules_ranking(totals, tb)]
        assert Card.ranking(_Finish(totals, tb)) == want, (totals, tb)
        places = [w[0] for w in want]
        shared += len(set(places)) < len(places)
        decided += any(tb)
    assert shared > 500 and decided > 500  # both kinds of tie were tried


@pytest.mark.parametrize(
    "totals, tiebreaks, places",
    [
        ([29, 29, 6], [[], [], []], [(1, 0), (1, 1), (3, 2)]),  # a tie is a shared place
        ([29, 29, 6], [[20], [24], []], [(1, 1), (2, 0), (3, 2)]),  # the tie-break decides
        ([9, 9, 9], [[20, 5], [20, 8], [12]], [(1, 1), (2, 0), (3, 2)]),  # round after round
        ([30, 5, 5], [[], [], []], [(1, 0), (2, 1), (2, 2)]),  # the places below share too
    ],
)
def test_the_rules_ranking_of_worked_examples(totals, tiebreaks, places):
    assert record.rules_ranking(totals, tiebreaks) == places
