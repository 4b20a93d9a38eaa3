# Shared parts of the soak campaigns: results, scaling, shrinking, the .mpy build.
# SPDX-License-Identifier: MIT
"""Every campaign module (tools/core/soak_*.py) offers

    campaign(scale=1.0, seed=1, log=print) -> Result      the campaign itself
    planted(scale=1.0, seed=1, log=print) -> Result       the same campaign with a known
                                                          fault monkeypatched in: passes
                                                          (failures == 0) when it is caught

``scaled(n, scale)`` scales a case count (at least 1). ``shrink(items, fails)`` is
delta debugging (ddmin): the smallest sub-list it finds for which ``fails`` still holds.
``mpy_build()`` returns the MICROPYPATH that runs the .mpy build of firmware/ (``make build``'s
files, built once for all processes: tools/flash/flash.py cached_build) on the unix port (the
build, then the repository root for tools/).
``quick(fn, ...)`` runs a CPython campaign with the firmware's modules compiled once and a
collector that leaves alone what was alive before (see its docstring).
"""

import gc
import importlib.machinery as M
import os
import sys
import time
from importlib.util import spec_from_file_location

from tools.paths import ROOT

MISSING = object()  # "nothing was ever written" in the expectations of a campaign


class Result:
    """One line of the soak table."""

    def __init__(self, name, cases=0, failures=0, notes=None):
        self.name = name
        self.cases = cases
        self.failures = failures
        self.notes = notes if notes is not None else []  # one line per failure found
        self.seconds = 0.0

    def fail(self, note):
        self.failures += 1
        self.notes.append(note)

    def __repr__(self):
        return "<Result %s %d cases %d failures>" % (self.name, self.cases, self.failures)


def scaled(n, scale):
    return max(1, int(round(n * scale)))


def timed(fn, *args, **kwargs):
    """Run a campaign function, setting the seconds it took on its Result."""
    t0 = time.time()
    res = fn(*args, **kwargs)
    res.seconds = time.time() - t0
    return res


def finish(res, count=None, noun="cases"):
    """A campaign's command-line ending: print its count, failures and time; the exit
    status (1 when anything failed)."""
    n = res.cases if count is None else count
    print("%d %s, %d failures, %.1f s" % (n, noun, res.failures, res.seconds))
    return 1 if res.failures else 0


def caught(name, res, what):
    """The Result of a planted-fault run: one case, a failure when `res` found nothing."""
    out = Result(name, 1, 0)
    out.seconds = res.seconds
    if not res.failures:
        out.fail("planted fault (%s) NOT caught in %d cases" % (what, res.cases))
    else:
        out.notes.append("planted %s caught: %s" % (what, res.notes[0]))
    return out


def shrink(items, fails, budget=300):
    """ddmin: a small sub-list of `items` for which fails(sub) is still True (at most
    `budget` calls of `fails`)."""
    items = list(items)
    n = 2
    calls = 0
    while len(items) >= 2 and calls < budget:
        size = len(items) // n
        if size < 1:
            break
        chunks = [items[i : i + size] for i in range(0, len(items), size)]
        reduced = False
        for i in range(len(chunks)):
            rest = [x for j, c in enumerate(chunks) if j != i for x in c]
            calls += 1
            if rest and fails(rest):
                items = rest
                n = max(n - 1, 2)
                reduced = True
                break
            if calls >= budget:
                break
        if not reduced:
            if n >= len(items):
                break
            n = min(len(items), n * 2)
    return items


class _CachedLoader:
    """A source loader whose code objects are compiled once per process (the module body
    still runs at every import, as it must)."""

    def __init__(self, base, cache):
        self._base = base
        self._cache = cache

    def __getattr__(self, name):
        return getattr(self._base, name)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        path = self._base.path
        st = os.stat(path)
        key = (path, st.st_mtime_ns, st.st_size)  # an edited file is compiled again
        code = self._cache.get(key)
        if code is None:
            code = self._cache[key] = self._base.get_code(self._base.name)
        exec(code, module.__dict__)


class _CachedFinder:
    """sys.meta_path entry: the repository's own modules found once, compiled once."""

    def __init__(self):
        self.code = {}
        self.found = {}

    def find_spec(self, name, path=None, target=None):
        key = (name, tuple(path) if path else None)
        hit = self.found.get(key)
        if hit is None:
            spec = M.PathFinder.find_spec(name, path)
            if (
                spec is None
                or not isinstance(spec.loader, M.SourceFileLoader)
                or not spec.origin.startswith(ROOT + os.sep)
            ):
                return spec  # not ours: found as usual, every time
            hit = self.found[key] = (spec.origin, spec.submodule_search_locations)
        origin, subs = hit
        base = M.SourceFileLoader(name, origin)
        return spec_from_file_location(
            name, origin, loader=_CachedLoader(base, self.code), submodule_search_locations=subs
        )


_FINDER = _CachedFinder()
_FULL_COLLECT = gc.collect


def _young(generation=0):
    """gc.collect as quick() runs a campaign: the youngest generation only."""
    return _FULL_COLLECT(0)


def quick(fn, *args, **kwargs):
    """fn(*args, **kwargs) as a campaign runs on CPython, faster but the same:

    - the repository's modules are compiled once: the firmware drops modules between
      screens (firmware/heap.py) and each import compiled the source again (with
      PYTHONDONTWRITEBYTECODE, every time), about a fifth of a storm's time. Module bodies
      still run at every import, so the app sees fresh modules as on the device;
    - the objects alive at the start are frozen out of CPython's collector (gc.freeze), so
      the firmware's many gc.collect() calls (for MicroPython's heap) scan only what the run
      made, not a test runner's whole heap (another fifth; more under pytest).

    - the firmware's gc.collect() (for MicroPython's heap; CPython frees by reference
      counts) collects only the youngest generation: a campaign's own records (the power
      cuts' recorded storage calls, the flashes already booted) grew with every case and
      each full collection scanned them all, 15 ms a call, three quarters of the power-cut
      campaign's time.

    All are undone at the end; a nested call freezes again what is alive when it starts
    (a storm inside a campaign) and leaves the outer call as it found it."""
    nested = _FINDER in sys.meta_path
    if not nested:
        _FINDER.found.clear()  # sys.path may have changed since the last run
        # just before the path finder: a test's own finder in front (soak_files serves its
        # planted module so) still comes first
        at = sys.meta_path.index(M.PathFinder) if M.PathFinder in sys.meta_path else 0
        sys.meta_path.insert(at, _FINDER)
    gc.collect()
    gc.freeze()
    full = gc.collect
    if not nested:
        gc.collect = _young
    try:
        return fn(*args, **kwargs)
    finally:
        gc.collect = full
        gc.unfreeze()
        if nested:
            gc.collect()
            gc.freeze()
        else:
            sys.meta_path.remove(_FINDER)


_BUILD = {}


def mpy_build():
    """MICROPYPATH entries for the .mpy build of firmware/ (flash.cached_build: one build
    shared by every process)."""
    if "path" not in _BUILD:
        from tools.flash import flash

        out = flash.cached_build()
        _BUILD["dir"] = out
        _BUILD["path"] = [out, ROOT, ".frozen"]
    return _BUILD["path"]


def mp_env(path):
    from tools.emu.mp_run import mp_env as base

    env = base()
    env["MICROPYPATH"] = ":".join(path)
    return env


def micropython():
    from tools.emu.mp_run import micropython_binary

    return micropython_binary()


def here(name):
    return os.path.join(ROOT, "tools", "core", name)
