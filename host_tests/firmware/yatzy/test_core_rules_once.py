# Each rule once, in the core: roll refusals, Yatzy dice, hold masks, the order, help points.
# SPDX-License-Identifier: MIT
import doctest
import importlib
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from yatzy import holds, levels, rules, scoring, strategy
from yatzy.dice import SeededDice
from yatzy.engine import ALL_HELD, NO_ROLLS_LEFT, NOT_ROLLING, TIEBREAK, TURN, Game

from tools.paths import ROOT


@pytest.mark.parametrize(
    "module",
    [
        "yatzy.actions",
        "yatzy.card",
        "yatzy.future",
        "yatzy.holds",
        "yatzy.keeps",
        "yatzy.rounds",
        "yatzy.rules_info",
    ],
)
def test_docstring_examples_run(module):
    failures, tried = doctest.testmod(importlib.import_module(module), verbose=False)
    assert failures == 0 and tried > 0


# ---- may I roll now? --------------------------------------------------------------------------
def _expected_refusal(g):
    """The rule written out from the ruleset's data, apart from the engine's code."""
    if g.phase not in (TURN, TIEBREAK):
        return NOT_ROLLING
    if g.rolls_left() <= 0:
        return NO_ROLLS_LEFT
    if g.rules.all_rolls and g.dice and False not in g.held:
        return ALL_HELD
    return None


def _check_refusal(g):
    why = g.roll_refusal()
    assert why == _expected_refusal(g)
    assert (("roll",) in g.legal_actions()) == (why is None)
    if why is not None:
        before = g.snapshot()
        with pytest.raises(ValueError):
            g.roll()
        assert g.snapshot() == before
    return why


@given(
    rid=st.sampled_from(rules.RULESET_IDS),
    all_rolls=st.booleans(),
    players=st.integers(1, 3),
    seed=st.integers(0, 2**32 - 1),
    picks=st.lists(st.integers(0, 1 << 20), min_size=40, max_size=40),
)
def test_roll_refusal_matches_legal_actions_and_roll(rid, all_rolls, players, seed, picks):
    opts = {"all_rolls": all_rolls} if rules.applies("all_rolls", rid) else {}
    g = Game(rid, ["P%d" % i for i in range(players)], opts, dice=seed)
    seen = set()
    for pick in picks:
        if g.is_over():
            break
        seen.add(_check_refusal(g))
        acts = g.legal_actions()
        g.apply(acts[pick % len(acts)])
    _check_refusal(g)
    assert seen  # something was checked


def test_every_refusal_occurs():
    g = Game("yatzy", ["Ann", "Bo"], {"all_rolls": True}, dice=5)
    assert g.roll_refusal() == NOT_ROLLING  # the roll-off comes first
    while g.phase != TURN:
        g.apply(g.legal_actions()[0])
    assert g.roll_refusal() is None
    g.roll()
    g.set_holds(31)
    assert g.roll_refusal() == ALL_HELD
    g.set_holds(1)
    g.roll()
    g.roll()
    assert g.roll_refusal() == NO_ROLLS_LEFT


# ---- what a Yatzy is ---------------------------------------------------------------------------
@pytest.mark.parametrize("n", [5, 6])
def test_is_yatzy_is_the_yatzy_box_scoring(n):
    r = rules.get("maxi" if n == 6 else "yatzy")
    yatzy = r.scorers[r.yatzy_box]
    for roll in scoring.multisets(n):
        dice = list(roll)
        assert scoring.is_yatzy(dice) == (yatzy(scoring.counts_of(dice), sum(dice)) > 0)
        assert scoring.is_yatzy(dice) == (len(set(dice)) == 1)
    assert not scoring.is_yatzy([])


# ---- hold masks --------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [5, 6])
def test_hold_masks_round_trip(n):
    for m in range(1 << n):
        flags = holds.flags_of(m, n)
        assert len(flags) == n and holds.mask_of(flags) == m
        assert flags == [bool(m & (1 << i)) for i in range(n)]


def test_keep_mask_holds_the_keep_for_every_roll_and_mask():
    for roll in scoring.multisets(5):
        dice = [roll[i] for i in (3, 0, 4, 1, 2)]  # not sorted: positions matter
        for m in range(32):
            keep = holds.kept(dice, m)
            got = holds.keep_mask(dice, sorted(keep))
            assert sorted(holds.kept(dice, got)) == sorted(keep)
            assert bin(got).count("1") == len(keep)


def test_the_engine_logs_the_same_masks():
    g = Game("yatzy", ["Ann"], dice=SeededDice(9))
    g.roll()
    g.set_holds(0b10110)
    assert g.held == holds.flags_of(0b10110, 5) and g.hold_mask() == 0b10110


# ---- the forced order: once, in RULESET_DEFAULTS -----------------------------------------------
def test_the_forced_order_comes_from_the_ruleset_defaults(monkeypatch):
    assert rules.configure("forced").order == rules.RULESET_DEFAULTS["forced"]["order"]
    monkeypatch.setitem(rules.RULESET_DEFAULTS, "forced", {"order": "up_or_down"})
    assert rules.configure("forced").order == "up_or_down"


@pytest.fixture
def menu_words():
    # the rules help is read from a menu, so the menus' words are loaded (as the app does),
    # whatever the tests before left
    import lang

    lang.use("en")


def test_help_states_the_order_from_the_ruleset(monkeypatch, menu_words):
    from ui.help import Help

    def overview(rid):
        return " ".join(Help(None, None, rid).lines()[1])

    for rid in rules.RULESET_IDS:
        r = rules.RULESETS[rid]
        assert ("TOP TO BOTTOM" in overview(rid)) == (r.order == "down")
    r = rules.RULESETS["yatzy"]
    monkeypatch.setattr(r, "order", "down")
    assert "TOP TO BOTTOM" in overview("yatzy")


# ---- the help's points: the ruleset's own data -------------------------------------------------
def test_help_overview_numbers_are_the_rulesets(monkeypatch, menu_words):
    from ui.help import Help

    for rid in rules.RULESET_IDS:
        r = rules.RULESETS[rid]
        text = " ".join(Help(None, None, rid).lines()[1])
        for v in (r.dice, len(r.categories), r.rolls, r.bonus_value, r.bonus_threshold):
            assert str(v) in text
        if r.yahtzee_bonus:
            assert "+%d" % r.yahtzee_bonus in text
    r = rules.RULESETS["yahtzee"]
    monkeypatch.setattr(r, "bonus_value", 77)
    monkeypatch.setattr(r, "yahtzee_bonus", 123)
    text = " ".join(Help(None, None, "yahtzee").lines()[1])
    assert "BONUS 77" in text and "+123" in text


def test_fixed_box_scores_in_the_help_are_what_the_box_scores():
    for rid in rules.RULESET_IDS:
        r = rules.configure(rid, {"extra_rows": 1})
        rolls = scoring.multisets(r.dice)
        for c in r.categories:
            text = rules.category_info(c, r)[3]
            f = r.scorers[c]
            got = set(f(scoring.counts_of(d), sum(d)) for d in rolls) - {0}
            if text.isdigit():
                assert got == {int(text)}, (rid, c)
            else:
                assert len(got) > 1, (rid, c)  # a "sum of ..." box scores many values


# ---- levels: one registry ----------------------------------------------------------------------
def test_levels_are_the_registrys():
    from save import store
    from ui import setup
    from yatzy import ai

    assert strategy.LEVELS is levels.LEVELS
    assert store.LEVELS == ("",) + levels.LEVELS == setup.KINDS
    assert ai.LEVELS == tuple(lv for lv in levels.LEVELS if levels.PROVIDERS.get(lv) == "yatzy.ai")
    g = Game("yatzy", ["Cpu"], cpu=[True], dice=4)
    for lv in levels.LEVELS:
        assert strategy.decide(g, lv) == ("roll",)


def test_the_store_loads_no_strategy():
    code = (
        "import sys\nfrom save import store\n"
        "print(sorted(m for m in sys.modules if m.startswith('yatzy')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout
    assert eval(out) == ["yatzy", "yatzy.levels"]


# ---- names stay importable where they were ------------------------------------------------------
def test_public_names_stay_where_they_were():
    from yatzy import ai, engine

    for name in ("ROLLOFF", "DIRECTION", "TURN", "TIEBREAK", "OVER", "PHASE_NAMES"):
        assert hasattr(engine, name)
    for name in ("DIRECTIONS", "TIEBREAK_BOX", "Game", "Player"):
        assert hasattr(engine, name)
    for name in ("tables", "register", "decide", "hint", "loss", "LEVELS", "PROVIDERS"):
        assert hasattr(strategy, name)
    # the basic level's search moved to a module of its own (loaded when a game asks for it)
    from yatzy import basic

    for name in ("basic", "keep_values", "final_values", "best_box", "SCALE"):
        assert hasattr(basic, name)
    for name in ("UNIT", "Model", "exact_key", "options", "choose", "hint"):
        assert hasattr(ai, name)
    # the hint coach's measure moved to a module of its own (a game of computers never loads it)
    from yatzy import coach

    assert hasattr(coach, "loss") and not hasattr(ai, "loss")
    assert strategy.tables(5).nrolls == 252
