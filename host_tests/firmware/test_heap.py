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
