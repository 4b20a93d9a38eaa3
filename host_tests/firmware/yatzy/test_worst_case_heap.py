# The worst case the game allows starts and plays within a bounded MicroPython heap.
# SPDX-License-Identifier: MIT
"""Eight `best` computers, Maxi Yatzy with Triple columns (the rp2 bench's worst case is the
most players, MAX_PLAYERS; this guard keeps eight so that it runs in seconds),
started through the app from the ``.mpy`` build on the 64-bit unix port
(host_tests/support/worst_game.py): START and 60 computer decisions in a 320k heap, every
one at `best` (none falls back to `basic` for want of memory). Before the keep tables and
box scores were generated offline, this ran out of memory at 330k (building the six-dice
tables and their search lists); at 240k the game plays on with `basic` moves once the search
arrays are reused, and at 200k it cannot start, so the check can fail."""

import subprocess

import pytest

from tools.core import soak_common as C

SCRIPT = "host_tests/support/worst_game.py"
HEAP_OK = "320k"
HEAP_TOO_SMALL = "200k"


def _run(heap, decisions=60):
    if C.micropython() is None:
        pytest.skip("MicroPython unix port not installed (make venv installs it on x86_64)")
    from tools.paths import ROOT

    argv = [C.micropython(), "-X", "heapsize=" + heap, SCRIPT, str(decisions)]
    proc = subprocess.run(
        argv, capture_output=True, text=True, timeout=600, env=C.mp_env(C.mpy_build()), cwd=ROOT
    )
    return proc.returncode, proc.stdout + proc.stderr


def test_worst_case_starts_and_plays_at_best_in_a_bounded_heap():
    rc, out = _run(HEAP_OK)
    assert rc == 0, out[-2000:]
    assert "MemoryError" not in out
    assert "FALLBACK 0" in out and "DONE 60" in out, out[-500:]


def test_a_much_smaller_heap_runs_out():
    rc, out = _run(HEAP_TOO_SMALL)
    assert rc != 0 and "MemoryError" in out, out[-500:]
    assert "DONE" not in out
