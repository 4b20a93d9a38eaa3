#!/usr/bin/env python3
# Random seeded play-throughs of every ruleset x option that check the core's invariants.
# SPDX-License-Identifier: MIT
"""Soak the game core with random games.

Usage: ``python -m tools.core.soak [--games N] [--seed S] [--players P]``

Each game picks random legal actions (dice from ``SeededDice``), and at every step
checks: the save round-trips exactly, a sample of actions outside
``legal_actions()`` is refused without changing the state, and at the end: every
card full (each box once per column), exactly the right number of turns, totals
add up, and the game record re-checks clean. Exit 0 when all pass, 1 otherwise.
The host tests run a short slice of the same campaign
(``host_tests/firmware/yatzy/test_core_play.py``).
"""

import argparse
import random
import sys
import time

from yatzy import codec, rules  # noqa: E402
from yatzy.engine import OVER, Game  # noqa: E402

from tools.core.record import check_record, game_record  # noqa: E402


def option_variants(rid):
    """Every non-default value of every option that applies to ``rid``, one at a time,
    plus a few combinations players actually use."""
    base = rules.RULESETS[rid]
    out = [{}]
    for key in rules.OPTION_KEYS:
        spec = rules.OPTIONS[key]
        if rid not in spec["rulesets"]:
            continue
        if key == "categories":
            out.append({"categories": list(base.lower)})
            out.append({"categories": [base.categories[0], base.yatzy_box, "chance"]})
        elif key == "bonus_threshold":
            out.append({"bonus_threshold": 30})
        else:
            for v in spec["choices"]:
                if v != spec["default"]:
                    out.append({key: v})
    combo = {"tie_break": True, "extra_rows": 1}
    if rid != "maxi":
        combo["all_rolls"] = True
    if rid in rules.OPTIONS["order"]["rulesets"]:
        combo["order"] = "up_or_down"
    out.append(combo)
    return out


def all_candidates(game):
    r = game.rules
    out = [("rolloff",), ("roll",), ("undo",), ("direction", "down"), ("direction", "up")]
    out += [("hold", i) for i in range(-1, r.dice + 1)]
    out += [("holds", m) for m in (0, 1, (1 << r.dice) - 1, 1 << r.dice)]
    for col in range(r.columns + 1):
        for c in r.categories + ("tiebreak", "nope"):
            out.append(("score", c, col))
    return out


def check_refused(game, rng, count):
    legal = set(game.legal_actions())
    illegal = [a for a in all_candidates(game) if a not in legal]
    before = game.snapshot()
    for a in rng.sample(illegal, min(count, len(illegal))):
        try:
            game.apply(a)
        except ValueError:
            pass
        else:
            raise AssertionError("illegal action %r accepted in %r" % (a, game))
        if game.snapshot() != before:
            raise AssertionError("refused action %r changed the state" % (a,))


def check_final(game):
    r = game.rules
    for p, pl in enumerate(game.players):
        if len(pl.turns) != game.rounds:
            raise AssertionError(
                "player %d played %d turns of %d" % (p, len(pl.turns), game.rounds)
            )
        boxes = set((t[1], t[2]) for t in pl.turns)
        if len(boxes) != game.rounds:
            raise AssertionError("player %d filled a box twice" % p)
        for col in pl.card:
            if any(v is None for v in col.values()):
                raise AssertionError("player %d has an open box at the end" % p)
        total = pl.extra
        for col in range(r.columns):
            raw = sum(t[3] for t in pl.turns if t[1] == col)
            total += r.factors[col] * (raw + game.bonus(p, col))
        if total != game.total(p):
            raise AssertionError("player %d total %d != %d" % (p, game.total(p), total))
        if sum(t[4] for t in pl.turns) != pl.extra:
            raise AssertionError("player %d extra bonus does not add up" % p)
    problems = check_record(game_record(game))
    if problems:
        raise AssertionError("record problems: %s" % "; ".join(problems))


def play_random(rid, options, seed, players=2, roundtrip=True, refusals=2, undo_rate=0.1):
    """Play one random game to the end, checking invariants; returns the game."""
    rng = random.Random(seed)
    names = ["P%d" % i for i in range(players)]
    game = Game(rid, names, options, dice=seed & 0xFFFFFFFF)
    steps = 0
    while True:
        acts = game.legal_actions()
        scores = [a for a in acts if a[0] == "score"]
        rolls = [a for a in acts if a[0] in ("roll", "holds", "hold")]
        if game.can_undo() and rng.random() < undo_rate:
            a = ("undo",)
        elif game.phase == OVER:
            break
        elif scores and (not rolls or rng.random() < 0.4):
            a = rng.choice(scores)
        elif rolls:
            a = ("holds", rng.randrange(1 << len(game.dice))) if game.dice else ("roll",)
            # compulsory rolls refuse a roll with every die held: then change the holds
            if ("roll",) in acts and (a not in acts or rng.random() < 0.5):
                a = ("roll",)
        else:
            a = rng.choice([x for x in acts if x != ("undo",)])
        if refusals:
            check_refused(game, rng, refusals)
        game.apply(a)
        steps += 1
        if roundtrip:
            data = codec.encode(game)
            again = codec.decode(data)
            if again.snapshot() != game.snapshot() or codec.encode(again) != data:
                raise AssertionError("save round trip differs after %r" % (a,))
        if steps > 20000:
            raise AssertionError("game does not end")
    check_final(game)
    return game


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="games per ruleset x option variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args(argv)
    if args.games < 1 or not 1 <= args.players <= rules.MAX_PLAYERS:
        ap.error("--games must be >= 1 and --players 1..%d" % rules.MAX_PLAYERS)
    t0 = time.time()
    n = 0
    failed = 0
    for rid in rules.RULESET_IDS:
        for opts in option_variants(rid):
            for _ in range(args.games):
                seed = args.seed * 100003 + n
                n += 1
                try:
                    play_random(rid, opts, seed, players=1 + (seed % args.players))
                except AssertionError as e:
                    failed += 1
                    print("FAIL %s %r seed %d: %s" % (rid, opts, seed, e))
    print("%d games, %d failed, %.1f s" % (n, failed, time.time() - t0))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
