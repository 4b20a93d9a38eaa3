# The hint coach's measure: the points a choice gives away against the `best` level's.
# SPDX-License-Identifier: MIT
"""``loss(game, action)``, which the play screen's hint coach shows after a choice (through
``yatzy.strategy.loss``). A module of its own: a game of computers, whose decisions need
``yatzy.ai`` all game long, never loads it. Example::

    >>> loss(game, ("score", "chance", 0))   # 0.0 when it is the best choice
    3.2
"""

from yatzy import ai
from yatzy.holds import kept


def loss(game, action):
    """Expected points given away by ``action`` against the best choice (0.0 if best).

    ``action``: ``("holds", mask)``, ``("roll",)`` (roll with the current holds) or
    ``("score", c, col)``. An action that is not possible now raises ValueError.
    """
    if ai.non_turn(game) is not None:
        return 0.0
    if action[0] == "roll":
        if game.rolls_left() <= 0:
            raise ValueError("no rolls left: choose a box")
        action = ("holds", game.hold_mask())
    opts = ai.options(game, "best")
    best = opts[0][0]
    if action[0] == "holds":
        if game.rolls_left() <= 0:
            raise ValueError("no rolls left: choose a box")
        m = action[1]
        keep = tuple(sorted(kept(game.dice, m)))
        if len(keep) == len(game.dice) and game.rules.all_rolls:
            raise ValueError("compulsory rolls (all_rolls): a roll must re-roll at least one die")
        if len(keep) == len(game.dice):
            # rolling no die is the same as stopping now with the best box
            return (best - max(v for v, a in opts if a[0] == "score")) / ai.UNIT
        for v, a in opts:
            if a[0] == "holds":
                k = tuple(sorted(kept(game.dice, a[1])))
                if k == keep:
                    return (best - v) / ai.UNIT
    for v, a in opts:
        if a == tuple(action):
            return (best - v) / ai.UNIT
    raise ValueError("action %r is not possible now" % (action,))
