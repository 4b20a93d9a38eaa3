# Campaign: 100 games in one MicroPython process (unix port, .mpy build, bounded heap).
# SPDX-License-Identifier: MIT
"""Long runs. tools/core/heap_run.py plays ``GAMES`` games (scaled) in one unix-port process
on the ``.mpy`` build with ``-X heapsize=HEAP``, after a warm-up of one game of each
ruleset (the computer's tables, built once per number of dice and kept by design). Checks:
the process ends with DONE (no MemoryError, nothing stuck), the free heap after each game
(gc.collect(), back at the title) within ``SLACK`` bytes of the first measured game of the
same ruleset, and the error log never over pico.runner's LOG_MAX.

``python -m tools.core.soak_heap [--scale X] [--heap 1m] [--plant]`` (``--plant``: every
game keeps 2 KB, the leak the campaign must catch).
"""

import argparse
import subprocess
import sys
import tempfile

from tools.core import soak_common as C

GAMES = 100
WARM = 5  # one game of each ruleset
HEAP = "1m"
SLACK = 1024


def run(games, heap=HEAP, leak=False, timeout=1800):
    """(lines of heap_run's output, error text or None)."""
    with tempfile.TemporaryDirectory(prefix="soak-heap-") as logs:
        argv = [C.micropython(), "-X", "heapsize=" + heap, C.here("heap_run.py")]
        argv += [str(games), logs] + (["leak"] if leak else [])
        proc = subprocess.run(
            argv, capture_output=True, text=True, timeout=timeout, env=C.mp_env(C.mpy_build())
        )
    out = proc.stdout.splitlines()
    if proc.returncode or not out or out[-1] != "DONE":
        return out, (proc.stdout + proc.stderr)[-600:]
    return out, None


def campaign(scale=1.0, seed=1, log=print, heap=HEAP, leak=False):
    from pico.runner import LOG_MAX

    res = C.Result("long runs (MicroPython)")
    if not C.micropython():
        res.fail("MicroPython unix port not installed")
        return res
    n = WARM + C.scaled(GAMES, scale)
    lines, err = run(n, heap, leak)
    first = {}
    for line in lines:
        parts = line.split()
        if parts[0] != "G":
            continue
        k, rid, free, logsize = int(parts[1]), parts[2], int(parts[3]), int(parts[4])
        if k < WARM:
            continue
        res.cases += 1
        if logsize > LOG_MAX:
            res.fail("game %d: error log %d bytes > LOG_MAX %d" % (k, logsize, LOG_MAX))
        ref = first.setdefault(rid, free)
        if ref - free > SLACK:
            res.fail(
                "game %d (%s): free heap %d, %d bytes below the first %s game's"
                % (k, rid, free, ref - free, rid)
            )
            break
    if err:
        res.fail("the run did not finish: " + err.replace("\n", " | ")[-300:])
    for note in res.notes[:3]:
        log("  FAIL %s -> replay: python -m tools.core.soak_heap --heap %s" % (note, heap))
    return res


def planted(scale=1.0, seed=1, log=print):
    res = C.timed(campaign, 0.1, seed, lambda *_: None, HEAP, True)  # 10 games
    return C.caught("long runs: planted fault", res, "a leaking module")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--heap", default=HEAP)
    ap.add_argument("--plant", action="store_true")
    args = ap.parse_args(argv)
    res = C.timed(campaign, args.scale, 1, print, args.heap, args.plant)
    return C.finish(res, noun="games")


if __name__ == "__main__":
    sys.exit(main())
