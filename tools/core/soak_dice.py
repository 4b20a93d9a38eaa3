# Campaign: the device's dice source (FairDice over os.urandom) under chi-square tests.
# SPDX-License-Identifier: MIT
"""Fair dice. ``ROLLS`` (scaled) dice from ``yatzy.dice.FairDice(os.urandom)``, read as
throws of five; three kinds of chi-square goodness-of-fit test against uniform:

- per face: the 6 face counts (5 degrees of freedom);
- per pair of positions: for each of the 10 pairs (i, j) of the five dice of a throw, the
  36 joint counts (35 degrees of freedom);
- roll to roll: the 36 counts of (die, next die) over the whole stream (35 degrees).

Twelve tests, each at ALPHA = 1e-4 (the family errs about once in 800 runs). The critical
values are computed here, from the chi-square survival function ``chi2_sf``: for k degrees
of freedom, P(X > x) = Q(k/2, x/2), the regularized upper incomplete gamma function, which
for integer k has closed forms: even k = 2m: Q = e^(-x/2) * sum_{i<m} (x/2)^i / i!; odd
k = 2m+1: Q = erfc(sqrt(x/2)) + e^(-x/2) * sum_{i=1..m} (x/2)^(i-1/2) / Gamma(i+1/2)
(repeated integration by parts of the gamma integral). ``critical(k)`` bisects
chi2_sf(x, k) = ALPHA. Known values check it: chi2_sf(11.07, 5) = 0.05, chi2_sf(49.80, 35)
= 0.05 (printed tables).

``python -m tools.core.soak_dice [--scale X]`` prints each statistic and its p-value.
"""

import argparse
import math
import os
import sys

from tools.core import soak_common as C

ROLLS = 6000000
ALPHA = 1e-4


def chi2_sf(x, k):
    """P(X > x) for X chi-square with k (integer >= 1) degrees of freedom."""
    if x <= 0:
        return 1.0
    h = x / 2.0
    if k % 2 == 0:
        term = 1.0
        total = 1.0
        for i in range(1, k // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)  # (x/2)^(1/2) / Gamma(3/2)
    for i in range(1, (k - 1) // 2 + 1):
        if i > 1:
            term *= h / (i - 0.5)  # (x/2)^(i-1/2)/Gamma(i+1/2) from the term before
        total += math.exp(-h) * term
    return min(1.0, total)


def critical(k, alpha=ALPHA):
    """The x with chi2_sf(x, k) == alpha (bisection)."""
    lo, hi = 0.0, 10.0 * k + 100.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if chi2_sf(mid, k) > alpha:
            lo = mid
        else:
            hi = mid
    return hi


def chi2(counts):
    n = sum(counts)
    e = n / len(counts)
    return sum((c - e) * (c - e) for c in counts) / e


def tests(roll, n):
    """[(name, statistic, degrees, p)] over n dice from roll()."""
    faces = [0] * 6
    pairs = [[0] * 36 for _ in range(10)]
    trans = [0] * 36
    pos = [(i, j) for i in range(5) for j in range(i + 1, 5)]
    prev = None
    throw = []
    for _ in range(n - n % 5):
        d = roll() - 1
        faces[d] += 1
        if prev is not None:
            trans[prev * 6 + d] += 1
        prev = d
        throw.append(d)
        if len(throw) == 5:
            for k, (i, j) in enumerate(pos):
                pairs[k][throw[i] * 6 + throw[j]] += 1
            throw = []
    out = [("faces", chi2(faces), 5)]
    for k, (i, j) in enumerate(pos):
        out.append(("dice %d,%d" % (i + 1, j + 1), chi2(pairs[k]), 35))
    out.append(("roll to roll", chi2(trans), 35))
    return [(name, x, k, chi2_sf(x, k)) for name, x, k in out]


def campaign(scale=1.0, seed=1, log=print, roll=None):
    from yatzy.dice import FairDice

    res = C.Result("fair dice")
    if roll is None:
        roll = FairDice(os.urandom)
    n = C.scaled(ROLLS, scale)
    for name, x, k, p in tests(roll, n):
        res.cases += 1
        crit = critical(k)
        line = "%-13s chi2 %8.2f  df %2d  p %.4f  (critical %.2f at %g)" % (
            name,
            x,
            k,
            p,
            crit,
            ALPHA,
        )
        res.lines = getattr(res, "lines", []) + [line]
        if x > crit:
            res.fail("%s: chi-square %.1f > %.1f over %d dice" % (name, x, crit, n))
            log("  FAIL " + line)
    res.rolls = n
    return res


def planted(scale=1.0, seed=1, log=print):
    """The planted fault: a die that turns one six in ten into a one."""
    from yatzy.dice import FairDice

    fair = FairDice(os.urandom)
    state = [0]

    def biased():
        d = fair()
        if d == 6:
            state[0] += 1
            if state[0] % 10 == 0:
                return 1
        return d

    res = C.timed(campaign, min(scale, 0.01), seed, lambda *_: None, biased)
    return C.caught("dice: planted fault", res, "a biased die")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args(argv)
    res = C.timed(campaign, args.scale)
    for line in res.lines:
        print(line)
    return C.finish(res, res.rolls, "dice")


if __name__ == "__main__":
    sys.exit(main())
