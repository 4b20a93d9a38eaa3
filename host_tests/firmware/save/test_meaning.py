# Files with a sound CRC that the app could not have written: refused, defaults and a message.
# SPDX-License-Identifier: MIT
"""Each bad file is built with the project's own encoders (so its record, kind, version and
CRC are sound) and only its meaning is wrong; loading must give the defaults and the
message, and leave the other files alone."""

import json

import pytest
import settings as app_settings
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from save import frame, records, scores
from save.records import HighScores, SavedGame, Settings
from save.storage import MemoryStorage
from save.store import SEATS, Store, default_setup
from yatzy import codec, rules, scoring
from yatzy.engine import Game

from tools.core.soak import play_random
from tools.sim import scenes as S

# ---- settings: only what the settings menu offers ------------------------------------------


@pytest.mark.parametrize("key", [k for k, *_ in app_settings.TABLE])
def test_every_menu_value_loads_and_nothing_else_does(key):
    s = MemoryStorage()
    for value in app_settings.choices(key):
        Settings.save(s, dict(records.SETTINGS_DEFAULTS, **{key: value}))
        assert Settings.load(s) == (dict(records.SETTINGS_DEFAULTS, **{key: value}), None)
    offered = app_settings.choices(key)
    if isinstance(offered[0], bool):
        others = [0, 1, None, "on"]
    elif isinstance(offered[0], str):  # a language code: any other text, or another type
        others = ["", "EN", "de", "en ", "xx", 1, None, True]
    else:  # every other whole number between and around the menu's values, and other types
        others = [v for v in range(min(offered) - 2, max(offered) + 3) if v not in offered]
        others = others[:: max(1, len(others) // 40)] + [True, None, "5", 5.0]
    witness = "contrast" if key == "volume" else "volume"  # another setting, kept
    kept = app_settings.choices(witness)[1]
    for value in others:
        Settings.save(s, dict(records.SETTINGS_DEFAULTS, **{witness: kept, key: value}))
        got, msg = Settings.load(s)
        assert msg == "Some settings reset", (key, value)
        assert got[key] == app_settings.DEFAULTS[key] and got[witness] == kept


# ---- high scores: a known ruleset, a score its games can reach, a name of printable text ----


def _scores_file(tables):
    doc = {"seq": 3, "games": 3, "tables": tables}
    try:
        payload = frame._json_bytes(doc)
    except UnicodeEncodeError:  # a lone surrogate has no UTF-8: as a \u escape, then
        payload = json.dumps(doc).encode()
    return records.pack("HISC", scores.SCORES_VERSION, payload)


def _best_box(r, c):
    return max([scoring.score(r, c, list(m)) for m in scoring.multisets(r.dice)])


@pytest.mark.parametrize("rid", rules.RULESET_IDS)
def test_the_score_ceiling_is_every_box_at_its_best_plus_the_bonuses(rid):
    r = rules.RULESETS[rid]
    column = sum(_best_box(r, c) for c in r.categories) + r.bonus_value
    bonus = 100  # the Yahtzee bonus, or the largest extra Yatzy bonus the option offers
    want = column * sum(r.factors) + bonus * (len(r.categories) * r.columns - 1)
    assert scores.score_ceiling(rid) == want


@hsettings(max_examples=15, deadline=None)
@given(st.sampled_from(rules.RULESET_IDS), st.integers(0, 2**32 - 1))
def test_no_eligible_game_passes_the_ceiling(rid, seed):
    options = {"extra_bonus": 100} if rules.applies("extra_bonus", rid) else {}
    g = play_random(rid, options, seed, players=1, roundtrip=False, refusals=0)
    assert g.total(0) <= scores.score_ceiling(rid)


@pytest.mark.parametrize(
    "row, good",
    [
        (["ANA-2", 1774, "#1"], True),
        (["ANA-2", 1775, "#1"], False),  # above what any Yatzy game can score
        (["ANA-2", -1, "#1"], False),
        (["Zo\u00eb", 100, "#1"], True),  # a Latin-1 letter: the fonts draw it
        (["\u00c5S\u00d8\u00c9", 100, "#1"], True),
        (["\u0141\u20ac\U0001f3b2", 100, "#1"], True),  # no glyphs: drawn as boxes
        (["A\x01", 100, "#1"], False),  # an icon code, not text
        (["A\nB", 100, "#1"], False),  # a control character
        (["A\x85", 100, "#1"], False),  # a C1 control character
        (["A\ud800", 100, "#1"], False),  # a lone surrogate
        (["", 100, "#1"], False),
        (["ABCDEFGHIJKLM", 100, "#1"], False),  # longer than a name can be
    ],
)
def test_high_score_rows_are_checked_for_meaning(row, good):
    s = MemoryStorage()
    s.write("scores1.dat", _scores_file({"yatzy": [row]}))
    Settings.save(s, dict(records.SETTINGS_DEFAULTS, volume=3))
    hs = HighScores(s)
    msg = hs.load()
    if good:
        assert msg is None and hs.table("yatzy") == [tuple(row)]
    else:
        assert msg == "High scores damaged: reset" and hs.tables == {}
    assert Settings.load(s)[0]["volume"] == 3  # the other file is kept


def test_a_table_for_an_unknown_ruleset_is_damage_and_cannot_be_added():
    s = MemoryStorage()
    s.write("scores1.dat", _scores_file({"farkle": [["ANN", 10, "#1"]]}))
    assert HighScores(s).load() == "High scores damaged: reset"
    hs = HighScores(MemoryStorage())
    with pytest.raises(ValueError, match="unknown ruleset"):
        hs.add("farkle", "ANN", 10)
    with pytest.raises(ValueError, match="0..1774"):
        hs.add("yatzy", "ANN", 1775)
    with pytest.raises(ValueError, match="printable"):
        hs.add("yatzy", "Zo\n", 10)
    assert hs.add("yatzy", "Zo\u00eb", 10) == 1


# ---- names.dat: the set-up screens' values and types only -----------------------------------


def _setup_with(**changes):
    s = default_setup()
    s.update(changes)
    return s


BAD_SETUPS = [
    _setup_with(options=None),
    _setup_with(options=[]),
    _setup_with(options={"extra_bonus": 7}),
    _setup_with(rules="farkle"),
    _setup_with(rules=None),
    _setup_with(n=True),
    _setup_with(n="2"),
    _setup_with(n=SEATS + 1),
    _setup_with(names="P1"),
    _setup_with(names=["P1"] * 7),  # fewer names than kinds
    _setup_with(names=["P1"] * (SEATS + 1), levels=[""] * (SEATS + 1)),
    _setup_with(names=["TOOLONG"] + ["P2"] * (SEATS - 1)),
    _setup_with(names=["Zo\n"] + ["P2"] * (SEATS - 1)),
    _setup_with(names=[5] + ["P2"] * (SEATS - 1)),
    _setup_with(levels=["expert"] + [""] * (SEATS - 1)),
    _setup_with(levels=None),
    _setup_with(games=-1),
    _setup_with(games=True),
    _setup_with(games="3"),
    _setup_with(extra=1),  # a key the set-up never writes
]


def test_names_beyond_ascii_are_kept():
    names = ["\u00c5S\u00d8\u00c9", "Zo\u00eb", "\u0141\U0001f3b2"] + ["P4"] * (SEATS - 3)
    st_ = MemoryStorage()
    assert Store(st_).save_setup(_setup_with(n=3, names=names))
    assert Store(st_).load_setup() == (_setup_with(n=3, names=names), None)


@pytest.mark.parametrize("bad", BAD_SETUPS, ids=[json.dumps(b)[:60] for b in BAD_SETUPS])
def test_a_setup_the_screens_could_not_make_is_damage(bad):
    st_ = MemoryStorage()
    store = Store(st_)
    assert store.save_setup(_setup_with(n=3, names=["ANA"] + ["P2"] * (SEATS - 1)))
    assert store.load_setup() == (_setup_with(n=3, names=["ANA"] + ["P2"] * (SEATS - 1)), None)
    Settings.save(st_, dict(records.SETTINGS_DEFAULTS, volume=3))
    assert store.save_setup(bad)  # the project's own writer: a sound record
    assert Store(st_).load_setup() == (default_setup(), "Names damaged")
    assert Settings.load(st_)[0]["volume"] == 3


def test_a_setup_of_eight_seats_from_an_earlier_build_gets_the_other_seats():
    st_ = MemoryStorage()
    old = _setup_with(n=8, names=["ANA"] + ["P2"] * 7, levels=[""] * 8)
    assert Store(st_).save_setup(old)
    s, note = Store(st_).load_setup()
    assert note is None and s["n"] == 8 and len(s["names"]) == len(s["levels"]) == SEATS
    assert s["names"][:8] == old["names"] and s["names"][8:] == default_setup()["names"][8:]


# ---- the saved game: refused by the replay, or from an older version -----------------------


def _bad_game():
    """A real game's save with one logged score changed (a sound record, wrong meaning)."""
    g = Game("yatzy", ["ANA"], dice=7)
    for _ in range(3):
        g.roll()
        g.score(g.choices()[0][0])
    snap = g.snapshot()
    turn = bytearray(snap["turns"][0][1])
    turn[3] += 5
    snap["turns"][0][1] = bytes(turn)
    with pytest.raises(ValueError, match="player 1 turn 2 logs"):
        codec.decode(codec.pack(snap))
    return codec.pack(snap)


def test_a_save_the_rules_could_not_produce_never_loads():
    s = MemoryStorage()
    SavedGame.save(s, _bad_game(), {"levels": [""]})
    assert SavedGame.load(s)[1] is None  # the record itself is sound
    assert SavedGame.load_game(s) == (None, {}, "Saved game damaged")
    assert Store(s).load_game(None) == (None, "Saved game damaged")


def test_a_save_of_the_older_version_is_refused_not_migrated():
    s = MemoryStorage()
    g = Game("yatzy", ["ANA"], dice=7)
    g.roll()
    old = frame.GAME_VERSION - 1
    s.write("game.dat", records.pack("GAME", old, b"\x00\x02{}" + codec.encode(g)))
    assert SavedGame.load_game(s) == (None, {}, "Saved game from an older version")
    s.write("game.dat", records.pack("GAME", frame.GAME_VERSION + 1, b"\x00\x02{}"))
    assert SavedGame.load_game(s) == (None, {}, "Saved game from a newer version")
    s.write("game.dat", records.pack("GAME", frame.GAME_VERSION, b"\x00\x02{}" + codec.encode(g)))
    assert SavedGame.load_game(s)[0].snapshot() == g.snapshot()


@pytest.mark.parametrize(
    "name, note",
    [
        ("game.dat", "SAVED GAME DAMAGED"),
        ("old game.dat", "SAVED GAME FROM AN OLDER VERSION"),
        ("names.dat", "NAMES DAMAGED"),
        ("scores?.dat", "HIGH SCORES DAMAGED: RESET"),
    ],
)
def test_the_app_shows_defaults_and_a_message_and_keeps_the_other_files(name, note):
    st_ = MemoryStorage()
    d = S.new_driver(seed=3, storage=st_)
    S.setup_game(d, players=1)
    S.human_turn(d)  # a saved game, names.dat, settings
    d.app.settings["volume"] = 9
    d.app.save_settings()
    d.app.store.hs.add("yatzy", "ANA", 200)
    good = dict(st_.files)
    if name == "game.dat":
        SavedGame.save(st_, _bad_game())
    elif name == "old game.dat":
        data = SavedGame.load_full(st_)[0]
        st_.write("game.dat", records.pack("GAME", frame.GAME_VERSION - 1, b"\x00\x02{}" + data))
    elif name == "names.dat":
        Store(st_).save_setup(_setup_with(options=None))
    else:  # both copies (one alone is repaired from the other)
        for copy in ("scores1.dat", "scores2.dat"):
            st_.write(copy, _scores_file({"yatzy": [["ANA", 99999, "#1"]]}))
    d2 = S.new_driver(seed=4, storage=st_)
    app = d2.app
    assert d2.screen_name() == "Title" and note in app.screen.note
    assert app.settings["volume"] == 9  # the other files are kept and read
    assert (app.saved is None) == name.endswith("game.dat")
    assert (app.setup == default_setup()) == (name == "names.dat")
    assert bool(app.store.scores("yatzy")) == (name != "scores?.dat")
    for other in good:
        if not name.endswith(other) and not (name == "scores?.dat" and other[:6] == "scores"):
            assert st_.files[other] == good[other], other


# ---- what only the app's own writers make: names, dice states, the meta, the counters -------
# Each file below is written by the project's own writers (Store.save_game, Store.save_setup,
# Settings.save, SavedGame.save over codec.pack of a real game's snapshot), so its record is
# sound; a file the app could not have written must load as damage, never repaired.

_LIFETIME = records._LIFETIME  # the most a counter reaches in a lifetime of play
NAME_MAX = app_settings.NAME_MAX  # the name entry's limit (ui/names.py draws this many)


def _app_game(names=("ANA", "BOB"), cpu=(False, True), seed=5):
    """A game two turns in, as the app holds it (numbered, a level per seat)."""
    g = Game("yatzy", list(names), cpu=list(cpu), dice=seed)
    g.number = 4
    while g.phase != 2 or g.round < 2:  # engine.TURN
        acts = g.legal_actions()
        sc = [a for a in acts if a[0] == "score"]
        g.apply(
            sc[0] if sc and g.rolls_used >= 2 else (("roll",) if ("roll",) in acts else acts[0])
        )
    return g, ["basic" if c else "" for c in cpu]


def _saved(g, levels):
    st_ = MemoryStorage()
    assert Store(st_).save_game(g, levels)
    return st_


def _resaved(st_, snap=None, meta=None):
    """game.dat again with its codec bytes or meta changed (the record stays sound)."""
    data, old, _ = SavedGame.load_full(st_)
    data = codec.pack(snap) if snap is not None else data
    SavedGame.save(st_, data, old if meta is None else meta)
    return st_


def _loads(st_):
    """(game or None, note) as the device reads a save: with its own (fair) dice."""
    from yatzy.dice import FairDice

    return Store(st_).load_game(FairDice(lambda n: bytes(range(n))))


@hsettings(max_examples=20, deadline=None)
@given(st.integers(1, 16), st.sampled_from(["X", "\u00c5", "7"]))
def test_a_saved_name_longer_than_the_name_entry_makes_is_damage(length, ch):
    g, levels = _app_game(names=(ch * length, "BOB"))  # the engine takes up to 16
    got, note = _loads(_saved(g, levels))
    if length <= NAME_MAX:
        assert note is None and got.players[0].name == ch * length
    else:
        assert (got, note) == (None, "Saved game damaged")


@pytest.mark.parametrize(
    "state",
    [[1, 0], [1, -3], [1, 2**32], [-1, 5], [2**32, 5], [True, 5], [1, True], [1], [1, 2, 3], "x"],
)
def test_a_seeded_dice_state_no_stream_has_is_damage_whatever_dice_the_app_passes(state):
    from yatzy.dice import SeededDice

    with pytest.raises(ValueError):
        SeededDice.from_state(state)
    g, levels = _app_game()
    snap = g.snapshot()
    assert snap["seeded"] is not None  # a seeded game (as the simulator's)
    snap["seeded"] = state
    assert _loads(_resaved(_saved(g, levels), snap)) == (None, "Saved game damaged")
    with pytest.raises(ValueError, match="bad save data: seed"):
        codec.decode(codec.pack(snap), dice=SeededDice(1))


@hsettings(max_examples=30, deadline=None)
@given(st.integers(-(2**33), 2**33), st.integers(-(2**33), 2**33))
def test_a_saved_dice_state_loads_exactly_when_from_state_takes_it(seed, x):
    from yatzy.dice import SeededDice

    try:
        SeededDice.from_state([seed, x])
        good = True
    except ValueError:
        good = False
    g, levels = _app_game()
    snap = g.snapshot()
    snap["seeded"] = [seed, x]
    got, note = _loads(_resaved(_saved(g, levels), snap))
    assert (note is None) == good and (got is None) == (not good)


def _meta(**changes):
    m = {"levels": ["", "basic"], "number": 4}
    m.update(changes)
    return {k: v for k, v in m.items() if v is not _GONE}


_GONE = object()
BAD_METAS = [
    _meta(levels=["zzz", 5]),
    _meta(levels=["", None]),
    _meta(levels=["zzz", "basic"]),
    _meta(levels=["basic", "basic"]),  # a computer level for a person's seat
    _meta(levels=["", ""]),  # a person's "" for a computer's seat
    _meta(levels=["", "basic", ""]),
    _meta(levels=[""]),
    _meta(levels="basic"),
    _meta(levels=None),
    _meta(levels=_GONE),
    _meta(number="x"),
    _meta(number=-1),
    _meta(number=None),
    _meta(number=True),
    _meta(number=4.0),
    _meta(number=_LIFETIME + 1),
    _meta(number=10**30),
    _meta(number=_GONE),
    _meta(extra=1),
    {},
]


@pytest.mark.parametrize("meta", BAD_METAS, ids=[repr(m)[:50] for m in BAD_METAS])
def test_a_meta_the_app_could_not_write_is_damage_not_repaired(meta):
    g, levels = _app_game()
    st_ = _saved(g, levels)
    got, note = _loads(st_)
    assert note is None and (got.levels, got.number) == (levels, 4)  # the app's own meta
    assert _loads(_resaved(st_, meta=meta)) == (None, "Saved game damaged")


@pytest.mark.parametrize("level", ["easy", "good", "best"])
@pytest.mark.parametrize("number", [0, 1, 12345, _LIFETIME])
def test_every_meta_the_app_can_write_loads_as_written(level, number):
    g, _ = _app_game(cpu=(False, True))
    g.number = number
    got, note = _loads(_saved(g, ["", level]))
    assert note is None and (got.levels, got.number) == (["", level], number)


@pytest.mark.parametrize("games", [-1, _LIFETIME + 1, 10**30])
def test_a_setup_game_count_no_lifetime_reaches_is_damage(games):
    st_ = MemoryStorage()
    assert Store(st_).save_setup(_setup_with(games=_LIFETIME))
    assert Store(st_).load_setup() == (_setup_with(games=_LIFETIME), None)
    assert Store(st_).save_setup(_setup_with(games=games))
    assert Store(st_).load_setup() == (default_setup(), "Names damaged")


@pytest.mark.parametrize("name", ["N" * (NAME_MAX + 1), "P" * 16])
def test_a_setup_name_longer_than_the_name_entry_makes_is_damage(name):
    st_ = MemoryStorage()
    assert Store(st_).save_setup(_setup_with(names=[name] + ["P2"] * (SEATS - 1)))
    assert Store(st_).load_setup() == (default_setup(), "Names damaged")


@pytest.mark.parametrize("key, value", [("games", 10**30), ("games", 1), ("hints", True)])
def test_a_setting_the_app_never_writes_is_not_dropped_in_silence(key, value):
    s = MemoryStorage()
    Settings.save(s, dict(records.SETTINGS_DEFAULTS, volume=3, **{key: value}))
    got, msg = Settings.load(s)
    assert msg == "Some settings reset" and key not in got and got["volume"] == 3


def _hs_file(seq=3, games=3, rows=(("ANA", 200, "#1"),), **extra):
    doc = {"seq": seq, "games": games, "tables": {"yatzy": [list(r) for r in rows]}}
    doc.update(extra)
    return records.pack("HISC", scores.SCORES_VERSION, frame._json_bytes(doc))


@pytest.mark.parametrize(
    "changes",
    [
        {"games": 10**30, "seq": 10**30},
        {"seq": _LIFETIME + 1},
        {"games": _LIFETIME + 1, "seq": _LIFETIME + 1},
        {"games": 4, "seq": 3},  # every game counted is a write
        {"rows": [("ANA", 200, "#-1")]},
        {"rows": [("ANA", 200, "#012")]},
        {"rows": [("ANA", 200, "#%d" % (_LIFETIME + 1))]},
        {"rows": [("ANA", 200, "2026-11-30")]},  # no shell dates an entry
        {"rows": [("ANA", 200, "#")]},
        {"rows": [("N" * (NAME_MAX + 1), 200, "#1")]},
        {"extra": 1},
    ],
    ids=repr,
)
def test_a_high_score_file_the_app_could_not_write_is_damage(changes):
    s = MemoryStorage()
    s.write("scores1.dat", _hs_file(seq=_LIFETIME, games=_LIFETIME, rows=[("ANA", 9, "#0")]))
    hs = HighScores(s)
    assert hs.load() is None and hs.table("yatzy") == [("ANA", 9, "#0")]  # the bounds load
    s.write("scores1.dat", _hs_file(**changes))
    assert HighScores(s).load() == "High scores damaged: reset"


@pytest.mark.parametrize(
    "how",
    ["long name", "seeded [1, 0]", "seeded [1, -3]", "levels", "human computer", "number -1"],
)
def test_the_app_offers_no_continue_for_a_save_it_could_not_have_written(how):
    st_ = MemoryStorage()
    d = S.new_driver(seed=3, storage=st_)
    S.setup_game(d, players=1)
    S.human_turn(d)  # a saved game (seeded dice: the simulator's), names.dat, settings
    data, meta, _ = SavedGame.load_full(st_)
    snap = codec.unpack(data)
    if how == "long name":
        snap["names"] = ["N" * (NAME_MAX + 1)]
    elif how.startswith("seeded"):
        snap["seeded"] = json.loads(how[7:])
    elif how == "levels":
        meta = dict(meta, levels=["zzz"])
    elif how == "human computer":
        meta = dict(meta, levels=["basic"])
    else:
        meta = dict(meta, number=-1)
    SavedGame.save(st_, codec.pack(snap), meta)
    app = S.new_driver(seed=4, storage=st_).app
    assert app.screen.note and "SAVED GAME DAMAGED" in app.screen.note
    assert app.saved is None and app.saved_info is None
