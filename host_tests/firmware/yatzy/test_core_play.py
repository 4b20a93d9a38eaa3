# Seeded random play-throughs of every ruleset x option (a slice of tools/core/soak.py).
# SPDX-License-Identifier: MIT
import pytest
from yatzy import rules

from tools.core.soak import option_variants, play_random

CASES = [(rid, opts) for rid in rules.RULESET_IDS for opts in option_variants(rid)]


def test_every_applicable_option_value_is_covered():
    for rid in rules.RULESET_IDS:
        seen = {}
        for opts in option_variants(rid):
            for k, v in opts.items():
                seen.setdefault(k, []).append(v)
        for key, spec in rules.OPTIONS.items():
            if rid in spec["rulesets"]:
                assert key in seen, (rid, key)
                if spec["choices"]:
                    assert set(spec["choices"]) - {spec["default"]} <= set(seen[key])


@pytest.mark.parametrize("rid,options", CASES, ids=["%s-%r" % c for c in CASES])
def test_random_game_keeps_every_invariant(rid, options):
    # every step: save round trip, sampled illegal actions refused without change;
    # at the end: right number of turns, each box once per column, totals, record
    # (three-column games are three times as long: one player keeps the slice short)
    players = 1 if rules.configure(rid, options).columns == 3 else 2
    seed = len(repr(options)) * 7919 + len(rid)
    play_random(rid, options, seed=seed, players=players, refusals=1)


def test_multiplayer_tiebreaks_and_undo_everywhere():
    for seed in range(6):
        g = play_random("yatzy", {"categories": ["chance"], "tie_break": True}, seed, players=8)
        assert g.is_over()
