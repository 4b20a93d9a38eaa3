#!/usr/bin/env python3
# Derive the computer players' compact future-value tables from the exact solver.
# SPDX-License-Identifier: MIT
"""Writes firmware/yatzy/tables/fitted.py (with the exact tables' shapes, ``EXACT``) and
exact_<id>.bin from the exact optimum, and the search tables keeps.bin and
scores.py with scores_<family>.bin (``--search-only``: just those). The large tables are
data files, read a slice at a time on the board (``yatzy.tables.read``).

For `yatzy`, `yahtzee` and `forced` the exact table E(mask, upper, flag) of
tools/solver/solver.py is projected onto `L[open lower boxes, flag] + U[open upper boxes][upper]`
(a two-way additive least-squares fit, solved by alternating means over the reachable
states), stored as little-endian int16 in 1/64 point: the `best` level's data.
The generic model (`good`, and `best` for variants the solver does not cover) is one weight
per box plus `bonus * logistic(slope * (par - need))`, fitted to the same tables; Maxi (no
exact table) gets weights from one-turn values of its boxes scaled like Nordic ones.

The search tables need no solver: ``keeps.bin`` is the one-die-more table of ``yatzy.keeps``
for 6 dice (keep ``k`` plus die ``d`` is keep ``ADD[6 * k + d - 1]``, little-endian uint16;
keeps numbered by size, ascending multiset code within a size, so that the 5-dice table is
its first part: ``add_table(5)`` is a prefix of ``add_table(6)``), and ``scores_<family>.bin``
the raw score of every roll (in roll order) in every box of the rulesets of that family, box
after box in the order of ``scores.ROWS[family]``.
``host_tests/tools/gen/test_ai_tables.py`` checks both against a computation from first
principles and that the files are up to date.

    python -m tools.gen.ai_tables [--dir firmware/yatzy/tables] [--search-only]
"""

import argparse
import os
import sys
from itertools import product

import numpy as np
from yatzy import ai  # noqa: E402
from yatzy import rules as R  # noqa: E402
from yatzy.scoring import counts_of

from tools.paths import ROOT
from tools.solver import solver as S  # noqa: E402

UNIT = ai.UNIT


def solved(rid):
    path = os.path.join(ROOT, "build", "solver_%s.npz" % rid)
    if os.path.exists(path):
        try:
            return S.load(path)
        except ValueError:
            pass
    sv = S.Solver(S.spec_for(rid))
    sv.solve()
    sv.save(path)
    return sv


def states(sv):
    """Reachable (mask, u, flag) of a solved game, with E."""
    ms, us, fs = [], [], []
    for filled in range(sv.n_cat + 1):  # the full card (worth 0) included
        st = sv.states_of_layer(filled, dedupe=False)
        if st is None:
            continue
        ms.append(st[0])
        us.append(st[1])
        fs.append(st[2])
    m, u, f = np.concatenate(ms), np.concatenate(us), np.concatenate(fs)
    return m, u, f, sv.values[m, u, f]


def split(sv, m):
    """(lower bits over the lower boxes in card order, upper bits over faces) of masks."""
    lower = [c for c in range(sv.n_cat) if not sv.spec.upper_face[c]]
    lm = np.zeros_like(m)
    for i, c in enumerate(lower):
        lm |= ((m >> c) & 1) << i
    um = np.zeros_like(m)
    for c in sv.upper_cats:
        um |= ((m >> c) & 1) << (sv.spec.upper_face[c] - 1)
    n_low = len(lower)
    # tables are indexed by OPEN boxes
    return ((1 << n_low) - 1) ^ lm, 63 ^ um, lower


def fit_exact(sv, iters=60):
    m, u, f, e = states(sv)
    lo, up, lower = split(sv, m)
    t = sv.spec.threshold
    flags = sv.spec.flags
    li = lo * flags + f
    ui = up * (t + 1) + u
    n_l = (1 << len(lower)) * flags
    n_u = 64 * (t + 1)
    big_l = np.zeros(n_l)
    big_u = np.zeros(n_u)
    cnt_l = np.maximum(np.bincount(li, minlength=n_l), 1)
    cnt_u = np.maximum(np.bincount(ui, minlength=n_u), 1)
    for _ in range(iters):
        big_u = np.bincount(ui, weights=e - big_l[li], minlength=n_u) / cnt_u
        big_l = np.bincount(li, weights=e - big_u[ui], minlength=n_l) / cnt_l
    # the full card is worth 0: move the constant so that L[nothing open] == 0
    c = big_l[0]
    big_l -= c
    big_u += c
    err = e - big_l[li] - big_u[ui]
    lq = np.round(big_l * UNIT).astype("<i2")
    uq = np.round(big_u * UNIT).astype("<i2")
    names = [sv.spec.categories[c] for c in lower]
    rmse = float(np.sqrt(np.mean(err**2)))
    return names, t, flags, lq.tobytes(), uq.tobytes(), rmse


def _logistic(x):
    return 1.0 / (1.0 + np.exp(-x))


def fit_generic(sv):
    """Weights per box, per upper face, and the slope of the bonus chance."""
    m, u, f, e = states(sv)
    spec = sv.spec
    t = spec.threshold
    n = spec.dice.n
    cats = spec.categories
    lower = [c for c in range(sv.n_cat) if not spec.upper_face[c]]
    open_l = np.stack([((m >> c) & 1) == 0 for c in lower], axis=1).astype(float)
    open_u = np.stack([((m >> c) & 1) == 0 for c in sv.upper_cats], axis=1).astype(float)
    faces = np.array([spec.upper_face[c] for c in sv.upper_cats])
    par = open_u @ (faces * t / 21.0)
    top = open_u @ (faces * n)
    need = t - u
    live = (need > 0) & (top >= need)
    x = np.hstack([open_l, open_u, (f == 1).astype(float)[:, None]])
    best = None
    for slope in np.arange(0.05, 1.0, 0.025):
        chance = np.where(live, _logistic(slope * (par - need)), 0.0) * spec.bonus
        w, *_ = np.linalg.lstsq(x, e - chance, rcond=None)
        err = np.sqrt(np.mean((x @ w + chance - e) ** 2))
        if best is None or err < best[0]:
            best = (err, slope, w)
    err, slope, w = best
    weights = {cats[c]: float(w[i]) for i, c in enumerate(lower)}
    flag_w = float(w[-1]) if spec.joker else 0.0
    upper_w = [0.0] * 7
    for j, c in enumerate(sv.upper_cats):
        upper_w[spec.upper_face[c]] = float(w[len(lower) + j])
    return weights, upper_w, float(slope), flag_w, float(err)


def solo_values(rid):
    """Expected score of each box when one whole turn is spent on it alone."""
    rs = R.configure(rid)
    out = {}
    for c in rs.categories:
        spec = S.spec_for(rid, {"categories": [c]})
        sv = S.Solver(spec)
        out[c] = sv.solve(workers=1)
    return out


def fmt_bytes(b, per_line=20):
    """Bytes as implicitly concatenated literals, whole bytes per line."""
    b = bytes(b)
    return [repr(b[i : i + per_line]) for i in range(0, len(b), per_line)]


def _write(path, lines):
    text = "\n".join(lines) + "\n"
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        fh.write(text)
    os.replace(tmp, path)
    return path, len(text)


# ---- search tables: keeps and raw scores ---------------------------------------------------
# the score-row family of each ruleset id (same boxes, same scorers)
SCORE_FAMILIES = {
    "nordic": ("yatzy", "forced", "triple"),
    "yahtzee": ("yahtzee",),
    "maxi": ("maxi",),
}


def keep_code(counts):
    """A multiset as yatzy.keeps codes it: 3 bits per face count, face 1 lowest."""
    return sum(counts[v - 1] << (3 * (v - 1)) for v in range(1, 7))


def keeps_of(n):
    """Face-count tuples of every keep of 0..n dice, in the firmware's numbering."""
    out = []
    for size in range(n + 1):
        block = [c for c in product(range(size + 1), repeat=6) if sum(c) == size]
        out += sorted(block, key=keep_code)
    return out


def add_table(n):
    """ADD for n dice: index of keep k plus die d at 6 * k + d - 1, for keeps under n dice."""
    keeps = keeps_of(n)
    index = {c: i for i, c in enumerate(keeps)}
    out = []
    for c in keeps:
        if sum(c) == n:
            break
        for d in range(6):
            out.append(index[c[:d] + (c[d] + 1,) + c[d + 1 :]])
    return out


def rolls_of(n):
    """Sorted dice of every roll of n dice, in roll order."""
    return [[v + 1 for v in range(6) for _ in range(c[v])] for c in keeps_of(n) if sum(c) == n]


def score_rows(family):
    """{base box: bytes of its raw score for every roll} for the rulesets of ``family``."""
    rows = {}
    for rid in SCORE_FAMILIES[family]:
        rs = R.configure(rid)
        rolls = rolls_of(rs.dice)
        for c in rs.categories:
            base = R.split_extra(c)[0]
            f = rs.scorers[base]
            row = bytes(f(counts_of(m), sum(m)) for m in rolls)
            if rows.setdefault(base, row) != row:
                raise SystemExit("%s scores %s unlike its family %s" % (rid, base, family))
    return rows


def keeps_data():
    """keeps.bin: ADD for 6 dice as little-endian uint16 (5 dice read its first part)."""
    return b"".join(v.to_bytes(2, "little") for v in add_table(6))


def scores_module():
    """(lines of scores.py, {family: bytes of scores_<family>.bin}): each family's boxes in
    file order, and each box's row of one byte per roll, in that order."""
    out = [
        "# Raw scores of every roll in every box, for yatzy.keeps (tools/gen/ai_tables.py).",
        "# SPDX-License-Identifier: MIT",
        '"""Generated; do not edit by hand. ROWS[family]: the boxes of scores_<family>.bin, in',
        "its order; each box's row there is one byte per roll, in roll order. One module for",
        "every family: each module the board loads costs it three names for good.",
    ]
    out += [
        "%s: %d rolls, for the rulesets %s."
        % (fam, len(rolls_of(6 if fam == "maxi" else 5)), ", ".join(rids))
        for fam, rids in SCORE_FAMILIES.items()
    ]
    out += ['"""', "", "ROWS = {"]
    data = {}
    for fam in SCORE_FAMILIES:
        rows = score_rows(fam)
        out.append("    %r: (" % fam)
        out += ['        "%s",' % base for base in rows]
        out.append("    ),")
        data[fam] = b"".join(rows.values())
    out.append("}")
    return out, data


# fitted.py's docstring line on EXACT
FITTED_EXACT_DOC = (
    "EXACT[id] = (lower boxes in card order, bonus threshold, flags, bytes of L) of the\n"
    "ruleset's exact table: exact_<id>.bin holds L, then U, as little-endian int16 in 1/%d\n"
    "point; future value of a column = L[open-lower-bits * flags + yahtzee50] +\n"
    "U[open-upper-bits * (thr + 1) + upper]." % UNIT
)


def exact_shape(rid, names, t, flags, lb, ub):
    """(shape, bytes of exact_<rid>.bin): the table's shape (lower boxes in card order,
    bonus threshold, flags, bytes of L; fitted.EXACT[rid]), and L then U."""
    if len(ub) != 128 * (t + 1):
        raise SystemExit("%s: U has %d bytes, not %d" % (rid, len(ub), 128 * (t + 1)))
    return (tuple(names), t, flags, len(lb)), bytes(lb) + bytes(ub)


def exact_lines(shapes):
    """The lines of fitted.py's EXACT: {ruleset id: shape} (exact_shape)."""
    out = ["EXACT = {"]
    for rid, (names, t, flags, lsize) in shapes.items():
        out.append("    %r: (" % rid)
        out.append("        (")
        out += ['            "%s",' % n for n in names]
        out += ["        ),", "        %d," % t, "        %d," % flags, "        %d," % lsize]
        out.append("    ),")
    out.append("}")
    return out


def search_modules():
    """{file name: lines or bytes} of the search tables (modules and data files)."""
    out = {"keeps.bin": keeps_data()}
    out["scores.py"], data = scores_module()
    for fam, body in data.items():
        out["scores_%s.bin" % fam] = body
    return out


def write_files(folder, files):
    """Write {file name: lines (a module) or bytes (a data file)}; [(path, size), ...]."""
    out = []
    for name, body in files.items():
        path = os.path.join(folder, name)
        if isinstance(body, bytes):
            tmp = path + ".tmp"
            with open(tmp, "wb") as fh:
                fh.write(body)
            os.replace(tmp, path)
            out.append((path, len(body)))
        else:
            out.append(_write(path, body))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="generate firmware/yatzy/tables/")
    ap.add_argument("--dir", default=os.path.join(ROOT, "firmware", "yatzy", "tables"))
    ap.add_argument("--search-only", action="store_true", help="only keeps and score tables")
    args = ap.parse_args(argv)
    for path, size in write_files(args.dir, search_modules()):
        print("wrote %s (%d bytes)" % (path, size))
    if args.search_only:
        return 0
    exact = {}
    generic = {}
    report = []
    for rid in ("yatzy", "yahtzee", "forced"):
        sv = solved(rid)
        names, t, flags, lb, ub, rmse = fit_exact(sv)
        exact[rid] = (names, t, flags, lb, ub)
        report.append("%s: exact fit rmse %.3f points, %d bytes" % (rid, rmse, len(lb) + len(ub)))
        if rid != "forced":
            weights, upper_w, slope, flag_w, err = fit_generic(sv)
            generic[rid] = (weights, upper_w, slope, flag_w)
            report.append("%s: generic fit rmse %.3f points, slope %.3f" % (rid, err, slope))
    # Maxi: one-turn values of its boxes, scaled by how Nordic boxes' weights relate to theirs
    solo_y = solo_values("yatzy")
    wy, uy, slope_y, _ = generic["yatzy"]
    ratios = [wy[c] / solo_y[c] for c in wy if solo_y[c] > 0]
    ratio = float(np.median(ratios))
    solo_m = solo_values("maxi")
    wm = {}
    for c in solo_m:
        if c in R.FACE:
            continue
        r = wy[c] / solo_y[c] if c in wy and solo_y[c] > 0 else ratio
        wm[c] = solo_m[c] * r
    um = [0.0] * 7
    for c, f in R.FACE.items():
        um[f] = solo_m[c] * uy[f] / solo_y[c]
    generic["maxi"] = (wm, um, slope_y, 0.0)
    report.append("maxi: weights from one-turn values x Nordic ratios (median %.3f)" % ratio)
    saved_roll = 3.0  # points a saved Maxi roll is worth later (estimate, see docs/ai.md)
    direction = {}
    for rid in ("yatzy", "yahtzee", "maxi", "triple"):
        if rid == "maxi" or rid == "triple":
            direction[rid] = direction.get("yatzy", "down")
            continue
        sv = S.Solver(S.spec_for(rid, {"order": "up_or_down"}))
        sv.solve(workers=1)
        sv_vals = sv.start_values
        direction[rid] = max(sv_vals, key=sv_vals.get)
        report.append("%s up-or-down: down %.4f, up %.4f" % (rid, sv_vals["down"], sv_vals["up"]))

    written = []
    shapes = {}
    for rid, (names, t, flags, lb, ub) in exact.items():
        shapes[rid], data = exact_shape(rid, names, t, flags, lb, ub)
        written += write_files(args.dir, {"exact_%s.bin" % rid: data})
    out = [
        "# Generic future-value weights of the computer players (tools/gen/ai_tables.py).",
        "# SPDX-License-Identifier: MIT",
        '"""Generated from the exact optimum (tools/solver/solver.py); do not edit by hand.',
        "",
        "GENERIC[family] = (weight per lower box, weight per upper face, bonus slope, saved",
        "roll, Yahtzee-50 flag), in 1/%d point (slope: per point of margin)." % UNIT,
        FITTED_EXACT_DOC,
        "DIRECTION: the better start for up-or-down.",
        "",
    ]
    out += ["Fit: " + line for line in report]
    out += ['"""', ""] + exact_lines(shapes) + ["GENERIC = {"]
    for fam, (w, uw, slope, flag_w) in generic.items():
        wq = {c: int(round(v * UNIT)) for c, v in w.items()}
        uq = [int(round(v * UNIT)) for v in uw]
        sr = int(round(saved_roll * UNIT)) if fam == "maxi" else 0
        out.append("    %r: (" % fam)
        out.append("        {")
        out += ["            %r: %d," % (c, v) for c, v in wq.items()]
        out.append("        },")
        out.append("        %r," % (uq,))
        out.append("        %d," % int(round(slope * UNIT)))
        out.append("        %d," % sr)
        out.append("        %d," % int(round(flag_w * UNIT)))
        out.append("    ),")
    out.append("}")
    out.append("DIRECTION = %r" % (direction,))
    written.append(_write(os.path.join(args.dir, "fitted.py"), out))
    for line in report:
        print(line)
    for path, size in written:
        print("wrote %s (%d bytes)" % (path, size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
