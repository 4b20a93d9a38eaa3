# Every soak campaign and its planted fault, one table: campaign, cases, failures, time.
# SPDX-License-Identifier: MIT
"""``python -m tools.core.soak_all [--scale X] [--games N] [--only NAME,...]``
(``make soak``; ``SOAK_SCALE`` and ``SOAK_GAMES`` set the defaults of --scale and --games).

Runs the core soak (tools/core/soak.py, ``--games`` random games per ruleset x option), the
campaigns of tools/core/soak_*.py at ``--scale`` (1 = the full case counts: 1 000 000 storm
events, 100 000 damaged files, 6 000 000 dice, ...) and, for each, the run with its planted
fault, which counts as a failure when the campaign does not catch it. Prints every failure
with its replay command, then the table; exits 1 on any failure.
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=float(os.environ.get("SOAK_SCALE", "1")))
    ap.add_argument("--games", type=int, default=int(os.environ.get("SOAK_GAMES", "20")))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="campaigns to run: core," + ",".join(
        n for n, _ in CAMPAIGNS))  # fmt: skip
    args = ap.parse_args(argv)
    only = set(x for x in args.only.split(",") if x)
    t0 = time.time()
    rows = []
    if not only or "core" in only:
        print("== core games (%d per ruleset x option)" % args.games, flush=True)
        rows.append(C.timed(C.quick, core_soak, args.games, args.seed))
    for name, mod in CAMPAIGNS:
        if only and name not in only:
            continue
        print("== %s (scale %g)" % (name, args.scale), flush=True)
        rows.append(C.timed(C.quick, mod.campaign, args.scale, args.seed))
        if name == "dice":
            for line in rows[-1].lines:
                print("  " + line)
        if name == "power_rp2":
            print("  " + soak_power_rp2.summary(rows[-1]))
            for note in rows[-1].notes:
                if note.startswith("skipped"):
                    print("  " + note)
        rows.append(C.timed(C.quick, mod.planted, args.scale, args.seed))
        for note in rows[-1].notes:
            print("  " + note[:220])
    print()
    print(table(rows))
    failures = sum(r.failures for r in rows)
    print("\nscale %g, %d failures, %.0f s in all" % (args.scale, failures, time.time() - t0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
