# Every soak campaign and its planted fault, one table: campaign, cases, failures, time.
# SPDX-License-Identifier: MIT
"""``python -m tools.core.soak_all [--scale X] [--games N] [--jobs J] [--only NAME,...]``
(``make soak``; ``SOAK_SCALE``, ``SOAK_GAMES`` and ``SOAK_JOBS`` set the defaults of --scale,
--games and --jobs).

Runs the core soak (tools/core/soak.py, ``--games`` random games per ruleset x option), the
campaigns of tools/core/soak_*.py at ``--scale`` (1 = the full case counts: 1 000 000 storm
events, 100 000 damaged files, 6 000 000 dice, ...) and, for each, the run with its planted
fault, which counts as a failure when the campaign does not catch it. Prints every failure
with its replay command, then the table; exits 1 on any failure. With ``--jobs`` above 1
(the default: one per core) the rows run in that many worker processes, the largest
campaigns first; each row's time is its own, the total the wall time.
"""

import argparse
import os
import sys
import time

from tools.core import (
    soak_app,
    soak_buttons,
    soak_dice,
    soak_files,
    soak_heap,
    soak_power,
    soak_power_rp2,
)
from tools.core import soak_common as C

CAMPAIGNS = (
    ("storms", soak_app),
    ("power", soak_power),
    ("power_rp2", soak_power_rp2),
    ("files", soak_files),
    ("buttons", soak_buttons),
    ("heap", soak_heap),
    ("dice", soak_dice),
)


def core_soak(games, seed=1, log=print):
    from yatzy import rules

    from tools.core import soak

    res = C.Result("core games")
    n = 0
    for rid in rules.RULESET_IDS:
        for opts in soak.option_variants(rid):
            for _ in range(games):
                s = seed * 100003 + n
                n += 1
                res.cases += 1
                try:
                    soak.play_random(rid, opts, s, players=1 + s % 3)
                except AssertionError as e:
                    note = "%s %r seed %d: %s" % (rid, opts, s, e)
                    res.fail(note)
                    log("  FAIL " + note)
    return res


def table(rows):
    out = ["| campaign | cases | failures | time |", "|---|---:|---:|---:|"]
    for r in rows:
        out.append("| %s | %d | %d | %.1f s |" % (r.name, r.cases, r.failures, r.seconds))
    return "\n".join(out)


# the order of the table; the larger first when they share the cores (about their full-size
# time on one core: storms, damaged files, the emulated Pico, power cuts, core games)
COST = {"storms": 5, "files": 4, "power_rp2": 4, "power": 3, "core": 2}


def run_task(task):
    """One row's work (in a worker process when --jobs > 1): (index, Result, lines to print)."""
    i, name, which, scale, seed, games = task
    out = []
    try:
        if name == "core":
            res = C.timed(C.quick, core_soak, games, seed)
        else:
            mod = dict(CAMPAIGNS)[name]
            res = C.timed(C.quick, getattr(mod, which), scale, seed)
    except Exception:  # noqa: BLE001 - a campaign that raises is a failed row, the rest go on
        import traceback

        res = C.Result("%s (%s)" % (name, which))
        res.fail("the campaign raised: " + traceback.format_exc()[-600:])
        return i, res, [res.notes[0]]
    if which == "planted":
        out += [note[:220] for note in res.notes]
    elif name == "dice":
        out += res.lines
    elif name == "power_rp2":
        out.append(soak_power_rp2.summary(res))
        out += [note for note in res.notes if note.startswith("skipped")]
    return i, res, out


def tasks(only, scale, seed, games):
    out = []
    if not only or "core" in only:
        out.append((len(out), "core", "campaign", scale, seed, games))
    for name, _mod in CAMPAIGNS:
        if only and name not in only:
            continue
        out.append((len(out), name, "campaign", scale, seed, games))
        out.append((len(out), name, "planted", scale, seed, games))
    return out


def _jobs_default():
    return int(os.environ.get("SOAK_JOBS") or os.cpu_count() or 1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=float(os.environ.get("SOAK_SCALE", "1")))
    ap.add_argument("--games", type=int, default=int(os.environ.get("SOAK_GAMES", "20")))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=_jobs_default(),
                    help="worker processes (default $SOAK_JOBS, else one per core)")  # fmt: skip
    ap.add_argument("--only", default="", help="campaigns to run: core," + ",".join(
        n for n, _ in CAMPAIGNS))  # fmt: skip
    args = ap.parse_args(argv)
    only = set(x for x in args.only.split(",") if x)
    t0 = time.time()
    todo = tasks(only, args.scale, args.seed, args.games)
    rows = [None] * len(todo)

    def done(i, res, lines):
        rows[i] = res
        print("== %s: %d cases, %d failures, %.1f s" % (res.name, res.cases, res.failures,
              res.seconds), flush=True)  # fmt: skip
        for line in lines:
            print("  " + line, flush=True)

    print("scale %g, %d games per ruleset x option, %d jobs" % (args.scale, args.games,
          args.jobs), flush=True)  # fmt: skip
    if args.jobs > 1 and len(todo) > 1:
        import multiprocessing

        C.mpy_build()  # once, before the workers start (they inherit it)
        order = sorted(todo, key=lambda t: -COST.get(t[1], 1) if t[2] == "campaign" else 0)
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(args.jobs, maxtasksperchild=1) as pool:
            for i, res, lines in pool.imap_unordered(run_task, order):
                done(i, res, lines)
    else:
        for task in todo:
            done(*run_task(task))
    print()
    print(table(rows))
    failures = sum(r.failures for r in rows)
    print(
        "\nscale %g, %d failures, %.0f s in all (%d jobs)"
        % (args.scale, failures, time.time() - t0, args.jobs)
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
