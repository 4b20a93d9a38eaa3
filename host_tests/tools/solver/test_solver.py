# Exact solver: reduced games against an independent brute-force expectimax; table I/O; CLI.
# SPDX-License-Identifier: MIT
import itertools
import math
import subprocess
import sys
from functools import cache

import numpy as np
import pytest

from tools.solver import solver as S

# ---- an independent brute force, written from the rules, sharing nothing with the solver ----


def _outcomes(k):
    """{sorted tuple of k dice: probability}, by enumerating every ordered throw."""
    out = {}
    for t in itertools.product(range(1, 7), repeat=k):
        key = tuple(sorted(t))
        out[key] = out.get(key, 0.0) + 6.0**-k
    return out


def brute_force(game):
    """Optimal expected score of a small game, by plain recursion over every decision.

    game: dict with n (dice), cats (list of (name, face or 0, score function dice->int)),
    threshold, bonus, order ("free"/"down"/"up"), all_rolls, upper_first,
    joker (None, "forced" or "free"), yz (name of the all-equal box), fixed ({name: points}).
    """
    n = game["n"]
    cats = game["cats"]
    names = [c[0] for c in cats]
    outs = {k: _outcomes(k) for k in range(n + 1)}
    t = game["threshold"]

    def legal(filled, dice):
        open_ = [i for i in range(len(cats)) if i not in filled]
        if game["order"] == "down":
            open_ = open_[:1]
        elif game["order"] == "up":
            open_ = open_[-1:]
        elif game.get("upper_first"):
            up = [i for i in open_ if cats[i][1]]
            open_ = up or open_
        return open_

    def score_in(filled, flag, dice, i):
        """(points scored now excluding the upper bonus, joker applies?)"""
        name, face, f = cats[i]
        if game["joker"] and len(set(dice)) == 1 and names.index(game["yz"]) in filled:
            extra = game["yahtzee_bonus"] if flag else 0
            matching = [j for j in range(len(cats)) if cats[j][1] == dice[0]]
            up_filled = not matching or matching[0] in filled
            if name in game["fixed"] and (game["joker"] == "forced" or up_filled):
                return game["fixed"][name] + extra
            return f(dice) + extra
        return f(dice)

    def joker_choices(filled, dice, choices):
        if not (game["joker"] == "forced" and len(set(dice)) == 1):
            return choices
        if names.index(game["yz"]) not in filled:
            return choices
        match = [i for i in choices if cats[i][1] == dice[0]]
        if match:
            return match
        lower = [i for i in choices if not cats[i][1]]
        return lower or choices

    @cache
    def value(filled, u, flag):
        if len(filled) == len(cats):
            return 0.0
        return sum(p * best(filled, u, flag, d, 2) for d, p in outs[n].items())

    @cache
    def best(filled, u, flag, dice, rolls):
        if rolls == 0:
            res = -1e9
            for i in joker_choices(filled, dice, legal(filled, dice)):
                pts = score_in(filled, flag, dice, i)
                u2, fl2 = u, flag
                if cats[i][1]:
                    raw = cats[i][2](dice)
                    u2 = min(t, u + raw)
                    if u < t <= u2:
                        pts += game["bonus"]
                if game["joker"] and names[i] == game["yz"]:
                    fl2 = 1 if cats[i][2](dice) > 0 else 0
                v = pts + value(tuple(sorted(filled + (i,))), u2, fl2)
                res = max(res, v)
            return res
        res = -1e9
        seen = set()
        for held in itertools.product((0, 1), repeat=n):
            kept = tuple(sorted(d for d, h in zip(dice, held) if h))
            if kept in seen or (game["all_rolls"] and len(kept) == n):
                continue
            seen.add(kept)
            v = 0.0
            for o, p in outs[n - len(kept)].items():
                v += p * best(filled, u, flag, tuple(sorted(kept + o)), rolls - 1)
            res = max(res, v)
        return res

    return value((), 0, 0)


def _upper(face):
    return lambda d: face * d.count(face)


def _pair(d):
    return max([2 * v for v in set(d) if d.count(v) >= 2] or [0])


def _chance(d):
    return sum(d)


def _all_equal(points):
    return lambda d: points if len(set(d)) == 1 else 0


def _run(d):
    s = sorted(set(d))
    return 15 if len(s) == len(d) and s[-1] - s[0] == len(d) - 1 else 0


def _spec(game):
    """The same game as a solver Spec (table built from the same score functions)."""
    dice = S.Dice(game["n"])
    cats = game["cats"]
    table = [[c[2](tuple(d)) for c in cats] for d in dice.sorted_dice]
    kw = {
        "order": game["order"],
        "all_rolls": game["all_rolls"],
        "upper_first": game.get("upper_first", False),
    }
    if game["joker"]:
        names = [c[0] for c in cats]
        kw.update(
            joker=True,
            joker_mode=game["joker"],
            yahtzee_cat=names.index(game["yz"]),
            yahtzee_bonus=game["yahtzee_bonus"],
            joker_fixed={names.index(k): v for k, v in game["fixed"].items()},
        )
    return S.Spec(
        "test",
        game["n"],
        [c[0] for c in cats],
        [c[1] for c in cats],
        game["threshold"],
        game["bonus"],
        table,
        **kw,
    )


TWO_DICE = [("ones", 1, _upper(1)), ("twos", 2, _upper(2)), ("threes", 3, _upper(3))]
TWO_DICE += [("pair", 0, _pair), ("chance", 0, _chance)]
JOKER = [("ones", 1, _upper(1)), ("twos", 2, _upper(2)), ("run", 0, _run)]
JOKER += [("yz", 0, _all_equal(25))]

GAMES = {
    "free": dict(n=2, cats=TWO_DICE, threshold=6, bonus=10, order="free"),
    "down": dict(n=2, cats=TWO_DICE, threshold=4, bonus=20, order="down"),
    "up": dict(n=2, cats=TWO_DICE, threshold=5, bonus=20, order="up"),
    "all_rolls": dict(n=2, cats=TWO_DICE, threshold=6, bonus=10, order="free", all_rolls=True),
    "upper_first": dict(n=2, cats=TWO_DICE, threshold=6, bonus=10, order="free", upper_first=True),
    "joker_forced": dict(n=3, cats=JOKER, threshold=4, bonus=7, order="free", joker="forced"),
    "joker_free": dict(n=3, cats=JOKER, threshold=4, bonus=7, order="free", joker="free"),
}
for _g in GAMES.values():
    _g.setdefault("all_rolls", False)
    _g.setdefault("joker", None)
    _g.setdefault("yz", "yz")
    _g.setdefault("yahtzee_bonus", 40)
    _g.setdefault("fixed", {"run": 15})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_solver_matches_brute_force(name):
    game = GAMES[name]
    solver = S.Solver(_spec(game))
    got = solver.solve(batch=7, workers=1)
    assert got == pytest.approx(brute_force(game), abs=1e-9)


def test_dice_combinatorics():
    d = S.Dice(5)
    assert len(d.rolls) == 252 and len(d.keeps) == 462
    assert d.p_roll.sum() == pytest.approx(1.0)
    t = d.transition()
    assert np.allclose(t.sum(axis=1), 1.0)
    # keeping four dice: each of the six outcomes equally likely
    k = d.index[(2, 1, 1, 0, 0, 0)]
    assert sorted(set(np.round(t[k][t[k] > 0], 12))) == [round(1 / 6, 12)]


@pytest.mark.parametrize("n", [1, 3, 5, 6])
def test_keep_values_are_the_transition_matrix_product(n):
    d = S.Dice(n)
    n_small = d.levels[n].start
    # the matrix counted directly: the dice thrown after keep `kp` must show `roll - kp`
    ref = np.zeros((n_small, len(d.rolls)))
    for i, kp in enumerate(d.keeps[:n_small]):
        for r, roll in enumerate(d.rolls):
            rest = [a - c for a, c in zip(roll, kp)]
            if min(rest) >= 0:
                ways = math.factorial(sum(rest))
                for x in rest:
                    ways //= math.factorial(x)
                ref[i, r] = ways / 6.0 ** sum(rest)
    assert np.allclose(d.transition(), ref, rtol=0, atol=1e-12)
    v = np.random.default_rng(n).random((len(d.rolls), 9))
    k, b = d.one_reroll(v)
    assert np.allclose(k[:n_small], ref @ v, rtol=0, atol=1e-12)
    assert np.array_equal(k[n_small:], v)
    # the best keep of a roll is the best of all its sub-keeps (itself included)
    for r, roll in enumerate(d.rolls[:20]):
        subs = [i for i, kp in enumerate(d.keeps) if all(a <= c for a, c in zip(kp, roll))]
        assert b[d.roll_keep[r]].tolist() == k[subs].max(axis=0).tolist()


def test_forced_layers_and_workers_agree():
    game = dict(GAMES["free"])
    a = S.Solver(_spec(game))
    b = S.Solver(_spec(game))
    assert a.solve(batch=3, workers=1) == pytest.approx(b.solve(batch=1000, workers=2), abs=1e-12)
    assert np.allclose(a.values, b.values)


def test_save_load_query(tmp_path):
    solver = S.Solver(_spec(GAMES["free"]))
    value = solver.solve(workers=1)
    path = str(tmp_path / "t.npz")
    solver.save(path)
    again = S.load(path)
    assert again.start_value() == pytest.approx(value, abs=1e-4)
    text = S.query(again, "dice=1,1 rolls=2")
    assert float(text.splitlines()[-1]) == pytest.approx(
        max(float(x.split()[-1]) for x in text.splitlines()[:-1])
    )
    text = S.query(again, "filled=ones,twos,threes,pair upper=3 dice=6,5 rolls=0 scored=9")
    assert [line.split() for line in text.splitlines()] == [
        ["score", "chance", "20.0000"],
        ["20.0000"],
    ]


@pytest.mark.parametrize(
    "q",
    ["dice=1", "dice=1,7", "dice=1,1 rolls=3", "bogus=1 dice=1,1", "filled=xx dice=1,1"],
)
def test_bad_queries(q):
    solver = S.Solver(_spec(GAMES["free"]))
    with pytest.raises(ValueError):
        S.query(solver, q)


def test_load_rejects_garbage(tmp_path):
    p = tmp_path / "bad.npz"
    p.write_bytes(b"not a table")
    with pytest.raises(ValueError, match="cannot read"):
        S.load(str(p))


def test_core_ruleset_spec_uses_core_scoring():
    from yatzy import scoring

    spec = S.spec_for("yatzy")
    d = spec.dice
    for i in (0, 57, 251):
        for c, cat in enumerate(spec.categories):
            assert spec.table[i, c] == scoring.score("yatzy", cat, d.sorted_dice[i])


def test_forced_solves_fast_and_is_consistent():
    solver = S.Solver(S.spec_for("forced"))
    v = solver.solve(workers=1)
    assert 100 < v < 248.44


@pytest.mark.parametrize(
    "args",
    [
        ["--rules", "nope"],
        ["--rules", "triple"],
        ["--rules", "maxi"],  # saved rolls: not modelled, so not silently ignored
        ["--options", "[1]"],
        ["--load"],
    ],
)
def test_cli_errors_exit_2(args, tmp_path):
    if args == ["--load"]:
        args = ["--load", "--table", str(tmp_path / "missing.npz")]
    r = subprocess.run(
        [sys.executable, S.__file__] + args, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("solver.py: error:")
    assert len(r.stderr.strip().splitlines()) == 1


def test_maxi_without_saved_rolls_is_a_named_variant():
    with pytest.raises(ValueError, match="saved rolls"):
        S.spec_for("maxi")
    spec = S.spec_for("maxi", saved_rolls=False)
    assert spec.name == "maxi-nosaved" and spec.dice.n == 6 and len(spec.categories) == 20
    assert spec.threshold == 84 and spec.bonus == 100
