#!/usr/bin/env python3
# Exact solitaire solver: maximum expected final score by backward induction (NumPy).
# SPDX-License-Identifier: MIT
"""Optimal solitaire strategy for Yatzy-family games.

The game state between turns is (filled categories, upper total capped at the bonus
threshold[, Yahtzee box holds 50]).  Its value E is the expected score still to come under
optimal play.  Every turn is solved exactly over the dice multisets: the value after the last
roll is the best category (score + bonus + E of the next state, Joker rules applied); one
reroll earlier, each keep's value is the average of its outcomes (one dense keep -> roll
probability matrix, built once one die at a time: K[keep] = mean over faces of
K[keep + face]) and each roll takes its best sub-keep (B[keep] = max(K[keep],
B[keep - one die])).  Whole layers of states (same number of filled categories) go through
NumPy at once, split between two forked processes, so the 2 097 152-entry `yatzy` table
takes seconds.  States whose upper total no longer matters are solved once.

    python -m tools.solver --rules yatzy                  # solve, save build/solver_yatzy.npz
    python -m tools.solver --rules yahtzee --no-joker     # Glenn's variant without bonus/Joker
    python -m tools.solver --rules yahtzee --joker free   # Verhoeff's Joker model (254.5896)
    python -m tools.solver --load --table build/solver_yatzy.npz --query "dice=1,1,2,3,4 rolls=2"
    python -m tools.solver --rules yatzy \
        --query "filled=ones,chance upper=3 dice=6,6,6,2,1 rolls=1"

The last line printed is always the optimal expected score of a new game (for --query: the
expected final score of the best choice, points already scored included).

Query keys (space separated, any order): `filled=` categories already filled (comma
separated ids, empty for none), `upper=` upper-section total so far, `dice=` the dice showing,
`rolls=` rerolls still allowed (2 after the first roll, 0 = choose a category now),
`yahtzee50=1` (yahtzee only) when the Yahtzee box holds 50, `scored=` points already on the
card (added to the printed expected final scores).
"""

import argparse
import json
import multiprocessing
import os
import sys
import time

# one BLAS thread per process: the solver splits its own work between processes
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from tools.paths import ROOT

FACES = 6
NEG = -1e18


class Dice:
    """Multisets of n dice: the rolls (size n) and the keeps (size 0..n), ordered by size."""

    def __init__(self, n):
        self.n = n
        keeps = []
        for size in range(n + 1):
            keeps.extend(_multisets(size))
        self.keeps = keeps  # count tuples, sorted by size
        self.index = {k: i for i, k in enumerate(keeps)}
        self.size = np.array([sum(k) for k in keeps])
        starts = [int(np.searchsorted(self.size, s)) for s in range(n + 2)]
        self.levels = [slice(starts[s], starts[s + 1]) for s in range(n + 1)]  # contiguous
        self.rolls = keeps[self.levels[n]]
        self.roll_keep = np.arange(starts[n], starts[n + 1])  # keep index of every roll
        self.roll_index = {r: i for i, r in enumerate(self.rolls)}
        # children[k] = keep with one more die of each face (for sizes < n)
        self.children = {}
        for s in range(n):
            rows = []
            for i in range(self.levels[s].start, self.levels[s].stop):
                k = keeps[i]
                rows.append([self.index[_add(k, f)] for f in range(FACES)])
            self.children[s] = np.array(rows)
        # parents[k] = keep with one die removed (each distinct face), padded by repetition
        self.parents = {}
        for s in range(1, n + 1):
            rows = []
            for i in range(self.levels[s].start, self.levels[s].stop):
                k = keeps[i]
                row = [self.index[_add(k, f, -1)] for f in range(FACES) if k[f]]
                row += [row[0]] * (min(s, FACES) - len(row))
                rows.append(row)
            self.parents[s] = np.array(rows)
        # probability of each roll when all n dice are thrown
        self.p_roll = np.array([_multinomial(r) for r in self.rolls]) / float(FACES**n)
        self.counts = np.array(self.rolls)  # (rolls, 6) face counts
        self.sorted_dice = [_dice_of(r) for r in self.rolls]
        self._transition = None

    def one_reroll(self, v, must_roll=False, keep_values=True):
        """v: (rolls, S) value with no reroll left -> (keep values K, best-keep values B).

        B of a roll is its best keep; `must_roll` (compulsory rolls) forbids keeping all dice.
        The keep values come one die at a time: a keep is worth the mean of its six children
        with one more die (210 x 6 additions per state, where the dense `transition` matrix
        product takes 210 x 252 multiply-adds; measured 3x faster at 256 states a batch).
        """
        n_small = self.levels[self.n].start
        k = np.empty((len(self.keeps),) + v.shape[1:], dtype=v.dtype)
        k[n_small:] = v
        for s in range(self.n - 1, -1, -1):
            ch = self.children[s]
            lv = k[self.levels[s]]
            np.add(k[ch[:, 0]], k[ch[:, 1]], out=lv)
            for j in range(2, FACES):
                lv += k[ch[:, j]]
            lv *= 1.0 / FACES
        b = k.copy() if keep_values else k
        for s in range(1, self.n + 1):
            bl = b[self.levels[s]]
            par = self.parents[s]
            if must_roll and s == self.n:
                bl[...] = NEG
            for j in range(par.shape[1]):
                np.maximum(bl, b[par[:, j]], out=bl)
        return k, b

    def transition(self):
        """(keeps smaller than a roll, rolls) probability of each roll after each keep: the
        keep values of the identity (for queries and tests; the solver never builds it)."""
        if self._transition is None:
            k, _ = self.one_reroll(np.eye(len(self.rolls)))
            self._transition = np.ascontiguousarray(k[: self.levels[self.n].start])
        return self._transition

    def keep_of(self, dice, mask):
        held = [0] * FACES
        for i, d in enumerate(dice):
            if mask >> i & 1:
                held[d - 1] += 1
        return self.index[tuple(held)]


def _multisets(size, faces=FACES):
    if faces == 1:
        return [(size,)]
    out = []
    for c in range(size, -1, -1):
        for rest in _multisets(size - c, faces - 1):
            out.append((c,) + rest)
    return out


def _add(k, f, d=1):
    k = list(k)
    k[f] += d
    return tuple(k)


def _multinomial(counts):
    out = 1
    n = 0
    for c in counts:
        for i in range(c):
            n += 1
            out = out * n // (i + 1)
    return out


def _dice_of(counts):
    out = []
    for f, c in enumerate(counts):
        out.extend([f + 1] * c)
    return out


class Spec:
    """What the solver needs to know about one game.

    `table[r, c]` is the raw score of roll r in category c; `upper_face[c]` is 1..6 for the
    upper section and 0 otherwise; `order` is "free", "down" (card order), "up" (reverse) or
    "up_or_down" (the player picks down or up before the first turn); `upper_first` makes the
    upper boxes come first; `all_rolls` makes every roll compulsory;
    `joker` switches on the Yahtzee bonus (`yahtzee_bonus` points) and the Joker rules, with
    `yahtzee_cat` the index of the Yahtzee box and `joker_fixed` the scores Joker dice get in
    full house / straights.
    """

    def __init__(self, name, n_dice, categories, upper_face, threshold, bonus, table, **kw):
        self.name = name
        self.dice = Dice(n_dice)
        self.categories = list(categories)
        self.upper_face = list(upper_face)
        self.threshold = int(threshold)
        self.bonus = int(bonus)
        self.table = np.asarray(table, dtype=np.float64)
        self.order = kw.get("order", "free")
        self.joker = bool(kw.get("joker", False))
        self.yahtzee_cat = kw.get("yahtzee_cat", -1)
        self.yahtzee_bonus = kw.get("yahtzee_bonus", 100)
        self.joker_fixed = dict(kw.get("joker_fixed", {}))
        self.upper_first = bool(kw.get("upper_first", False))
        self.all_rolls = bool(kw.get("all_rolls", False))
        self.joker_mode = kw.get("joker_mode", "forced")
        if self.joker_mode not in ("forced", "free"):
            raise ValueError("joker mode must be forced or free, got %r" % (self.joker_mode,))
        n_cat = len(self.categories)
        if self.table.shape != (len(self.dice.rolls), n_cat):
            raise ValueError("score table shape %r does not match the dice" % (self.table.shape,))
        if self.order not in ("free", "down", "up", "up_or_down"):
            raise ValueError("unknown order %r" % self.order)
        if self.joker and not 0 <= self.yahtzee_cat < n_cat:
            raise ValueError("joker rules need the yahtzee category")
        self.flags = 2 if self.joker else 1


def spec_for(rules_id, options=None, joker=True, joker_mode="forced", saved_rolls=True):
    """Build the Spec of a core ruleset with house options; scores come from yatzy.scoring.

    Maxi's saved rolls (unused rolls carried to later turns) would add the number of banked
    rolls to every state; the solver does not model them. `saved_rolls=False` solves Maxi
    with three rolls every turn instead: a game of its own, and a lower bound of the real
    optimum (banking rolls can only add to it)."""
    from yatzy import rules as core_rules
    from yatzy import scoring

    if rules_id not in core_rules.RULESETS:
        raise ValueError(
            "unknown ruleset %r (choose from %s)" % (rules_id, ", ".join(core_rules.RULESETS))
        )
    rs = core_rules.configure(rules_id, options)
    if rs.columns != 1:
        raise ValueError("%s with %d columns has no exact solver" % (rules_id, rs.columns))
    if rs.extra_bonus:
        raise ValueError("the extra Yatzy bonus option has no exact solver")
    if len(rs.yatzy_boxes) > 1:
        raise ValueError("extra Yatzy rows have no exact solver")
    if rs.saved_rolls and saved_rolls:
        raise ValueError(
            "%s's saved rolls have no exact solver; --no-saved-rolls solves it with three "
            "rolls a turn (a lower bound of its optimum)" % rules_id
        )
    dice = Dice(rs.dice)
    cats = list(rs.categories)
    table = [[scoring.score(rs, c, d) for c in cats] for d in dice.sorted_dice]
    upper = [core_rules.FACE.get(c, 0) for c in cats]
    kw = {"order": rs.order, "upper_first": rs.upper_first, "all_rolls": rs.all_rolls}
    use_joker = rs.joker and joker
    if use_joker:
        kw["joker"] = True
        kw["joker_mode"] = joker_mode
        kw["yahtzee_cat"] = cats.index(rs.yatzy_box)
        kw["yahtzee_bonus"] = rs.yahtzee_bonus
        kw["joker_fixed"] = {cats.index(c): v for c, v in rs.joker_scores.items() if c in cats}
    name = rules_id + ("-nojoker" if rs.joker and not joker else "")
    if rs.saved_rolls:
        name += "-nosaved"
    if use_joker and joker_mode != "forced":
        name += "-joker" + joker_mode
    return Spec(name, rs.dice, cats, upper, rs.bonus_threshold, rs.bonus_value, table, **kw)


_WORK = None


def _work(span):
    solver, masks, ups, flags, batch = _WORK
    return solver._solve_range(masks, ups, flags, span[0], span[1], batch)


class Solver:
    """Backward induction over (filled mask, capped upper total, Yahtzee-50 flag)."""

    def __init__(self, spec, dtype=np.float64):
        """`dtype` of the per-turn work: float64 (default) gives every published figure to
        the last printed decimal; float32 (values taken relative to each state's best roll)
        is off by about 2e-5 and not faster with this BLAS, so it is not exposed."""
        self.spec = spec
        self.dtype = dtype
        n_cat = len(spec.categories)
        self.n_cat = n_cat
        self.full = (1 << n_cat) - 1
        t = spec.threshold
        self.values = np.zeros((1 << n_cat, t + 1, spec.flags), dtype=np.float64)
        self.start_direction = "down"
        self.start_values = {}
        self.upper_cats = [c for c in range(n_cat) if spec.upper_face[c]]
        self.face_cat = {spec.upper_face[c]: c for c in self.upper_cats}
        self.reach = self._reachable_upper()
        self.counts = spec.dice.counts  # (rolls, 6)
        r = len(spec.dice.rolls)
        self.yatzy_rows = [i for i in range(r) if self.counts[i].max() == spec.dice.n]

    def _reachable_upper(self):
        """reach[upper_bits] -> bool array over u: which capped totals can occur."""
        spec = self.spec
        t = spec.threshold
        n_up = len(self.upper_cats)
        reach = np.zeros((1 << n_up, t + 1), dtype=bool)
        reach[0, 0] = True
        for bits in range(1, 1 << n_up):
            low = (bits & -bits).bit_length() - 1
            prev = reach[bits & ~(1 << low)]
            face = spec.upper_face[self.upper_cats[low]]
            cur = reach[bits]
            for n in range(spec.dice.n + 1):
                gain = face * n
                src = np.nonzero(prev)[0]
                cur[np.minimum(src + gain, t)] = True
        return reach

    def upper_bits(self, mask):
        bits = 0
        for j, c in enumerate(self.upper_cats):
            if mask >> c & 1:
                bits |= 1 << j
        return bits

    def allowed(self, mask):
        """Bit mask of the categories that may be filled in state `mask`."""
        mask = int(mask)
        open_ = self.full & ~mask
        if not open_:
            return 0
        order = self.spec.order
        if order == "up_or_down":
            if mask == 0:
                order = self.start_direction
            else:
                order = "down" if mask & (mask + 1) == 0 else "up"
        if order == "down":
            return open_ & -open_
        if order == "up":
            return 1 << (open_.bit_length() - 1)
        if self.spec.upper_first:
            up = sum(1 << c for c in self.upper_cats) & open_
            if up:
                return up
        return open_

    def masks_of_layer(self, filled):
        n = self.n_cat
        down = (1 << filled) - 1
        up = self.full & ~((1 << (n - filled)) - 1)
        if self.spec.order == "down":
            return [down]
        if self.spec.order == "up":
            return [up]
        if self.spec.order == "up_or_down":
            return [down] if down == up else [down, up]
        return [m for m in range(1 << n) if bin(m).count("1") == filled]

    # ---- the last roll: best category for every roll ----
    def final_values(self, masks, ups, flags, allowed=None):
        """(rolls, S) best value of scoring each roll, for states (mask, u, flag)."""
        spec = self.spec
        t = spec.threshold
        vals = self.values
        r = len(spec.dice.rolls)
        s_n = len(masks)
        v3 = np.full((r, s_n), NEG)
        tmp = np.empty((r, s_n))
        if allowed is None:
            allowed = np.array([self.allowed(m) for m in masks], dtype=np.int64)
        for c in range(self.n_cat):
            ok = (allowed >> c & 1).astype(bool)
            if not ok.any():
                continue
            nxt = masks | (1 << c)
            face = spec.upper_face[c]
            if face:
                succ = np.empty((spec.dice.n + 1, s_n))
                for n in range(spec.dice.n + 1):
                    u2 = np.minimum(ups + face * n, t)
                    gain = np.where((ups < t) & (u2 >= t), spec.bonus, 0)
                    succ[n] = vals[nxt, u2, flags] + gain
                succ[:, ~ok] = NEG
                contrib = succ[self.counts[:, face - 1]]
                contrib += spec.table[:, c][:, None]
            else:
                f2 = flags
                if spec.joker and c == spec.yahtzee_cat:
                    f2 = None
                if f2 is None:
                    # scoring the Yahtzee box: flag becomes 1 when it scores 50
                    s_y = spec.table[:, c]
                    base = np.where(ok, 0.0, NEG)
                    v_with = vals[nxt, ups, 1] + base
                    v_without = vals[nxt, ups, 0] + base
                    contrib = (
                        np.where((s_y > 0)[:, None], v_with[None, :], v_without[None, :])
                        + s_y[:, None]
                    )
                else:
                    succ = np.where(ok, vals[nxt, ups, flags], NEG)
                    contrib = np.add(spec.table[:, c][:, None], succ[None, :], out=tmp)
            np.maximum(v3, contrib, out=v3)
        if spec.joker:
            self._joker_rows(v3, masks, ups, flags, allowed)
        return v3

    def _joker_rows(self, v3, masks, ups, flags, allowed):
        """Five of a kind with the Yahtzee box filled: 100-point bonus and the Joker rules.

        joker_mode "forced" (the official rules, RULES.md): the matching upper box if open,
        else any open lower box (full house / straights score their fixed value), else an
        upper box for 0.  "free" (Verhoeff's published model): any open box; the fixed lower
        scores only when the matching upper box is already filled.
        """
        spec = self.spec
        t = spec.threshold
        vals = self.values
        yc = spec.yahtzee_cat
        filled_y = (masks >> yc & 1).astype(bool)
        if not filled_y.any():
            return
        s_n = len(masks)
        bonus = np.where(flags == 1, spec.yahtzee_bonus, 0)
        for row in self.yatzy_rows:
            face = int(np.argmax(self.counts[row])) + 1
            up_c = self.face_cat.get(face, -1)
            if up_c >= 0:
                up_open = ((allowed >> up_c) & 1).astype(bool)
            else:
                up_open = np.zeros(s_n, dtype=bool)
            best = {"upper": np.full(s_n, NEG), "lower": np.full(s_n, NEG)}
            any_lower = np.zeros(s_n, dtype=bool)
            for c in range(self.n_cat):
                if c == yc:
                    continue
                ok = ((allowed >> c) & 1).astype(bool)
                sc = spec.table[row, c]
                if spec.upper_face[c]:
                    u2 = np.minimum(ups + sc, t).astype(int)
                    gain = np.where((ups < t) & (u2 >= t), spec.bonus, 0)
                    cand = sc + gain + vals[masks | (1 << c), u2, flags]
                    if spec.joker_mode == "forced" and c == up_c:
                        forced_up = cand
                        continue
                    kind = "upper"
                    cand = np.where(ok, cand, NEG)
                else:
                    kind = "lower"
                    cand = vals[masks | (1 << c), ups, flags]
                    if c in spec.joker_fixed:
                        fixed = spec.joker_fixed[c]
                        if spec.joker_mode == "forced":
                            cand = cand + fixed
                        else:
                            cand = cand + np.where(up_open, sc, fixed)
                    else:
                        cand = cand + sc
                    cand = np.where(ok, cand, NEG)
                    any_lower |= ok
                np.maximum(best[kind], cand, out=best[kind])
            if spec.joker_mode == "forced":
                joker = np.where(any_lower, best["lower"], best["upper"])
                if up_c >= 0:
                    joker = np.where(up_open, forced_up, joker)
            else:
                joker = np.maximum(best["lower"], best["upper"])
            v3[row] = np.where(filled_y, joker + bonus, v3[row])

    def legal(self, mask, roll):
        """Categories (indices) that roll `roll` (index) may be scored in, Joker applied."""
        allowed = self.allowed(mask)
        spec = self.spec
        cats = [c for c in range(self.n_cat) if allowed >> c & 1]
        forced = spec.joker_mode == "forced"
        if forced and spec.joker and mask >> spec.yahtzee_cat & 1 and roll in self.yatzy_rows:
            face = int(np.argmax(self.counts[roll])) + 1
            up_c = self.face_cat.get(face, -1)
            if up_c in cats:
                return [up_c]
            lower = [c for c in cats if not spec.upper_face[c]]
            return lower or cats
        return cats

    def turn_tables(self, mask, u, flag):
        """Per-roll values of one state: v[rolls_left] over rolls and k[rolls_left] over keeps."""
        d = self.spec.dice
        one = (np.array([mask]), np.array([u]), np.array([flag]))
        v3 = self.final_values(*one)
        must = self.spec.all_rolls
        k2, b2 = d.one_reroll(v3, must)
        v2 = b2[d.roll_keep]
        k1, b1 = d.one_reroll(v2, must)
        v1 = b1[d.roll_keep]
        return {0: v3[:, 0], 1: v2[:, 0], 2: v1[:, 0]}, {1: k2[:, 0], 2: k1[:, 0]}

    def category_values(self, mask, u, flag, roll):
        """{category index: expected future score} for scoring roll `roll` now."""
        one = (np.array([mask]), np.array([u]), np.array([flag]))
        out = {}
        for c in self.legal(mask, roll):
            out[c] = float(self.final_values(*one, allowed=np.array([1 << c]))[roll, 0])
        return out

    def turn_value(self, masks, ups, flags):
        """Expected future score at the start of a turn, for states (mask, u, flag)."""
        d = self.spec.dice
        v3 = self.final_values(masks, ups, flags)
        must = self.spec.all_rolls
        if self.dtype == np.float64:
            base = 0.0
        else:
            base = v3.max(axis=0)
            v3 = (v3 - base).astype(self.dtype)
        _, b2 = d.one_reroll(v3, must, False)
        v2 = b2[d.roll_keep]
        _, b1 = d.one_reroll(v2, must, False)
        v1 = b1[d.roll_keep]
        return d.p_roll @ v1 + base

    def representatives(self, mask):
        """(reachable u, the u whose value each shares): once the bonus is reached or out of
        reach, the upper total no longer matters, so one state stands for the others."""
        spec = self.spec
        t = spec.threshold
        us = np.nonzero(self.reach[self.upper_bits(mask)])[0]
        left = sum(spec.dice.n * spec.upper_face[c] for c in self.upper_cats if not mask >> c & 1)
        dead = (us < t) & (us + left < t)
        rep = us.copy()
        if dead.any():
            rep[dead] = us[dead][0]
        return us, rep

    def states_of_layer(self, filled, dedupe=True):
        masks, ups, flags, copies = [], [], [], []
        for m in self.masks_of_layer(filled):
            us, rep = self.representatives(m)
            solve = us[rep == us] if dedupe else us
            for f in range(self.spec.flags):
                if f and not (m >> self.spec.yahtzee_cat & 1):
                    continue  # the flag only exists once the Yahtzee box is filled
                masks.append(np.full(len(solve), m))
                ups.append(solve)
                flags.append(np.full(len(solve), f))
                if dedupe and (rep != us).any():
                    copies.append((m, us[rep != us], rep[rep != us], f))
        if not masks:
            return None
        self._copies = copies
        return np.concatenate(masks), np.concatenate(ups), np.concatenate(flags)

    def _solve_range(self, masks, ups, flags, a, b, batch):
        out = np.empty(b - a)
        for i in range(a, b, batch):
            j = min(b, i + batch)
            out[i - a : j - a] = self.turn_value(masks[i:j], ups[i:j], flags[i:j])
        return out

    def solve(self, batch=256, progress=None, workers=None):
        """Fill self.values for every reachable state; return the value of a new game.

        Large layers are split between `workers` forked processes (default: the CPU count,
        at most 2); they read the finished layers through the fork and send back values.
        """
        global _WORK
        if workers is None:
            workers = min(2, os.cpu_count() or 1)
        for filled in range(self.n_cat - 1, -1, -1):
            st = self.states_of_layer(filled)
            if st is None:
                continue
            if filled == 0 and self.spec.order == "up_or_down":
                for direction in ("down", "up"):
                    self.start_direction = direction
                    self.start_values[direction] = float(self.turn_value(*st)[0])
                self.values[0, 0, 0] = max(self.start_values.values())
                continue
            masks, ups, flags = st
            n = len(masks)
            if workers > 1 and n >= 8192 and "fork" in multiprocessing.get_all_start_methods():
                _WORK = (self, masks, ups, flags, batch)
                cuts = [n * i // (2 * workers) for i in range(2 * workers + 1)]
                ctx = multiprocessing.get_context("fork")
                with ctx.Pool(workers) as pool:
                    parts = pool.map(_work, list(zip(cuts[:-1], cuts[1:])))
                _WORK = None
                self.values[masks, ups, flags] = np.concatenate(parts)
            else:
                self.values[masks, ups, flags] = self._solve_range(masks, ups, flags, 0, n, batch)
            for m, us, reps, f in self._copies:
                self.values[m, us, f] = self.values[m, reps, f]
            if progress:
                progress(filled, len(masks))
        return self.start_value()

    def start_value(self):
        return float(self.values[0, 0, 0])

    # ---- saving and loading ----
    def meta(self):
        s = self.spec
        return {
            "name": s.name,
            "categories": s.categories,
            "upper_face": s.upper_face,
            "threshold": s.threshold,
            "bonus": s.bonus,
            "dice": s.dice.n,
            "order": s.order,
            "joker": s.joker,
            "yahtzee_cat": s.yahtzee_cat,
            "yahtzee_bonus": s.yahtzee_bonus,
            "joker_fixed": {str(k): v for k, v in s.joker_fixed.items()},
            "upper_first": s.upper_first,
            "joker_mode": s.joker_mode,
            "all_rolls": s.all_rolls,
            "start_values": self.start_values,
            "table": s.table.astype(int).tolist(),
        }

    def save(self, path):
        d = os.path.dirname(path)
        if d:
            os.makedirs(d, exist_ok=True)
        tmp = path + ".tmp.npz"
        np.savez(tmp, values=self.values.astype(np.float32), meta=json.dumps(self.meta()))
        os.replace(tmp, path)


def load(path):
    """Load a saved table: returns a Solver whose values are the stored (float32) table."""
    try:
        with np.load(path) as z:
            values = z["values"]
            meta = json.loads(str(z["meta"]))
        kw = {
            "order": meta["order"],
            "joker": meta["joker"],
            "yahtzee_cat": meta["yahtzee_cat"],
            "yahtzee_bonus": meta["yahtzee_bonus"],
            "joker_fixed": {int(k): v for k, v in meta["joker_fixed"].items()},
            "upper_first": meta["upper_first"],
            "all_rolls": meta["all_rolls"],
            "joker_mode": meta["joker_mode"],
        }
        args = [meta[k] for k in ("name", "dice", "categories", "upper_face")]
        args += [meta[k] for k in ("threshold", "bonus", "table")]
        start_values = meta["start_values"]
    except (OSError, KeyError, ValueError, TypeError, AttributeError) as e:
        raise ValueError("cannot read solver table %s: %r" % (path, e)) from None
    solver = Solver(Spec(*args, **kw))
    if values.shape != solver.values.shape:
        raise ValueError(
            "solver table %s has shape %r, expected %r" % (path, values.shape, solver.values.shape)
        )
    solver.values = values.astype(np.float64)
    solver.start_values = start_values
    return solver


def parse_query(solver, text):
    spec = solver.spec
    q = {"filled": "", "upper": "0", "dice": "", "rolls": "0", "yahtzee50": "0", "scored": "0"}
    for item in text.split():
        key, sep, value = item.partition("=")
        if not sep or key not in q:
            raise ValueError("bad query item %r (keys: %s)" % (item, ", ".join(q)))
        q[key] = value
    mask = 0
    for c in q["filled"].split(","):
        if not c:
            continue
        if c not in spec.categories:
            raise ValueError("unknown category %r in the query" % c)
        mask |= 1 << spec.categories.index(c)
    try:
        upper = int(q["upper"])
        rolls = int(q["rolls"])
        flag = int(q["yahtzee50"])
        scored = int(q["scored"])
        dice = [int(x) for x in q["dice"].split(",") if x]
    except ValueError:
        raise ValueError("query numbers must be integers: %r" % text) from None
    if len(dice) != spec.dice.n or not all(1 <= d <= FACES for d in dice):
        raise ValueError("the query needs dice=<%d values 1..6>" % spec.dice.n)
    if not 0 <= rolls < 3:
        raise ValueError("rolls must be 0, 1 or 2 (rerolls left)")
    if mask == solver.full:
        raise ValueError("the card is already full")
    if flag not in (0, 1) or (flag and not spec.joker):
        raise ValueError("yahtzee50 must be 0 or 1 (and only with the Joker rules)")
    if upper < 0:
        raise ValueError("upper must be >= 0")
    u = min(upper, spec.threshold)
    if not solver.reach[solver.upper_bits(mask)][u]:
        raise ValueError("upper total %d cannot happen with those boxes filled" % upper)
    return mask, u, flag, dice, rolls, scored, upper


def query(solver, text):
    """Text answer: every choice with its expected final score, best first; last line best."""
    spec = solver.spec
    mask, u, flag, dice, rolls, scored, upper = parse_query(solver, text)
    d = spec.dice
    counts = [0] * FACES
    for x in dice:
        counts[x - 1] += 1
    roll = d.roll_index[tuple(counts)]
    # points already on the card: the bonus counts once it is reached
    base = scored
    lines = []
    if rolls == 0:
        vals = solver.category_values(mask, u, flag, roll)
        ranked = sorted(vals.items(), key=lambda kv: -kv[1])
        for c, v in ranked:
            lines.append("score %-16s %10.4f" % (spec.categories[c], base + v))
        best = ranked[0][1]
    else:
        _, keeps = solver.turn_tables(mask, u, flag)
        k = keeps[rolls]
        seen = {}
        for m in range(1 << len(dice)):
            ki = d.keep_of(dice, m)
            if ki in seen or (spec.all_rolls and m == (1 << len(dice)) - 1):
                continue
            seen[ki] = m
        ranked = sorted(seen.items(), key=lambda kv: -k[kv[0]])
        for ki, m in ranked:
            held = [str(x) for i, x in enumerate(dice) if m >> i & 1]
            lines.append("hold %-10s mask %2d %10.4f" % (",".join(held) or "-", m, base + k[ki]))
        best = k[ranked[0][0]]
    lines.append("%.4f" % (base + best))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="yatzy", help="ruleset id (yatzy, forced, yahtzee, maxi)")
    ap.add_argument("--no-joker", action="store_true", help="yahtzee without bonus and Joker")
    ap.add_argument(
        "--joker",
        default="forced",
        help="Joker rule: forced (official, RULES.md) or free (Verhoeff's published model)",
    )
    ap.add_argument(
        "--options", default="{}", help="house options as JSON, e.g. '{\"all_rolls\": true}'"
    )
    ap.add_argument(
        "--no-saved-rolls",
        action="store_true",
        help="maxi: three rolls a turn, no saved rolls (a lower bound of its optimum)",
    )
    ap.add_argument("--table", help="table file (default build/solver_<name>.npz)")
    ap.add_argument("--load", action="store_true", help="load the table file instead of solving")
    ap.add_argument("--query", help="position to analyse (see the module help)")
    # 256 states: each (rolls x states) array is 0.5 MB and stays in the CPU cache; the yatzy
    # table took 7.2-7.6 s with it, 8.4 s with 1024 (2 workers, idle machine)
    ap.add_argument("--batch", type=int, default=256, help="states per NumPy batch")
    ap.add_argument(
        "--workers", type=int, default=None, help="processes to split layers between (default 2)"
    )
    args = ap.parse_args(argv)
    try:
        if args.workers is not None and args.workers < 1:
            raise ValueError("--workers must be at least 1")
        options = json.loads(args.options)
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        spec = None
        path = args.table
        if not args.load or not path:
            spec = spec_for(
                args.rules,
                options,
                joker=not args.no_joker,
                joker_mode=args.joker,
                saved_rolls=not args.no_saved_rolls,
            )
            if not path:
                path = os.path.join(ROOT, "build", "solver_%s.npz" % spec.name)
        if args.load:
            t0 = time.time()
            solver = load(path)
            print("loaded %s in %.2f s" % (path, time.time() - t0))
        else:
            solver = Solver(spec)
            t0 = time.time()
            solver.solve(batch=max(1, args.batch), workers=args.workers)
            took = time.time() - t0
            solver.save(path)
            print(
                "%s: %d categories, %d dice, table %s = %d entries, solved in %.2f s, saved %s"
                % (
                    spec.name,
                    len(spec.categories),
                    spec.dice.n,
                    "x".join(str(x) for x in solver.values.shape),
                    solver.values.size,
                    took,
                    path,
                )
            )
            for d, v in sorted(solver.start_values.items()):
                print("start %s: %.4f" % (d, v))
        if args.query:
            print(query(solver, args.query))
        else:
            print("%.4f" % solver.start_value())
    except ValueError as e:
        print("solver.py: error: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
