# Reading the engine's state back: a save's history replayed, turn logs, refusal messages.
# SPDX-License-Identifier: MIT
"""Parts of ``yatzy.engine`` a game in play does not need: ``Game.restore`` (loading a
save by replaying it), ``Player.turns`` (records), the messages of a refused score and
``options_from_list``. The engine imports this module when one of them
is used; the app drops it again with ``heap.drop("reader")``.

:func:`restore` never sets a field from the save: it feeds the saved roll-off, directions,
turns (every roll, hold and box) and tie-break turns to the engine in play order, the way
they were played, and checks each logged score and bonus against what the engine gives.
Then every field of ``codec.FIELDS`` must equal the replayed game's. So a save the rules
could not have produced (a score the dice do not give, an extra bonus without a Yatzy, a
card or round that does not follow from the turns, a roll too many) is refused with a
ValueError naming the problem.
"""

from yatzy import codec_load
from yatzy import rules as _rules
from yatzy.codec import _SEQ, _T_LIST, FIELDS, _cards_of, _is_small_list, field
from yatzy.codec_load import Saved, SavedTurns
from yatzy.engine import DIRECTION, DIRECTIONS, ROLLOFF, TIEBREAK, TIEBREAK_BOX, TURN
from yatzy.log_load import entries, found, trim, unflat


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
    """Replay a save into ``game``, a new game of its ruleset, options, names and computer
    flags: ``s`` is a ``codec_load.Saved`` (the bytes read where they lie) or a snapshot
    dict of ``codec.FIELDS``. ValueError ("bad save data: ...") names the first thing the
    rules refuse or the replay does not reproduce. The dice source is not used (the saved
    dice are given) and not checked."""
    if game.rolloff_log or game.tiebreak_log or game.rolls_used:
        raise ValueError("restore needs a new game")
    for pl in game.players:
        if pl.log.n or pl.direction:
            raise ValueError("restore needs a new game")
    try:
        if isinstance(s, dict):
            s = Saved(codec_load.pack(s))
        _replay(game, s)
        for pl in game.players:
            trim(pl.log)  # every turn stays in the save (_kept): no allocation either
        # every field as the replay gives it, compared in place, one field at a time
        for name in FIELDS:
            if name != "seeded" and not _field_same(s, name, game):
                got = codec_load._plain(field(game, name))
                raise ValueError(
                    "%s %s, the replay gives %s" % (name, _short(s[name]), _short(got))
                )
    except ValueError as e:
        raise ValueError("bad save data: %s" % (e,))
    game._undo = None  # as before the save was read: the last box cannot be taken back


def _field_same(s, name, game):
    """``_same(s[name], field(game, name))``, without building the big ones: the turns are
    compared as the bytes they lie in, the cards one player at a time."""
    if name == "turns":
        logs = s["turns"]
        if not isinstance(logs, list) or len(logs) != len(game.players):
            return _same(logs, field(game, name))
        for p in range(len(logs)):
            v, log = logs[p], game.players[p].log
            if not isinstance(v, SavedTurns):
                if not _same(v, entries(log)):
                    return False
            elif v.n != log.n:
                return False
            elif log.tail:  # another encoding of the same values (_kept): as values
                mine = entries(log)
                for j in range(v.n):
                    if not _same(v[j], mine[j]):
                        return False
        return True
    if name == "cards":
        r = s.reader(name)
        if s.data[r.pos] == _T_LIST:
            r.pos += 1
            if r.varint() != len(game.players):
                return False
            for pl in game.players:
                if not _same(r.value(1), _cards_of(pl, game.rules.categories)):
                    return False
            return True
    return _same(s[name], field(game, name))


def _same(a, b):
    """True when ``a`` and ``b`` would be saved as the same bytes (``codec._put``): None,
    False and True are themselves, a list of small ints and bytes are the same run of bytes,
    a list and a tuple the same list. Compared in place: encoding each field to compare it
    needed a block as long as the field (the turns of a big game: kilobytes), which a heap
    that reading the save has just filled with small objects may not have."""
    if a is None or a is True or a is False or b is None or b is True or b is False:
        return a is b
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int) and a == b
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str) and a == b
    sa, sb = isinstance(a, _SEQ), isinstance(b, _SEQ)
    if not (sa or isinstance(a, bytes)) or not (sb or isinstance(b, bytes)):
        raise ValueError("cannot compare %s with %s" % (_short(a), _short(b)))
    ba = not sa or _is_small_list(a)  # written as a run of bytes
    if ba != (not sb or _is_small_list(b)) or len(a) != len(b):
        return False
    for i in range(len(a)):
        if (a[i] != b[i]) if ba else not _same(a[i], b[i]):
            return False
    return True


def _short(v):
    t = repr(v)
    return t if len(t) <= 48 else t[:45] + "..."


def _list(v, what, n=None):
    if not isinstance(v, (list, SavedTurns)) or (n is not None and len(v) != n):
        raise ValueError(
            "%s is not a list%s: %s" % (what, "" if n is None else " of %d" % n, _short(v))
        )
    return v


def _replay(game, s):
    n = len(game.players)
    tick = s.tick if isinstance(s, Saved) else None
    for j, e in enumerate(_list(s["rolloff_log"], "rolloff_log")):
        who = "roll-off roll %d" % (j + 1)
        _list(e, who, 3)
        if game.phase != ROLLOFF:
            raise ValueError("%s after the roll-off" % who)
        if e[0] != game.rolloff_state[0] or e[1] != game.current:
            raise ValueError(
                "%s is logged for player %r in attempt %r, the replay gives player %d in"
                " attempt %d" % (who, e[1], e[0], game.current, game.rolloff_state[0])
            )
        try:
            game.rolloff(e[2])
        except ValueError as x:
            raise ValueError("%s: %s" % (who, x))
    logs = _list(s["turns"], "turns", n)
    dirs = _list(s["directions"], "directions", n)
    done = [0] * n
    while True:
        p = game.current
        if game.phase == DIRECTION and dirs[p]:
            if dirs[p] not in (1, 2):
                raise ValueError("player %d direction %r is not 1 or 2" % (p + 1, dirs[p]))
            game.choose_direction(DIRECTIONS[dirs[p] - 1])
        if game.phase != TURN or done[p] >= len(_list(logs[p], "turns of player %d" % (p + 1))):
            break
        _turn(game, logs[p][done[p]], "player %d turn %d" % (p + 1, done[p] + 1))
        _kept(game.players[p], logs[p])
        if tick is not None:
            tick()
        done[p] += 1
    for p in range(n):
        if done[p] != len(logs[p]):
            raise ValueError(
                "player %d has %d logged turns, the replay reaches %d"
                % (p + 1, len(logs[p]), done[p])
            )
    for j, e in enumerate(_list(s["tiebreak_log"], "tiebreak_log")):
        who = "tie-break turn %d" % (j + 1)
        if game.phase != TIEBREAK:
            raise ValueError("%s outside a tie-break" % who)
        try:
            head, rolls, holds = unflat(e, 3, game.rules.dice)
        except ValueError as x:
            raise ValueError("%s: %s" % (who, x))
        if head[0] != game.tiebreak_state[0] or head[1] != game.current:
            raise ValueError(
                "%s is logged for player %r in attempt %r, the replay gives player %d in"
                " attempt %d" % (who, head[1], head[0], game.current, game.tiebreak_state[0])
            )
        try:
            _rolls(game, rolls, holds)
            dice = game.dice
            got = game.score(TIEBREAK_BOX, 0)
        except ValueError as x:
            raise ValueError("%s: %s" % (who, x))
        if got != head[2]:
            raise ValueError("%s logs %r, the dice %s give %d" % (who, head[2], dice, got))
    rolls = _list(s["rolls"], "rolls")
    holds = _list(s["holds"], "holds")
    if rolls or holds:
        if game.phase != TURN and game.phase != TIEBREAK:
            raise ValueError("dice rolled outside a turn")
        try:
            _rolls(game, rolls, holds)
        except ValueError as x:
            raise ValueError("the turn in progress: %s" % (x,))
    if s["held"] != game.hold_mask():
        try:
            game.set_holds(s["held"])
        except ValueError as x:
            raise ValueError("held dice: %s" % (x,))


def _kept(pl, v):
    """The turn just replayed stays where the save holds it: the player's log keeps the saved
    entries' bytes where they lie, the heap none of them (a 30-player Maxi Triple save holds
    50 KB of turns; ``yatzy.log_load.found``)."""
    if isinstance(v, SavedTurns):
        found(pl.log, v.data, v.start, v.last, v.at)


def _turn(game, t, who):
    """Replay one logged turn of the current player and check its score and bonus."""
    r = game.rules
    try:
        head, rolls, holds = unflat(t, 5, r.dice)
    except ValueError as x:
        raise ValueError("%s: %s" % (who, x))
    rnd, col, k, pts, extra = head
    if rnd != game.round:
        raise ValueError(
            "%s is logged in round %r, the replay is in round %d" % (who, rnd, game.round)
        )
    if type(k) is not int or not 0 <= k < len(r.categories):
        raise ValueError("%s: no box %r on the card" % (who, k))
    cat = r.categories[k]
    try:
        _rolls(game, rolls, holds)
        bonus = game.extra_for(game.current, game.dice)
        dice = game.dice
        got = game.score(cat, col)
    except ValueError as x:
        raise ValueError("%s: %s" % (who, x))
    if got != pts:
        raise ValueError("%s logs %r in %s, the dice %s give %d" % (who, pts, cat, dice, got))
    if extra != bonus:
        raise ValueError("%s logs an extra bonus of %r, the rules give %d" % (who, extra, bonus))


def _rolls(game, rolls, holds):
    """Replay a turn's rolls: ``rolls`` the dice after each roll, ``holds`` the hold mask
    before each re-roll; a held die must keep its value."""
    n = game.rules.dice
    if len(holds) != max(len(rolls) - 1, 0):
        raise ValueError(
            "%d rolls need %d hold masks, got %d"
            % (len(rolls), max(len(rolls) - 1, 0), len(holds))
        )
    for k in range(len(rolls)):
        roll = _list(rolls[k], "roll %d" % (k + 1), n)
        if not k:
            game.roll(roll)
            continue
        m = holds[k - 1]
        game.set_holds(m)
        free = []
        for i in range(n):
            if not m >> i & 1:
                free.append(roll[i])
            elif roll[i] != game.dice[i]:
                raise ValueError("roll %d changes held die %d" % (k + 1, i + 1))
        game.roll(free)


def turns_of(pl):
    """The turn log expanded: one list per scored turn [round, column, category,
    score, extra bonus earned, rolls (list of dice lists), holds (hold mask before each
    re-roll)]. Built on demand (records), so a game keeps only the compact bytes."""
    out = []
    for t in entries(pl.log):
        head, rl, hl = unflat(t, 5, pl._rules.dice)
        head[2] = pl._rules.categories[head[2]]
        out.append(head + [rl, hl])
    return out


def options_from_list(values):
    """Inverse of the option list stored in snapshots."""
    if not isinstance(values, list) or len(values) != len(_rules.OPTION_KEYS):
        raise ValueError("bad option list %r" % (values,))
    return dict(zip(_rules.OPTION_KEYS, values))
