# Actions as data: the list of legal action tuples now, and applying one (tools, tests, bots).
# SPDX-License-Identifier: MIT
"""``Game.legal_actions()`` and ``Game.apply(action)`` for players that speak in action
tuples (the simulator's bots, the record checker, tests): ``("rolloff",)``,
``("direction", d)``, ``("roll",)``, ``("hold", i)``, ``("holds", mask)``,
``("score", category, column)`` and ``("undo",)``. The screens call the engine's
methods directly, so a game on the device never loads this module; the engine imports it
on first use.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Ann"], {"all_rolls": True}, dice=3)
    >>> apply(g, ("roll",)); apply(g, ("holds", 31))
    >>> ("roll",) in legal_actions(g), ("holds", 0) in legal_actions(g)
    (False, True)
"""

from yatzy.rounds import DIRECTION, DIRECTIONS, ROLLOFF, TIEBREAK, TURN


def legal_actions(game):
    """Every action tuple ``apply`` accepts now (see :meth:`yatzy.engine.Game.legal_actions`)."""
    ph = game.phase
    out = []
    if ph == ROLLOFF:
        out.append(("rolloff",))
    elif ph == DIRECTION:
        for d in DIRECTIONS:
            out.append(("direction", d))
    elif ph in (TURN, TIEBREAK):
        left = game.rolls_left()
        if left > 0:
            if game.roll_refusal() is None:
                out.append(("roll",))
            if game.dice:
                for i in range(len(game.dice)):
                    out.append(("hold", i))
                for m in range(1 << len(game.dice)):
                    out.append(("holds", m))
        for c, col, _ in game.choices():
            out.append(("score", c, col))
    if game.can_undo():
        out.append(("undo",))
    return out


def apply(game, action, player=None):
    """Apply an action tuple; ``player`` (optional) must be the one whose turn it is."""
    if not isinstance(action, (tuple, list)) or not action:
        raise ValueError("an action is a non-empty tuple, got %r" % (action,))
    if player is not None and player != game.current:
        raise ValueError(
            "out of turn: it is player %d's turn, not player %r's" % (game.current, player)
        )
    kind = action[0]
    n = len(action)
    if kind == "rolloff" and n <= 2:
        return game.rolloff(action[1] if n == 2 else None)
    if kind == "direction" and n == 2:
        return game.choose_direction(action[1])
    if kind == "roll" and n <= 2:
        return game.roll(action[1] if n == 2 else None)
    if kind == "hold" and n == 2:
        return game.toggle_hold(action[1])
    if kind == "holds" and n == 2:
        return game.set_holds(action[1])
    if kind == "score" and n in (2, 3):
        return game.score(action[1], action[2] if n == 3 else 0)
    if kind == "undo" and n == 1:
        return game.undo()
    raise ValueError("unknown action %r" % (action,))
