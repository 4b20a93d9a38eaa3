# The turns a save holds stay in its file: the game keeps only the turns since, and every
# save, undo and load gives the bytes of a game that kept them all in the heap.
# SPDX-License-Identifier: MIT
"""A 30-player Maxi Triple game's turn logs are 50 KB at its end; kept in the heap they left
the Pico no room to continue it. ``Store.save_game`` now writes the turns saved before by
copying them from the file itself (the logs' window, ``save.filebytes``, read a window at a
time) and the turns since from the heap, and after the write the players' logs keep none of
them in the heap; reading a save keeps its turns where they lie (``yatzy.log_load.found``).
A shadow game played with the same moves and never saved is the reference."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from save.frame import GAME_FILE
from save.memory import MemoryStorage
from save.records import SavedGame
from save.storage import FileStorage
from save.store import Store
from yatzy import codec, rules
from yatzy.engine import Game
from yatzy.log_load import entries
from yatzy.plain import plain

from tools.core.faultstore import FlashFS


def _storage(kind, tmp_path):
    if kind == "memory":
        return MemoryStorage()
    if kind == "flash":
        return FileStorage("", fs=FlashFS())
    return FileStorage(str(tmp_path / "fs"))


def _pair(rid, n, seed):
    names = ["P%d" % (i + 1) for i in range(n)]
    return [Game(rid, names, {}, seed, [False] * n) for _ in range(2)]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["memory", "flash", "disk"]),
    st.sampled_from(rules.RULESET_IDS),
    st.integers(1, 4),
    st.integers(0, 2**16),
    st.lists(st.sampled_from(["play"] * 6 + ["save", "undo", "load"]), max_size=120),
)
def test_saves_undos_and_loads_give_the_bytes_of_a_game_that_kept_its_logs(
    tmp_path_factory, kind, rid, n, seed, steps
):
    st_ = _storage(kind, tmp_path_factory.mktemp("s"))
    store = Store(st_)
    store.spill = 0  # every save leaves the turns in the file (the app: past 2 KB of them)
    g, shadow = _pair(rid, n, seed)
    for step in steps:
        if g.is_over():
            break
        if step == "play":
            g.apply(plain(g))
            shadow.apply(plain(shadow))
        elif step == "undo" and g.can_undo() and g.undo_player() is not None:
            g.undo()
            shadow.undo()
        elif step == "save":
            assert store.save_game(g, [""] * n)
            assert all(not pl.log.tail for pl in g.players)
            back, _, note = SavedGame.load_game(st_)
            assert note is None and codec.encode(back) == codec.encode(shadow)
        elif step == "load" and GAME_FILE in st_.names():
            assert store.save_game(g, [""] * n)
            g, _, note = SavedGame.load_game(st_)
            assert note is None and all(not pl.log.tail for pl in g.players)
            shadow._undo = None  # a loaded game cannot take its last box back
        assert codec.encode(g) == codec.encode(shadow)
        assert [entries(pl.log) for pl in g.players] == [entries(pl.log) for pl in shadow.players]


def test_a_short_log_stays_in_the_heap_and_a_long_one_goes_to_the_file():
    st_ = MemoryStorage()
    store = Store(st_)
    g = Game("yatzy", list("ABCDEFGH"), {}, 3, [False] * 8)
    while True:
        g.apply(plain(g))
        held = sum(len(pl.log.tail) for pl in g.players)
        assert store.save_game(g, [""] * 8)
        if held <= Store.spill:
            assert all(pl.log.window is None for pl in g.players)
            assert sum(len(pl.log.tail) for pl in g.players) == held
        else:
            assert all(not pl.log.tail and pl.log.kept for pl in g.players if pl.log.n)
            break
    assert codec.encode(SavedGame.load_game(st_)[0]) == codec.encode(g)


def test_a_save_file_changed_under_the_game_gives_save_failed_and_no_crash():
    st_ = MemoryStorage()
    store = Store(st_)
    store.spill = 0
    g = Game("yatzy", ["A", "B"], {}, 5, [False] * 2)
    for _ in range(12):
        g.apply(plain(g))
    assert store.save_game(g, ["", ""])
    st_.write(GAME_FILE, b"something else")
    g.apply(plain(g))
    assert store.save_game(g, ["", ""]) is False and store.failed
    assert st_.read(GAME_FILE) == b"something else"


@pytest.mark.parametrize("kind", ["memory", "flash"])
def test_undo_of_a_box_already_saved_leaves_it_out_of_the_next_save(kind, tmp_path):
    st_ = _storage(kind, tmp_path)
    store = Store(st_)
    store.spill = 0
    g, shadow = _pair("maxi", 2, 9)
    while g.round < 3:
        g.apply(plain(g))
        shadow.apply(plain(shadow))
    while not g.can_undo() or g.undo_player() is None:
        g.apply(plain(g))
        shadow.apply(plain(shadow))
    assert store.save_game(g, ["", ""])
    p = g.undo_player()
    n = g.players[p].log.kept
    g.undo()
    shadow.undo()
    assert g.players[p].log.kept < n and not g.players[p].log.tail
    assert store.save_game(g, ["", ""])
    back, _, _ = SavedGame.load_game(st_)
    assert codec.encode(back) == codec.encode(g) == codec.encode(shadow)
