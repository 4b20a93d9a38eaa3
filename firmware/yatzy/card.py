# The card of a game: which boxes may take which dice, and what the card adds up to.
# SPDX-License-Identifier: MIT
"""The card rules and the card arithmetic of :class:`yatzy.engine.Game`, as its base class
:class:`Card` (one module and one class: each module and each class costs heap of its own
on the device while a game is played).

Totals: ``upper_total``, ``lower_total``, ``bonus``, ``bonus_needed``, ``column_total``,
``total``, ``totals`` (alias ``scores``), ``ranking`` and ``filled``. They read the cards
and the ruleset's bonus data only; the screens draw them on every frame, so they are plain
loops that make no garbage.

Boxes: the order a player fills a column in (``direction_of``, ``open_boxes``), the Joker
rules (``joker_active``), the extra Yatzy / Yahtzee bonus (``extra_for``) and every box and
score some dice may take (``choices_for``). Everything is read from the configured ruleset
(``game.rules``) and the players' cards; nothing here changes the game.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Ann"])
    >>> g.players[0].card[0]["sixes"] = 30
    >>> g.upper_total(0), g.bonus_needed(0), g.total(0)
    (30, 33, 30)
    >>> g = Game("forced", ["Ann"])
    >>> g.open_boxes(0, 0), g.direction_of(0)
    (['ones'], 'down')
    >>> g.choices_for(0, [2, 2, 2, 2, 2])
    [('ones', 0, 0)]
"""

from yatzy import rules as _rules
from yatzy.scoring import counts_of, is_yatzy


class Card:
    """Card totals, then what a player may score; the base class of
    :class:`yatzy.engine.Game` (totals first: they are asked for on every frame)."""

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

    def direction_of(self, p):
        """ "down", "up" or None (free order) for player ``p``."""
        if self.rules.order == "down":
            return "down"
        if self.rules.order == "up_or_down":
            return self.players[p].direction
        return None

    def open_boxes(self, p, column):
        """Boxes of ``column`` that player ``p`` may fill now (order rules applied)."""
        card = self.players[p].card[column]
        cats = self.rules.categories
        d = self.direction_of(p)
        if d == "down":
            for c in cats:
                if card[c] is None:
                    return [c]
            return []
        if d == "up":
            for i in range(len(cats) - 1, -1, -1):
                if card[cats[i]] is None:
                    return [cats[i]]
            return []
        out = [c for c in cats if card[c] is None]
        if self.rules.upper_first:
            up = [c for c in out if c in _rules.FACE]
            if up:
                return up
        return out

    def _yatzy_scored(self, p):
        for col in self.players[p].card:
            for b in self.rules.yatzy_boxes:
                if col[b]:
                    return True
        return False

    def joker_active(self, p, dice):
        """True when the Joker rules govern these dice for player ``p``."""
        r = self.rules
        if not r.joker or not is_yatzy(dice):
            return False
        for col in self.players[p].card:
            for b in r.yatzy_boxes:
                if col[b] is None:
                    return False
        return True

    def extra_for(self, p, dice):
        """Yahtzee bonus / extra Yatzy bonus that scoring ``dice`` would earn player ``p``."""
        r = self.rules
        amount = r.yahtzee_bonus or r.extra_bonus
        if not amount or not is_yatzy(dice):
            return 0
        return amount if self._yatzy_scored(p) else 0

    def choices_for(self, p, dice):
        """Every ``(category, column, score)`` player ``p`` may fill with ``dice``."""
        r = self.rules
        counts = counts_of(dice)
        total = sum(dice)
        allowed = []
        for col in range(r.columns):
            for c in self.open_boxes(p, col):
                allowed.append((c, col))
        if self.joker_active(p, dice):
            match = _rules.UPPER[dice[0] - 1]
            tier = [a for a in allowed if a[0] == match]
            if tier:
                return [(c, col, r.scorers[c](counts, total)) for c, col in tier]
            tier = [a for a in allowed if a[0] not in _rules.FACE]
            if tier:
                out = []
                for c, col in tier:
                    s = r.joker_scores.get(c)
                    out.append((c, col, r.scorers[c](counts, total) if s is None else s))
                return out
            return [(c, col, 0) for c, col in allowed]
        return [(c, col, r.scorers[c](counts, total)) for c, col in allowed]


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
