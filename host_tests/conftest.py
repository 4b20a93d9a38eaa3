# Shared pytest set-up (the import paths are pyproject.toml's `pythonpath`).
import atexit
import gc
import os
import shutil
import sys
import tempfile

import pytest

# Property tests: `make test` runs a fixed, derandomised set of examples so that CI gives
# the same answer for the same commit; `make soak` (HYPOTHESIS_PROFILE=explore) searches
# afresh, round after round with new random examples. A case it finds becomes an @example.
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# `python -m tools.sim` keeps its games in the user's data folder ($XDG_DATA_HOME/pocket-yatzy)
# unless it is given --storage or --temp. Every test that runs it says which; should one not,
# it still finds this process's own throwaway folder, never the user's.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="yatzy-xdg-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], True)

# The firmware frees its heap groups as the Pico does: heap.drop() takes modules out of
# sys.modules and calls gc.collect(), and the next screen imports them again. A host test
# that plays a game does that hundreds of times, so two things of the host process decide
# how long the suite takes (neither changes what a test sees):
# - bytecode: where PYTHONDONTWRITEBYTECODE is set, every import again would compile the
#   source; the tests keep the compiled files under build/pycache (the source tree stays
#   clean, `make clean` removes them).
# - collections: a full gc.collect() walks every object of the process. The objects that
#   outlive a test file (imported modules, session fixtures, pytest's own) are collected
#   once at the start of the next file and then frozen (gc.freeze), so the firmware's
#   collections walk only what the current file made.
if sys.dont_write_bytecode:
    sys.dont_write_bytecode = False
    sys.pycache_prefix = os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "pycache"
    )

_file = [None]

# The firmware unloads modules as the Pico does (unload.unload: out of sys.modules and out of
# their package); the next import makes a fresh copy. A test file holds the copies its
# imports found when it was collected, so the copies another test left (one that played a
# game to its end: the game-over OK drops the engine's and the computers' modules) must not
# be the ones the firmware finds in sys.modules when that file's tests run: before each
# test, the modules as they were just after its file was imported are put back.
_after_import = {}  # test file's node id -> sys.modules just after the file was collected


def pytest_collectreport(report):
    if "::" not in report.nodeid and report.nodeid.endswith(".py"):
        _after_import[report.nodeid] = dict(sys.modules)


def _modules_restored(item):
    seen = _after_import.get(item.nodeid.split("::", 1)[0])
    if seen is None:
        return
    modules = sys.modules
    for name, mod in seen.items():
        if modules.get(name) is not mod:
            modules[name] = mod
            i = name.rfind(".")
            pkg = seen.get(name[:i]) if i > 0 else None
            if pkg is not None:
                setattr(pkg, name[i + 1 :], mod)


def pytest_runtest_setup(item):
    _modules_restored(item)
    if item.path != _file[0]:
        _file[0] = item.path
        gc.unfreeze()
        gc.collect()
        gc.freeze()


# Parallel runs (`make test`: pytest -n 2 --dist loadgroup, pytest-xdist). The tests share
# no paths or ports: files go to tmp_path, the boards' sockets and the page's server take a
# free port, and tools.flash writes its build (build/mpy, build/romfs.img) by atomic renames,
# so tests on both workers may build it at once. The compiled firmware is one build for the
# whole run (fixture firmware_build, tools/flash/flash.py cached_build): the first worker to
# ask builds it under a file lock, the others wait for it and read the same folder. The
# tests of one file that share a module-scoped fixture (a board flashed once, a game played
# once) run on one worker, so the fixture is made once; every other test goes to whichever
# worker is free.
@pytest.fixture(scope="session")
def firmware_build():
    """The folder of the .mpy build of firmware/ (`make build`'s files), shared by every test
    and worker of the run: read it or copy it, never write into it."""
    from tools.flash import flash

    return flash.cached_build()


def _module_fixture(item):
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs.values() if info is not None else ()
    return any(d.scope == "module" for chain in defs for d in chain)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        if _module_fixture(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
