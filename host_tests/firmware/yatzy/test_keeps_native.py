# The viper kernels of the turn search give the plain Python loops' numbers, and the same games.
# SPDX-License-Identifier: MIT
"""On the MicroPython unix port (x86_64: it has the native emitter, like the Pico's armv6m)
``yatzy.keeps`` compiles its viper kernels; ``use_native(False)`` forces the plain loops
that CPython and the WebAssembly port run. Both must give the same numbers for random
values of either sign, and the computer players the same whole games as recorded in
host_tests/golden/ai_decisions.json (on CPython, by host_tests/tools/gen/test_ai_tables.py)."""

import json
import os

import pytest
from support import ai_games
from support.kernels import KERNELS
from yatzy import keeps

from tools.emu import mp_run
from tools.paths import ROOT

GOLDEN = os.path.join(ROOT, "host_tests", "golden", "ai_decisions.json")


def _run(source, timeout=600):
    if mp_run.micropython_binary() is None:
        pytest.skip("MicroPython unix port not installed (make venv installs it on x86_64)")
    return mp_run.run_script(source, timeout=timeout, heap="4m")


def test_viper_kernels_equal_the_plain_loops_on_micropython():
    rc, out = _run("DICE = (5, 6)\nTRIALS = 11\n" + KERNELS)
    assert rc == 0, out[-2000:]
    assert "NATIVE True" in out, "the unix port should compile viper: " + out[-500:]
    assert "BAD 0" in out, out[-500:]


def test_cpython_has_no_kernels_and_runs_the_plain_loops():
    assert keeps.native() is None
    assert isinstance(keeps.ints(3, -1), list)


@pytest.mark.parametrize("native", [True, False])
def test_micropython_plays_the_recorded_games(native):
    with open(ai_games.__file__) as fh:
        games = fh.read()
    cases = [c for c in ai_games.CASES if c[3] <= (2 if native else 1)]
    script = games + (
        "\nfrom yatzy import keeps\nkeeps.use_native(%r)\n"
        "for c in %r:\n"
        "    d, totals, n = play(*c)\n"
        "    print('GAME', key(c), d, totals, n, bool(keeps.native()))\n"
    ) % (native, cases)
    rc, out = _run(script)
    assert rc == 0, out[-2000:]
    with open(GOLDEN) as fh:
        golden = json.load(fh)
    seen = 0
    for line in out.splitlines():
        if not line.startswith("GAME "):
            continue
        for c in cases:
            if line.startswith("GAME " + ai_games.key(c) + " "):
                d, totals, n = golden[ai_games.key(c)]
                assert line == "GAME %s %s %s %d %s" % (
                    ai_games.key(c),
                    d,
                    repr(totals),
                    n,
                    native,
                ), line
                seen += 1
    assert seen == len(cases), out[-2000:]
