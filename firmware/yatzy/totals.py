# The card arithmetic: upper and lower totals, the upper bonus, column and game totals.
# SPDX-License-Identifier: MIT
"""Totals of the players' cards, as the base class :class:`Totals` of
:class:`yatzy.engine.Game`: ``upper_total``, ``lower_total``, ``bonus``,
``bonus_needed``, ``column_total``, ``total``, ``totals`` (alias ``scores``),
``ranking`` and ``filled``. They read the cards and the ruleset's bonus data only; the
screens draw them on every frame, so they are plain loops that make no garbage.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Ann"])
    >>> g.players[0].card[0]["sixes"] = 30
    >>> g.upper_total(0), g.bonus_needed(0), g.total(0)
    (30, 33, 30)
"""

from yatzy import rules as _rules


class Totals:
    """Card totals; mixed into :class:`yatzy.engine.Game`."""

    # The totals are drawn on every frame: plain loops, no generator objects (garbage).
    def upper_total(self, p, column=0):
        return _filled_sum(self.players[p].card[column], self.rules.upper)

    def lower_total(self, p, column=0):
        return _filled_sum(self.players[p].card[column], self.rules.lower)

    def bonus(self, p, column=0):
        return _bonus(self.rules, self.upper_total(p, column))

    def bonus_needed(self, p, column=0):
        """Points still needed for the upper bonus: 0 when reached, None when out of reach."""
        r = self.rules
        if not r.upper:
            return None
        have = self.upper_total(p, column)
        if have >= r.bonus_threshold:
            return 0
        card = self.players[p].card[column]
        reach = have
        for c in r.upper:
            if card[c] is None:
                reach += r.dice * _rules.FACE[c]
        if reach < r.bonus_threshold:
            return None
        return r.bonus_threshold - have

    def column_total(self, p, column=0):
        r = self.rules
        card = self.players[p].card[column]
        upper = _filled_sum(card, r.upper)
        return upper + _bonus(r, upper) + _filled_sum(card, r.lower)

    def extra_bonus(self, p):
        return self.players[p].extra

    def total(self, p):
        t = self.players[p].extra
        for col in range(self.rules.columns):
            t += self.rules.factors[col] * self.column_total(p, col)
        return t

    def totals(self):
        return [self.total(p) for p in range(len(self.players))]

    scores = totals

    def tiebreak_scores(self, p):
        return [e[2] for e in self.tiebreak_log if e[1] == p]

    def ranking(self):
        """``[(place, player, total)]`` best first; equal players share a place (1, 1, 3)."""
        keys = []
        for p in range(len(self.players)):
            keys.append((self.total(p), tuple(self.tiebreak_scores(p)), -p))
        keys.sort(reverse=True)
        out = []
        prev = None
        place = 0
        for i, k in enumerate(keys):
            if prev is None or k[:2] != prev:
                place = i + 1
                prev = k[:2]
            out.append((place, -k[2], k[0]))
        return out

    def filled(self, p):
        n = 0
        for col in self.players[p].card:
            for v in col.values():
                if v is not None:
                    n += 1
        return n


def _bonus(r, upper):
    """The upper bonus that the upper total ``upper`` earns in ruleset ``r``."""
    if r.upper and upper >= r.bonus_threshold:
        return r.bonus_value
    return 0


def _filled_sum(card, categories):
    t = 0
    for c in categories:
        v = card[c]
        if v:
            t += v
    return t
