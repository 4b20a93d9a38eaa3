# The future value of a card: the rest of the game, for the levels easy, good and best.
# SPDX-License-Identifier: MIT
"""A :class:`Model` values one column of a card, in ``UNIT`` (1/64 point), as the
expected points still to come from its open boxes: ``L[open lower boxes, Yahtzee-50
flag] + U[open upper boxes][upper total]``. ``yatzy.ai`` adds the change of this value to
a box's points when it ends a turn (``best``, ``good`` and ``easy`` differ only here):

- ``best`` reads the tables in ``yatzy.tables`` fitted to the exact optimum when
  :func:`exact_key` names one for the ruleset (``tools/gen/ai_tables.py`` from
  ``tools/solver/solver.py``);
- otherwise, and always for ``good``, a generic model: one weight per lower box plus
  per upper box and a logistic chance of still reaching the upper bonus;
- ``easy`` counts the generic model at half weight.

:func:`model` keeps one Model per configured ruleset and level. Integers only, so every
runtime makes the same choices.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Ann"])
    >>> m = model(g, "best")
    >>> m.value(g.players[0].card[0], 0, 0) > 200 * UNIT
    True
"""

from yatzy import rules as _rules
from yatzy.tables import read

UNIT = 64  # value units per point

_data = {}  # (ruleset object id, level) -> Model


def _i16(buf, i):
    v = buf[2 * i] | buf[2 * i + 1] << 8
    return v - 65536 if v & 0x8000 else v


def _exact(key, shape):
    """``(lower boxes, threshold, flags, data file, U's offset in it)`` of the exact table
    ``exact_<key>`` (``shape``: its ``fitted.EXACT`` entry), or None when its data file is
    missing or short (a broken install: the generic model plays instead of failing every
    decision)."""
    from yatzy.tables import size

    name = "exact_" + key
    lower, thr, flags, lsize = shape
    if size(name) != lsize + 128 * (thr + 1):  # L, then U: int16 per open-box mask and total
        return None
    return (lower, thr, flags, name, lsize)


def _tables():
    """yatzy.tables.fitted, loaded for the caller and dropped again: a Model keeps only its
    own family's weights on the heap."""
    from yatzy.tables import load

    return load("fitted")


def exact_key(r):
    """The table key when ``best`` may use fitted exact-optimum tables for ruleset ``r``.

    Compulsory rolls lower every value (`yatzy` optimum 237.44 instead of 248.44) but the
    free game's table still ranks the futures well (docs/ai.md: `best` beats `good` there),
    so they keep it; options that change scores or order do not.
    """
    o = r.options
    if r.columns != 1 or o.get("extra_bonus") or o.get("extra_rows"):
        return None
    if o.get("categories") is not None or o.get("upper_first"):
        return None
    if r.id == "forced" and r.bonus_threshold == 42:
        return "forced"
    if r.order != "free" or o.get("bonus_threshold") not in (None, 63):
        return None
    if r.id in ("yatzy", "yahtzee"):
        return r.id
    return None


def _family(r):
    """Generic weights: the Nordic yatzy fit, the American one, or Maxi's estimate."""
    if r.dice == 6:
        return "maxi"
    return "yahtzee" if r.joker or r.id == "yahtzee" else "yatzy"


class Model:
    """Future value of one column of a card, in UNIT, for a ruleset and a level."""

    def __init__(self, r, level):
        t = _tables()
        self.r = r
        self.key = exact_key(r) if level == "best" else None
        self.exact = None  # (lower boxes, threshold, flags, data file, U's offset): _exact
        if self.key is not None and self.key in t.EXACT:
            self.exact = _exact(self.key, t.EXACT[self.key])
        g = t.GENERIC[_family(r)]
        self.weights = g[0]  # box id (base name) -> UNIT
        self.upper_w = g[1]  # face 1..6 -> UNIT (index 0 unused)
        self.slope = g[2]  # logistic scale of the bonus chance, UNIT per point
        self.saved_roll = g[3] if r.saved_rolls else 0  # a roll saved for later (Maxi)
        self.flag_w = g[4]  # a Yahtzee box holding 50: later Yahtzees earn the bonus
        # quarters of the future value counted: Maxi's weights (estimated, no exact table)
        # overrate the future, half of it plays better (measured, docs/ai.md); a casual
        # player (easy) half-ignores the future
        self.future = 2 if _family(r) == "maxi" else 4
        if level == "easy":
            self.future //= 2
        opts = r.options
        self.rkey = (level, r.id, repr([(k, opts[k]) for k in sorted(opts)]))
        # the lower boxes with their weights (extra Yatzy rows weigh as the Yatzy box)
        w = self.weights
        self.lower = [
            (c, w.get(_rules.split_extra(c)[0], 0)) for c in r.categories if c not in _rules.FACE
        ]
        self.upper_faces = [_rules.FACE[c] for c in r.upper]

    def value(self, card, upper, flag):
        """Future value of a column: ``card`` dict box -> score/None, upper total, flag."""
        return self.lower_part(card, flag) + self.upper_part(card, upper)

    def lower_part(self, card, flag, skip=None):
        """The lower boxes' share of :meth:`value` (``skip``: a box taken as filled)."""
        if self.exact is not None:
            lower_ids, thr, flags, name, _u = self.exact
            m = 0
            bit = 1
            for c in lower_ids:
                if card[c] is None and c != skip:
                    m |= bit
                bit <<= 1
            return _i16(read(name, 2 * (m * flags + flag), 2), 0)
        v = self.flag_w if flag else 0
        for c, w in self.lower:
            if card[c] is None and c != skip:
                v += w
        return v

    def upper_part(self, card, upper, skip=None):
        """The upper boxes' share of :meth:`value` (``skip``: a box taken as filled)."""
        return self.upper_row(card, upper, skip, 0, 0)[0]

    def upper_row(self, card, have, skip, face, dice):
        """:meth:`upper_part` with ``skip`` filled with n dice of ``face`` (upper total
        ``have + face * n``), for n = 0..dice: the open boxes are summed up once."""
        r = self.r
        thr = r.bonus_threshold
        out = []
        if self.exact is not None:
            _lower, thr, _flags, name, u0 = self.exact
            um = 0
            top = 0  # the most upper total the filled boxes can hold: dice of each face
            for f in range(1, 7):
                c = _rules.UPPER[f - 1]
                if card[c] is None and c != skip:
                    um |= 1 << (f - 1)
                else:
                    top += f * r.dice
            if top > thr:
                top = thr
            lo = have if have < thr else thr
            hi = have + face * dice
            if hi > thr:
                hi = thr
            if hi > top:  # no card of these open boxes has this upper total
                raise ValueError("upper total %d with open boxes %d" % (hi, um))
            # U's row of this mask, from the totals asked for: one read
            row = read(name, u0 + 2 * (um * (thr + 1) + lo), 2 * (hi - lo + 1))
            for n in range(dice + 1):
                u = have + face * n
                out.append(_i16(row, (u if u < thr else thr) - lo))
            return out
        v = 0
        par = 0
        top = 0
        for f in self.upper_faces:
            c = _rules.UPPER[f - 1]
            if card[c] is None and c != skip:
                v += self.upper_w[f]
                par += f * thr
                top += f * r.dice
        for n in range(dice + 1):
            need = thr - (have + face * n)
            if need <= 0 or top < need or not top:
                out.append(v)
                continue
            # chance of the bonus: logistic in (expected upper points to come - points needed)
            x = (par // 21 - need) * self.slope
            out.append(v + r.bonus_value * UNIT * _logistic(x) // 1024)
        return out

    def upper_value(self, card, upper):
        return self.upper_part(card, upper)


def _logistic(x):
    """1024 / (1 + exp(-x / UNIT)) with integers only (piecewise linear in 1/8 steps)."""
    # values of 1024*sigmoid(t) for t = 0, 0.5, 1, ..., 4
    pts = (512, 639, 751, 839, 901, 942, 966, 981, 989)
    neg = x < 0
    if neg:
        x = -x
    i = x * 2 // UNIT
    if i >= 8:
        y = 1024 - (1024 - 989) * 8 // (i + 1)
    else:
        rem = x * 2 - i * UNIT
        y = pts[i] + (pts[i + 1] - pts[i]) * rem // UNIT
    return 1024 - y if neg else y


def _flag(game, p, col):
    """1 when this column's Yahtzee box holds a Yahtzee (the Yahtzee bonus is possible)."""
    r = game.rules
    if not r.joker:
        return 0
    card = game.players[p].card[col]
    for b in r.yatzy_boxes:
        if card[b]:
            return 1
    return 0


def _worth(r, fa, c, pts, have, change, future):
    """UNIT value of ``pts`` in box ``c`` (factor ``fa``, upper total ``have`` before):
    points, the bonus it completes, and ``change`` of future value counted ``future``/4."""
    v = pts * UNIT
    if c in _rules.FACE and have < r.bonus_threshold <= have + pts:
        v += r.bonus_value * UNIT
    return fa * (v + change * future // 4)


def best_box(game, level="good"):
    """The ``(category, column)`` the ``level`` would score now with the dice on the table
    (points, bonuses and the change of the future value), or None when no box may be
    scored. What the play screen's card opens on: only the generic model's small tables
    load, not a computer player's.

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Ann"], dice=None)
    >>> g.roll([6, 5, 5, 6, 3])
    >>> best_box(g)
    ('two_pairs', 0)
    """
    ch = game.choices()
    if len(ch) < 2:  # none, or no choice (a tie-break turn, a forced box)
        return ch[0][:2] if ch else None
    m = model(game, level)
    best = None
    top = None
    for v, c, col in choice_values(game, m, game.extra_for(game.current, game.dice) * UNIT):
        if top is None or v > top:
            top = v
            best = (c, col)
    return best


def choice_values(game, model, extra=0, choices=None):
    """``[(UNIT value, category, column), ...]`` of every box the dice may fill now, in the
    order of ``game.choices()`` (or of ``choices``, such triples for other dice), plus
    ``extra`` (UNIT): the box's points, the upper bonus it completes and the change of the
    column's future value (:meth:`Model.value`) it makes, counted ``model.future`` / 4. The
    card is not filled to find that: a lower box changes only the lower part of the future
    value, an upper box only the upper part, and each column's parts are found once."""
    r = game.rules
    p = game.current
    cards = game.players[p].card
    fut = model.future
    cols = {}
    out = []
    for c, col, pts in game.choices() if choices is None else choices:
        x = cols.get(col)
        if x is None:
            card = cards[col]
            have = game.upper_total(p, col)
            flag = _flag(game, p, col)
            x = (card, have, flag, model.lower_part(card, flag), model.upper_part(card, have))
            cols[col] = x
        card, have, flag, lo, up = x
        if c in _rules.FACE:
            after = lo + model.upper_row(card, have + pts, c, 0, 0)[0]
        else:
            if r.joker and pts and c in r.yatzy_boxes:
                flag = 1  # a Yahtzee scored: later ones earn the bonus
            after = model.lower_part(card, flag, c) + up
        v = _worth(r, r.factors[col], c, pts, have, after - lo - up, fut)
        out.append((v + extra, c, col))
    return out


def model(game, level):
    key = (id(game.rules), level)
    m = _data.get(key)
    if m is None:
        if len(_data) > 8:
            _data.clear()
        m = Model(game.rules, level)
        _data[key] = m
    return m
