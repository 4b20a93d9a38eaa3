# Engine: roll-off, turns, holds, saved rolls, orders, Joker, bonuses, tie-break, undo, refusals.
# SPDX-License-Identifier: MIT
import pytest
from yatzy import codec, rules, scoring
from yatzy.dice import ScriptedDice
from yatzy.engine import DIRECTION, OVER, ROLLOFF, TIEBREAK, TURN, Game


def solo(rid="yatzy", options=None, **kw):
    return Game(rid, ["Ann"], options, **kw)


def play_turn(g, dice, category, column=0):
    g.roll(list(dice))
    return g.score(category, column)


def best_rolls(r):
    """For each box, a roll giving its best raw score."""
    rolls = scoring.multisets(r.dice)
    return {c: max(rolls, key=lambda d: scoring.score(r, c, list(d))) for c in r.categories}


# ---- roll-off ----------------------------------------------------------------------------
def test_rolloff_ties_roll_again_only_the_leaders():
    g = Game("yatzy", ["A", "B", "C", "D"], dice=ScriptedDice([5, 6, 2, 6, 4, 4, 3, 1]))
    assert g.phase == ROLLOFF and g.current == 0
    for expected_current in (0, 1, 2, 3):
        assert g.current == expected_current
        g.apply(("rolloff",))
    # B and D tied on 6: only they roll again, and tie again on 4
    assert g.phase == ROLLOFF and g.current == 1
    g.rolloff()
    assert g.current == 3
    g.rolloff()
    assert g.phase == ROLLOFF and g.current == 1
    g.rolloff()
    g.rolloff()
    assert g.phase == TURN and g.starter == 1 and g.current == 1
    assert g.rolloff_log == [
        (0, 0, (5,)),
        (0, 1, (6,)),
        (0, 2, (2,)),
        (0, 3, (6,)),
        (1, 1, (4,)),
        (1, 3, (4,)),
        (2, 1, (3,)),
        (2, 3, (1,)),
    ]
    # play passes in seat order from the starter
    order = []
    for _ in range(4):
        order.append(g.current)
        play_turn(g, [1, 2, 3, 4, 6], "chance")
    assert order == [1, 2, 3, 0] and g.round == 2 and g.current == 1


def test_american_rolloff_uses_five_dice_totals():
    g = Game("yahtzee", ["A", "B"])
    g.rolloff([1, 1, 1, 1, 6])  # 10
    g.rolloff([2, 2, 2, 2, 1])  # 9, although its highest die is lower
    assert g.starter == 0 and g.phase == TURN
    with pytest.raises(ValueError, match="need 5"):
        Game("yahtzee", ["A", "B"]).rolloff([6])


def test_one_player_skips_the_rolloff():
    assert solo().phase == TURN
    assert solo("yatzy", {"order": "up_or_down"}).phase == DIRECTION


# ---- turns -------------------------------------------------------------------------------
def test_three_rolls_with_holds():
    g = solo(dice=ScriptedDice([1, 2, 3, 4, 5, 6, 6, 6, 6, 5]))
    g.roll()
    assert g.dice == [1, 2, 3, 4, 5] and g.rolls_left() == 2
    g.set_holds(0b10100)  # hold dice 2 and 4
    g.roll()
    assert g.dice == [6, 6, 3, 6, 5]
    g.toggle_hold(4)
    g.toggle_hold(2)  # release dice 2 and 4, hold the sixes
    for i in (0, 1, 3):
        g.apply(("hold", i))
    assert g.held == [True, True, False, True, False]
    g.roll()
    assert g.dice == [6, 6, 6, 6, 5] and g.rolls_left() == 0
    assert ("four_of_a_kind", 0, 24) in g.choices()
    g.score("four_of_a_kind")
    turn = g.players[0].turns[0]
    assert turn[5] == [[1, 2, 3, 4, 5], [6, 6, 3, 6, 5], [6, 6, 6, 6, 5]]
    assert turn[6] == [0b10100, 0b01011]


def test_game_lasts_exactly_the_rounds():
    for rid in rules.RULESET_IDS:
        g = Game(rid, ["A", "B"], dice=3)
        g.rolloff()
        while g.phase == ROLLOFF:
            g.rolloff()
        turns = 0
        while not g.is_over():
            g.roll()
            c, col, _ = g.choices()[0]
            g.score(c, col)
            turns += 1
        assert turns == 2 * g.rounds == 2 * len(rules.RULESETS[rid].categories) * g.rules.columns


def test_maxi_saved_rolls():
    g = solo("maxi")
    play_turn(g, [1, 2, 3, 4, 5, 6], "full_straight")  # one roll: two saved
    assert g.players[0].saved_rolls == 2
    assert g.rolls_left() == 5
    for _ in range(4):
        g.roll([6] * 6)
    assert g.rolls_left() == 1
    g.roll([6] * 6)
    assert g.rolls_left() == 0
    with pytest.raises(ValueError, match="no rolls left"):
        g.roll([6] * 6)
    g.score("maxi_yatzy")
    assert g.players[0].saved_rolls == 0


def test_all_rolls_compulsory():
    g = solo("yatzy", {"all_rolls": True})
    g.roll([6] * 5)
    assert g.choices() == [] and g.choices(preview=True)
    with pytest.raises(ValueError, match="compulsory"):
        g.score("yatzy")
    g.set_holds(0b11111)  # holding every die is a legal state ...
    assert ("roll",) not in g.legal_actions() and ("holds", 0b01111) in g.legal_actions()
    before = g.snapshot()
    for act in (("roll",), ("roll", [])):  # ... but a compulsory roll must roll a die
        with pytest.raises(ValueError, match="compulsory rolls.*release at least one die"):
            g.apply(act)
        assert g.snapshot() == before
    g.toggle_hold(4)
    assert ("roll",) in g.legal_actions()
    g.roll([6])
    g.set_holds(0b01111)
    g.roll([6])
    assert g.score("yatzy") == 50


def test_all_rolls_refuses_rolling_no_die_in_a_tie_break_too():
    g = Game("yatzy", ["A", "B"], {"categories": ["chance"], "tie_break": True, "all_rolls": True})
    g.rolloff([5])
    g.rolloff([2])
    for _ in range(2):
        g.roll([2] * 5)
        g.set_holds(0b11110)
        g.roll([2])
        g.roll([2])
        g.score("chance")
    assert g.phase == TIEBREAK
    g.roll([3] * 5)
    g.set_holds(0b11111)
    before = g.snapshot()
    assert ("roll",) not in g.legal_actions()
    with pytest.raises(ValueError, match="compulsory rolls"):
        g.roll([])
    assert g.snapshot() == before


@pytest.mark.parametrize("rid", ["yatzy", "yahtzee", "forced", "triple"])
def test_without_all_rolls_a_roll_may_hold_every_die(rid):
    g = solo(rid)
    g.roll([4] * 5)
    g.set_holds(0b11111)
    assert ("roll",) in g.legal_actions()
    g.roll([])
    assert g.dice == [4] * 5 and g.rolls_used == 2


# ---- orders ------------------------------------------------------------------------------
def test_forced_order_fills_top_down():
    g = solo("forced")
    g.roll([6] * 5)
    assert [c for c, _, _ in g.choices()] == ["ones"]
    with pytest.raises(ValueError, match="order down"):
        g.score("yatzy")
    assert g.score("ones") == 0
    g.roll([1] * 5)
    assert g.choices() == [("twos", 0, 0)]


def test_up_or_down_each_player_picks_once():
    g = Game("yatzy", ["A", "B"], {"order": "up_or_down"})
    g.rolloff([3])
    g.rolloff([2])
    assert g.phase == DIRECTION and g.current == 0
    with pytest.raises(ValueError, match="cannot roll"):
        g.roll([1] * 5)
    g.choose_direction("up")
    play_turn(g, [1, 1, 1, 1, 1], "yatzy")
    assert g.phase == DIRECTION and g.current == 1
    with pytest.raises(ValueError, match="direction"):
        g.choose_direction("left")
    g.apply(("direction", "down"))
    g.roll([1] * 5)
    assert g.choices() == [("ones", 0, 5)]
    g.score("ones")
    g.roll([2] * 5)
    assert g.choices() == [("chance", 0, 10)]  # A goes up: yatzy done, chance next
    assert g.phase == TURN


def test_upper_first():
    g = solo("yahtzee", {"upper_first": True})
    for i, c in enumerate(rules.UPPER):
        g.roll([i + 1] * 4 + [1])
        assert all(x[0] in rules.UPPER for x in g.choices())
        with pytest.raises(ValueError, match="upper section first"):
            g.score("chance")
        g.score(c)
    g.roll([1, 2, 3, 4, 5])
    assert ("large_straight", 0, 40) in g.choices()


# ---- Joker, Yahtzee bonus, extra Yatzy bonus -----------------------------------------------
def yahtzee_with(filled, options=None):
    """A solo Yahtzee game with ``filled`` boxes pre-scored by scripted turns."""
    g = solo("yahtzee", options)
    for c, dice in filled:
        play_turn(g, dice, c)
    return g


JOKER_TABLE = [
    # (boxes filled before, yahtzee value, expected choices as {box: score}, bonus)
    ([("yahtzee", [4] * 5)], 4, {"fours": 20}, 100),
    ([("yahtzee", [1, 2, 3, 4, 6])], 4, {"fours": 20}, 0),  # scratched: Joker, no bonus
    (
        [("yahtzee", [4] * 5), ("fours", [4, 4, 1, 2, 3])],
        4,
        {
            "three_of_a_kind": 20,
            "four_of_a_kind": 20,
            "full_house": 25,
            "small_straight": 30,
            "large_straight": 40,
            "chance": 20,
        },
        100,
    ),
    ([], 4, None, 0),  # yahtzee box open: ordinary choices, raw scores
]


@pytest.mark.parametrize("before,value,expected,bonus", JOKER_TABLE)
def test_joker_rules(before, value, expected, bonus):
    g = yahtzee_with(before)
    g.roll([value] * 5)
    got = {c: s for c, _, s in g.choices()}
    if expected is None:
        assert got["yahtzee"] == 50 and got["full_house"] == 0 and got["small_straight"] == 0
        assert len(got) == 13
    else:
        assert got == expected
    if expected == {"fours": 20}:
        refused(g, ("score", "chance", 0), "Joker rules")
    c = sorted(got)[0]
    before_extra = g.extra_bonus(0)
    g.score(c)
    assert g.extra_bonus(0) - before_extra == bonus


def test_joker_falls_back_to_upper_boxes_for_zero():
    lower = [c for c in rules.RULESETS["yahtzee"].lower if c != "yahtzee"]
    filled = [("yahtzee", [2] * 5), ("twos", [2, 2, 1, 3, 4])]
    filled += [(c, [1, 2, 3, 4, 6]) for c in lower]
    g = yahtzee_with(filled)
    g.roll([2] * 5)
    assert {c: s for c, _, s in g.choices()} == {
        "ones": 0,
        "threes": 0,
        "fours": 0,
        "fives": 0,
        "sixes": 0,
    }
    assert g.score("ones") == 0 and g.extra_bonus(0) == 100


def test_joker_waits_for_every_extra_yahtzee_row():
    g = yahtzee_with([("yahtzee", [3] * 5)], {"extra_rows": 1})
    g.roll([3] * 5)
    got = {c: s for c, _, s in g.choices()}
    assert got["yahtzee_2"] == 50 and got["full_house"] == 0 and len(got) == 13
    g.score("yahtzee_2")
    assert g.extra_bonus(0) == 100  # the bonus rule is unchanged: yahtzee box holds 50
    g.roll([3] * 5)
    assert {c for c, _, _ in g.choices()} == {"threes"}


def test_nordic_has_no_joker_and_extra_bonus_option():
    g = solo("yatzy")
    play_turn(g, [5] * 5, "yatzy")
    g.roll([5] * 5)
    assert ("full_house", 0, 0) in g.choices() and len(g.choices()) == 14
    g.score("fives")
    assert g.extra_bonus(0) == 0
    g = solo("yatzy", {"extra_bonus": 100})
    play_turn(g, [5] * 5, "yatzy")
    play_turn(g, [5] * 5, "fives")
    play_turn(g, [2] * 5, "chance")
    assert g.extra_bonus(0) == 200 and g.total(0) == 50 + 25 + 10 + 200
    g = solo("yatzy", {"extra_bonus": 50})
    play_turn(g, [1, 1, 2, 3, 4], "yatzy")  # scratched: no extra bonus later
    play_turn(g, [5] * 5, "fives")
    assert g.extra_bonus(0) == 0


def test_yahtzee_maximum_1575_by_play():
    r = rules.RULESETS["yahtzee"]
    g = solo("yahtzee")
    play_turn(g, [6] * 5, "yahtzee")
    for c in rules.UPPER:
        play_turn(g, [rules.FACE[c]] * 5, c)
    for c in r.lower:
        if c != "yahtzee":
            play_turn(g, [6] * 5, c)
    assert g.is_over() and g.total(0) == 1575


@pytest.mark.parametrize("rid", ["yatzy", "forced", "maxi"])
def test_best_roll_in_every_box_gives_the_maximum(rid):
    r = rules.RULESETS[rid]
    best = best_rolls(r)
    g = solo(rid)
    for c in r.categories:
        play_turn(g, best[c], c)
    expect = sum(scoring.score(r, c, list(best[c])) for c in r.categories) + r.bonus_value
    assert g.is_over() and g.total(0) == expect
    if rid == "yatzy":
        assert expect == 374


# ---- bonus, triple, totals -----------------------------------------------------------------
def test_bonus_and_points_still_needed():
    g = solo("yatzy")
    assert g.bonus_needed(0) == 63
    play_turn(g, [6, 6, 6, 1, 2], "sixes")
    play_turn(g, [5, 5, 5, 1, 2], "fives")
    play_turn(g, [4, 4, 4, 1, 2], "fours")
    assert g.upper_total(0) == 45 and g.bonus_needed(0) == 18 and g.bonus(0) == 0
    play_turn(g, [3, 3, 3, 1, 2], "threes")
    play_turn(g, [2, 2, 2, 1, 4], "twos")
    assert g.bonus_needed(0) == 3
    play_turn(g, [1, 2, 3, 4, 6], "ones")  # 1 point: 61, bonus out of reach
    assert g.bonus_needed(0) is None and g.bonus(0) == 0
    g = solo("forced")
    for c in rules.UPPER:
        play_turn(g, [rules.FACE[c]] * 3 + [1, 1] if c != "ones" else [1, 1, 1, 2, 2], c)
    assert g.upper_total(0) == 3 + 3 * (2 + 3 + 4 + 5 + 6)
    assert g.bonus(0) == 50 and g.bonus_needed(0) == 0


def test_triple_columns_multiply():
    g = solo("triple")
    assert g.rounds == 45 and len(g.players[0].card) == 3
    play_turn(g, [6] * 5, "yatzy", 2)
    play_turn(g, [6] * 5, "yatzy", 0)
    g.roll([1, 2, 3, 4, 5])
    assert {col for c, col, s in g.choices() if c == "small_straight"} == {0, 1, 2}
    with pytest.raises(ValueError, match="already filled"):
        g.score("yatzy", 2)
    with pytest.raises(ValueError, match="column 3"):
        g.score("chance", 3)
    g.score("small_straight", 1)
    assert g.total(0) == 3 * 50 + 50 + 2 * 15
    assert [g.column_total(0, c) for c in range(3)] == [50, 15, 50]


def test_ranking_shares_places():
    g = Game("yatzy", ["A", "B", "C"], {"categories": ["chance"]})
    for v in (3, 2, 1):
        g.rolloff([v])
        if g.phase != ROLLOFF:
            break
    for dice in ([6, 6, 6, 6, 5], [6, 6, 6, 6, 5], [1, 1, 1, 1, 2]):
        play_turn(g, dice, "chance")
    assert g.is_over() and g.ranking() == [(1, 0, 29), (1, 1, 29), (3, 2, 6)]


def test_tie_break_extra_turns_decide_the_ranking():
    g = Game("yatzy", ["A", "B", "C"], {"categories": ["chance"], "tie_break": True})
    g.rolloff([6])
    g.rolloff([1])
    g.rolloff([1])
    for dice in ([6, 6, 6, 6, 5], [6, 6, 6, 6, 5], [1, 1, 1, 1, 2]):
        play_turn(g, dice, "chance")
    assert g.phase == TIEBREAK and g.current == 0
    assert g.choices() == []
    g.roll([2, 2, 2, 2, 2])
    assert g.choices() == [("tiebreak", 0, 10)]
    with pytest.raises(ValueError, match="tie-break"):
        g.score("chance")
    g.score("tiebreak")
    assert g.current == 1
    play_turn(g, [1, 2, 3, 3, 1], "tiebreak")  # 10 again: tie, both roll again
    assert g.phase == TIEBREAK and g.current == 0
    play_turn(g, [1, 1, 1, 1, 1], "tiebreak")
    play_turn(g, [1, 1, 1, 1, 2], "tiebreak")
    assert g.is_over()
    assert g.totals() == [29, 29, 6]
    assert g.ranking() == [(1, 1, 29), (2, 0, 29), (3, 2, 6)]


# ---- undo ----------------------------------------------------------------------------------
def test_undo_restores_dice_holds_card_and_player():
    g = Game("yatzy", ["A", "B"], dice=ScriptedDice([6, 6, 6, 6, 1, 6, 2, 2, 2, 2, 2]))
    g.rolloff([5])
    g.rolloff([4])
    g.roll()
    g.set_holds(0b01111)
    g.roll()
    before = codec.encode(g)
    assert not g.can_undo()
    g.score("chance")
    assert g.current == 1 and g.can_undo() and ("undo",) in g.legal_actions()
    g.undo()
    assert codec.encode(g) == before
    assert g.dice == [6, 6, 6, 6, 6] and g.held == [True] * 4 + [False] and g.rolls_used == 2
    assert not g.can_undo()
    with pytest.raises(ValueError, match="nothing to undo"):
        g.undo()
    g.score("yatzy")
    g.roll()
    assert not g.can_undo()


def test_undo_of_the_last_box_reopens_the_game():
    g = solo("yatzy", {"categories": ["chance"]})
    play_turn(g, [1, 1, 1, 1, 1], "chance")
    assert g.is_over() and g.legal_actions() == [("undo",)]
    g.undo()
    assert g.phase == TURN and g.choices() == [("chance", 0, 5)]


# ---- refusals ------------------------------------------------------------------------------
def refused(g, action, needle, **kw):
    before = codec.encode(g)
    with pytest.raises(ValueError, match=needle):
        g.apply(action, **kw)
    assert codec.encode(g) == before


def test_every_illegal_action_is_refused_and_changes_nothing():
    g = Game("yatzy", ["A", "B"], dice=ScriptedDice([4, 2] + [3] * 40))
    refused(g, ("roll",), "cannot roll")
    refused(g, ("score", "chance", 0), "cannot score")
    refused(g, ("rolloff",), "out of turn", player=1)
    refused(g, ("rolloff", [7]), "outside 1..6")
    refused(g, ("rolloff", [1, 2]), "need 1")
    g.rolloff()
    g.rolloff()
    refused(g, ("rolloff",), "cannot roll off")
    refused(g, ("hold", 0), "before the first roll")
    refused(g, ("score", "chance", 0), "roll at least once")
    refused(g, ("roll", [1, 2, 3, 4]), "need 5")
    refused(g, ("roll", [1, 2, 3, 4, 0]), "outside 1..6")
    refused(g, ("roll", [1, 2, 3, 4, "6"]), "outside 1..6")
    refused(g, ("roll",), "out of turn", player=1)
    refused(g, ("direction", "up"), "cannot choose")
    g.roll()
    refused(g, ("hold", 5), "no die 5")
    refused(g, ("hold", -1), "no die")
    refused(g, ("holds", 32), "hold mask")
    refused(g, ("score", "tower", 0), "unknown category")
    refused(g, ("score", "chance", 1), "column 1")
    refused(g, ("score", "chance", "0"), "column")
    refused(g, ("fly",), "unknown action")
    refused(g, "roll", "action")
    refused(g, ("undo",), "nothing to undo")
    g.set_holds(0b00011)
    refused(g, ("roll", [1, 2, 3, 4, 5]), "need 3")
    g.roll()
    g.roll()
    refused(g, ("roll",), "no rolls left")
    refused(g, ("hold", 0), "no rolls left")
    g.score("threes")
    play_turn(g, [3, 3, 3, 3, 3], "chance")
    g.roll([3, 3, 3, 1, 1])
    refused(g, ("score", "threes", 0), "already filled")


def test_bad_games_are_refused():
    for kw, needle in [
        ({"rules": "farkle"}, "unknown ruleset"),
        ({"players": []}, "1 to 30"),
        ({"players": ["P%d" % i for i in range(31)]}, "1 to 30"),
        ({"players": "Ann"}, "players"),
        ({"players": ["Ann", ""]}, "name"),
        ({"players": ["Ann"], "cpu": [True, False]}, "cpu"),
        ({"players": ["Ann"], "cpu": ["yes"]}, "cpu"),
        ({"options": {"order": "diagonal"}}, "order"),
        ({"dice": "random"}, "dice"),
    ]:
        with pytest.raises(ValueError, match=needle):
            Game(**kw)


def test_dice_source_values_are_checked():
    g = solo(dice=ScriptedDice([1, 2, 3, 4, 9]))
    before = codec.encode(g)
    with pytest.raises(ValueError, match="dice source gave"):
        g.roll()
    assert codec.encode(g) == before
    with pytest.raises(ValueError, match="no dice source"):
        solo().roll()


def test_phase_flow_reaches_over():
    g = solo("yatzy", {"categories": ["ones", "twos"]})
    play_turn(g, [1] * 5, "ones")
    assert g.phase == TURN and g.round == 2
    play_turn(g, [2] * 5, "twos")
    assert g.phase == OVER and g.round == 2 and g.legal_actions() == [("undo",)]


# ---- combinations of options ---------------------------------------------------------------
def test_triple_yahtzee_joker_needs_every_yahtzee_box_of_every_column():
    g = solo("yahtzee", {"triple": True})
    play_turn(g, [5] * 5, "yahtzee", 0)
    play_turn(g, [5] * 5, "yahtzee", 1)
    g.roll([5] * 5)
    got = {(c, col) for c, col, _ in g.choices()}
    assert ("yahtzee", 2) in got and ("full_house", 0) in got  # Joker not yet
    g.score("yahtzee", 2)
    assert g.extra_bonus(0) == 200  # second and third Yahtzee
    g.roll([5] * 5)
    assert {(c, col) for c, col, _ in g.choices()} == {("fives", 0), ("fives", 1), ("fives", 2)}
    g.score("fives", 2)
    assert g.total(0) == 50 + 2 * 50 + 3 * (50 + 25) + 300


def test_forced_triple_offers_the_next_box_of_each_column():
    g = solo("forced", {"triple": True})
    play_turn(g, [1] * 5, "ones", 1)
    g.roll([2] * 5)
    assert g.choices() == [("ones", 0, 0), ("twos", 1, 10), ("ones", 2, 0)]


def test_up_order_with_joker_takes_the_last_box():
    g = solo("yahtzee", {"order": "up_or_down"})
    g.choose_direction("up")
    play_turn(g, [3] * 5, "chance")
    play_turn(g, [3] * 5, "yahtzee")
    g.roll([3] * 5)
    # yahtzee filled: Joker, but up order leaves only large_straight open to fill
    assert g.choices() == [("large_straight", 0, 40)] and g.extra_bonus(0) == 0
    g.score("large_straight")
    assert g.extra_bonus(0) == 100


def test_extra_rows_and_extra_bonus_read_literally():
    g = solo("yatzy", {"extra_rows": 1, "extra_bonus": 50})
    play_turn(g, [4] * 5, "yatzy")
    play_turn(g, [4] * 5, "yatzy_2")
    assert g.total(0) == 50 + 50 + 50 and g.extra_bonus(0) == 50


def test_tie_break_with_compulsory_rolls_and_undo_of_a_stop():
    g = Game("yatzy", ["A", "B"], {"categories": ["chance"], "tie_break": True, "all_rolls": True})
    g.rolloff([2])
    g.rolloff([5])
    for _ in range(2):
        g.roll([2] * 5)
        g.set_holds(30)
        g.roll([2])
        g.roll([2])
        g.score("chance")
    assert g.phase == TIEBREAK and g.current == 1  # seat order from the starter
    g.roll([6] * 5)
    assert g.choices() == [] and g.rolls_left() == 2
    g.set_holds(30)
    g.roll([6])
    g.roll([6])
    snap = codec.encode(g)
    g.score("tiebreak")
    g.undo()
    assert codec.encode(g) == snap
    g.score("tiebreak")
    g.roll([1] * 5)
    g.set_holds(30)
    g.roll([1])
    g.roll([1])
    g.score("tiebreak")
    assert g.is_over() and g.ranking() == [(1, 1, 10), (2, 0, 10)]


def test_second_place_ties_stay_shared_with_tie_break():
    g = Game("yatzy", ["A", "B", "C"], {"categories": ["chance"], "tie_break": True})
    g.rolloff([6])
    g.rolloff([1])
    g.rolloff([1])
    for dice in ([6] * 5, [1] * 5, [1] * 5):
        play_turn(g, dice, "chance")
    assert g.is_over() and g.ranking() == [(1, 0, 30), (2, 1, 5), (2, 2, 5)]


def test_bonus_per_column_in_triple():
    g = solo("triple", {"bonus_threshold": 10})
    play_turn(g, [6, 6, 1, 1, 2], "sixes", 1)
    assert [g.bonus_needed(0, c) for c in range(3)] == [10, 0, 10]
    assert g.total(0) == 2 * (12 + 50)


def test_eight_players_roll_off_and_rotate():
    g = Game("yatzy", ["P%d" % i for i in range(8)], {"categories": ["chance"]}, dice=4)
    while g.phase == ROLLOFF:
        g.rolloff()
    assert g.rolloff_log[0][:2] == (0, 0) and len({e[1] for e in g.rolloff_log}) == 8
    seen = []
    while not g.is_over():
        seen.append(g.current)
        g.roll()
        g.score("chance")
    assert seen == [(g.starter + i) % 8 for i in range(8)]


@pytest.mark.parametrize(
    "rid, options, players",
    [
        ("yatzy", {"tie_break": True}, 3),
        ("maxi", {"extra_bonus": 50}, 2),
        ("yahtzee", {"all_rolls": True}, 2),
        ("triple", {"order": "up_or_down"}, 2),
        ("forced", {"extra_rows": 1, "tie_break": True}, 4),
    ],
)
@pytest.mark.parametrize("seed", range(4))
def test_undo_puts_back_exactly_the_state_before_the_box(rid, options, players, seed):
    """Undo keeps only what scoring changes (not a snapshot of the game): after every box
    (tie-break stops included), undo must give back the very state before it."""
    import random

    rng = random.Random(seed)
    g = Game(rid, ["P%d" % i for i in range(players)], options, dice=seed + 1)
    boxes = 0
    while g.phase != OVER:
        acts = [a for a in g.legal_actions() if a != ("undo",)]
        scores = [a for a in acts if a[0] == "score"]
        if scores and rng.random() < 0.5:
            a = rng.choice(scores)
            before = g.snapshot()
            legal = g.legal_actions()
            g.apply(a)
            g.undo()
            assert g.snapshot() == before and g.legal_actions() == legal
            g.apply(a)
            boxes += 1
        else:
            others = [x for x in acts if x[0] != "score"]
            g.apply(rng.choice(others or scores))
    assert boxes > 0
    g.undo()  # the last box too
    assert g.phase != OVER
