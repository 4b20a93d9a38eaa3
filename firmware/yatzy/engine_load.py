# Reading the engine's state back: restore from snapshot data, turn logs, refusal messages.
# SPDX-License-Identifier: MIT
"""Parts of ``yatzy.engine`` a game in play does not need: ``Game.restore`` (loading a
save), ``Player.turns`` (records), the messages of a refused score, ``unflat_log`` and
``options_from_list``. The engine imports this module when one of them is used;
``codec.release()`` drops it again."""

from yatzy import rules as _rules
from yatzy.engine import DIRECTIONS, TIEBREAK, TIEBREAK_BOX


def refuse_score(game, category, column):
    """Raise the ValueError that says why ``category``/``column`` cannot be scored now."""
    r = game.rules
    if not isinstance(column, int) or isinstance(column, bool):
        raise ValueError("column must be an integer, got %r" % (column,))
    if game.phase == TIEBREAK:
        if category != TIEBREAK_BOX or column != 0:
            raise ValueError("a tie-break turn is scored as %r in column 0" % TIEBREAK_BOX)
    else:
        if not isinstance(category, str) or category not in r.categories:
            raise ValueError("unknown category %r for this game" % (category,))
        if not 0 <= column < r.columns:
            raise ValueError("column %d outside 0..%d" % (column, r.columns - 1))
        if game.players[game.current].card[column][category] is not None:
            raise ValueError("%s in column %d is already filled" % (category, column))
    if not game.rolls_used:
        raise ValueError("roll at least once before scoring")
    if r.all_rolls and game.rolls_left():
        raise ValueError("all rolls are compulsory: %d left" % game.rolls_left())
    if game.phase == TIEBREAK:
        return
    if game.joker_active(game.current, game.dice):
        ok = [(c, col) for c, col, _ in game.choices()]
        raise ValueError(
            "Joker rules: %s may not take these dice; allowed: %s"
            % (category, ", ".join("%s/%d" % a for a in ok))
        )
    d = game.direction_of(game.current)
    if d is not None:
        raise ValueError("order %s: %s is not the next box" % (d, category))
    raise ValueError("upper section first: %s must wait" % category)


def restore(game, s):
    """Set the state from :meth:`snapshot` data (validated by ``yatzy.codec``)."""
    r = game.rules
    (
        _rid,
        _opts,
        game.phase,
        game.current,
        game.starter,
        game.round,
        dice,
        held,
        game.rolls_used,
        ro,
        ro_log,
        tb,
        tb_log,
        rolls,
        holds,
        players,
        _seeded,
    ) = s
    game.dice = list(dice)
    game.held = [bool(held >> i & 1) for i in range(r.dice)]
    game._ro = [ro[0], list(ro[1]), ro[2]]
    game.rolloff_log = [(a, p, tuple(d)) for a, p, d in ro_log]
    game._tb = [tb[0], list(tb[1]), tb[2]]
    game.tiebreak_log = []
    for e in tb_log:
        head, rl, hl = unflat_log(e, 3, r.dice)
        game.tiebreak_log.append(head + [rl, hl])
    game._rolls = [list(x) for x in rolls]
    game._holds = list(holds)
    for pl, ps in zip(game.players, players):
        pl.name, pl.cpu = ps[0], ps[1]
        pl.direction = DIRECTIONS[ps[2] - 1] if ps[2] else None
        pl.saved_rolls, pl.extra = ps[3], ps[4]
        pl.card = [dict(zip(r.categories, col)) for col in ps[5]]
        turns = []
        for t in ps[6]:
            unflat_log(t, 5, r.dice)  # checks the shape
            turns.append(t if type(t) is bytes else bytes(t))
        pl.flat_turns = turns


def turns_of(pl):
    """The turn log expanded: one list per scored turn [round, column, category,
    score, extra bonus earned, rolls (list of dice lists), holds (hold mask before each
    re-roll)]. Built on demand (records), so a game keeps only the compact bytes."""
    out = []
    for t in pl.flat_turns:
        head, rl, hl = unflat_log(t, 5, pl._ndice)
        head[2] = pl._cats[head[2]]
        out.append(head + [rl, hl])
    return out


def unflat_log(v, nhead, ndice):
    """(head, rolls, holds) as lists from :func:`flat_log` output (bytes, or a list of ints
    from a save); ValueError when malformed."""
    if not isinstance(v, (list, bytes)) or len(v) < nhead + 1:
        raise ValueError("bad save data: turn log entry %r" % (v,))
    k = v[nhead]
    if not isinstance(k, int) or k < 1 or len(v) != nhead + 1 + k * ndice + k - 1:
        raise ValueError("bad save data: turn log entry of the wrong length")
    pos = nhead + 1
    rolls = []
    for _ in range(k):
        rolls.append(list(v[pos : pos + ndice]))
        pos += ndice
    return list(v[:nhead]), rolls, list(v[pos:])


def options_from_list(values):
    """Inverse of the option list stored in snapshots."""
    if not isinstance(values, list) or len(values) != len(_rules.OPTION_KEYS):
        raise ValueError("bad option list %r" % (values,))
    return dict(zip(_rules.OPTION_KEYS, values))
