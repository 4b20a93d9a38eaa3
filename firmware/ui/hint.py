# Hints on the play screen: the best move now and what the player's choice gives away.
# SPDX-License-Identifier: MIT
#
# Loaded only when a hint is asked for (game menu or long press), not with the play screen.

from lang import T, box
from yatzy import engine as E
from yatzy.holds import kept

TURN_MODE = 0  # the play screen's mode while rolling and holding (dice shown, no card cursor)


def hint_text(play):
    """The best move now (strategy.hint: the best level, or basic when its tables do not
    fit) and, when the player's current choice differs, the points that choice gives away."""
    g = play.g
    if g.phase not in (E.TURN, E.TIEBREAK):
        return ""
    if not g.dice:
        return T["hint_roll"]
    from yatzy import strategy

    act, exact = strategy.hint(g)
    if play.mode != TURN_MODE and play.order:
        mine = ("score",) + play.order[play.cur]
    elif g.rolls_left() > 0:
        mine = ("holds", g.hold_mask())
    else:
        mine = None
    if act[0] == "holds" or act[0] == "roll":
        mask = act[1] if act[0] == "holds" else g.hold_mask()
        keep = [str(d) for d in kept(g.dice, mask)]
        text = T["keep"] % "".join(keep) if keep else T["roll_all"]
        same = mine is not None and mine[0] == "holds" and mine[1] == mask
    else:
        c, col = act[1], act[2]
        text = T["sum"] if c == E.TIEBREAK_BOX else box(c)
        if g.rules.columns > 1:
            text += " X%d" % g.rules.factors[col]
        if play.mode == TURN_MODE:
            text = T["score_in"] % text
        same = mine == act
    if mine is None or same:
        return text
    if exact:
        try:
            lost = strategy.loss(g, mine)
        except ValueError:
            return text
        if lost is not None:
            return _yours(play, text, "%.1f" % lost) if lost >= 0.05 else text
    if mine[0] == "score" and act[0] == "score":
        f = g.rules.factors
        d = play.pots[act[1:]] * f[act[2]] - play.pots[mine[1:]] * f[mine[2]]
        return _yours(play, text, d)
    return text


def _yours(play, text, lost):
    """The best move and what the player's choice gives away: said in words ("YOUR CHOICE
    LOSES 4.8") until the player has rolled or scored once after seeing it, then short
    ("YOURS -4.8")."""
    if play.yours < 2:
        play.yours = 1
        return T["yours_first"] % (text, lost)
    return T["yours"] % (text, lost)
