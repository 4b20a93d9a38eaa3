# The basic computer player: exact turn expectations, legal play everywhere, hooks.
# SPDX-License-Identifier: MIT
import random

import pytest
from yatzy import basic, codec, rules, strategy
from yatzy.engine import DIRECTION, ROLLOFF, TIEBREAK, Game
from yatzy.plain import plain

from tools.core.soak import check_final, option_variants


def scaled(v):
    return v / basic.SCALE


def test_chance_expectation_matches_the_per_die_recursion():
    # Maximising the sum: each die is independent; with k rolls a die is worth
    # e_k = mean(max(face, e_{k-1})), e_1 = 3.5.
    e = 3.5
    for _ in range(2):
        e = sum(max(face, e) for face in range(1, 7)) / 6
    for n, rid in ((5, "yatzy"), (6, "maxi")):
        g = Game(rid, ["A"], {"categories": ["chance"]})
        assert scaled(basic.keep_values(g, 3)[0]) == pytest.approx(n * e, abs=1e-3)


def test_yatzy_chase_probability_is_the_known_optimum():
    # The best chance of five of a kind in three rolls is 0.04603 (2,783,176 / 60,466,176).
    g = Game("yatzy", ["A"], {"categories": ["yatzy"]})
    p = scaled(basic.keep_values(g, 3)[0]) / 50
    assert p == pytest.approx(2783176 / 60466176, abs=1e-4)


def test_stops_on_a_yatzy_and_keeps_the_right_dice():
    g = Game("yatzy", ["A"])
    g.roll([6, 6, 6, 6, 6])
    assert strategy.decide(g) == ("score", "yatzy", 0)
    g = Game("yatzy", ["A"], {"categories": ["yatzy"]})
    g.roll([2, 5, 5, 1, 5])
    assert strategy.decide(g) == ("holds", 0b10110)
    g.set_holds(0b10110)
    assert strategy.decide(g) == ("roll",)


def test_scratches_the_box_with_least_potential():
    g = Game("yatzy", ["A"], {"categories": ["ones", "yatzy"]})
    g.roll([2, 3, 4, 5, 6])
    g.roll([2, 3, 4, 5, 6])
    g.roll([2, 3, 4, 5, 6])
    assert strategy.decide(g) == ("score", "ones", 0)


def test_all_rolls_rerolls_at_least_one_die():
    g = Game("yatzy", ["A"], {"all_rolls": True})
    g.roll([6, 6, 6, 6, 6])
    assert strategy.decide(g) == ("holds", 0b01111)  # a yatzy in hand: roll one die
    g.set_holds(0b11111)  # the player held all: basic releases one again
    assert strategy.decide(g) == ("holds", 0b01111)
    g.set_holds(0b01111)
    assert strategy.decide(g) == ("roll",)


def _must_roll_value(score, rolls):
    """Brute force: expected score of a turn where every re-roll rolls at least one die."""
    from itertools import combinations, product

    def value(roll, left):
        if not left:
            return score(roll)
        best = None
        for size in range(len(roll)):  # proper sub-keeps only
            for keep in set(combinations(roll, size)):
                v = expect(keep, left - 1)
                best = v if best is None or v > best else best
        return best

    memo = {}

    def expect(keep, left):
        key = (keep, left)
        if key not in memo:
            outs = list(product(range(1, 7), repeat=5 - len(keep)))
            memo[key] = sum(value(tuple(sorted(keep + o)), left) for o in outs) / len(outs)
        return memo[key]

    return expect((), rolls - 1)


@pytest.mark.parametrize(
    "box,score",
    [("chance", sum), ("yatzy", lambda d: 50 if len(set(d)) == 1 else 0)],
)
def test_all_rolls_turn_value_matches_a_must_reroll_brute_force(box, score):
    g = Game("yatzy", ["A"], {"categories": [box], "all_rolls": True})
    free = Game("yatzy", ["A"], {"categories": [box]})
    want = _must_roll_value(score, 3)
    got = scaled(basic.keep_values(g, 3)[0])
    assert got == pytest.approx(want, abs=1e-3)
    assert got < scaled(basic.keep_values(free, 3)[0])  # the rule costs something


def test_bonus_completion_counts():
    g = Game("yatzy", ["A"], {"categories": ["sixes", "chance"], "bonus_threshold": 24})
    g.roll([6, 6, 6, 6, 1])
    g.roll([6, 6, 6, 6, 1])
    g.roll([6, 6, 6, 6, 1])
    # sixes: 24 + 50 bonus beats chance 25
    assert strategy.decide(g) == ("score", "sixes", 0)


def test_rolloff_direction_and_tiebreak_turns():
    g = Game("yatzy", ["A", "B"], {"order": "up_or_down", "categories": ["chance"]})
    assert g.phase == ROLLOFF and strategy.decide(g) == ("rolloff",)
    g.rolloff([6])
    g.rolloff([1])
    assert g.phase == DIRECTION and strategy.decide(g)[0] == "direction"
    g = Game("yatzy", ["A", "B"], {"categories": ["chance"], "tie_break": True}, dice=9)
    g.rolloff([6])
    g.rolloff([1])
    for _ in range(2):
        g.roll([3, 3, 3, 3, 3])
        g.score("chance")
    assert g.phase == TIEBREAK
    assert strategy.decide(g) == ("roll",)
    g.roll([6, 6, 1, 1, 1])
    assert strategy.decide(g) == ("holds", 0b00011)
    with pytest.raises(ValueError, match="over"):
        while True:
            g.apply(strategy.decide(g))


@pytest.mark.parametrize("rid", rules.RULESET_IDS)
def test_plays_legally_in_every_ruleset_and_option(rid):
    for k, opts in enumerate(option_variants(rid)):
        g = Game(rid, ["A", "B"][: 1 + k % 2], opts, dice=1000 + k)
        while not g.is_over():
            g.apply(strategy.decide(g))  # an illegal action would raise
        check_final(g)


def test_four_player_game_uses_no_randomness_and_is_deterministic():
    class NoRandom:
        def __getattr__(self, name):
            raise AssertionError("basic touched rand.%s" % name)

    finals = []
    for _ in range(2):
        g = Game("yahtzee", ["A", "B", "C", "D"], cpu=[True] * 4, dice=77)
        while not g.is_over():
            g.apply(strategy.decide(g, "basic", NoRandom()))
        finals.append(codec.encode(g))
    assert finals[0] == finals[1]


def test_a_decoded_game_gets_the_same_decision():
    g = Game("triple", ["A", "B"], dice=5)
    rng = random.Random(3)
    for _ in range(60):
        a = strategy.decide(g)
        h = codec.decode(codec.encode(g))
        assert strategy.decide(h) == a
        g.apply(a if rng.random() < 0.8 else g.legal_actions()[0])


def test_basic_beats_random_play():
    def mean(player):
        out = []
        for seed in range(8):
            g = Game("yatzy", ["A"], dice=seed)
            rng = random.Random(seed)
            while not g.is_over():
                g.apply(player(g, rng))
            out.append(g.total(0))
        return sum(out) / len(out)

    def random_player(g, rng):
        acts = [a for a in g.legal_actions() if a[0] in ("roll", "score")]
        return rng.choice(acts)

    basic = mean(lambda g, rng: strategy.decide(g))
    assert basic > 150 and basic > mean(random_player) + 50


def test_levels_hook():
    with pytest.raises(ValueError, match="unknown strategy level"):
        strategy.decide(Game(), "grandmaster")
    with pytest.raises(ValueError, match="unknown strategy level"):
        strategy.decide(Game(), "../x")
    seen = []
    strategy.register("test_level", lambda g, rand: seen.append(rand) or ("roll",))
    try:
        assert strategy.decide(Game(), "test_level", rand=42) == ("roll",) and seen == [42]
    finally:
        strategy._LEVELS.pop("test_level")


@pytest.mark.parametrize("rid", rules.RULESET_IDS)
def test_plain_finishes_every_ruleset_and_option_legally(rid):
    # the no-tables move: every action legal, every game to its end, never a table built
    for k, opts in enumerate(option_variants(rid)):
        g = Game(rid, ["A", "B"][: 1 + k % 2], opts, dice=2000 + k)
        while not g.is_over():
            a = plain(g)
            assert a in g.legal_actions(), (opts, a)
            g.apply(a)
        check_final(g)


def test_plain_keeps_the_most_common_face_and_scores_the_most():
    g = Game("yatzy", ["A"])
    g.roll([2, 5, 2, 5, 1])
    assert plain(g) == ("holds", 0b01010)  # fives over twos on a tie
    g.set_holds(0b01010)
    assert plain(g) == ("roll",)
    g.roll([6, 6, 6])  # the held fives stay: 6 5 6 5 6
    assert g.dice == [6, 5, 6, 5, 6]
    g.set_holds(0)
    g.roll([6, 5, 6, 5, 6])
    # full house 28 beats three sixes 18 and two pairs 22
    assert plain(g) == ("score", "full_house", 0)
    g = Game("yatzy", ["A"], {"all_rolls": True})
    g.roll([4, 4, 4, 4, 4])
    assert plain(g) == ("holds", 0b01111)  # compulsory rolls: one die goes again


def test_a_level_and_basic_out_of_memory_play_the_plain_move(monkeypatch):
    calls = []

    def no_room(game, rand):
        calls.append(1)
        raise MemoryError("memory allocation failed, allocating 3712 bytes")

    monkeypatch.setitem(strategy._LEVELS, "basic", no_room)
    monkeypatch.setitem(strategy._LEVELS, "test_big", no_room)
    for level in ("test_big", "basic"):
        calls.clear()
        g = Game("maxi", ["A"], cpu=[True], dice=5)
        g.roll([1, 3, 3, 6, 2, 3])
        assert strategy.decide(g, level) == plain(g) == ("holds", 0b100110)
        assert len(calls) == (2 if level == "test_big" else 1)
    g = Game("maxi", ["A", "B"], cpu=[True, True], dice=5)
    while not g.is_over():  # a whole game on the fallback alone
        g.apply(strategy.decide(g, "test_big"))
    check_final(g)


def test_every_decision_and_hint_path_closes_the_table_files(monkeypatch):
    """A data file read() opened holds its cache on the Pico's heap until close(): decide()
    and hint() close them on every path, the hint's basic fallback (its best box reads the
    score rows) included."""
    from yatzy import ai, tables

    g = Game("yatzy", ["A"], dice=3)
    for _ in range(3):
        g.roll()  # no rolls left: a box to choose, from the score rows
    assert strategy.decide(g, "best")[0] == "score"
    assert tables._open == {}

    def no_room(game):
        raise MemoryError

    monkeypatch.setattr(ai, "hint", no_room)
    act, exact = strategy.hint(g)
    assert act[0] == "score" and not exact
    assert tables._open == {}


def test_basic_out_of_memory_mid_turn_leaves_no_half_built_turn(monkeypatch):
    """A MemoryError while basic builds a turn's arrays leaves nothing of that turn cached:
    the next decision (the heap collected) builds them again and plays basic's move."""
    g = Game("yatzy", ["A"], cpu=[True], dice=5)
    g.roll([1, 3, 3, 6, 2])
    want = basic.basic(g)
    basic.forget()
    real = basic.final_values
    fails = [1]

    def once(game):
        if fails:
            fails.pop()
            raise MemoryError("memory allocation failed, allocating 2048 bytes")
        return real(game)

    monkeypatch.setattr(basic, "final_values", once)
    with pytest.raises(MemoryError):
        basic.basic(g)
    assert basic.basic(g) == want
