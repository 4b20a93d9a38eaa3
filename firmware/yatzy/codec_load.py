# Reading a save: frame and CRC check, tagged decoding, validation of every field.
# SPDX-License-Identifier: MIT
"""The reading side of ``yatzy.codec`` (see its docstring for the format).

Separate so that a game in play, which only writes saves, does not keep it loaded;
``codec.decode`` imports it, ``codec.release()`` drops it.
"""

from yatzy import engine as _engine
from yatzy import rules as _rules
from yatzy.codec import (
    _HEADER,
    _MAX_DEPTH,
    _T_BYTES,
    _T_FALSE,
    _T_INT,
    _T_LIST,
    _T_NEG,
    _T_NONE,
    _T_STR,
    _T_TRUE,
    MAGIC,
    VERSION,
    crc32,
)
from yatzy.dice import SeededDice
from yatzy.scoring import multisets


class _Reader:
    def __init__(self, data, pos, end):
        self.data = data
        self.pos = pos
        self.end = end

    def byte(self):
        if self.pos >= self.end:
            raise ValueError("truncated save data")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 35:
                raise ValueError("bad save data: integer too long")

    def take(self, n):
        if self.pos + n > self.end:
            raise ValueError("truncated save data")
        b = self.data[self.pos : self.pos + n]
        self.pos += n
        return b

    def value(self, depth=0):
        if depth > _MAX_DEPTH:
            raise ValueError("bad save data: nested too deep")
        tag = self.byte()
        if tag == _T_NONE:
            return None
        if tag == _T_FALSE:
            return False
        if tag == _T_TRUE:
            return True
        if tag == _T_INT:
            return self.varint()
        if tag == _T_NEG:
            return -self.varint() - 1
        if tag == _T_STR:
            b = self.take(self.varint())
            try:
                return bytes(b).decode("utf-8")
            except UnicodeError:
                raise ValueError("bad save data: text is not UTF-8")
        if tag == _T_LIST:
            n = self.varint()
            if n > self.end - self.pos:
                raise ValueError("truncated save data")
            return [self.value(depth + 1) for _ in range(n)]
        if tag == _T_BYTES:
            return list(self.take(self.varint()))
        raise ValueError("bad save data: unknown tag %d" % tag)


def unpack(data):
    """The tree inside framed ``data``; ValueError naming any damage."""
    if not isinstance(data, (bytes, bytearray)):
        raise ValueError("save data must be bytes, got %s" % type(data).__name__)
    if len(data) < _HEADER + 5:
        raise ValueError("truncated save data (%d bytes)" % len(data))
    if bytes(data[: len(MAGIC)]) != MAGIC:
        raise ValueError("not a Pocket Yatzy save (bad magic)")
    end = len(data) - 4
    want = (data[end] << 24) | (data[end + 1] << 16) | (data[end + 2] << 8) | data[end + 3]
    if crc32(data[:end]) != want:
        raise ValueError("checksum mismatch: save data damaged or truncated")
    if data[len(MAGIC)] != VERSION:
        raise ValueError("unsupported save version %d (this build reads %d)" % (data[3], VERSION))
    r = _Reader(data, _HEADER, end)
    tree = r.value()
    if r.pos != end:
        raise ValueError("bad save data: %d stray bytes" % (end - r.pos))
    return tree


def decode(data, dice=None):
    """A Game from :func:`encode` bytes; ``dice`` replaces the saved dice source.

    Without ``dice``, a game saved with a SeededDice resumes its stream; any other
    game gets no dice source (pass one, e.g. ``FairDice(os.urandom)``).
    """
    tree = unpack(data)
    try:
        return _build(tree, dice)
    except (TypeError, IndexError, KeyError, AttributeError) as e:
        raise ValueError("bad save data: malformed game (%s)" % (e,))


# ---- validation ------------------------------------------------------------------------
_ACHIEVABLE = {}


def achievable(ruleset, category):
    """Every value the box ``category`` can hold in ``ruleset`` (Joker values included)."""
    base = _rules.split_extra(category)[0]
    key = (ruleset.id, base)
    got = _ACHIEVABLE.get(key)
    if got is None:
        f = ruleset.scorers[base]
        got = set([0])
        for m in multisets(ruleset.dice):
            got.add(f(_counts(m), sum(m)))
        if ruleset.joker and base in ruleset.joker_scores:
            got.add(ruleset.joker_scores[base])
        _ACHIEVABLE[key] = got
    return got


def _counts(m):
    c = [0] * 7
    for d in m:
        c[d] += 1
    return c


def _int(v, lo, hi, what):
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
        raise ValueError("bad save data: %s %r outside %d..%d" % (what, v, lo, hi))
    return v


def _list(v, what, n=None):
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise ValueError(
            "bad save data: %s is not a list%s" % (what, "" if n is None else " of %d" % n)
        )
    return v


def _dice(v, n, what):
    _list(v, what, n)
    for d in v:
        _int(d, 1, 6, what)
    return v


def _bool(v, what):
    if v is not True and v is not False:
        raise ValueError("bad save data: %s %r is not a boolean" % (what, v))
    return v


def _build(tree, dice):
    _list(tree, "game", 17)
    rid = tree[0]
    if rid not in _rules.RULESET_IDS:
        raise ValueError("bad save data: unknown ruleset %r" % (rid,))
    opts = _engine.options_from_list(tree[1])
    try:
        r = _rules.configure(rid, opts)
    except ValueError as e:
        raise ValueError("bad save data: %s" % e)
    (
        _rid,
        _opts,
        phase,
        current,
        starter,
        rnd,
        cur_dice,
        held,
        rolls_used,
        ro,
        ro_log,
        tb,
        tb_log,
        rolls,
        holds,
        players,
        seeded,
    ) = tree
    _list(players, "players")
    n = _int(len(players), 1, _rules.MAX_PLAYERS, "player count")
    names = []
    flags = []
    for i, ps in enumerate(players):
        _list(ps, "player %d" % i, 7)
        if not isinstance(ps[0], str):
            raise ValueError("bad save data: player %d name %r" % (i, ps[0]))
        names.append(ps[0])
        flags.append(_bool(ps[1], "player %d cpu flag" % i))
    rounds = len(r.categories) * r.columns
    _int(phase, 0, 4, "phase")
    _int(current, 0, n - 1, "current player")
    _int(starter, 0, n - 1, "start player")
    _int(rnd, 1, rounds, "round")
    _int(held, 0, (1 << r.dice) - 1, "hold mask")
    in_turn = phase in (_engine.TURN, _engine.TIEBREAK)
    most = r.rolls + (2 * rounds if r.saved_rolls else 0)
    _int(rolls_used, 0, most if in_turn else 0, "rolls used")
    if rolls_used:
        _dice(cur_dice, r.dice, "dice")
    elif cur_dice or held:
        raise ValueError("bad save data: dice or holds before the first roll")
    _list(rolls, "turn rolls", rolls_used)
    for x in rolls:
        _dice(x, r.dice, "turn roll")
    if rolls and rolls[-1] != cur_dice:
        raise ValueError("bad save data: dice differ from the last roll")
    _list(holds, "turn holds", max(0, rolls_used - 1))
    for m in holds:
        _int(m, 0, (1 << r.dice) - 1, "hold mask")
    if seeded is not None:
        _list(seeded, "seeded dice state", 2)
        _int(seeded[0], 0, 0xFFFFFFFF, "seed")
        _int(seeded[1], 1, 0xFFFFFFFF, "seeded dice state")

    # cards and turn logs
    filled = []
    for i, ps in enumerate(players):
        who = "player %d" % i
        _int(ps[2], 0, 2, who + " direction")
        if ps[2] and r.order != "up_or_down":
            raise ValueError("bad save data: %s has a direction in a %s game" % (who, r.order))
        _int(ps[3], 0, 2 * rounds, who + " saved rolls")
        if ps[3] and not r.saved_rolls:
            raise ValueError("bad save data: %s has saved rolls outside Maxi" % who)
        _int(ps[4], 0, 100 * rounds, who + " extra bonus")
        cards = _list(ps[5], who + " card", r.columns)
        count = 0
        for col, values in enumerate(cards):
            _list(values, "%s column %d (card longer or shorter than the ruleset)" % (who, col))
            if len(values) != len(r.categories):
                raise ValueError(
                    "bad save data: %s column %d has %d boxes, the ruleset %d"
                    % (who, col, len(values), len(r.categories))
                )
            for c, v in zip(r.categories, values):
                if v is None:
                    continue
                count += 1
                if not isinstance(v, int) or isinstance(v, bool) or v not in achievable(r, c):
                    raise ValueError("bad save data: %s cannot score %r in %s" % (who, v, c))
        turns = _list(ps[6], who + " turns")
        if len(turns) != count:
            raise ValueError(
                "bad save data: %s has %d turns for %d boxes" % (who, len(turns), count)
            )
        seen = set()
        extra = 0
        for t in turns:
            head, trolls, tholds = _engine.unflat_log(t, 5, r.dice)
            _int(head[0], 1, rounds, who + " turn round")
            col = _int(head[1], 0, r.columns - 1, who + " turn column")
            k = _int(head[2], 0, len(r.categories) - 1, who + " turn box")
            if (col, k) in seen or cards[col][k] != head[3]:
                raise ValueError("bad save data: %s turn log disagrees with the card" % who)
            seen.add((col, k))
            extra += _int(head[4], 0, 100, who + " turn bonus")
            for x in trolls:
                _dice(x, r.dice, who + " turn roll")
            for m in tholds:
                _int(m, 0, (1 << r.dice) - 1, who + " turn hold")
        if extra != ps[4]:
            raise ValueError("bad save data: %s extra bonus does not add up" % who)
        filled.append(count)

    # phase consistency
    _list(ro, "roll-off state", 3)
    _list(ro[1], "roll-off contenders")
    _list(ro_log, "roll-off log")
    for e in ro_log:
        _list(e, "roll-off entry", 3)
        _int(e[0], 0, ro[0], "roll-off attempt")
        _int(e[1], 0, n - 1, "roll-off player")
        _dice(e[2], r.rolloff_dice, "roll-off dice")
    _int(ro[0], 0, 1000, "roll-off attempt")
    for q in ro[1]:
        _int(q, 0, n - 1, "roll-off contender")
    _list(tb, "tie-break state", 3)
    _int(tb[0], 0, 1000, "tie-break attempt")
    _list(tb[1], "tie-break contenders")
    for q in tb[1]:
        _int(q, 0, n - 1, "tie-break contender")
    _list(tb_log, "tie-break log")
    for e in tb_log:
        head, trolls, tholds = _engine.unflat_log(e, 3, r.dice)
        _int(head[0], 0, tb[0], "tie-break attempt")
        _int(head[1], 0, n - 1, "tie-break player")
        for x in trolls:
            _dice(x, r.dice, "tie-break roll")
        for m in tholds:
            _int(m, 0, (1 << r.dice) - 1, "tie-break hold")
        if head[2] != sum(trolls[-1]):
            raise ValueError("bad save data: tie-break score is not the sum of the dice")
    if phase == _engine.ROLLOFF:
        if n == 1 or not ro[1]:
            raise ValueError("bad save data: roll-off without contenders")
        _int(ro[2], 0, len(ro[1]) - 1, "roll-off next contender")
        if current != ro[1][ro[2]] or any(filled):
            raise ValueError("bad save data: roll-off state inconsistent")
    elif ro[1]:
        raise ValueError("bad save data: roll-off contenders after the roll-off")
    if phase == _engine.TIEBREAK:
        if not tb[1]:
            raise ValueError("bad save data: tie-break without contenders")
        _int(tb[2], 0, len(tb[1]) - 1, "tie-break next contender")
        if current != tb[1][tb[2]]:
            raise ValueError("bad save data: tie-break state inconsistent")
    elif tb[1]:
        raise ValueError("bad save data: tie-break contenders outside the tie-break")
    if phase in (_engine.DIRECTION, _engine.TURN):
        # seats from the starter: those before the current player have played this round
        for k in range(n):
            p = (starter + k) % n
            want = rnd if k < (current - starter) % n else rnd - 1
            if filled[p] != want:
                raise ValueError(
                    "bad save data: player %d has %d boxes filled in round %d"
                    % (p, filled[p], rnd)
                )
        d = players[current][2]
        if phase == _engine.DIRECTION and (r.order != "up_or_down" or d):
            raise ValueError("bad save data: direction phase without a choice to make")
        if phase == _engine.TURN and r.order == "up_or_down" and not d:
            raise ValueError("bad save data: player %d has no direction" % current)
    elif phase in (_engine.TIEBREAK, _engine.OVER):
        if any(f != rounds for f in filled) or rnd != rounds:
            raise ValueError("bad save data: game over before every card is full")
    if rolls_used and phase == _engine.TURN and r.rolls + players[current][3] < rolls_used:
        raise ValueError("bad save data: more rolls used than allowed")
    if phase == _engine.TIEBREAK and rolls_used > r.rolls:
        raise ValueError("bad save data: more rolls used than allowed")

    if dice is None and seeded is not None:
        dice = SeededDice.from_state(seeded)
    g = _engine.Game(rid, names, opts, dice=dice, cpu=flags)
    g.restore(tree)
    return g
