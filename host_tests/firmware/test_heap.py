# unload.unload, the one way a module leaves the heap, and heap.drop, which unloads groups.
# SPDX-License-Identifier: MIT
import sys

import pytest
from unload import unload


@pytest.fixture
def loaded():
    """gfx.blit imported (as the canvas does to compile it); put back as it was after."""
    before = sys.modules.get("gfx.blit")
    import gfx.blit  # noqa: F401

    yield
    sys.modules.pop("gfx.blit", None)
    if before is not None:
        sys.modules["gfx.blit"] = before


def test_unload_removes_the_module_from_sys_modules_and_its_package(loaded):
    mod = sys.modules["gfx.blit"]
    assert unload("gfx.blit") is mod  # the caller keeps what it still needs
    assert "gfx.blit" not in sys.modules
    assert "blit" not in sys.modules["gfx"].__dict__


def test_unload_skips_what_is_not_loaded(loaded):
    assert unload("no.such.module") is None
    assert unload("gfx.blit", "no.such.module") is not None
    assert unload("gfx.blit") is None


@pytest.mark.parametrize(
    "reader",
    [
        lambda: __import__("yatzy.tables", fromlist=["load"]).load("fitted"),
        lambda: __import__("lang", fromlist=["_pack"])._pack("en"),
    ],
    ids=["yatzy.tables.load", "lang._pack"],
)
def test_the_readers_that_load_once_leave_nothing_loaded(reader):
    mod = reader()
    assert mod is not None and mod.__name__ not in sys.modules
    pkg = sys.modules[mod.__name__.rpartition(".")[0]]
    assert mod.__name__.rpartition(".")[2] not in pkg.__dict__


def test_drop_unloads_a_group_but_what_keep_names_and_then_itself(loaded):
    import heap
    import ui.keys  # noqa: F401 (stays: not in the group)

    heap.GROUPS["test"] = ("gfx.blit", "ui.keys")
    try:
        heap.drop("test", keep={"ui.keys"})
    finally:
        del heap.GROUPS["test"]
    assert "gfx.blit" not in sys.modules and "ui.keys" in sys.modules
    assert "heap" not in sys.modules  # imported again where it is next used


def test_start_up_leaves_its_own_code_and_the_save_reader_off_the_heap():
    """App.start's code (startup.py) and what it loaded to read the save go once the title
    is up; a game saved and continued reads it again."""
    from tools.sim import scenes as S

    d = S.new_driver(seed=3)
    S.setup_game(d, players=1)
    d.press("roll")
    d.app.save_now()
    d2 = S.new_driver(seed=3, storage=d.storage)
    assert d2.screen_name() == "Title" and d2.app.saved_info
    gone = ("startup", "save.records", "yatzy.engine_load", "yatzy.codec_load")
    assert [m for m in gone if m in sys.modules] == []
    S.go_menu(d2, "CONTINUE")
    assert d2.screen_name() == "Play" and d2.app.game.rolls_used == 1
