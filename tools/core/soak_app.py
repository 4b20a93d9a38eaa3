# Campaign: button storms through the whole app on CPython and the MicroPython unix port.
# SPDX-License-Identifier: MIT
"""Button storms (tools/core/storm.py does the driving and the checks).

``campaign(scale)`` runs ``EVENTS * scale`` random events in storms of ``STORM_LEN`` events:
``MP_SHARE`` of them on the MicroPython unix port (the ``.mpy`` build, heap ``MP_HEAP``),
the rest in this process. A failing storm is shrunk (delta debugging over its events) and
reported with the command that replays it::

    python -m tools.core.soak_app --replay "S6@0 N1234 L2@600" --seed 7 [--runtime micropython]

(the first failure of each kind and runtime is shrunk; later ones name their storm:
``--storm SEED EVENTS`` replays it whole)

``python -m tools.core.soak_app [--scale X] [--seed S] [--skip outside,...]`` runs the
campaign alone (``--skip`` leaves out a kind of check, to look past a known fault).
"""

import argparse
import subprocess
import sys
import tempfile

from tools.core import soak_common as C
from tools.core import storm

EVENTS = 1000000
STORM_LEN = 2000
MP_SHARE = 0.1
# The harness and the largest game a storm draws: 30 `best` computers of Maxi Triple played
# to the end on this port (host_tests/support/worst_game.py with 30 players: about 530 KB at
# its peak, measured with gc.mem_free() after each step). docs/reliability.md.
MP_HEAP = "1m"


def _kind(msg):
    return msg.split(":")[0]


def run_mp(args, timeout=900):
    """Run storm.py on the unix port with `args`; (index, message, games) like storm.run."""
    argv = [C.micropython(), "-X", "heapsize=" + MP_HEAP, C.here("storm.py")] + list(args)
    proc = subprocess.run(
        argv, capture_output=True, text=True, timeout=timeout, env=C.mp_env(C.mpy_build())
    )
    line = proc.stdout.strip().splitlines()[-1:] or [""]
    parts = line[0].split(" ", 3)
    if parts[0] == "OK":
        return None, None, int(parts[2])
    if parts[0] == "FAIL":
        return int(parts[1]), parts[3], int(parts[2])
    return -1, "MicroPython process failed: %s" % (proc.stdout + proc.stderr)[-400:], 0


def replay(tokens, seed, runtime="cpython", skip=(), plant=None):
    if runtime == "cpython":
        undo = storm.plant(plant) if plant else None
        try:
            return C.quick(storm.run, tokens, seed, skip)
        finally:
            if undo:
                undo()
    args = []
    if plant:
        args += ["PLANT", plant]
    if skip:
        args += ["SKIP", ",".join(skip)]
    with tempfile.NamedTemporaryFile("w", prefix="storm-", suffix=".txt") as f:
        f.write(" ".join(tokens))  # a file: the unix port fails on a 256-byte argument
        f.flush()
        return run_mp(args + ["REPLAY", "@" + f.name, str(seed)])


def command(tokens, seed, runtime, skip=(), plant=None):
    cmd = 'python -m tools.core.soak_app --replay "%s" --seed %d' % (" ".join(tokens), seed)
    if runtime != "cpython":
        cmd += " --runtime " + runtime
    if skip:
        cmd += " --skip " + ",".join(skip)
    if plant:
        cmd += " --plant " + plant
    return cmd


def minimal(tokens, seed, runtime, msg, skip=(), plant=None, budget=200):
    """The failing storm cut to a small event list that still fails the same way."""
    kind = _kind(msg)

    def fails(sub):
        _, m, _ = replay(sub, seed, runtime, skip, plant)
        return m is not None and _kind(m) == kind

    if runtime != "cpython":
        budget = min(budget, 40)  # each try is a process
    return C.shrink(tokens, fails, budget)


def campaign(
    scale=1.0, seed=1, log=print, skip=(), plant=None, runtimes=None, stop=False, cut=True
):
    total = C.scaled(EVENTS, scale)
    res = C.Result("button storms")
    mp_events = int(total * MP_SHARE) if C.micropython() else 0
    plan = []  # (runtime, storm seed, events)
    left = total - mp_events
    k = 0
    for runtime, budget in (("cpython", left), ("micropython", mp_events)):
        if runtimes and runtime not in runtimes:
            continue
        while budget > 0:
            n = min(STORM_LEN, budget)
            plan.append((runtime, (seed * 1000003 + k) & 0x7FFFFFFF, n))
            budget -= n
            k += 1
    games = 0
    shrunk = set()  # failure kinds already shrunk: later ones get the storm's own command
    for runtime, s, n in plan:
        tokens = storm.generate(s, n)
        if runtime == "cpython":
            i, msg, g = replay(tokens, s, runtime, skip, plant)
        else:
            args = (["PLANT", plant] if plant else []) + (["SKIP", ",".join(skip)] if skip else [])
            i, msg, g = run_mp(args + [str(s), str(n)])
        res.cases += len(tokens) if msg is None else i + 1
        games += g
        if msg is not None:
            failed = tokens[: i + 1] if i is not None and i >= 0 else tokens
            if cut and (runtime, _kind(msg)) not in shrunk:
                shrunk.add((runtime, _kind(msg)))
                small = minimal(failed, s, runtime, msg, skip, plant)
                how = command(small, s, runtime, skip, plant)
            else:
                small = failed
                how = "python -m tools.core.soak_app --storm %d %d%s" % (
                    s,
                    n,
                    "" if runtime == "cpython" else " --runtime " + runtime,
                )
            note = "%s (%s, %d events) -> replay: %s" % (msg, runtime, len(small), how)
            res.fail(note)
            log("  FAIL " + note)
            if stop:
                break
    res.games = games
    return res


def planted(scale=1.0, seed=1, log=print):
    """A wrong score and a screen with no way back: each must be caught."""
    out = C.Result("storms: planted faults", 0, 0)
    for name, what, sign in (
        ("score", "a wrong score", "the rules give"),
        ("stuck", "a screen with no way back", "stuck"),
    ):
        kinds = ("outside", "autosave") if name == "score" else ("outside", "autosave", "score")
        got = C.Result("x")
        for attempt in range(40):  # storms until one catches it (a game must end for "score")
            r = campaign(
                scale=float(STORM_LEN) / EVENTS, seed=seed + 7919 * attempt,
                log=lambda *_: None, skip=kinds, plant=name, runtimes=("cpython",),
                stop=True, cut=False,
            )  # fmt: skip
            got.cases += r.cases
            if r.failures and sign in r.notes[0]:
                got.fail(r.notes[0])
                break
        out.cases += 1
        if got.failures:
            out.notes.append("planted %s caught: %s" % (what, got.notes[0][:160]))
        else:
            out.fail("planted fault (%s) NOT caught in %d events" % (what, got.cases))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--replay", help="event tokens to replay (from a failure's line)")
    ap.add_argument("--storm", nargs=2, type=int, metavar=("SEED", "EVENTS"),
                    help="replay the generated storm SEED of EVENTS events")  # fmt: skip
    ap.add_argument("--runtime", default="cpython", choices=("cpython", "micropython"))
    ap.add_argument("--skip", default="", help="checks to leave out: outside,autosave,score")
    ap.add_argument("--plant", default=None, choices=("score", "stuck"))
    args = ap.parse_args(argv)
    skip = tuple(x for x in args.skip.split(",") if x)
    if args.storm:
        args.seed = args.storm[0]
        args.replay = " ".join(storm.generate(args.storm[0], args.storm[1]))
    if args.replay is not None:
        tokens = args.replay.split()
        i, msg, _ = replay(tokens, args.seed, args.runtime, skip, args.plant)
        if msg is None:
            print("no failure in %d events" % len(tokens))
            return 0
        print("FAIL at event %d (%s): %s" % (i, tokens[i] if 0 <= i < len(tokens) else "-", msg))
        return 1
    res = C.timed(campaign, args.scale, args.seed, skip=skip, plant=args.plant)
    print(
        "%d events, %d finished games, %d failures, %.1f s"
        % (res.cases, res.games, res.failures, res.seconds)
    )
    return 1 if res.failures else 0


if __name__ == "__main__":
    sys.exit(main())
