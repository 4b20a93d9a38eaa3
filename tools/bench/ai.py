#!/usr/bin/env python3
# `make bench` (AI): seeded solo games per level and ruleset, gap to the exact optimum, cost.
# SPDX-License-Identifier: MIT
"""Computer-player benchmark.

    python -m tools.bench.ai --rules yatzy --games 2000 --level best [--level good ...]
    python -m tools.bench.ai --rules all --level all --games 20000 --jobs 2 --markdown
    python -m tools.bench.ai --rules yatzy --level best --games 0 --callgrind 3
    tools/bench/ai.py              # `make bench`: the solver's published values and times,
                                   # 500 yatzy games per level, instructions per decision

Game g of a run uses `SeededDice(seed + g)` for its dice and a separate seeded stream for
the `easy` level's slips, so every level meets the same first roll of every game (later
rolls differ once the levels hold different dice). Prints, per level: mean, standard
deviation, standard error, and for rulesets the exact solver covers, the optimum and the
gap to it. `--callgrind T` measures MicroPython instructions per decision on the unix port
(the mpy-cross build, valgrind callgrind as in TOOLCHAIN.md): a game that plays 1 turn is
subtracted from one that plays 1 + T turns (so imports and one-time tables are left out),
divided by the decisions taken. Rulesets: the core's ids, or `all`; `--options` takes JSON.
"""

import argparse
import json
import math
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
import time

from yatzy import ai, strategy  # noqa: E402
from yatzy import rules as R  # noqa: E402
from yatzy.dice import SeededDice  # noqa: E402
from yatzy.engine import Game  # noqa: E402

from tools.paths import ROOT

LEVELS = strategy.LEVELS
SLIP_SEED = 0x5EED0000


def play(rules, options, level, seed):
    """Total of one seeded solo game at `level`, and the number of decisions taken."""
    g = Game(rules, ["CPU"], options=options, dice=SeededDice(seed), cpu=[True])
    slips = SeededDice((SLIP_SEED + seed) & 0xFFFFFFFF)
    n = 0
    while not g.is_over():
        g.apply(strategy.decide(g, level, slips))
        n += 1
    return g.total(0), n


def _chunk(args):
    rules, options, level, seeds = args
    ai.CACHE_LIMIT = 4000  # remember turn tables across games (same positions recur)
    return [play(rules, options, level, s) for s in seeds]


def run_level(rules, options, level, games, seed=1, jobs=1):
    seeds = list(range(seed, seed + games))
    if jobs > 1 and games >= 4 * jobs:
        parts = [seeds[i::jobs] for i in range(jobs)]
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            out = pool.map(_chunk, [(rules, options, level, p) for p in parts])
        res = [x for part in out for x in part]
    else:
        res = _chunk((rules, options, level, seeds))
    return [r[0] for r in res], sum(r[1] for r in res)


def stats(xs):
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    sd = math.sqrt(var)
    return mean, sd, sd / math.sqrt(n)


def optimum(rules, options):
    """Exact optimum of the ruleset (None when the solver does not cover it)."""
    from tools.solver import solver as S

    try:
        spec = S.spec_for(rules, options)
    except ValueError:
        return None
    if rules == "maxi":
        return None  # solvable in principle; too big for a benchmark run (docs/ai.md)
    path = os.path.join(ROOT, "build", "solver_%s.npz" % spec.name)
    if not options and os.path.exists(path):
        try:
            return S.load(path).start_value()
        except ValueError:
            pass
    sv = S.Solver(spec)
    v = sv.solve()
    if not options:
        sv.save(path)
    return v


# ---- instructions per decision on the unix port ----
MP_SCRIPT = """
from yatzy import strategy
from yatzy.dice import SeededDice
from yatzy.engine import Game
import json
opts = json.loads(%(options)r)
g = Game(%(rules)r, ["CPU"], options=opts, dice=SeededDice(%(seed)d), cpu=[True])
slips = SeededDice(%(seed)d + 1)
turns = 0
n = 0
while not g.is_over() and turns < %(turns)d:
    a = strategy.decide(g, %(level)r, slips)
    if turns >= 1:
        n += 1
    if a[0] == "score":
        turns += 1
    g.apply(a)
if %(first_keep)d:
    g.roll()
    strategy.decide(g, %(level)r, slips)
print("decisions", n)
"""


def callgrind(rules, options, level, turns, seed=1):
    """(instructions per decision, decisions, instructions of the first keep decision of a
    turn: the costliest one, where the turn's tables are built) on the unix port."""
    from tools.emu import mp_run
    from tools.flash import flash

    if mp_run.micropython_binary() is None:
        raise RuntimeError("MicroPython unix port not installed (make venv)")
    with tempfile.TemporaryDirectory() as out:
        flash.build(out=out, quiet=True)
        counts = []
        for t, first_keep in ((1, 0), (1 + turns, 0), (1, 1)):
            src = MP_SCRIPT % {
                "first_keep": first_keep,
                "rules": rules,
                "options": json.dumps(options),
                "seed": seed,
                "turns": t,
                "level": level,
            }
            path = os.path.join(out, "bench_ai_%d_%d.py" % (t, first_keep))
            with open(path, "w") as fh:
                fh.write(src)
            env = dict(os.environ, PYTHONHASHSEED="0", MICROPYPATH=out + ":.frozen")
            cmd = [
                "valgrind",
                "--tool=callgrind",
                "--toggle-collect=*run_main*",
                "--callgrind-out-file=/dev/null",
                mp_run.micropython_binary(),
                path,
            ]
            res = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
            m = re.search(r"Collected\s*:\s*(\d+)", res.stderr)
            d = re.search(r"decisions (\d+)", res.stdout)
            if res.returncode or not m or not d:
                raise RuntimeError("callgrind run failed: %s %s" % (res.stdout, res.stderr[-800:]))
            counts.append((int(m.group(1)), int(d.group(1))))
    (base, _), (total, n), (keep, _) = counts
    return (total - base) / max(1, n), n, keep - base


PUBLISHED = (
    # (label, ruleset, solver keyword arguments, published value or None, source)
    ("yatzy", "yatzy", {}, 248.4400, "published Scandinavian-rules optimum"),
    ("yahtzee", "yahtzee", {}, None, "official forced Joker (RULES.md)"),
    ("yahtzee --joker free", "yahtzee", {"joker_mode": "free"}, 254.5896, "Verhoeff; Glenn"),
    ("yahtzee --no-joker", "yahtzee", {"joker": False}, 245.8708, "Glenn"),
    ("forced", "forced", {}, None, "threshold 42"),
)
DEFAULT_ARGS = ["--solver", "--rules", "yatzy", "--level", "basic", "--level", "good"]
DEFAULT_ARGS += ["--level", "best", "--games", "500", "--jobs", "2", "--callgrind", "2"]


def solver_check():
    """Solve each published case, print value, time and the published figure."""
    from tools.solver import solver as S

    ok = True
    for label, rid, kw, pub, source in PUBLISHED:
        sv = S.Solver(S.spec_for(rid, **kw))
        t0 = time.time()
        v = sv.solve()
        took = time.time() - t0
        line = "solver %-22s %.4f in %5.1f s" % (label, v, took)
        if pub is not None:
            good = "%.4f" % v == "%.4f" % pub
            ok = ok and good
            line += "  published %.4f (%s) %s" % (pub, source, "ok" if good else "MISMATCH")
        else:
            line += "  (%s)" % source
        print(line, flush=True)
    return ok


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:] or DEFAULT_ARGS  # `make bench` runs the default profile
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--solver", action="store_true", help="check the solver's published values")
    ap.add_argument("--rules", default="yatzy", help="ruleset id or 'all'")
    ap.add_argument("--level", action="append", help="basic, easy, good, best or all")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", default="{}", help="house options as JSON")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--callgrind", type=int, default=0, help="turns to measure on the unix port")
    ap.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    ap.add_argument("--no-optimum", action="store_true", help="skip the exact optimum")
    args = ap.parse_args(argv)
    try:
        options = json.loads(args.options)
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        rulesets = list(R.RULESET_IDS) if args.rules == "all" else [args.rules]
        for rid in rulesets:
            R.configure(rid, options)  # validates ruleset and options
        levels = args.level or ["best"]
        if "all" in levels:
            levels = list(LEVELS)
        for lv in levels:
            if lv not in LEVELS:
                raise ValueError("unknown level %r (choose from %s)" % (lv, ", ".join(LEVELS)))
        if args.games < 0 or args.jobs < 1 or args.callgrind < 0:
            raise ValueError("--games, --jobs and --callgrind must be positive")
    except ValueError as e:
        print("bench_ai.py: error: %s" % e, file=sys.stderr)
        return 2
    if args.solver and not solver_check():
        print("bench_ai.py: the solver does not reproduce a published value", file=sys.stderr)
        return 1
    rows = []
    for rid in rulesets:
        opt = None if args.no_optimum else optimum(rid, options)
        for lv in levels:
            row = {"rules": rid, "level": lv, "games": args.games, "optimum": opt}
            if args.games:
                t0 = time.time()
                totals, decisions = run_level(rid, options, lv, args.games, args.seed, args.jobs)
                mean, sd, se = stats(totals)
                row.update(mean=mean, sd=sd, se=se, seconds=time.time() - t0)
                row["decisions"] = decisions
                line = "%-8s %-6s games %6d  mean %8.2f  sd %6.2f  se %5.2f" % (
                    rid,
                    lv,
                    args.games,
                    mean,
                    sd,
                    se,
                )
                if opt is not None:
                    row["gap"] = 100.0 * (opt - mean) / opt
                    line += "  optimum %.4f  gap %5.2f%%" % (opt, row["gap"])
                line += "  (%.0f s)" % row["seconds"]
                print(line, flush=True)
            if args.callgrind:
                ipd, n, worst = callgrind(rid, options, lv, args.callgrind, args.seed)
                row["instr_per_decision"] = ipd
                row["instr_first_keep"] = worst
                print(
                    "%-8s %-6s %.0f MicroPython instructions per decision (%d decisions), "
                    "%d for a turn's first keep decision" % (rid, lv, ipd, n, worst),
                    flush=True,
                )
            rows.append(row)
    if args.markdown:
        print()
        print("| ruleset | level | games | mean | sd | se | optimum | gap | instr/decision |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")  # instr: mean (first keep)
        for r in rows:
            print(
                "| %s | %s | %d | %s | %s | %s | %s | %s | %s |"
                % (
                    r["rules"],
                    r["level"],
                    r["games"],
                    "%.2f" % r["mean"] if "mean" in r else "",
                    "%.2f" % r["sd"] if "sd" in r else "",
                    "%.2f" % r["se"] if "se" in r else "",
                    "%.4f" % r["optimum"] if r["optimum"] is not None else "-",
                    "%.2f%%" % r["gap"] if "gap" in r else "-",
                    "%.2fM (%.1fM)" % (r["instr_per_decision"] / 1e6, r["instr_first_keep"] / 1e6)
                    if "instr_per_decision" in r
                    else "",
                )
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
