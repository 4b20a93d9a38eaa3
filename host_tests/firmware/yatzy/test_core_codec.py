# Save codec: named fields, exact round trips, saves the rules could not make refused by replay.
# SPDX-License-Identifier: MIT
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from yatzy import codec, rules
from yatzy.dice import ScriptedDice, SeededDice
from yatzy.engine import Game
from yatzy.log_load import entries

from tools.core.soak import option_variants, play_random

ROUND, COLUMN, BOX, SCORE, EXTRA, NROLLS = range(6)  # a turn log entry's head (yatzy.log.entry)


def midgame(rid="yatzy", options=None, players=2, turns=3, seed=11):
    g = Game(rid, ["Ann", "Bob", "Cy", "Di"][:players], options, dice=seed)
    while g.phase == 0:
        g.rolloff()
    for _ in range(turns):
        if g.phase == 1:
            g.choose_direction("up")
        g.roll()
        g.set_holds(0b101 & ((1 << g.rules.dice) - 1))
        g.roll()
        c, col, _ = g.choices()[-1]
        g.score(c, col)
    if g.phase == 1:
        g.choose_direction("down")
    g.roll()
    g.toggle_hold(1)
    return g


def refused(snap, needle):
    """The edited snapshot encodes fine but must not load; the message names `needle`."""
    with pytest.raises(ValueError, match=needle) as e:
        codec.decode(codec.pack(snap))
    assert str(e.value).startswith("bad save data: ")
    return str(e.value)


def set_turn(snap, p, j, pos, value):
    t = bytearray(snap["turns"][p][j])
    t[pos] = value
    snap["turns"][p][j] = bytes(t)


# ---- the table of fields ------------------------------------------------------------------
def test_snapshot_has_exactly_the_named_fields_and_the_bytes_follow_the_table():
    g = midgame(turns=4)
    snap = g.snapshot()
    assert sorted(snap) == sorted(codec.FIELDS) and len(set(codec.FIELDS)) == len(codec.FIELDS)
    parts = []
    for name in codec.FIELDS:  # each field's own tagged bytes, in table order, nothing else
        out = bytearray(codec._size(snap[name]))
        assert codec._put(out, 0, snap[name]) == len(out)
        parts.append(bytes(out))
    assert codec.encode(g) == b"".join(parts)
    back = codec.unpack(codec.encode(g))
    assert sorted(back) == sorted(codec.FIELDS) and codec.pack(back) == codec.encode(g)
    assert back["rules"] == "yatzy" and back["names"] == ["Ann", "Bob"]


def test_the_codec_writes_a_payload_only_and_the_record_frames_it():
    from save.records import SavedGame
    from save.storage import MemoryStorage

    g = midgame()
    data = codec.encode(g)
    assert not data.startswith(b"PY")  # the frame (magic, kind, version, CRC) is save/'s
    s = MemoryStorage()
    SavedGame.save(s, data)
    assert SavedGame.load(s) == (data, None)
    rec = s.files["game.dat"]
    assert rec.startswith(b"PYGAME") and rec[-4 - len(data) : -4] == data


def test_encode_is_the_generic_encoding_of_the_snapshot():
    # encode (and the app's encode_parts) writes the players' logs as they lie; the generic
    # encoder of a snapshot dict (codec_load.pack) must give the same bytes
    for g in (midgame(turns=2), play_random("yatzy", None, 5, players=3, roundtrip=False)):
        assert codec.encode(g) == codec.pack(g.snapshot())


def test_reading_side_loads_on_demand_and_can_be_dropped():
    import sys

    import heap

    g = midgame()
    data = codec.encode(g)
    heap.drop("reader")
    assert "yatzy.codec_load" not in sys.modules and "yatzy.engine_load" not in sys.modules
    assert codec.decode(data).snapshot() == g.snapshot()
    assert "yatzy.codec_load" in sys.modules
    assert codec.unpack(data)["rules"] == "yatzy"  # the reading side still reaches via codec
    with pytest.raises(AttributeError):
        codec.achievable  # noqa: B018  (the old field-by-field checks are gone)
    heap.drop("reader")
    assert "yatzy.codec_load" not in sys.modules and "yatzy.engine_load" not in sys.modules


# ---- round trips ---------------------------------------------------------------------------
@pytest.mark.parametrize("rid", rules.RULESET_IDS)
def test_round_trip_mid_turn_resumes_the_same_game(rid):
    opts = {"order": "up_or_down"} if rid != "forced" else {"tie_break": True}
    g = midgame(rid, opts)
    data = codec.encode(g)
    h = codec.decode(data)
    assert h.snapshot() == g.snapshot() and codec.encode(h) == data
    assert (h.phase, h.current, h.dice, h.held, h.rolls_used) == (
        g.phase,
        g.current,
        g.dice,
        g.held,
        g.rolls_used,
    )
    assert [p.card for p in h.players] == [p.card for p in g.players]
    assert [p.name for p in h.players] == ["Ann", "Bob"]
    assert not h.can_undo()  # the undo state is not saved
    # the seeded dice resume: both games go on identically
    for game in (g, h):
        game.roll()
    assert g.dice == h.dice and codec.encode(g) == codec.encode(h)


def test_options_cpu_flags_and_saved_rolls_survive():
    g = Game("maxi", ["A", "B"], {"tie_break": True, "extra_rows": 2}, cpu=[False, True])
    g.rolloff([2])
    g.rolloff([1])
    g.roll([1, 2, 3, 4, 5, 6])
    g.score("full_straight")
    h = codec.decode(codec.encode(g))
    assert h.options == g.options and h.rules.categories == g.rules.categories
    assert [p.cpu for p in h.players] == [False, True]
    assert h.players[0].saved_rolls == 2 and h.dice_source is None


def test_decode_with_a_given_dice_source():
    g = midgame()
    src = ScriptedDice([6] * 5)
    h = codec.decode(codec.encode(g), dice=src)
    assert h.dice_source is src
    assert h.snapshot()["seeded"] is None and g.snapshot()["seeded"] is not None


def test_save_is_compact():
    g = play_random("yatzy", {}, 3, players=4, roundtrip=False, refusals=0)
    data = codec.encode(g)
    # a finished 4-player game with every roll and hold logged
    assert len(data) < 3000


@settings(max_examples=12, deadline=None)
@given(st.data(), st.sampled_from(rules.RULESET_IDS), st.integers(0, 2**32 - 1))
def test_random_legal_games_round_trip_at_every_step(data, rid, seed):
    options = data.draw(st.sampled_from(option_variants(rid)))
    players = 1 if rules.configure(rid, options).columns == 3 else data.draw(st.integers(1, 3))
    play_random(rid, options, seed, players=players, roundtrip=True, refusals=0)


def test_a_tie_break_round_trips():
    g = tiebreak_game()
    assert g.phase == 3 and len(g.tiebreak_log) == 1
    h = codec.decode(codec.encode(g))
    assert h.snapshot() == g.snapshot()
    h.roll([5, 5, 5, 5, 5])
    h.score("tiebreak", 0)
    assert h.is_over() and h.ranking()[0][1] == 0


def tiebreak_game():
    g = Game("yatzy", ["A", "B"], {"categories": ["chance"], "tie_break": True})
    g.rolloff([2])
    g.rolloff([1])
    g.roll([1, 1, 1, 1, 2])
    g.score("chance")
    g.roll([2, 1, 1, 1, 1])
    g.score("chance")  # 6 each: a tie
    g.roll([6, 6, 6, 6, 6])
    g.score("tiebreak", 0)
    return g


# ---- damage to the encoding ---------------------------------------------------------------
def test_every_truncation_and_a_stray_byte_are_refused():
    data = codec.encode(midgame("triple"))
    for n in range(len(data)):
        with pytest.raises(ValueError):
            codec.decode(data[:n])
    with pytest.raises(ValueError, match="stray"):
        codec.decode(data + b"\0")
    with pytest.raises(ValueError, match="bytes"):
        codec.decode("PYZ")


@given(st.binary(max_size=200))
def test_random_bytes_are_refused_cleanly(data):
    with pytest.raises(ValueError):
        codec.decode(data)


def test_random_corruption_of_fields_never_builds_a_half_game():
    import random

    rng = random.Random(5)
    g = midgame("yahtzee", {"extra_rows": 1}, turns=4)
    base = g.snapshot()
    accepted = []
    for _ in range(300):
        tree = g.snapshot()
        node = tree
        key = rng.choice(codec.FIELDS)
        while True:
            child = node[key]
            if not isinstance(child, list) or not child or rng.random() < 0.3:
                node[key] = rng.choice([None, True, -1, 0, 1, 7, 300, "x", [], [1]])
                break
            node, key = child, rng.randrange(len(child))
        try:
            h = codec.decode(codec.pack(tree))
        except ValueError:
            continue
        # accepted: every field but the dice source's state is the replay's, so the game
        # is exactly the edited save (an edit that changed nothing, the dice source, or
        # history the rules allow, such as another roll-off die with the same winner)
        accepted.append(tuple(n for n in codec.FIELDS if tree[n] != base[n]))
        assert codec.encode(h) == codec.pack(tree)
    assert g.snapshot() == base
    # what follows from the history (the fields after "held") is never accepted changed
    history = codec.FIELDS[: codec.FIELDS.index("held") + 1]
    assert all(set(changed) <= set(history) for changed in accepted)
    assert len(accepted) < 100  # most edits make a save the rules could not have produced


# ---- saves the rules could not have produced -----------------------------------------------
def test_a_logged_score_the_dice_do_not_give_is_refused_with_both_values():
    g = midgame(turns=3)
    turn = g.players[0].turns[0]
    box, score, dice = turn[2], turn[3], turn[5][-1]
    snap = g.snapshot()
    set_turn(snap, 0, 0, SCORE, score + 1)
    want = "player 1 turn 1 logs %d in %s, the dice %s give %d" % (score + 1, box, dice, score)
    refused(snap, re.escape(want))
    # the card changed with it (as a careful forger would): the replay still refuses it
    k = g.rules.categories.index(box)
    snap["cards"][0][0][k] = score + 1
    refused(snap, re.escape(want))


def test_a_score_off_by_one_is_refused_in_every_box_of_every_ruleset():
    for rid in rules.RULESET_IDS:
        g = Game(rid, ["A"], dice=SeededDice(2))
        while not g.is_over():  # every box once: the first one the rules offer each turn
            g.roll()
            c, col, _ = g.choices()[0]
            g.score(c, col)
        snap = g.snapshot()
        boxes = set()
        for j, t in enumerate(g.players[0].turns):
            edited = g.snapshot()
            set_turn(edited, 0, j, SCORE, t[3] + 1)
            refused(edited, "player 1 turn %d logs %d in %s," % (j + 1, t[3] + 1, t[2]))
            boxes.add((t[1], t[2]))
        assert len(boxes) == g.rounds and snap == g.snapshot()


@settings(max_examples=25, deadline=None)
@given(st.data(), st.sampled_from(rules.RULESET_IDS), st.integers(0, 2**32 - 1))
def test_any_single_logged_score_changed_to_another_value_is_refused(data, rid, seed):
    from save.records import SavedGame
    from save.storage import MemoryStorage

    options = data.draw(st.sampled_from(option_variants(rid)))
    players = data.draw(st.integers(1, 2))
    g = play_random(rid, options, seed, players=players, roundtrip=False, refusals=0)
    p = data.draw(st.integers(0, players - 1))
    j = data.draw(st.integers(0, len(entries(g.players[p].log)) - 1))
    old = entries(g.players[p].log)[j][SCORE]
    new = data.draw(st.integers(0, 255).filter(lambda v: v != old))
    snap = g.snapshot()
    set_turn(snap, p, j, SCORE, new)
    refused(snap, "player %d turn %d logs %d in " % (p + 1, j + 1, new))
    # and as a file with a sound record around it: the app gets "damaged", no game
    s = MemoryStorage()
    SavedGame.save(s, codec.pack(snap))
    assert SavedGame.load_game(s) == (None, {}, "Saved game damaged")


def test_an_extra_yatzy_bonus_without_a_yatzy_is_refused():
    g = Game("yatzy", ["A"], {"extra_bonus": 50}, dice=ScriptedDice([6] * 10 + [1, 2, 3, 4, 5]))
    g.roll()
    g.score("yatzy")
    g.roll()
    assert g.score("sixes") == 30 and g.extra_bonus(0) == 50  # a second Yatzy: the bonus
    g.roll()
    g.score("chance")
    assert codec.decode(codec.encode(g)).snapshot() == g.snapshot()
    snap = g.snapshot()
    set_turn(snap, 0, 2, EXTRA, 50)  # [1, 2, 3, 4, 5] is no Yatzy
    refused(snap, re.escape("player 1 turn 3 logs an extra bonus of 50, the rules give 0"))
    snap = g.snapshot()
    set_turn(snap, 0, 1, EXTRA, 100)  # the bonus is 50, not more
    refused(snap, "turn 2 logs an extra bonus of 100, the rules give 50")
    snap = g.snapshot()
    snap["extra"] = [100]  # a bonus total the logged turns do not add up to
    refused(snap, re.escape("extra [100], the replay gives [50]"))


def test_a_yatzy_scored_as_zero_earns_no_bonus():
    g = Game("yatzy", ["A"], {"extra_bonus": 50}, dice=ScriptedDice([1, 2, 3, 4, 5] + [6] * 5))
    g.roll()
    g.score("yatzy")  # scratched: 0
    g.roll()
    g.score("sixes")
    assert g.extra_bonus(0) == 0
    snap = g.snapshot()
    set_turn(snap, 0, 1, EXTRA, 50)
    refused(snap, "logs an extra bonus of 50, the rules give 0")


def test_a_card_that_does_not_match_the_replay_is_refused():
    g = midgame(turns=3)
    k = g.rules.categories.index(g.players[0].turns[0][2])
    snap = g.snapshot()
    snap["cards"][0][0][k] = None  # a box the turns filled, open on the card
    refused(snap, "cards")
    snap = g.snapshot()
    free = [i for i, v in enumerate(snap["cards"][1][0]) if v is None]
    snap["cards"][1][0][free[0]] = 0  # a box no turn filled
    refused(snap, "cards")


def test_round_counts_off_are_refused():
    g = midgame(turns=4)
    assert g.starter == 0 and g.round == 3  # player 1 starts; two turns each so far
    snap = g.snapshot()
    set_turn(snap, 0, 1, ROUND, 5)
    refused(snap, "player 1 turn 2 is logged in round 5, the replay is in round 2")
    snap = g.snapshot()
    snap["round"] += 1
    refused(snap, "round %d, the replay gives %d" % (g.round + 1, g.round))
    snap = g.snapshot()
    snap["rolls_used"] = 3
    refused(snap, "rolls_used 3, the replay gives 1")
    snap = g.snapshot()
    snap["turns"][1].append(snap["turns"][1][-1])  # a turn more than the game has reached
    refused(snap, "player 2 has 3 logged turns, the replay reaches 2")
    snap = g.snapshot()
    del snap["turns"][0][-1]  # the starter's last turn missing: the replay stops before it
    refused(snap, "player 2 has 2 logged turns, the replay reaches 1")


def test_a_roll_too_many_is_refused():
    g = Game("yatzy", ["A"], dice=4)
    g.roll()
    g.roll()
    g.roll()
    g.score("chance")
    snap = g.snapshot()
    t = list(snap["turns"][0][0])
    dice = t[NROLLS + 1 : NROLLS + 6]
    t[NROLLS] = 4
    t = t[: NROLLS + 1 + 15] + dice + t[NROLLS + 1 + 15 :] + [0b11111]
    snap["turns"][0][0] = bytes(t)
    refused(snap, "player 1 turn 1: no rolls left")
    snap = g.snapshot()
    snap["rolls"] = [[1, 1, 1, 1, 1]] * 4
    snap["holds"] = [0, 0, 0]
    refused(snap, "the turn in progress: no rolls left")


def test_maxi_saved_rolls_follow_the_turns():
    g = Game("maxi", ["A"], dice=8)
    g.roll()
    g.score("chance")  # two rolls saved
    g.roll()
    for _ in range(4):  # the turn's three rolls and both saved ones
        g.roll()
    assert g.rolls_left() == 0 and g.players[0].saved_rolls == 2
    assert codec.decode(codec.encode(g)).snapshot() == g.snapshot()
    snap = g.snapshot()
    snap["saved_rolls"] = [3]
    refused(snap, "saved_rolls")
    snap = g.snapshot()
    snap["rolls"].append(snap["rolls"][-1])
    snap["holds"].append((1 << 6) - 1)
    refused(snap, "the turn in progress: no rolls left")


def test_a_held_die_that_changed_between_rolls_is_refused():
    g = Game("yatzy", ["A"], dice=4)
    g.roll()
    g.set_holds(0b00001)
    g.roll()
    snap = g.snapshot()
    snap["rolls"][1][0] = snap["rolls"][0][0] % 6 + 1
    snap["dice"][0] = snap["rolls"][1][0]
    refused(snap, "the turn in progress: roll 2 changes held die 1")
    snap = g.snapshot()
    snap["held"] = 0b100000
    refused(snap, "held dice: hold mask 32 outside 0..31")


def test_roll_off_and_tie_break_logs_are_replayed():
    g = midgame(turns=1)
    assert g.starter == 0 and len(g.rolloff_log) == 2
    snap = g.snapshot()
    snap["rolloff_log"][0][1] = 1
    refused(snap, "roll-off roll 1 is logged for player 1 in attempt 0, the replay gives player 0")
    snap = g.snapshot()
    snap["rolloff_log"] = []  # nobody has won the roll-off: no turn can have been played
    refused(snap, "player 1 has 1 logged turns, the replay reaches 0")
    snap = g.snapshot()
    snap["starter"] = 1 - snap["starter"]
    refused(snap, "starter")
    g = tiebreak_game()
    snap = g.snapshot()
    snap["tiebreak_log"][0][2] = 29
    refused(snap, re.escape("tie-break turn 1 logs 29, the dice [6, 6, 6, 6, 6] give 30"))
    snap = g.snapshot()
    snap["tiebreak_log"].append(snap["tiebreak_log"][0])  # player 0 twice in one attempt
    refused(
        snap, "tie-break turn 2 is logged for player 0 in attempt 0, the replay gives player 1"
    )


def test_phase_and_turn_fields_must_be_the_replays():
    g = midgame(turns=3)
    for name, value in (("phase", 4), ("current", 1 - g.current), ("dice", [1, 1, 1, 1, 1])):
        snap = g.snapshot()
        snap[name] = value
        refused(snap, "%s " % name)
    snap = g.snapshot()
    snap["tiebreak"] = [0, [0, 1], 0]
    refused(snap, "tiebreak ")


def test_directions_are_replayed():
    g = midgame("yatzy", {"order": "up_or_down"}, turns=2)
    snap = g.snapshot()
    assert snap["directions"] == [2, 2]
    snap["directions"][0] = 1  # down: the logged boxes were not the next ones
    refused(snap, "player 1 turn 1: order down")
    snap = g.snapshot()
    snap["directions"][0] = 3
    refused(snap, "player 1 direction 3 is not 1 or 2")
    g = midgame("yatzy", None, turns=2)
    snap = g.snapshot()
    snap["directions"][0] = 1  # a direction in a free-order game
    refused(snap, "directions")


def test_the_new_game_fields_are_checked_by_the_engine():
    g = midgame()
    cases = (
        ("rules", "farkle", "unknown ruleset"),
        ("options", ["yes"] + g.snapshot()["options"][1:], "all_rolls"),
        ("options", [], "option list"),
        ("names", [42, "Bob"], "player name"),
        ("names", ["Ann"], "cpu must give one flag per player"),
        ("cpu", [1, False], "cpu flags must be True or False"),
        ("seeded", [1, 0], "seeded dice state"),
        ("held", True, "held"),
        ("turns", "x", "turns is not a list"),
    )
    for name, value, needle in cases:
        snap = g.snapshot()
        snap[name] = value
        refused(snap, needle)


def test_restore_needs_a_new_game():
    g = midgame()
    h = Game("yatzy", ["Ann", "Bob"], dice=1)
    h.rolloff()
    with pytest.raises(ValueError, match="new game"):
        h.restore(g.snapshot())
