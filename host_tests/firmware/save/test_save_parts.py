# The in-play save is written from pieces no longer than a piece, and a heap with no room
# for one gives "save failed", never a crash.
# SPDX-License-Identifier: MIT
import pytest
from save.frame import GAME_FILE
from save.memory import MemoryStorage
from save.records import SavedGame
from save.store import Store
from yatzy import codec
from yatzy.engine import Game
from yatzy.plain import plain


def _game(rid, n, options, rounds):
    g = Game(rid, ["P%d" % (i + 1) for i in range(n)], options, 7, [False] * n)
    while g.round <= rounds and not g.is_over():
        g.apply(plain(g))
    return g


@pytest.mark.parametrize(
    "rid, n, options, rounds",
    [("yatzy", 1, {}, 3), ("yatzy", 4, {}, 5), ("maxi", 30, {"triple": True}, 2)],
)
def test_no_piece_but_a_log_is_longer_than_a_piece(rid, n, options, rounds):
    g = _game(rid, n, options, rounds)
    g.roll()
    parts, total, _ = codec.encode_parts(g)
    logs = [pl.log.tail for pl in g.players]
    whole = codec.pack(g.snapshot())  # the generic encoder of the fields (codec_load)
    assert b"".join(bytes(p) for p in parts) == whole and total == len(whole)
    for p in parts:
        assert any(p is log for log in logs) or len(p) <= codec._PIECE
    if n == 30:  # the cards alone are longer than a piece: they were split
        assert codec._size(codec.field(g, "cards")) > codec._PIECE


def test_a_heap_without_room_for_the_save_gives_save_failed_and_keeps_the_last_save(
    monkeypatch,
):
    g = _game("yatzy", 2, {}, 2)
    st = MemoryStorage()
    store = Store(st)
    assert store.save_game(g, ["", ""])
    before = st.files[GAME_FILE]
    g.roll()
    real = codec.encode_parts
    fails = [1]

    def short_of_heap(game):
        if fails[0]:
            fails[0] -= 1
            raise MemoryError("memory allocation failed, allocating 2142 bytes")
        return real(game)

    monkeypatch.setattr(codec, "encode_parts", short_of_heap)
    assert store.save_game(g, ["", ""])  # collected and tried again: saved
    assert SavedGame.load_game(st)[0].snapshot() == g.snapshot()
    saved = st.files[GAME_FILE]
    g.roll()
    fails[0] = 2
    assert store.save_game(g, ["", ""]) is False  # no room twice: given up, no crash
    assert st.files[GAME_FILE] == saved != before
