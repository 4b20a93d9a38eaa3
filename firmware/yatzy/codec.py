# The saved game: its named fields, and their compact bytes (the writing side).
# SPDX-License-Identifier: MIT
"""Game save codec.

A save is the game's :data:`FIELDS`, one tagged value each, in table order (no names in
the bytes). ``snapshot`` gives them as a dict, ``encode`` as bytes; ``decode``
builds a game from those bytes by replaying the saved history through the engine
(``yatzy/codec_load.py``, ``yatzy/engine_load.py``), so a save the rules could not have
produced raises ``ValueError`` naming the problem and never loads. The bytes are a payload
only: the file that holds them (``save/frame.py``) adds the kind, the version and the
CRC-32. The undo state is not saved.

Tagged values: None, booleans, varint integers, UTF-8 strings and lists; lists of small
integers such as dice, and the engine's turn logs, are packed as bytes.

Example::

    >>> from yatzy import codec
    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Ann", "Bob"], dice=1)
    >>> g.rolloff(); g.rolloff([1])
    >>> codec.decode(codec.encode(g)).snapshot() == g.snapshot()
    True

Only what saving needs lives here (the app saves after every roll and box, from
:func:`encode_parts`): reading a save (``decode``, ``unpack``), the whole save as one bytes
object (``encode``, for tools and tests), and ``snapshot``/``pack`` (a save as a dict, for
checks and tests), are in ``yatzy/codec_load.py``, imported on first use as names of this
module (the app drops it again with ``heap.drop("reader")``).
"""

# No module-level import of the core: the codec is imported at start-up (to read a save) and
# stays loaded; a reference to an engine function would keep the engine module alive after
# start-up drops it (heap.py, "start"), and a game would then load a second copy. `sys` is
# built in (no heap). Encoding reaches the engine's modules through sys.modules (_core):
# the game being encoded is the engine's, so they are loaded, and an import statement
# would cost more on MicroPython than the lookup (each dotted part is looked up among all
# the interned names: docs/app_infra.md, "Imports in a press").
import sys

# The saved game: one named field per entry, in the order the bytes hold them. Reading a
# save builds a new game from the first group, replays the second through the engine, and
# then compares every field with the replayed game's (yatzy/engine_load.py): the third
# group follows from the history and is only checked.
FIELDS = (
    # the new game the replay starts from
    "rules",  # ruleset id
    "options",  # house options, one value per rules.OPTION_KEYS
    "names",  # one name per player
    "cpu",  # one computer flag per player
    "seeded",  # [seed, x] of a SeededDice source (the stream resumes), or None
    # the history, in play order
    "rolloff_log",  # [attempt, player, dice] per roll-off roll
    "directions",  # per player: 0 not chosen, 1 down, 2 up (up-or-down order)
    "turns",  # per player: one turn log entry per scored box (yatzy.log)
    "tiebreak_log",  # one log entry [attempt, player, score, ...] per tie-break turn
    "rolls",  # the turn in progress: the dice after each roll
    "holds",  # the turn in progress: the hold mask before each re-roll
    "held",  # the hold mask now
    # what the history gives
    "phase",
    "current",
    "starter",
    "round",
    "rolls_used",
    "dice",
    "rolloff",  # roll-off state: [attempt, contenders, next]
    "tiebreak",  # tie-break state: [attempt, contenders, next]
    "cards",  # per player, per column: the box values in card order (None: open)
    "extra",  # per player: extra Yatzy / Yahtzee bonus
    "saved_rolls",  # per player: rolls saved for later turns (Maxi)
)
_MAX_DEPTH = 8

_T_NONE = 0
_T_FALSE = 1
_T_TRUE = 2
_T_INT = 3
_T_NEG = 4
_T_STR = 5
_T_LIST = 6
_T_BYTES = 7

_SEQ = (list, tuple)  # a constant: `(list, tuple)` written in a call is a new tuple each time


def field(game, name):
    """The value of the saved field ``name`` (one of :data:`FIELDS`) of ``game``, for
    encoding at once: the game's own list where the field is one (the turn logs, this
    turn's rolls, the roll-off log...; ``snapshot`` copies them). Saving walks the table
    twice, measuring then writing one field at a time, so no whole snapshot is built: the
    in-play save is the app's heap peak, and a 23-entry dict needs a block a fragmented
    heap may not have. (Small functions: a MicroPython call whose frame is large allocates
    it on the heap.)"""
    if name in _ATTRS:  # a Game attribute of the same name
        return getattr(game, name)
    if name == "rules":
        return game.rules_id
    if name == "rolls":
        return game.turn_rolls
    if name == "holds":
        return game.turn_holds
    if name == "held":
        return game.hold_mask()
    if name == "turns":  # reading and checks only: encoding writes each log whole (encode_parts)
        from yatzy.log_load import entries

        out = []
        for pl in game.players:
            out.append(entries(pl.log))
        return out
    if name in _PLAYER_ATTRS:  # the same attribute of every player
        return _each(game, name if name != "names" else "name")
    if name == "directions":
        return _directions(game)
    if name == "cards":
        return _cards(game)
    if name == "options":
        return _options(game)
    if name == "seeded":
        return _seeded(game)
    if name == "tiebreak_log":
        return _tiebreak_log(game)
    if name == "rolloff":
        return game.rolloff_state
    if name == "tiebreak":
        return game.tiebreak_state
    raise KeyError(name)


_ATTRS = ("rolloff_log", "phase", "current", "starter", "round", "rolls_used", "dice")
_PLAYER_ATTRS = ("names", "cpu", "extra", "saved_rolls")


def _each(game, attr):
    out = []
    for pl in game.players:
        out.append(getattr(pl, attr))
    return out


def _core(name):
    """A core module the game in hand has loaded (the engine imports rules and dice)."""
    return sys.modules[name]


def _directions(game):
    DIRECTIONS = _core("yatzy.engine").DIRECTIONS
    out = []
    for pl in game.players:
        out.append(DIRECTIONS.index(pl.direction) + 1 if pl.direction else 0)
    return out


def _cards(game):
    cats = game.rules.categories
    out = []
    for pl in game.players:
        out.append(_cards_of(pl, cats))
    return out


def _cards_of(pl, cats):
    """One player's entry of the "cards" field: per column, the box values in card order."""
    card = []
    for col in pl.card:
        values = []
        for c in cats:
            values.append(col[c])
        card.append(values)
    return card


def _options(game):
    out = []
    for k in _core("yatzy.rules").OPTION_KEYS:
        v = game.options[k]
        out.append(v)
    return out


def _seeded(game):
    src = game.dice_source
    return src.state() if isinstance(src, _core("yatzy.dice").SeededDice) else None


def _tiebreak_log(game):
    entry = _core("yatzy.log").entry
    out = []
    for e in game.tiebreak_log:
        out.append(entry(e[:3], e[3], e[4]))
    return out


# ---- tagged encoding -----------------------------------------------------------------
# Two passes: _size() measures the fields, _put() writes them into one buffer of that size
# (no growing bytearray: fewer and smaller heap blocks while saving).
def _vlen(n):
    k = 1
    while n >= 0x80:
        n >>= 7
        k += 1
    return k


def _varint(out, pos, n):
    while n >= 0x80:
        out[pos] = (n & 0x7F) | 0x80
        pos += 1
        n >>= 7
    out[pos] = n
    return pos + 1


def _is_small_list(v):
    if not v:
        return False
    for x in v:
        if type(x) is not int:  # bools and None stay tagged
            return False
    return min(v) >= 0 and max(v) <= 255


def _size(v):
    if v is None or v is False or v is True:
        return 1
    if isinstance(v, int):
        return 1 + _vlen(v if v >= 0 else -v - 1)
    if isinstance(v, str):
        n = len(v.encode("utf-8"))
        return 1 + _vlen(n) + n
    if isinstance(v, bytes):
        return 1 + _vlen(len(v)) + len(v)
    if isinstance(v, _SEQ):
        if _is_small_list(v):
            return 1 + _vlen(len(v)) + len(v)
        n = 1 + _vlen(len(v))
        for x in v:
            n += _size(x)
        return n
    raise ValueError("cannot encode %r" % (v,))


def _put(out, pos, v):
    """Write ``v`` at ``pos`` (room measured by :func:`_size`); returns the end position."""
    if v is None:
        out[pos] = _T_NONE
        return pos + 1
    if v is False:
        out[pos] = _T_FALSE
        return pos + 1
    if v is True:
        out[pos] = _T_TRUE
        return pos + 1
    if isinstance(v, int):
        if v >= 0:
            out[pos] = _T_INT
            return _varint(out, pos + 1, v)
        out[pos] = _T_NEG
        return _varint(out, pos + 1, -v - 1)
    if isinstance(v, str):
        v = v.encode("utf-8")
        out[pos] = _T_STR
    elif isinstance(v, bytes) or _is_small_list(v):  # bytes: engine turn logs
        out[pos] = _T_BYTES
    else:
        out[pos] = _T_LIST
        pos = _varint(out, pos + 1, len(v))
        for x in v:
            pos = _put(out, pos, x)
        return pos
    n = len(v)
    pos = _varint(out, pos + 1, n)
    out[pos : pos + n] = v if isinstance(v, bytes) else bytes(v)
    return pos + n


def __getattr__(name):
    """:data:`_LOAD`'s names (what tools, tests and reading a save use), from codec_load;
    nothing else."""
    if name not in _LOAD:
        raise AttributeError(name)
    from yatzy import codec_load

    return getattr(codec_load, name)


# ``encode`` (a game -> bytes), ``decode`` (bytes -> a game), ``unpack`` (bytes -> snapshot
# dict), ``snapshot`` (game -> dict), ``pack`` (dict -> bytes): yatzy/codec_load.py's
_LOAD = ("encode", "decode", "unpack", "snapshot", "pack")


_PIECE = 256  # bytes: the most one piece of encode_parts takes (a fragmented heap has room)


def encode_parts(game):
    """:func:`encode` as pieces, their total length, and where each player's log starts
    among them: each player's turns are its list header and its log as it lies
    (``yatzy.log.Log.parts``: the part a save holds, read from the file when written, and
    the turns since, not copies); the other fields are encoded into bytearrays of at most
    :data:`_PIECE` bytes, a list longer than that one item after the other (the cards of 30
    Maxi Triple players are 2.1 KB). Their bytes one after the other are :func:`encode`'s.
    The app writes them so (``save.frame.save_game_parts``): the save of a 30-player game
    needs no block longer than a piece, where a buffer as long as the save (36-53 KB for
    Triple and Maxi Triple), or as the cards, was beyond a heap the game had fragmented."""
    out = _Parts()
    starts = []
    for name in FIELDS:
        if name != "turns":
            out.add(field(game, name))
            continue
        players = game.players
        out.head(len(players))
        for pl in players:
            log = pl.log
            out.head(log.n)
            out.flush()
            starts.append(out.n)
            for b in log.parts():
                out.raw(b)
    out.flush()
    return out.parts, out.n, starts


class _Parts:
    """The pieces being made: values wait in ``vals`` until a piece of them is full."""

    def __init__(self):
        self.parts = []
        self.n = 0
        self.vals = []
        self.size = 0

    def add(self, v, k=0):
        """A value to encode (``k``: its size, from _size), or a list header (``head``)."""
        k = k or _size(v)
        if k > _PIECE and isinstance(v, _SEQ) and not _is_small_list(v):
            self.head(len(v))
            for x in v:
                self.add(x)
            return
        if self.size + k > _PIECE:
            self.flush()
        self.vals.append(v)
        self.size += k

    def head(self, count):
        """A list's tag and count (its items follow): bytes as they are, in the next piece."""
        h = bytearray(1 + _vlen(count))
        h[0] = _T_LIST
        _varint(h, 1, count)
        self.add(memoryview(h), len(h))  # (no field's value is a memoryview)

    def raw(self, b):
        """Bytes as they are, a piece of their own (a player's log)."""
        self.flush()
        if b:
            self.parts.append(b)
            self.n += len(b)

    def flush(self):
        if self.vals:
            b = bytearray(self.size)
            pos = 0
            for v in self.vals:
                if type(v) is memoryview:
                    b[pos : pos + len(v)] = v
                    pos += len(v)
                else:
                    pos = _put(b, pos, v)
            self.vals = []
            self.size = 0
            self.raw(b)
