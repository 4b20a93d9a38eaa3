# Names beyond ASCII: typed with the buttons, saved, shown and kept; any text shows, never crashes.
# SPDX-License-Identifier: MIT

import io
import json
from contextlib import redirect_stdout

import pytest
from gfx import font
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from save import records
from save.storage import MemoryStorage
from save.store import Store, default_setup
from support import names_game
from ui import names
from yatzy import codec

from tools.emu import mp_run
from tools.sim import scenes as S


def run_cpython(*args):
    buf = io.StringIO()
    with redirect_stdout(buf):
        names_game.main(["names_game.py"] + list(args))
    return buf.getvalue().splitlines()


def test_a_name_with_a_ring_a_slashed_o_and_an_acute_e_is_typed_saved_shown_and_kept():
    out = run_cpython()
    assert out[-1] == "ok"
    checks = [line.split(" ", 2)[1:] for line in out if line.startswith("check ")]
    values = dict(checks)
    assert values.pop("entry") == "NameEntry" and values.pop("highscores") == "HighScores"
    assert int(values.pop("total")) > 0
    assert set(values.values()) == {"True"}, [c for c in checks if c[1] != "True"]
    # what the pixel checks look for is the letters' own glyphs, not placeholders
    assert all(font.SMALL.has(ch) and font.MEDIUM.has(ch) for ch in names_game.NAME)
    assert {"\u00c5", "\u00d8", "\u00c9"} <= set(names_game.NAME)


@pytest.mark.skipif(mp_run.micropython_binary() is None, reason="no MicroPython unix port")
def test_the_same_on_micropython():
    proc = mp_run.run_file(names_game.__file__, heap="1m")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert proc.stdout.splitlines() == run_cpython()


def test_name_entry_offers_the_nordic_letters_after_z_and_every_letter_has_glyphs():
    chars = names.CHARS
    assert chars.index("Z") + 1 == chars.index("\u00c5")  # Å right after Z
    for ch in "\u00c5\u00c4\u00d6\u00c6\u00d8\u00dc\u00c9":  # Å Ä Ö Æ Ø Ü É
        assert ch in chars
    assert len(set(chars)) == len(chars)
    for ch in chars:
        assert font.SMALL.has(ch) and font.MEDIUM.has(ch), repr(ch)
        assert names.upper(ch) == ch  # capitals only: a name is typed in capitals
    for g in names.GROUPS:
        assert 0 <= g < len(chars)
    assert [chars[g] for g in names.GROUPS] == [" ", "A", "\u00c5", "\u00c0", "0"]


def test_upper_is_the_same_on_both_runtimes_and_keeps_the_length():
    assert names.upper("\u00e5sa-\u00f8\u00e9 zo\u00eb") == "\u00c5SA-\u00d8\u00c9 ZO\u00cb"
    assert names.upper("\u00df\u00ff\u00f7") == "\u00df\u00ff\u00f7"  # no Latin-1 capital


# ---- any text as a name: shown with boxes for what the font lacks, refused if not text -----


def _box_free(name):
    return all(font.SMALL.has(ch) for ch in name)


def _play_to_high_scores(storage, seed):
    d = S.new_driver(seed=seed, storage=storage)
    S.setup_game(d, players=2)
    S.autoplay(d)
    return d


names_text = st.text(min_size=1, max_size=6)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names_text, names_text, st.integers(1, 50))
@example("\u00c9\u00c9", "\u0141\U0001f3b2", 3)  # a Latin-1 letter; no glyphs at all
@example("A\nB", "\u20ac", 4)  # a control character: refused; the euro sign: a box
@example("0", "\u00ff", 1)  # found by make soak: CPython's upper() made it U+0178, a box
def test_any_name_goes_through_game_over_and_high_scores(a, b, seed):
    st_ = MemoryStorage()
    setup = default_setup()
    setup["names"] = [a, b] + setup["names"][2:]
    assert Store(st_).save_setup(setup)
    good = records.name_ok(a, 6) and records.name_ok(b, 6)
    d = _play_to_high_scores(st_, seed)
    g = d.app.game
    assert g.is_over() and d.screen_name() == "End"
    shown = [a, b] if good else default_setup()["names"][:2]
    assert [pl.name for pl in g.players] == shown
    for name in shown:
        assert names_game.shows(d.display, name)  # as the font draws it, boxes and all
    if not _box_free("".join(shown)):
        assert names_game.shows(d.display, font.BOX)
    d.press("roll")
    S.go_menu(d, "HIGH SCORES")
    table = d.app.store.scores("yatzy")
    assert sorted(row[0] for row in table) == sorted(shown)
    for row in table[:7]:
        assert names_game.shows(d.display, row[0])
    # and after a reboot, the same table
    d2 = S.new_driver(storage=st_)
    assert d2.app.store.scores("yatzy") == table


def _saved_game_with_names(names_):
    d = S.new_driver(seed=9)
    S.setup_game(d, players=2)
    S.play_turns(d, 3)
    st_ = d.storage
    data, meta, _ = records.SavedGame.load_full(st_)
    g = codec.decode(data)
    for pl, name in zip(g.players, names_):
        pl.name = name
    records.SavedGame.save(st_, codec.encode(g), meta)
    return st_


def test_a_saved_game_with_names_the_font_lacks_continues_to_its_end():
    st_ = _saved_game_with_names(["\u00c9\u00c9", "\u0141\U0001f3b2"])
    d = S.new_driver(storage=st_)
    S.go_menu(d, "CONTINUE")
    S.autoplay(d)
    assert d.screen_name() == "End"
    assert names_game.shows(d.display, "\u00c9\u00c9")
    assert names_game.shows(d.display, font.BOX + font.BOX)
    d.press("roll")  # leaving the game-over screen enters the scores
    S.go_menu(d, "HIGH SCORES")
    table = d.app.store.scores("yatzy")
    assert sorted(r[0] for r in table) == ["\u00c9\u00c9", "\u0141\U0001f3b2"]
    assert names_game.shows(d.display, "\u0141\U0001f3b2")


def test_a_saved_game_with_a_control_character_in_a_name_is_damage():
    st_ = _saved_game_with_names(["A\nB", "P2"])
    d = S.new_driver(storage=st_)
    assert d.app.saved is None
    assert d.screen_name() == "Title" and "damaged" in d.app.screen.note.lower()
    assert "CONTINUE" not in [e[0] for e in d.app.screen.items()]


def test_names_in_the_files_are_utf8_json():
    st_ = MemoryStorage()
    setup = default_setup()
    setup["names"] = ["\u00c5S\u00d8R\u00c9"] + setup["names"][1:]
    assert Store(st_).save_setup(setup)
    _, payload = records.unpack(st_.read("names.dat"), "NAME")
    assert "\u00c5S\u00d8R\u00c9".encode("utf-8") in bytes(payload)  # not \u escapes
    assert json.loads(bytes(payload).decode("utf-8"))["names"][0] == "\u00c5S\u00d8R\u00c9"
    hs = records.HighScores(st_)
    hs.load()
    hs.add("yatzy", "\u0141\U0001f3b2", 10)
    for name in records.SCORES_FILES:
        data = st_.read(name)
        if data:
            assert "\u0141\U0001f3b2".encode("utf-8") in bytes(records.unpack(data, "HISC")[1])


def test_editing_a_name_the_entry_does_not_offer_shows_it_in_capitals_with_a_box():
    st_ = MemoryStorage()
    setup = default_setup()
    setup["names"] = ["zo\u00eb\U0001f3b2"] + setup["names"][1:]
    assert Store(st_).save_setup(setup)
    d = S.new_driver(storage=st_)
    S.go_menu(d, "NEW GAME")
    d.press("hold2")
    d.press("hold2")  # player 1
    d.press("roll")
    assert d.screen_name() == "NameEntry"
    entry = d.app.screen
    assert entry.name() == "ZO\u00cb\U0001f3b2"
    for ch in "ZO\u00cb" + font.BOX:
        assert names_game.shows(d.display, ch, font.MEDIUM)
    d.press("hold1")  # onto the die: not a letter the entry offers
    d.press("hold3")  # steps from the space onwards
    assert entry.name() == "ZO\u00cbA"
    d.press("roll")
    assert d.app.setup["names"][0] == "ZO\u00cbA"
