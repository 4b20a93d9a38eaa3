# Shared parts of the soak campaigns: results, scaling, shrinking, the .mpy build.
# SPDX-License-Identifier: MIT
"""Every campaign module (tools/core/soak_*.py) offers

    campaign(scale=1.0, seed=1, log=print) -> Result      the campaign itself
    planted(scale=1.0, seed=1, log=print) -> Result       the same campaign with a known
                                                          fault monkeypatched in: passes
                                                          (failures == 0) when it is caught

``scaled(n, scale)`` scales a case count (at least 1). ``shrink(items, fails)`` is
delta debugging (ddmin): the smallest sub-list it finds for which ``fails`` still holds.
``mpy_build()`` compiles firmware/ as ``make build`` does, once per process, and returns the
MICROPYPATH that runs it on the unix port (the build, then the repository root for tools/).
"""

import os
import shutil
import tempfile
import time

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


_BUILD = {}


def mpy_build():
    """MICROPYPATH entries for the .mpy build of firmware/ (built once per process)."""
    if "path" not in _BUILD:
        from tools.flash import flash

        out = tempfile.mkdtemp(prefix="soak-mpy-")
        flash.build(out=out, quiet=True)
        _BUILD["dir"] = out
        _BUILD["path"] = [out, ROOT, ".frozen"]
        import atexit

        atexit.register(shutil.rmtree, out, True)
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
