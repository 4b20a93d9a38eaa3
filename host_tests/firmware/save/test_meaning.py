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
    doc = {"seq": 1, "games": 3, "tables": tables}
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
