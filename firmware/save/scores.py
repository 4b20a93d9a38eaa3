# High scores on flash: top ten per ruleset in two alternating copies, checked for meaning.
# SPDX-License-Identifier: MIT
"""``HighScores(storage)``: the top ten entries (name, score, when) of each ruleset id,
best first, in ``scores1.dat``/``scores2.dat`` (records of kind ``HISC``, see
``save/frame.py``), both written on every change (each with a sequence number, the older
copy first) so that an interrupted write leaves a sound table and damage to either copy
loses no entry. A copy is refused as damaged when
its CRC fails and also when it holds what the app could not have written: a table for an
unknown ruleset, a score above :func:`score_ceiling`, a name that is no text or longer than
the app's (``settings.NAME_MAX``), a date other than "#N" (the game's number), rows out of
order, a counter past a lifetime of play (``save.records._count``), more games than writes.
Imported only when the high scores are needed (``save.records.HighScores``
reaches it; the app drops it with ``save.records`` while a game is played).
"""

from settings import NAME_MAX

from save.frame import _json_bytes, pack
from save.records import _count, _json_load, _read, name_ok, unpack

SCORES_FILES = ("scores1.dat", "scores2.dat")
SCORES_KIND = "HISC"
SCORES_VERSION = 1
TOP = 10


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
        if not name_ok(name, NAME_MAX) or not _when_ok(when):
            return False
        if not isinstance(score, int) or isinstance(score, bool) or score < 0:
            return False
        if prev is not None and score > prev:
            return False
        prev = score
    # best first: no score passes the ruleset's ceiling when the first one does not
    return not rows or _score_ok(rules, rows[0][1])


def _when_ok(when):
    """True when `when` dates an entry as the app does: "#N", N the game's number (0..the
    lifetime's count, ``save.records._count``) in decimal, no sign, no leading zero.
    Example: "#12" is one, "#-1" and "#012" are not."""
    if not isinstance(when, str):
        return False
    # by byte (a str iterated interns each character); a character outside ASCII is no digit
    b = when.encode("utf-8", "surrogatepass")
    if not 2 <= len(b) <= 11 or b[0] != 35 or (b[1] == 48 and len(b) > 2):  # "#", "0"
        return False
    n = 0
    for i in range(1, len(b)):
        c = b[i] - 48
        if not 0 <= c <= 9:
            return False
        n = n * 10 + c
    return _count(n)


def _parse_scores(data):
    """(seq, games, tables) from one high-score file; ValueError when it is unusable."""
    _, payload = unpack(data, SCORES_KIND)
    doc = _json_load(payload)
    if not isinstance(doc, dict):
        raise ValueError("high-score record is not a table")
    seq = doc.get("seq")
    games = doc.get("games")
    tables = doc.get("tables")
    if not _count(seq) or not _count(games) or not isinstance(tables, dict) or len(doc) != 3:
        raise ValueError("high-score record lacks seq/games/tables")
    if games > seq:  # each game counted is written (end_game): seq counts every write
        raise ValueError("high-score record counts more games than writes")
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

    `when` is "#N", N the number of the finished game (the Pico has no clock; the app
    gives the game's number, ``save.records.record``, else the count of finished games).
    Equal scores keep their order: the earlier one ranks higher."""

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
        """Write the tables to both copies, the one that does not hold the newest sound
        version first: a cut during either write leaves a sound copy with every entry but
        at most the one being added, and once both are written, damage to either copy
        loses nothing."""
        self._seq += 1
        doc = {"seq": self._seq, "games": self.games, "tables": self.tables}
        data = pack(SCORES_KIND, SCORES_VERSION, _json_bytes(doc))
        target = 1 - self._slot
        self.storage.write(SCORES_FILES[target], data)
        self._slot = target
        self.storage.write(SCORES_FILES[1 - target], data)

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
        if not name_ok(name, NAME_MAX):
            raise ValueError("high-score name must be 1..%d printable characters" % NAME_MAX)
        if not _score_ok(rules, score):
            raise ValueError(
                "score must be a whole number 0..%d, got %r" % (score_ceiling(rules), score)
            )
        if when is None:
            when = "#%d" % self.games
        if not _when_ok(when):
            raise ValueError("date must be #N (the game's number), got %r" % (when,))
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

    def end_game(self, rules, results, when=None, write=True):
        """Count a finished game (the entries get its number) and enter its (name, score)
        results with one write (`write` False: the caller saves them later). Returns each
        result's final rank (None: did not enter)."""
        _check_rules(rules)
        self.games += 1
        rows = [self._insert(rules, name, score, when) for name, score in results]
        if write:
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
