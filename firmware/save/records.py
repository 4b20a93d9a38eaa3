# Checksummed, versioned records on storage: settings, high scores (two copies) and the saved game.
# SPDX-License-Identifier: MIT
"""Every file the app keeps is one record (the frame is ``save/frame.py``'s):

    b"PY" | kind (4 ASCII bytes) | version (1 byte) | payload length (4 bytes, big-endian)
    | payload | CRC-32 of all the bytes before it (4 bytes, big-endian)

`pack(kind, version, payload)` builds one, `unpack(data, kind)` checks it and returns
`(version, payload)` or raises ValueError naming what is wrong (too short, wrong kind,
truncated, checksum).

Stores (each file alone: damage to one never loses another):
- `Settings`: `settings.dat`, JSON with sorted keys; `load(storage, defaults) ->
  (dict, message or None)`, `save(storage, settings)`.
- `HighScores(storage)` (in save/scores.py, also reachable here): top 10 per ruleset id,
  in two files `scores1.dat`/`scores2.dat` written alternately with a sequence number, so
  any single damaged or interrupted write leaves the previous table intact.
- `SavedGame`: `game.dat`, the core codec's bytes (plus an optional small JSON `meta`).
Loads never raise on bad files: they return defaults / None and a short message.

A sound CRC is not enough: a load checks what the values mean and refuses, never repairs
in silence, what the app could not have written: a setting off settings.py's table or its
menu (`settings.choices`); a name not 1..`settings.NAME_MAX` characters of text
(:func:`name_ok`); a counter past a lifetime (`_count`); a high score no game of its
ruleset reaches (`save.scores`); a saved game that does not replay under the rules
(`yatzy.codec.decode`, which asks `SeededDice.from_state` about a saved dice state
whatever dice the app passes) or whose meta is not the app's (`load_game`).
"""

import json

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


import settings as _settings

from save import frame
from save.frame import (  # noqa: F401  (the record framing, shared with the in-play save)
    _HEAD,
    _TAIL,
    GAME_FILE,
    GAME_KIND,
    GAME_VERSION,
    MAGIC,
    _head,
    _json_bytes,
    _json_text,
    _kind_bytes,
    _record,
    _seal,
    crc32,
    pack,
)


def _u32(data, i):
    """The big-endian unsigned 32-bit number at data[i : i + 4] (a record's length, its CRC)."""
    return (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]


def unpack(data, kind, view=False):
    """Check a record of `kind` and return (version, payload); ValueError says what is wrong
    (too short, not a record, another kind, a length that disagrees with its header, the
    checksum). `view`: the payload as a memoryview into `data`, not a copy (a big game's save
    is tens of kilobytes, and reading it must not need a second block of that size), or,
    where `data` is a file's ``save.filebytes.FileBytes``, as a part of it read where it lies.

    Example: ``unpack(pack("SETT", 1, b"{}"), "SETT") == (1, b"{}")``."""
    k = _kind_bytes(kind)
    if data is None:
        raise ValueError("no data")
    n = len(data)
    if n < _HEAD + _TAIL:
        raise ValueError("record too short (%d bytes)" % n)
    if bytes(data[:2]) != MAGIC:
        raise ValueError("not a Pocket Yatzy record (bad magic)")
    if bytes(data[2:6]) != k:
        raise ValueError(
            "record is of kind %r, expected %r" % (bytes(data[2:6]).decode().strip(), kind)
        )
    length = _u32(data, 7)
    if _HEAD + length + _TAIL != n:
        raise ValueError("record length %d does not match its header (%d)" % (n, length))
    file = hasattr(data, "part")  # a file read a window at a time (save.filebytes)
    crc = data.crc(n - _TAIL) if file else crc32(memoryview(data)[: n - _TAIL])
    if crc != _u32(data, n - _TAIL):
        raise ValueError("record checksum mismatch")
    payload = data.part(_HEAD, n - _TAIL) if file else memoryview(data)[_HEAD : n - _TAIL]
    return data[6], payload if view else bytes(payload)


def _json_load(payload):
    """The JSON value in a record's payload; ValueError (as unpack's) when it is not JSON
    text, so a caller handles a damaged file in one place."""
    try:
        return json.loads(payload.decode())
    except (ValueError, UnicodeError):
        raise ValueError("record content is not valid JSON")


_UNREADABLE = const(b"?")  # stands for a file whose read failed: unpack() reports it as damaged
_SLOW = const(4096)  # a save this long replays for seconds on the Pico (10-20 ms per ~25 B)


def _read(storage, name):
    """storage.read, with a failing read (flash error) reported as damage, not raised."""
    try:
        return storage.read(name)
    except OSError:
        return _UNREADABLE


# The most a counter reaches in a lifetime of play (names.dat's games, the saved game's
# number, the high scores' games and write sequence): each step is a game or a press, and
# a flash write; a game a second, day and night, takes 31 years to count this far, and the
# flash (100,000 erases a sector) wears out long before. A small int on the Pico (< 2**30).
_LIFETIME = const(1000000000)


def _count(v):
    """True when `v` is a counter the app could have stored: a whole number 0.._LIFETIME."""
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= _LIFETIME


def name_ok(s, most):
    """True when `s` is a player's name as the app could have stored it: a str of 1..`most`
    characters, none of them a control character (U+0000..U+001F, U+007F..U+009F) or a lone
    surrogate. A character the fonts have no glyph for is fine: it draws as the placeholder
    box, so a name from another build (or typed on a host) keeps its place in the tables.
    Example: ``name_ok("ÅSA-2", 6)`` and ``name_ok("Zoë", 6)`` are True,
    ``name_ok("A\nB", 6)`` False."""
    if not isinstance(s, str) or not 0 < len(s) <= most:
        return False
    # by UTF-8 byte (on MicroPython a str indexed or iterated interns each character as a
    # name, for good): a control character is a byte < 32 or 127, or C2 80..C2 9F (U+0080..
    # U+009F); a lone surrogate, which "surrogatepass" lets through, is ED A0..ED BF. 0xC2
    # and 0xED only ever lead a character, so a byte follows them and b[i + 1] exists.
    try:
        b = s.encode("utf-8", "surrogatepass")
    except UnicodeError:
        return False
    for i in range(len(b)):
        c = b[i]
        if c < 32 or c == 127:
            return False
        if (c == 0xC2 and b[i + 1] < 0xA0) or (c == 0xED and b[i + 1] >= 0xA0):
            return False
    return True


# --- settings ------------------------------------------------------------------------------

SETTINGS_FILE = "settings.dat"
_SETTINGS_KIND = const("SETT")
_SETTINGS_VERSION = const(1)

# The defaults of settings.py's table: the app writes its keys and no other, each at a value
# the settings menu offers (settings.choices).
SETTINGS_DEFAULTS = _settings.DEFAULTS


def _setting_ok(key, value):
    """True when `value` is one the settings menu offers for `key`, of settings.py's table
    (and of its default's type: True is not 1, 5.0 not 5)."""
    d = _settings.DEFAULTS
    return key in d and type(value) is type(d[key]) and value in _settings.choices(key)


class Settings:
    """Settings as a plain dict in `settings.dat` (see module doc)."""

    FILE = SETTINGS_FILE
    DEFAULTS = SETTINGS_DEFAULTS

    @staticmethod
    def load(storage, defaults=None):
        """(settings dict, message or None): the keys of `defaults` (settings.py's table, the
        app's start values). Missing file: defaults, no message. Damaged file: defaults and
        a message. A key the app never writes (outside settings.py's table or `defaults`) or
        a value the settings menu does not offer is reset (dropped) one by one, with a
        message, the rest kept; a key the file lacks (a setting newer than the file) keeps
        its default without one."""
        if defaults is None:
            defaults = SETTINGS_DEFAULTS
        out = {}
        for k in defaults:
            v = defaults[k]
            out[k] = list(v) if isinstance(v, (list, tuple)) else v
        data = _read(storage, SETTINGS_FILE)
        if data is None:
            return out, None
        try:
            _, payload = unpack(data, _SETTINGS_KIND)
            saved = _json_load(payload)
            if not isinstance(saved, dict):
                raise ValueError("settings record is not a table")
        except ValueError:
            return out, "Settings damaged: defaults used"
        bad = 0
        for k in saved:
            if k in out and _setting_ok(k, saved[k]):
                out[k] = saved[k]
            else:
                bad += 1
        return out, ("Some settings reset" if bad else None)

    @staticmethod
    def save(storage, settings):
        """Write the settings (a dict of JSON values) atomically."""
        if not isinstance(settings, dict):
            raise ValueError("settings must be a dict")
        data = pack(_SETTINGS_KIND, _SETTINGS_VERSION, _json_bytes(settings))
        storage.write(SETTINGS_FILE, data)


# --- names and the last set-up (names.dat; save.store.Store.save_setup writes it) ----------

_NAMES_FILE = const("names.dat")  # as save/store.py's
_NAMES_KIND = const("NAME")


def _check_setup(s):
    """ValueError unless `s` is a set-up the set-up screens could have made: a known
    ruleset with options it accepts, 1..SEATS players, SEATS seats of names of printable
    characters (name_ok, settings.NAME_MAX) and known levels, a game count (_count)."""
    from yatzy import rules

    from save.store import LEVELS, SEATS

    if not isinstance(s["rules"], str) or s["rules"] not in rules.RULESET_IDS:
        raise ValueError("rules")
    if not isinstance(s["options"], dict):
        raise ValueError("options")
    rules.normalize_options(s["rules"], s["options"])
    n = s["n"]
    if not _count(n) or not 1 <= n <= SEATS:
        raise ValueError("players")
    names, levels = s["names"], s["levels"]
    if not isinstance(names, list) or not isinstance(levels, list):
        raise ValueError("seats")
    if len(names) != SEATS or len(levels) != SEATS or not _count(s["games"]):
        raise ValueError("seats")
    for v in names:
        if not name_ok(v, _settings.NAME_MAX):
            raise ValueError("name")
    for v in levels:
        if not isinstance(v, str) or v not in LEVELS:
            raise ValueError("level")


def _fill_seats(s):
    """A set-up saved with fewer seats (the 8 of earlier builds) gets the default names and
    kinds for the seats it lacks."""
    from save.store import SEATS

    names, levels = s["names"], s["levels"]
    if isinstance(names, list) and isinstance(levels, list) and len(names) == len(levels):
        from save.store import default_setup

        d = default_setup()
        if len(names) < SEATS:
            s["names"] = names + d["names"][len(names) :]
            s["levels"] = levels + d["levels"][len(levels) :]


def load_setup(storage):
    """(set-up dict, note or None): Store.load_setup."""
    from save.store import default_setup

    s = default_setup()
    try:
        data = storage.read(_NAMES_FILE)
    except OSError:
        return s, "Flash read error"
    if data is None:
        return s, None
    try:
        _, payload = unpack(data, _NAMES_KIND)
        saved = json.loads(bytes(payload).decode())
        for k in s:
            s[k] = saved[k]
        if len(saved) != len(s):  # a key the set-up never writes
            raise KeyError
        _fill_seats(s)
        _check_setup(s)
        return s, None
    except (ValueError, KeyError, TypeError, UnicodeError):
        return default_setup(), "Names damaged"


# --- high scores: save/scores.py, imported when first asked for ----------------------------

_LAZY = const(("HighScores", "SCORES_FILES", "SCORES_KIND", "SCORES_VERSION", "TOP", "NAME_MAX"))


def __getattr__(name):
    """The high-score names listed in ``_LAZY``, from save/scores.py; nothing else."""
    if name not in _LAZY:
        raise AttributeError(name)
    from save import scores

    return getattr(scores, name)


def record(store, g, write=True):
    """Store.record's entries (g eligible, the store's high scores loaded): the human
    players' totals not in the table yet; [(player, place)] of those that entered it.
    `write` False: entered in memory, written by Store.finish."""
    when = "#%d" % getattr(g, "number", 0)
    rid = g.rules_id
    hs = store.hs
    table = hs.table(rid)
    seats = []
    results = []
    for p in range(len(g.players)):
        pl = g.players[p]
        if pl.cpu:
            continue
        row = (pl.name[: _settings.NAME_MAX], g.total(p), when)
        if row in table:
            continue
        seats.append(p)
        results.append(row[:2])
    if not results:
        return []
    try:
        places = hs.end_game(rid, results, when, write)
        store.hs_due = not write
    except OSError:
        store.failed = True
        return []
    return [(seats[i], places[i]) for i in range(len(seats)) if places[i]]


# --- the game in progress ------------------------------------------------------------------


class SavedGame:
    """The game in progress: the core codec's bytes plus an optional small JSON `meta` dict
    (e.g. computer levels), in `game.dat` (record version `GAME_VERSION`). A save the
    codec refuses (damaged, or one the rules could not have produced) loads as None with
    "Saved game damaged"; a sound record of another version as None with "Saved game from
    an older version" (or newer): saves are not migrated between versions."""

    FILE = GAME_FILE

    @staticmethod
    def save(storage, data, meta=None):
        """Write `data` (``yatzy.codec.encode``'s bytes) and `meta` as game.dat, atomically:
        the payload is the meta's length (2 bytes, big-endian), the meta's JSON, then the
        codec's bytes (``save.frame.save_game_parts``, which the app's own saves call with
        the codec's pieces)."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ValueError("saved game must be bytes (yatzy.codec.encode)")
        frame.save_game_parts(storage, frame.game_meta(meta), [data], len(data))

    @staticmethod
    def load_full(storage, view=False, raw=None):
        """(data or None, meta dict, message or None): no message when there is no save.
        ``view``: the data as a memoryview into the file's bytes (reading a game), or the
        part of ``raw`` where :meth:`load_game` passes the file as a
        ``save.filebytes.FileBytes``. The codec's bytes are not checked here (decoding
        them does that: :meth:`load_game`)."""
        raw = _read(storage, GAME_FILE) if raw is None else raw
        if raw is None:
            return None, {}, None
        try:
            version, payload = unpack(raw, GAME_KIND, True)
            if version != GAME_VERSION:
                # the record is sound: only this build cannot read it (older saves are
                # refused, not migrated)
                if version < GAME_VERSION:
                    return None, {}, "Saved game from an older version"
                return None, {}, "Saved game from a newer version"
            if len(payload) < 2:
                raise ValueError("saved game too short")
            n = (payload[0] << 8) | payload[1]
            if 2 + n > len(payload):
                raise ValueError("saved-game meta truncated")
            meta = _json_load(bytes(payload[2 : 2 + n])) if n else {}
            if not isinstance(meta, dict):
                raise ValueError("saved-game meta is not a table")
            file = hasattr(payload, "part")  # save.filebytes: its part, read where it lies
            data = payload.part(2 + n, len(payload)) if file else payload[2 + n :]
            return data if view else bytes(data), meta, None
        except ValueError:
            return None, {}, "Saved game damaged"

    @staticmethod
    def load(storage):
        """(codec bytes or None, message or None): :meth:`load_full` without the meta."""
        data, _, msg = SavedGame.load_full(storage)
        return data, msg

    @staticmethod
    def load_game(storage, dice=None, tick=None, slow=None):
        """(Game or None, meta, message or None), decoded with yatzy.codec (``tick``: see
        ``codec.decode``; a MemoryError it raises goes through, as the heap's would). The
        file is read where it lies, a window at a time, where the storage can open it
        (``slow`` is called first when it is over _SLOW bytes: the app shows a frame)."""
        raw = None
        if hasattr(storage, "open"):
            from save.filebytes import opened

            raw = opened(storage, GAME_FILE)
            if raw is None:
                return None, {}, None
            if slow is not None and len(raw) > _SLOW:
                slow()
        try:
            data, meta, msg = SavedGame.load_full(storage, True, raw)
            if data is None:
                return None, meta, msg
            from yatzy import codec

            g = codec.decode(data, dice, tick)
        except ValueError:
            return None, {}, "Saved game damaged"
        finally:
            if raw is not None:
                raw.close()
        for pl in g.players:  # the engine allows longer names than the app makes
            if not name_ok(pl.name, _settings.NAME_MAX):
                return None, {}, "Saved game damaged"
        return g, meta, None

    @staticmethod
    def clear(storage):
        """Remove game.dat: Continue then has nothing to load."""
        storage.remove(GAME_FILE)


def load_game(storage, dice, tick=None, slow=None):
    """(game or None, note or None), the game with .levels and .number: Store.load_game.
    The meta must be what Store.save_game writes, or the save is damaged: its "levels", one
    per player, "" for a person and one of save.store.LEVELS for a computer, and its
    "number" (_count; 0 for a game the app did not number), nothing else."""
    from save.store import LEVELS

    try:
        g, meta, note = SavedGame.load_game(storage, dice, tick, slow)
    except OSError:
        return None, "Flash read error"
    if g is None:
        return None, note
    levels = meta.get("levels")
    ok = len(meta) == 2 and _count(meta.get("number")) and isinstance(levels, list)
    if not ok or len(levels) != len(g.players):
        return None, "Saved game damaged"
    for i in range(len(levels)):
        v = levels[i]
        if not isinstance(v, str) or v not in LEVELS or (v != "") != g.players[i].cpu:
            return None, "Saved game damaged"
    g.levels = levels
    g.number = meta["number"]
    return g, None
