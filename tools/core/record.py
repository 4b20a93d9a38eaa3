# JSON game records: export a game, and re-check a record by replaying it under the rules.
# SPDX-License-Identifier: MIT
"""Game records.

:func:`game_record` exports a running or finished game as a JSON-ready dict:
rules, options, seed (seeded dice), roll-off, and per player every turn with all
rolls and holds, the box, column and score, then upper totals, bonus, extra bonus
and total, plus tie-break turns and the ranking.

:func:`check_record` replays each player's turns through the engine and returns
a list of readable problems (empty when the record is valid). The minimal record
``{"rules", "options", "players": [{"name", "turns": [{"dice", "category",
"score"}], "bonus", "total"}]}`` is accepted; every further field is checked when
present.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Ann"], {"categories": ["chance"]}, dice=3)
    >>> g.roll(); _ = g.score("chance")
    >>> check_record(game_record(g))
    []
"""

from yatzy import rules as _rules
from yatzy.dice import SeededDice
from yatzy.engine import OVER, PHASE_NAMES, TURN, Game

FORMAT = "pocket-yatzy-record"
RECORD_VERSION = 1


def _held_list(mask, n):
    return [i for i in range(n) if mask >> i & 1]


def game_record(game):
    """The game as a JSON-ready dict (see the module docstring)."""
    r = game.rules
    opts = {}
    for k in _rules.OPTION_KEYS:
        v = game.options[k]
        opts[k] = list(v) if isinstance(v, (list, tuple)) else v
    players = []
    for p, pl in enumerate(game.players):
        turns = []
        for t in pl.turns:
            turns.append(
                {
                    "round": t[0],
                    "column": t[1],
                    "category": t[2],
                    "score": t[3],
                    "dice": list(t[5][-1]),
                    "rolls": [list(x) for x in t[5]],
                    "holds": [_held_list(m, r.dice) for m in t[6]],
                    "extra_bonus": t[4],
                }
            )
        bonus = 0
        for col in range(r.columns):
            bonus += r.factors[col] * game.bonus(p, col)
        players.append(
            {
                "name": pl.name,
                "cpu": pl.cpu,
                "direction": game.direction_of(p),
                "turns": turns,
                "upper": [game.upper_total(p, col) for col in range(r.columns)],
                "bonuses": [game.bonus(p, col) for col in range(r.columns)],
                "bonus": bonus,
                "extra_bonus": pl.extra,
                "saved_rolls": pl.saved_rolls,
                "total": game.total(p),
                "tiebreak": game.tiebreak_scores(p),
            }
        )
    rec = {
        "format": FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules_id,
        "options": opts,
        "columns": r.columns,
        "rounds": game.rounds,
        "phase": PHASE_NAMES[game.phase],
        "over": game.phase == OVER,
        "starter": game.starter,
        "rolloff": [{"attempt": a, "player": q, "dice": list(d)} for a, q, d in game.rolloff_log],
        "players": players,
        "tiebreak": [
            {
                "attempt": e[0],
                "player": e[1],
                "score": e[2],
                "dice": list(e[3][-1]) if e[3] else [],
                "rolls": [list(x) for x in e[3]],
                "holds": [_held_list(m, r.dice) for m in e[4]],
            }
            for e in game.tiebreak_log
        ],
        "ranking": [{"place": a, "player": q, "total": t} for a, q, t in game.ranking()],
    }
    src = game.dice_source
    if isinstance(src, SeededDice):
        rec["seed"] = src.seed
    return rec


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _dice_ok(d, n):
    return isinstance(d, list) and len(d) == n and all(_is_int(x) and 1 <= x <= 6 for x in d)


def _replay_turn(g, t, where, problems):
    """Feed one recorded turn into the solo game ``g``; False when replay must stop."""
    r = g.rules
    dice = t.get("dice")
    if not _dice_ok(dice, r.dice):
        problems.append("%s: dice %r are not %d values 1..6" % (where, dice, r.dice))
        return False
    rolls = t.get("rolls")
    holds = t.get("holds")
    try:
        if rolls is None:
            g.roll(list(dice))
            if r.all_rolls:
                # a minimal record has no rolls: the compulsory re-rolls replay as die 0
                # rolled again to the same value (a roll must re-roll at least one die)
                while g.rolls_left():
                    g.set_holds((1 << r.dice) - 2)
                    g.roll([dice[0]])
        else:
            if not isinstance(rolls, list) or not rolls:
                problems.append("%s: rolls must be a non-empty list" % where)
                return False
            if not isinstance(holds, list) or len(holds) != len(rolls) - 1:
                problems.append("%s: need one hold list per re-roll" % where)
                return False
            for k, roll in enumerate(rolls):
                if not _dice_ok(roll, r.dice):
                    problems.append("%s: roll %d %r is not %d dice" % (where, k + 1, roll, r.dice))
                    return False
                if k:
                    held = holds[k - 1]
                    if not isinstance(held, list) or not all(
                        _is_int(i) and 0 <= i < r.dice for i in held
                    ):
                        problems.append("%s: bad hold list %r" % (where, held))
                        return False
                    for i in held:
                        if roll[i] != g.dice[i]:
                            problems.append(
                                "%s: roll %d changed held die %d (%d -> %d)"
                                % (where, k + 1, i, g.dice[i], roll[i])
                            )
                            return False
                    mask = 0
                    for i in held:
                        mask |= 1 << i
                    g.set_holds(mask)
                    g.roll([roll[i] for i in range(r.dice) if not mask >> i & 1])
                else:
                    g.roll(list(roll))
            if rolls[-1] != dice:
                problems.append("%s: final dice %r differ from the last roll" % (where, dice))
                return False
    except ValueError as e:
        problems.append("%s: %s" % (where, e))
        return False
    cat = t.get("category")
    col = t.get("column", 0)
    want = None
    for c, k, s in g.choices():
        if c == cat and k == col:
            want = s
    extra = g.extra_for(g.current, g.dice)
    try:
        g.score(cat, col)
    except ValueError as e:
        problems.append("%s: %s" % (where, e))
        return False
    if t.get("score") != want:
        problems.append(
            "%s: %s scored %r but the dice %r make %d there"
            % (where, cat, t.get("score"), dice, want)
        )
    if "extra_bonus" in t and t["extra_bonus"] != extra:
        problems.append("%s: extra bonus %r, the rules give %d" % (where, t["extra_bonus"], extra))
    return True


def check_record(record):
    """Problems found in a game record (list of strings; empty when it is valid)."""
    problems = []
    if not isinstance(record, dict):
        return ["record must be a JSON object"]
    rid = record.get("rules")
    if rid not in _rules.RULESET_IDS:
        return ["unknown ruleset %r" % (rid,)]
    opts = record.get("options", {})
    try:
        r = _rules.configure(rid, opts)
    except ValueError as e:
        return ["options: %s" % e]
    players = record.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= _rules.MAX_PLAYERS:
        return ["players must be a list of 1..%d players" % _rules.MAX_PLAYERS]
    rounds = len(r.categories) * r.columns
    for key, want in (("rounds", rounds), ("columns", r.columns)):
        if key in record and record[key] != want:
            problems.append("%s is %r, the rules give %d" % (key, record[key], want))
    over = record.get("over")
    games = []
    counts = []
    for p, pl in enumerate(players):
        who = "player %d" % (p + 1)
        if not isinstance(pl, dict) or not isinstance(pl.get("turns"), list):
            problems.append("%s: needs a list of turns" % who)
            games.append(None)
            continue
        name = pl.get("name")
        if not isinstance(name, str) or not name:
            problems.append("%s: missing name" % who)
        else:
            who = "%s (%s)" % (who, name)
        g = Game(r, ["x"])
        if g.phase != TURN and pl["turns"]:
            d = pl.get("direction")
            if d not in ("down", "up"):
                problems.append("%s: up-or-down game without a direction" % who)
                games.append(None)
                continue
            g.choose_direction(d)
        turns = pl["turns"]
        if len(turns) > rounds:
            problems.append("%s: %d turns, the game has %d rounds" % (who, len(turns), rounds))
        ok = True
        for k, t in enumerate(turns[:rounds]):
            where = "%s turn %d" % (who, k + 1)
            if not isinstance(t, dict):
                problems.append("%s: not an object" % where)
                ok = False
                break
            if "round" in t and t["round"] != k + 1:
                problems.append("%s: round %r, expected %d" % (where, t["round"], k + 1))
            if not _replay_turn(g, t, where, problems):
                ok = False
                break
        counts.append(len(turns))
        games.append(g if ok else None)
        if not ok:
            continue
        if over and len(turns) != rounds:
            problems.append("%s: %d turns in a finished %d-round game" % (who, len(turns), rounds))
        bonus = 0
        for col in range(r.columns):
            bonus += r.factors[col] * g.bonus(0, col)
        checks = (
            ("bonus", bonus),
            ("extra_bonus", g.extra_bonus(0)),
            ("total", g.total(0)),
            ("upper", [g.upper_total(0, c) for c in range(r.columns)]),
            ("bonuses", [g.bonus(0, c) for c in range(r.columns)]),
        )
        for key, want in checks:
            if key in pl and pl[key] != want:
                problems.append("%s: %s is %r, the turns give %r" % (who, key, pl[key], want))
        for key in ("bonus", "total"):
            if key not in pl:
                problems.append("%s: missing %s" % (who, key))
    if counts and max(counts) - min(counts) > 1:
        problems.append("players have played %s turns: more than one round apart" % counts)
    if not problems and "ranking" in record:
        _check_ranking(record, r, games, problems)
    if not problems and record.get("rolloff"):
        _check_rolloff(record, r, problems)
    if not problems and "seed" in record:
        _check_seed(record, r, problems)
    return problems


def _check_rolloff(record, r, problems):
    """The roll-off log must be complete and name the recorded starter."""
    n = len(record["players"])
    contenders = list(range(n))
    attempt = 0
    sums = {}
    for e in record["rolloff"]:
        d = e.get("dice") if isinstance(e, dict) else None
        if not _dice_ok(d, r.rolloff_dice) or e.get("attempt") != attempt:
            problems.append("roll-off entry %r is malformed or out of order" % (e,))
            return
        p = e.get("player")
        if p not in contenders or p in sums:
            problems.append("roll-off: player %r may not roll in attempt %d" % (p, attempt))
            return
        sums[p] = sum(d)
        if len(sums) == len(contenders):
            best = max(sums.values())
            contenders = [q for q in contenders if sums[q] == best]
            sums = {}
            attempt += 1
            if len(contenders) == 1:
                break
    if len(contenders) != 1:
        if record.get("players") and any(pl.get("turns") for pl in record["players"]):
            problems.append("roll-off unfinished but turns were played")
        return
    if record.get("starter", contenders[0]) != contenders[0]:
        problems.append(
            "starter is player %r, the roll-off gives player %d"
            % (record.get("starter"), contenders[0])
        )


def _check_seed(record, r, problems):
    """With a seed, every die must come from that SeededDice stream in play order."""
    seed = record["seed"]
    try:
        src = SeededDice(seed)
    except ValueError as e:
        problems.append(str(e))
        return
    players = record["players"]
    n = len(players)
    starter = record.get("starter", 0)
    if not _is_int(starter) or not 0 <= starter < n:
        problems.append("starter %r is not a player" % (starter,))
        return
    order = []  # (what, dice rolled after each roll, holds)
    for e in record.get("rolloff", []):
        order.append(("roll-off", [e.get("dice")], []))
    most = max(len(pl["turns"]) for pl in players)
    for k in range(most):
        for s in range(n):
            p = (starter + s) % n
            turns = players[p]["turns"]
            if k < len(turns):
                t = turns[k]
                if "rolls" not in t:
                    return  # a minimal record: nothing to compare
                order.append(("player %d turn %d" % (p + 1, k + 1), t["rolls"], t["holds"]))
    for e in record.get("tiebreak", []):
        order.append(("tie-break of player %d" % (e.get("player", 0) + 1), e["rolls"], e["holds"]))
    for what, rolls, holds in order:
        prev = None
        for j, roll in enumerate(rolls):
            if not isinstance(roll, list):
                problems.append("%s: roll %r is not a list" % (what, roll))
                return
            held = holds[j - 1] if j else []
            for i in range(len(roll)):
                if prev is not None and i in held:
                    continue
                want = src()
                if roll[i] != want:
                    problems.append(
                        "%s: die %d of roll %d is %r, seed %d gives %d"
                        % (what, i + 1, j + 1, roll[i], seed, want)
                    )
                    return
            prev = roll


def beats(a, b):
    """Whether the player with (total, tie-break scores) ``a`` finishes above ``b``, as the
    rules reference (../shared/RULES.md, "The turn") says: the higher total; equal totals
    are a shared place unless the tied players played tie-break rounds, where the first
    round in which their scores differ decides."""
    if a[0] != b[0]:
        return a[0] > b[0]
    for x, y in zip(a[1], b[1]):
        if x != y:
            return x > y
    return False


def rules_ranking(totals, tiebreaks):
    """``[(place, player)]`` in the order a record lists them: each player's place is one
    more than the number of players who beat them (a shared place: 1, 1, 3), then by seat.
    Written from the rules, not from the firmware's ``ranking()``, so that the record
    checker is an independent check of it."""
    n = len(totals)
    keys = [(totals[p], list(tiebreaks[p])) for p in range(n)]
    places = [1 + sum(1 for q in range(n) if beats(keys[q], keys[p])) for p in range(n)]
    return sorted((places[p], p) for p in range(n))


def _check_ranking(record, r, games, problems):
    totals = [g.total(0) for g in games]
    tb = {}
    for e in record.get("tiebreak", []):
        if not isinstance(e, dict) or not _is_int(e.get("player")):
            problems.append("tie-break entry %r is malformed" % (e,))
            return
        d = e.get("dice")
        if not _dice_ok(d, r.dice) or e.get("score") != sum(d):
            problems.append("tie-break entry %r: score must be the sum of its dice" % (e,))
            return
        if r.all_rolls and any(
            isinstance(h, list) and len(h) >= r.dice for h in e.get("holds") or []
        ):
            problems.append("tie-break entry %r: compulsory rolls, a roll held every die" % (e,))
            return
        tb.setdefault(e["player"], []).append(e["score"])
    want = [
        {"place": place, "player": p, "total": totals[p]}
        for place, p in rules_ranking(totals, [tb.get(p, ()) for p in range(len(totals))])
    ]
    if record["ranking"] != want:
        problems.append(
            "ranking %r does not follow from the totals: %r" % (record["ranking"], want)
        )
