# Campaign: bouncing buttons through firmware/pico/buttons.py's debouncer.
# SPDX-License-Identifier: MIT
"""Bouncing buttons. Each case is a random script of presses on six buttons: taps from the
debounce time up, long presses, chords (two buttons going down in the same ms), each edge
followed by contact bounce of up to 10 ms (random toggles), the clock starting anywhere,
also just below the 2**30 ms wrap of MicroPython's ticks_ms (``ticks_diff`` wraps; a plain
subtraction does not). The pins are read by ``poll`` every 1..5 ms and every bounce toggle
is also given as an IRQ ``edge``. Expected: exactly one event per press, ``long`` when held
``LONG_PRESS_MS`` or more (plus one poll), ``short`` otherwise, for the right button.

``python -m tools.core.soak_buttons [--scale X] [--case N]``.
"""

import argparse
import sys

from tools.core import soak_common as C
from tools.core import storm

CASES = 20000
TICKS_PERIOD = 1 << 30  # MicroPython's ticks_ms wraps here
BOUNCE_MS = 10


def script(rng, debounce, long_ms):
    """[(button, t_down, t_up, kind)] on a relative clock, presses of a button apart."""
    presses = []
    t = 50
    free = [0] * 6  # when each button is released and settled again
    for _ in range(1 + rng.below(8)):
        b = rng.below(6)
        start = max(t, free[b]) + rng.below(40)
        if rng.chance(300):
            hold = long_ms + 10 + rng.below(900)
        else:  # a tap: debounce time + bounce room up to below the long threshold
            hold = debounce + BOUNCE_MS + 2 + rng.below(long_ms - debounce - 2 * BOUNCE_MS - 20)
        presses.append((b, start, start + hold))
        if rng.chance(250):  # a chord: another button down in the same ms
            c = (b + 1 + rng.below(5)) % 6
            if free[c] <= start:
                presses.append((c, start, start + hold))
                free[c] = start + hold + debounce + BOUNCE_MS + 5
        free[b] = start + hold + debounce + BOUNCE_MS + 5
        t = start + rng.below(300)
    out = []
    for b, down, up in presses:
        out.append((b, down, up, "long" if up - down >= long_ms + 5 else "short"))
    return out


def run_case(i, seed=1, buttons_class=None, wrap=True):
    """Case i: None or a failure."""
    from pico import buttons as B

    cls = buttons_class or B.Buttons
    rng = storm.Rng(seed * 7919 + i)
    debounce = 20
    long_ms = B.LONG_PRESS_MS
    presses = script(rng, debounce, long_ms)
    near_wrap = rng.chance(500)
    if near_wrap and wrap:
        base = TICKS_PERIOD - 1 - rng.below(3000)
    else:
        base = rng.below(100000)
    # the level changes of every pin: (t, button, pressed), bounce after each edge
    changes = []
    for b, down, up, _ in presses:
        for edge_t, level in ((down, True), (up, False)):
            changes.append((edge_t, b, level))
            bt = edge_t
            for _ in range(rng.below(6)):
                bt += 1 + rng.below(3)
                if bt - edge_t >= BOUNCE_MS:
                    break
                changes.append((bt, b, not level))
                changes.append((bt + 1, b, level))
    changes.sort(key=lambda c: c[0])
    state = [False] * 6
    srcs = [(lambda k=k: 0 if state[k] else 1) for k in range(6)]  # active low
    btn = cls([(storm_name(k), srcs[k]) for k in range(6)], debounce_ms=debounce)
    end = max(p[2] for p in presses) + long_ms + 200
    events = []
    ci = 0
    t = 0
    while t <= end:
        while ci < len(changes) and changes[ci][0] <= t:
            _, b, level = changes[ci]
            state[b] = level
            btn.edge(b, 0 if level else 1, (base + changes[ci][0]) % TICKS_PERIOD)
            ci += 1
        for name, kind, _ in btn.poll((base + t) % TICKS_PERIOD):
            events.append((name, kind))
        t += 1 + rng.below(5)
    want = sorted((storm_name(b), kind) for b, _, _, kind in presses)
    if sorted(events) != want:
        return "clock from %d%s: presses %r gave events %r" % (
            base,
            " (wraps)" if base > TICKS_PERIOD - 5000 else "",
            presses,
            events,
        )
    return None


def storm_name(k):
    return "hold%d" % (k + 1)


def campaign(scale=1.0, seed=1, log=print, buttons_class=None, wrap=True):
    res = C.Result("bouncing buttons")
    for i in range(C.scaled(CASES, scale)):
        res.cases += 1
        msg = run_case(i, seed, buttons_class, wrap)
        if msg:
            res.failures += 1
            if len(res.notes) < 5:
                note = "%s -> replay: python -m tools.core.soak_buttons --case %d" % (
                    msg[:300],
                    i,
                )
                res.notes.append(note)
                log("  FAIL " + note)
    return res


def planted(scale=1.0, seed=1, log=print):
    """The planted fault: a debouncer that reports every short press twice."""
    from pico import buttons as B

    class Double(B.Buttons):
        def _emit(self, name, kind, t):
            B.Buttons._emit(self, name, kind, t)
            if kind == "short":
                B.Buttons._emit(self, name, kind, t)

    res = C.timed(campaign, min(scale, 0.005), seed, lambda *_: None, Double, False)
    return C.caught("buttons: planted fault", res, "a double-counting debouncer")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--case", type=int)
    args = ap.parse_args(argv)
    if args.case is not None:
        msg = run_case(args.case, args.seed)
        print(msg or "no failure")
        return 1 if msg else 0
    res = C.timed(campaign, args.scale, args.seed)
    return C.finish(res)


if __name__ == "__main__":
    sys.exit(main())
