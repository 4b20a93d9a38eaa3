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
- `HighScores(storage)`: top 10 per ruleset id, in two files `scores1.dat`/`scores2.dat`
  written alternately with a sequence number, so any single damaged or interrupted write
  leaves the previous table intact.
- `SavedGame`: `game.dat`, the core codec's bytes (plus an optional small JSON `meta`).
Loads never raise on bad files: they return defaults / None and a short message.

A sound CRC is not enough: a load also checks what the values mean, and refuses what the
app could not have written. A setting must be one of the values the settings menu offers
(`settings.choices`); a high score must be a whole number no game of its ruleset can beat
(:func:`score_ceiling`), for a known ruleset, under a name the font draws (:func:`drawable`);
a saved game must replay under the rules (`yatzy.codec.decode`).
"""

import json

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
    return (data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]


def unpack(data, kind):
    """Check a record of `kind` and return (version, payload); ValueError says what is wrong."""
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
    if crc32(memoryview(data)[: n - _TAIL]) != _u32(data, n - _TAIL):
        raise ValueError("record checksum mismatch")
    return data[6], bytes(data[_HEAD : n - _TAIL])


def _json_load(payload):
    try:
        return json.loads(payload.decode())
    except (ValueError, UnicodeError):
        raise ValueError("record content is not valid JSON")


_UNREADABLE = b"?"  # stands for a file whose read failed: unpack() reports it as damaged


def _read(storage, name):
    """storage.read, with a failing read (flash error) reported as damage, not raised."""
    try:
        return storage.read(name)
    except OSError:
        return _UNREADABLE


def _printable(s, most):
    if not isinstance(s, str) or not 0 < len(s) <= most:
        return False
    for ch in s:
        if not " " <= ch <= "~":
            return False
    return True


def drawable(s, most):
    """True when `s` is 1..`most` characters that every font draws as themselves (a glyph
    of their own, not the "?" stand-in; the icon codes below the space are not text).
    Example: ``drawable("ANA-2", 6)`` is True, ``drawable("Zoë", 6)`` False."""
    from gfx import font

    if not isinstance(s, str) or not 0 < len(s) <= most:
        return False
    for ch in s:
        c = ord(ch)
        if c < 32 or font.SMALL.code(ch) != c or font.MEDIUM.code(ch) != c:
            return False
    return True


# --- settings ------------------------------------------------------------------------------

SETTINGS_FILE = "settings.dat"
SETTINGS_KIND = "SETT"
SETTINGS_VERSION = 1

# The defaults of settings.py's table; a stored value of one of its keys must be one the
# settings menu offers (settings.choices), of a key the caller adds its default's type.
SETTINGS_DEFAULTS = _settings.DEFAULTS


def _same_type(value, default):
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    if isinstance(default, int):
        return isinstance(value, int)
    if isinstance(default, str):
        return isinstance(value, str)
    if isinstance(default, (list, tuple)):
        return isinstance(value, list)
    if default is None:
        return True
    return isinstance(value, type(default))


def _setting_ok(key, value, default):
    if not _same_type(value, default):
        return False
    return key not in _settings.DEFAULTS or value in _settings.choices(key)


class Settings:
    """Settings as a plain dict in `settings.dat` (see module doc)."""

    FILE = SETTINGS_FILE
    DEFAULTS = SETTINGS_DEFAULTS

    @staticmethod
    def load(storage, defaults=None):
        """(settings dict, message or None). Missing file: defaults, no message. Damaged
        file: defaults and a message. A value the settings menu does not offer (or, for a
        key outside settings.py's table, of another type than its default) is reset one by
        one (with a message); keys not in `defaults` are dropped."""
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
            _, payload = unpack(data, SETTINGS_KIND)
            saved = _json_load(payload)
            if not isinstance(saved, dict):
                raise ValueError("settings record is not a table")
        except ValueError:
            return out, "Settings damaged: defaults used"
        bad = 0
        for k in saved:
            if k in out:
                if _setting_ok(k, saved[k], defaults[k]):
                    out[k] = saved[k]
                else:
                    bad += 1
        return out, ("Some settings reset" if bad else None)

    @staticmethod
    def save(storage, settings):
        """Write the settings (a dict of JSON values) atomically."""
        if not isinstance(settings, dict):
            raise ValueError("settings must be a dict")
        storage.write(SETTINGS_FILE, pack(SETTINGS_KIND, SETTINGS_VERSION, _json_bytes(settings)))


# --- high scores ---------------------------------------------------------------------------

SCORES_FILES = ("scores1.dat", "scores2.dat")
SCORES_KIND = "HISC"
SCORES_VERSION = 1
TOP = 10
NAME_MAX = 12


_CEILINGS = {}  # ruleset id -> score_ceiling(id), while this module is loaded


def score_ceiling(rules):
    """A total no high-score game of ruleset id `rules` can pass: every box of its full
    card (the only card that enters the tables, see ``save.store.eligible``) at its best
    value in every column, times the column's factor, the upper bonus in each column, and
    the largest extra Yatzy / Yahtzee bonus an option allows on every turn but the first.
    Example: ``score_ceiling("yatzy") == 374 + 14 * 100``."""
    got = _CEILINGS.get(rules)
    if got is not None:
        return got
    from yatzy import rules as _rules

    opts = {}
    if _rules.applies("extra_bonus", rules):
        opts["extra_bonus"] = max(_rules.OPTIONS["extra_bonus"]["choices"])
    r = _rules.configure(rules, opts)
    best = _best_boxes(r)
    column = r.bonus_value if r.upper else 0
    for c in r.categories:
        column += best[c]
    rounds = len(r.categories) * r.columns
    got = column * sum(r.factors) + (r.yahtzee_bonus or r.extra_bonus) * (rounds - 1)
    _CEILINGS[rules] = got
    return got


def _best_boxes(r):
    """{box: the most it can hold} over every roll of the ruleset's dice (Joker values
    included). The rolls are visited as face counts in one reused list: a list of all 252
    (462 for six dice) rolls would take some 15 KB of heap at the end of a game."""
    cats = r.categories
    scorers = r.scorers
    best = {}
    for c in cats:
        best[c] = r.joker_scores.get(c, 0)
    counts = [0] * 7

    def visit(face, left, total):
        if face == 6:
            counts[6] = left
            total += 6 * left
            for c in cats:
                v = scorers[c](counts, total)
                if v > best[c]:
                    best[c] = v
            return
        for k in range(left + 1):
            counts[face] = k
            visit(face + 1, left - k, total + face * k)

    visit(1, r.dice, 0)
    return best


def _score_ok(rules, score):
    return (
        isinstance(score, int)
        and not isinstance(score, bool)
        and 0 <= score <= score_ceiling(rules)
    )


def _valid_table(rules, rows):
    if not isinstance(rows, list) or len(rows) > TOP:
        return False
    prev = None
    for row in rows:
        if not isinstance(row, list) or len(row) != 3:
            return False
        name, score, when = row
        if not drawable(name, NAME_MAX) or not _printable(when, 16):
            return False
        if not isinstance(score, int) or isinstance(score, bool) or score < 0:
            return False
        if prev is not None and score > prev:
            return False
        prev = score
    # best first: no score passes the ruleset's ceiling when the first one does not
    return not rows or _score_ok(rules, rows[0][1])


def _count(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _parse_scores(data):
    """(seq, games, tables) from one high-score file; ValueError when it is unusable."""
    _, payload = unpack(data, SCORES_KIND)
    doc = _json_load(payload)
    if not isinstance(doc, dict):
        raise ValueError("high-score record is not a table")
    seq = doc.get("seq")
    games = doc.get("games")
    tables = doc.get("tables")
    if not _count(seq) or not _count(games) or not isinstance(tables, dict):
        raise ValueError("high-score record lacks seq/games/tables")
    for rules in tables:
        if not _known(rules) or not _valid_table(rules, tables[rules]):
            raise ValueError("high-score table %r is malformed" % (rules,))
    return seq, games, tables


def _known(rules):
    from yatzy.rules import RULESET_IDS

    return isinstance(rules, str) and rules in RULESET_IDS


def _check_rules(rules):
    if not _known(rules):
        raise ValueError("unknown ruleset %r" % (rules,))


class HighScores:
    """Top ten per ruleset id: entries (name, score, when), best first.

    `when` is a date string when the shell knows one, else "#N" with N the number of the
    finished game (the Pico has no clock). Equal scores keep their order: the earlier one
    ranks higher."""

    def __init__(self, storage):
        self.storage = storage
        self.tables = {}
        self.games = 0  # finished games so far (numbers the entries)
        self._seq = 0
        self._slot = 1  # index of the file holding the newest copy; writes go to the other

    def load(self):
        """Read both copies and keep the newest sound one. Returns a short message when a copy
        was damaged (None when all is well or nothing was saved yet)."""
        best = None
        damaged = 0
        for i, name in enumerate(SCORES_FILES):
            data = _read(self.storage, name)
            if data is None:
                continue
            try:
                seq, games, tables = _parse_scores(data)
            except ValueError:
                damaged += 1
                continue
            if best is None or seq > best[0]:
                best = (seq, games, tables, i)
        if best is None:
            self.tables = {}
            self.games = 0
            self._seq = 0
            self._slot = 1
        else:
            self._seq, self.games, self.tables, self._slot = best
        if not damaged:
            return None
        # rewrite the damaged copies from what survived, so the message shows only once
        try:
            for _ in range(2 if best is None else 1):
                self.save()
        except OSError:
            pass
        return "High scores damaged: reset" if best is None else "High scores repaired from backup"

    def save(self):
        """Write the tables to the copy that does not hold the newest sound version."""
        self._seq += 1
        doc = {"seq": self._seq, "games": self.games, "tables": self.tables}
        target = 1 - self._slot
        self.storage.write(
            SCORES_FILES[target], pack(SCORES_KIND, SCORES_VERSION, _json_bytes(doc))
        )
        self._slot = target

    def table(self, rules):
        """List of (name, score, when), best first (empty when none)."""
        _check_rules(rules)
        return [tuple(r) for r in self.tables.get(rules, ())]

    def best(self, rules):
        """Top score for a ruleset, or None."""
        t = self.tables.get(rules)
        return t[0][1] if t else None

    def rank_of(self, rules, score):
        """The place (1..10) a new `score` would take, or None when it would not enter."""
        _check_rules(rules)
        rows = self.tables.get(rules, [])
        place = 1
        for row in rows:
            if score > row[1]:
                break
            place += 1
        return place if place <= TOP else None

    def qualifies(self, rules, score):
        return self.rank_of(rules, score) is not None

    def _insert(self, rules, name, score, when):
        """Insert one entry; returns the row list inserted, or None when it does not enter."""
        if not drawable(name, NAME_MAX):
            raise ValueError("high-score name must be 1..%d characters the font draws" % NAME_MAX)
        if not _score_ok(rules, score):
            raise ValueError(
                "score must be a whole number 0..%d, got %r" % (score_ceiling(rules), score)
            )
        if when is None:
            when = "#%d" % self.games
        if not _printable(when, 16):
            raise ValueError("date must be 1..16 printable characters, got %r" % (when,))
        rank = self.rank_of(rules, score)
        if rank is None:
            return None
        rows = self.tables.get(rules)
        if rows is None:
            rows = self.tables[rules] = []
        row = [name, score, when]
        rows.insert(rank - 1, row)
        del rows[TOP:]
        return row

    def _place(self, rules, row):
        if row is not None:
            for i, r in enumerate(self.tables.get(rules, ())):
                if r is row:
                    return i + 1
        return None

    def add(self, rules, name, score, when=None):
        """Enter one score; returns its rank (1..10) and saves, or None when it does not
        qualify (nothing saved)."""
        _check_rules(rules)
        row = self._insert(rules, name, score, when)
        if row is None:
            return None
        self.save()
        return self._place(rules, row)

    def end_game(self, rules, results, when=None):
        """Count a finished game (the entries get its number) and enter its (name, score)
        results with one write. Returns each result's final rank (None: did not enter)."""
        _check_rules(rules)
        self.games += 1
        rows = [self._insert(rules, name, score, when) for name, score in results]
        self.save()
        return [self._place(rules, row) for row in rows]

    def reset(self, rules=None):
        """Clear one ruleset's table, or all of them (the game counter stays)."""
        if rules is None:
            self.tables = {}
        else:
            _check_rules(rules)
            self.tables.pop(rules, None)
        self.save()


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
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ValueError("saved game must be bytes (yatzy.codec.encode)")
        m = _json_bytes(meta if meta is not None else {})
        if len(m) > 0xFFFF:
            raise ValueError("saved-game meta is too large")
        k = len(m)
        out = _record(GAME_KIND, GAME_VERSION, 2 + k + len(data))
        out[_HEAD] = k >> 8
        out[_HEAD + 1] = k & 0xFF
        out[_HEAD + 2 : _HEAD + 2 + k] = m
        out[_HEAD + 2 + k : -_TAIL] = data
        storage.write(GAME_FILE, _seal(out))

    @staticmethod
    def data_at(meta=None):
        """(offset, meta bytes) for :meth:`save_into`: where the codec bytes go."""
        return frame.game_data_at(meta)

    @staticmethod
    def save_into(storage, buf, end, m):
        """Like :meth:`save`, without a new buffer (see ``frame.save_game_into``)."""
        frame.save_game_into(storage, buf, end, m)

    @staticmethod
    def load_full(storage):
        """(data or None, meta dict, message or None): no message when there is no save."""
        raw = _read(storage, GAME_FILE)
        if raw is None:
            return None, {}, None
        try:
            version, payload = unpack(raw, GAME_KIND)
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
            meta = _json_load(payload[2 : 2 + n]) if n else {}
            if not isinstance(meta, dict):
                raise ValueError("saved-game meta is not a table")
            return payload[2 + n :], meta, None
        except ValueError:
            return None, {}, "Saved game damaged"

    @staticmethod
    def load(storage):
        """(codec bytes or None, message or None)."""
        data, _, msg = SavedGame.load_full(storage)
        return data, msg

    @staticmethod
    def load_game(storage, dice=None):
        """(Game or None, meta, message or None), decoded with yatzy.codec."""
        data, meta, msg = SavedGame.load_full(storage)
        if data is None:
            return None, meta, msg
        from yatzy import codec

        try:
            return codec.decode(data, dice), meta, None
        except ValueError:
            return None, {}, "Saved game damaged"

    @staticmethod
    def clear(storage):
        storage.remove(GAME_FILE)
