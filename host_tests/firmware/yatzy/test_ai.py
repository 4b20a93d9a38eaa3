# Computer levels easy/good/best and hints: legal play in every ruleset/option, tables, hints.
# SPDX-License-Identifier: MIT
import subprocess
import sys

import pytest
from yatzy import ai, basic, coach, codec, strategy
from yatzy import rules as R
from yatzy.dice import SeededDice
from yatzy.engine import OVER, Game

from tools.emu import mp_run

VARIANTS = [
    ("yatzy", {}),
    ("forced", {}),
    ("yahtzee", {}),
    ("maxi", {}),
    ("triple", {}),
    ("yatzy", {"all_rolls": True, "extra_bonus": 50}),
    ("yahtzee", {"all_rolls": True}),
    ("forced", {"all_rolls": True}),
    ("yatzy", {"order": "up_or_down", "extra_rows": 2}),
    ("yahtzee", {"upper_first": True, "bonus_threshold": 50}),
    ("yahtzee", {"categories": ["fives", "sixes", "full_house", "yahtzee", "chance"]}),
    ("forced", {"bonus_threshold": 30, "triple": True}),
]


def play(rules, options, level, seed, players=1):
    g = Game(
        rules, ["P%d" % i for i in range(players)], options, SeededDice(seed), [True] * players
    )
    slips = SeededDice(seed + 99)
    while not g.is_over():
        g.apply(strategy.decide(g, level, slips))  # an illegal action raises ValueError
    return g


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("rules,options", VARIANTS)
def test_levels_play_every_variant_legally_to_the_end(rules, options, level):
    g = play(rules, options, level, seed=len(str(options)) + 3)
    assert g.phase == OVER
    card = g.players[0].card
    assert all(v is not None for col in card for v in col.values())


def test_multiplayer_with_tie_break_and_mixed_levels():
    g = Game("yatzy", ["A", "B", "C"], {"tie_break": True}, SeededDice(5), [True] * 3)
    levels = ["easy", "good", "best"]
    while not g.is_over():
        g.apply(strategy.decide(g, levels[g.current], SeededDice(g.round)))
    assert len(g.ranking()) == 3


def test_best_beats_basic_on_the_same_seeds():
    seeds = range(40, 60)
    best = [play("yatzy", {}, "best", s).total(0) for s in seeds]
    basic = [play("yatzy", {}, "basic", s).total(0) for s in seeds]
    assert sum(best) / 20 > sum(basic) / 20 + 20


def test_easy_uses_the_rand_source_and_is_reproducible():
    def game(rand_seed):
        g = Game("yatzy", ["E"], None, SeededDice(11), [True])
        slips = SeededDice(rand_seed) if rand_seed is not None else None
        while not g.is_over():
            g.apply(strategy.decide(g, "easy", slips))
        return codec.encode(g)

    assert game(1) == game(1)
    assert game(None) == game(None)  # without a source: a fixed function of the position
    assert len({game(s) for s in (1, 2, 3, 4)}) > 1


def test_good_and_best_never_touch_rand():
    class NoRandom:
        def __call__(self):
            raise AssertionError("deterministic level used rand")

    for level in ("good", "best"):
        g = Game("yahtzee", ["A", "B"], None, SeededDice(8), [True, True])
        while not g.is_over():
            g.apply(strategy.decide(g, level, NoRandom()))


def test_exact_table_start_value_matches_the_solver_optimum():
    # forced: the L + U form is exact (the order fixes the card), so this checks the table
    # layout and decoding to the point; the free rulesets' fit is coarse at the very start
    # (a least-squares fit over all 1.4 M states; what matters in play is the difference
    # between the boxes of one turn, measured by tools/bench/ai.py). The bounds are the
    # fit's start error as generated (yatzy 9.1, yahtzee 5.5 points) plus half a point:
    # a table from a changed fit or a decoding slip moves it past them.
    bound = {"yatzy": 9.6, "yahtzee": 6.0, "forced": 0.02}
    for rid, opt in (("yatzy", 248.44), ("yahtzee", 254.5877), ("forced", 150.2168)):
        g = Game(rid, ["A"], None, SeededDice(1), [True])
        m = ai.Model(g.rules, "best")
        assert m.exact is not None
        v = m.value(g.players[0].card[0], 0, 0) / ai.UNIT
        assert abs(v - opt) < bound[rid], (rid, v)
    full = {c: 0 for c in g.rules.categories}
    assert abs(m.value(full, 0, 0)) <= 1  # forced: a full card is worth nothing more


def test_exact_tables_only_for_the_plain_rulesets():
    assert ai.exact_key(R.configure("yatzy")) == "yatzy"
    assert ai.exact_key(R.configure("forced")) == "forced"
    assert ai.exact_key(R.configure("yatzy", {"tie_break": True})) == "yatzy"
    assert ai.exact_key(R.configure("yahtzee", {"all_rolls": True})) == "yahtzee"
    assert ai.exact_key(R.configure("forced", {"bonus_threshold": 30})) is None
    assert ai.exact_key(R.configure("yatzy", {"extra_rows": 1})) is None
    assert ai.exact_key(R.configure("triple")) is None
    assert ai.exact_key(R.configure("maxi")) is None


@pytest.mark.parametrize("rules", ["maxi", "triple"])
def test_without_an_exact_table_best_decides_exactly_as_good(rules):
    """Maxi and Triple have no exact-optimum table: `best` uses `good`'s model, so every
    decision is the same (why the benchmark's `best` rows there equal `good`'s)."""
    g = Game(rules, ["P"], None, SeededDice(11), [True])
    n = 0
    while not g.is_over():
        act = strategy.decide(g, "good")
        assert strategy.decide(g, "best") == act
        g.apply(act)
        n += 1
    assert n > 40


def _mid_turn(rules="yatzy", seed=3):
    g = Game(rules, ["H"], None, SeededDice(seed), [False])
    g.roll()
    return g


def test_hint_and_loss():
    g = _mid_turn()
    best = ai.hint(g)
    assert best[0] in ("holds", "score")
    assert coach.loss(g, best) == 0.0
    for m in range(31):
        assert coach.loss(g, ("holds", m)) >= 0.0
    # a box chosen now instead of rolling again gives points away or is the best
    for c, col, _ in g.choices():
        assert coach.loss(g, ("score", c, col)) >= 0.0
    worst = max(coach.loss(g, ("holds", m)) for m in range(31))
    assert worst > 0.0
    with pytest.raises(ValueError):
        coach.loss(g, ("score", "no_such_box", 0))


def test_hint_on_last_roll_names_a_box_and_roll_action_is_priced():
    g = _mid_turn(seed=9)
    g.roll()
    assert coach.loss(g, ("roll",)) >= 0.0
    g.roll()
    h = ai.hint(g)
    assert h[0] == "score"
    assert coach.loss(g, h) == 0.0
    with pytest.raises(ValueError):
        coach.loss(g, ("holds", 3))


def test_multiplayer_compulsory_rolls_with_tie_break_stay_legal():
    # every level and basic at one table; tie-break turns (basic) honour compulsory rolls
    opts = {"all_rolls": True, "tie_break": True, "categories": ["chance", "yatzy"]}
    for seed in range(4):
        g = Game("yatzy", ["A", "B", "C", "D"], opts, SeededDice(seed), [True] * 4)
        levels = ["basic", "easy", "good", "best"]
        while not g.is_over():
            a = strategy.decide(g, levels[g.current], SeededDice(g.round + seed))
            assert a in g.legal_actions(), a
            g.apply(a)  # an illegal action raises ValueError


@pytest.mark.parametrize("box", ["yatzy", "chance", "large_straight", "full_house", "fours"])
@pytest.mark.parametrize("level", ["good", "best"])
def test_all_rolls_turn_search_matches_the_solver(box, level):
    # one-box games: the whole value is this turn's, so the levels' keep values must be the
    # exact solver's (tools/solver/solver.py, "every roll re-rolls at least one die") up to a
    # constant and the levels' 1/64-point rounding
    from tools.solver import solver as S

    opts = {"all_rolls": True, "categories": [box]}
    sol = S.Solver(S.spec_for("yatzy", opts))
    sol.solve(workers=1)
    src = SeededDice(len(box))
    for k in range(12):
        g = Game("yatzy", ["A"], opts, src)
        g.roll()
        if k % 2:
            g.set_holds(0)
            g.roll()
        mine = {}
        for v, a in ai.options(g, level):
            assert a[0] == "holds" and a[1] != 31  # never "roll no die"
            mine[a[1]] = v / ai.UNIT
        text = S.query(sol, "dice=%s rolls=%d" % (",".join(map(str, g.dice)), g.rolls_left()))
        exact = {}
        for line in text.splitlines()[:-1]:
            parts = line.split()
            exact[int(parts[-2])] = float(parts[-1])
        assert sorted(mine) == sorted(exact), g.dice
        shift = [mine[m] - exact[m] for m in exact]
        assert max(shift) - min(shift) < 0.1, (g.dice, mine, exact)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        ai.choose(Game(), "grandmaster")
    with pytest.raises(ValueError):
        strategy.decide(Game(), "grandmaster")


def test_bench_cli_errors_exit_2():
    from tools.bench import ai as bench_ai

    for args in (["--level", "wizard"], ["--rules", "nope"], ["--options", "[]"]):
        r = subprocess.run(
            [sys.executable, bench_ai.__file__] + args, capture_output=True, text=True, timeout=60
        )
        assert r.returncode == 2 and r.stderr.startswith("bench_ai.py: error:"), r.stderr


def test_bench_plays_a_few_games():
    from tools.bench import ai as bench_ai

    totals, decisions = bench_ai.run_level("forced", {}, "best", 3, seed=1)
    assert len(totals) == 3 and decisions >= 3 * 15 * 2
    assert totals == bench_ai.run_level("forced", {}, "best", 3, seed=1)[0]


@pytest.mark.skipif(mp_run.micropython_binary() is None, reason="MicroPython unix port missing")
def test_micropython_plays_the_same_best_game():
    src = """
from yatzy import strategy
from yatzy.dice import SeededDice
from yatzy.engine import Game
g = Game("yahtzee", ["A"], None, SeededDice(21), [True])
while not g.is_over():
    g.apply(strategy.decide(g, "best"))
print("TOTAL", g.total(0))
"""
    rc, out = mp_run.run_script(src, timeout=600)
    assert rc == 0, out
    g = play("yahtzee", {}, "best", 21)
    assert "TOTAL %d" % g.total(0) in out


@pytest.mark.parametrize("level", ["basic", "best"])
def test_a_computer_turn_leaves_its_search_tables_when_it_scores(level, monkeypatch):
    """The turn's keep values are kept between its decisions (rolls left only go down) and
    let go with the box that ends it, so no computer's tables stay on the heap through the
    other players' turns (the decisions themselves: host_tests/golden/ai_decisions.json)."""
    monkeypatch.setattr(ai, "CACHE_LIMIT", 1)  # the game's setting (tools/bench/ai raises it)
    g = Game("yatzy", ["A", "B"], dice=SeededDice(8), cpu=[True, True])
    scored = searched = 0
    while scored < 6:
        act = strategy.decide(g, level)
        held = ai._cache if level == "best" else basic._cache[2]
        if act[0] == "score":
            scored += 1
            assert not held  # nothing of the turn's search is left
        elif g.rolls_used:
            searched += 1
            assert held  # mid-turn: the next decision reuses them
        g.apply(act)
    assert searched >= 6


@pytest.mark.parametrize("key", ["yatzy", "yahtzee", "forced"])
def test_the_model_reads_every_upper_value_a_card_can_ask_where_the_file_holds_it(key):
    """The exact table's U stays in its data file and the model reads a slice of a row at a
    time: for every mask of open upper boxes and every total its filled boxes can hold (five
    dice of a face at most, capped at the threshold), with no box scored and with each open
    box scored with every count of its face, the values read equal the whole file's."""
    import os

    from yatzy import future
    from yatzy.tables import load

    from tools.paths import ROOT

    _lower, thr, _flags, lsize = load("fitted").EXACT[key]
    with open(os.path.join(ROOT, "firmware", "yatzy", "tables", "exact_%s.bin" % key), "rb") as f:
        data = f.read()

    def u(um, total):
        i = lsize + 2 * (um * (thr + 1) + min(total, thr))
        return int.from_bytes(data[i : i + 2], "little", signed=True)

    g = Game(key, ["A"])
    m = future.Model(g.rules, "best")
    assert m.exact is not None
    for um in range(64):
        card = dict.fromkeys(g.rules.categories)
        totals = {0}
        for f in range(1, 7):
            if not (um >> (f - 1)) & 1:  # a filled box: any count of its face
                card[R.UPPER[f - 1]] = 0
                totals = {t + f * n for t in totals for n in range(6)}
        for have in totals:
            assert m.upper_row(card, have, None, 0, 0) == [u(um, have)]
            for f in range(1, 7):
                c = R.UPPER[f - 1]
                if card[c] is None and have < thr:
                    got = m.upper_row(card, have, c, f, 5)
                    assert got == [u(um & ~(1 << (f - 1)), have + f * n) for n in range(6)]
        if max(totals) < thr:
            with pytest.raises(ValueError, match="upper total"):
                m.upper_row(card, max(totals) + 1, None, 0, 0)


def test_best_refuses_an_upper_total_no_card_of_its_open_boxes_can_have():
    from yatzy import future

    g = Game("yatzy", ["A"])
    m = future.Model(g.rules, "best")
    card = g.players[0].card[0]
    assert m.upper_row(card, 0, None, 0, 0)  # all open: total 0
    with pytest.raises(ValueError):
        m.upper_row(card, 3, None, 0, 0)  # all open, yet 3 points above: no such card
