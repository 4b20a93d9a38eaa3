# The computer's move that needs no tables: the last resort when the heap has no room left.
# SPDX-License-Identifier: MIT
"""``plain(game)``: a legal move computed with a few integers, which ``yatzy.strategy.decide``
plays when neither the chosen level's tables nor ``basic``'s fit in the heap, so a game of
eight computers on a fragmented heap still goes on. It keeps the dice of the most common
face and rolls while rolls are left, then scores the box worth most now."""

from yatzy.strategy import no_turn


def plain(game):
    """The move that needs no tables, for a heap with no room even for ``basic``'s: keep the
    most common face (the higher on a tie) and roll while rolls are left, then score the
    box worth most now (the first of equals in the card's order)."""
    a = no_turn(game)  # these phases need no tables
    if a is not None:
        return a
    if not game.rolls_used:
        return ("roll",)
    d = game.dice
    if game.rolls_left() > 0:
        face, most = 0, 0
        for f in range(1, 7):
            if d.count(f) >= most:
                face, most = f, d.count(f)
        if most < len(d) or game.rules.all_rolls:
            mask = 0
            for i in range(len(d)):
                if d[i] == face:
                    mask |= 1 << i
            if most == len(d):  # compulsory rolls: at least one die rolls again
                mask ^= 1 << (len(d) - 1)
            if mask != game.hold_mask():
                return ("holds", mask)
            return ("roll",)
    best = None
    for c, col, pts in game.choices():
        v = pts * game.rules.factors[col]
        if best is None or v > best[0]:
            best = (v, c, col)
    return ("score", best[1], best[2])
