# Which boxes a player may fill with which dice: order, upper-first, Joker and bonus rules.
# SPDX-License-Identifier: MIT
"""The card rules of :class:`yatzy.engine.Game`, as the base class :class:`Boxes`: the
order a player fills a column in (``direction_of``, ``open_boxes``), the Joker rules
(``joker_active``), the extra Yatzy / Yahtzee bonus (``extra_for``) and every box and
score some dice may take (``choices_for``). Everything is read from the configured
ruleset (``game.rules``) and the players' cards; nothing here changes the game.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("forced", ["Ann"])
    >>> g.open_boxes(0, 0), g.direction_of(0)
    (['ones'], 'down')
    >>> g.choices_for(0, [2, 2, 2, 2, 2])
    [('ones', 0, 0)]
"""

from yatzy import rules as _rules
from yatzy.scoring import counts_of, is_yatzy


class Boxes:
    """What a player may score; mixed into :class:`yatzy.engine.Game`."""

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
