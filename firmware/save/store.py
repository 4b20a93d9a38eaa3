# The app's view of flash: settings, names and last set-up, the game in progress, high scores.
# SPDX-License-Identifier: MIT
#
# Each lives in its own checksummed record (save/frame.py, save/records.py): settings.dat,
# names.dat, game.dat, scores1.dat/scores2.dat, so damage to one never loses the others.
# Loads never raise: a missing file means defaults, a damaged one (or one the app could not
# have written) defaults plus a short note for the title screen.

import json

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from yatzy.levels import LEVELS as _CPU_LEVELS

_NAME_LEN = const(6)
LEVELS = ("",) + _CPU_LEVELS  # seat kinds: "" a person, else a computer level
SEATS = 30  # yatzy.rules.MAX_PLAYERS: the set-up remembers a name and a kind per seat
_NAMES_FILE = const("names.dat")
_NAMES_KIND = const("NAME")


def default_setup():
    return {
        "rules": "yatzy",
        "n": 2,
        "names": ["P%d" % (i + 1) for i in range(SEATS)],
        "levels": [""] + ["basic"] * (SEATS - 1),
        "options": {},
        "games": 0,
    }


def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _check_setup(s):
    """ValueError unless `s` is a set-up the set-up screens could have made: a known
    ruleset with options it accepts, 1..SEATS players, SEATS seats of names of printable
    characters (records.name_ok) and known levels, a game count."""
    from yatzy import rules

    if not isinstance(s["rules"], str) or s["rules"] not in rules.RULESET_IDS:
        raise ValueError("rules")
    if not isinstance(s["options"], dict):
        raise ValueError("options")
    rules.normalize_options(s["rules"], s["options"])
    n = s["n"]
    if not _whole(n) or not 1 <= n <= SEATS:
        raise ValueError("players")
    names, levels = s["names"], s["levels"]
    if not isinstance(names, list) or not isinstance(levels, list):
        raise ValueError("seats")
    if len(names) != SEATS or len(levels) != SEATS or not _whole(s["games"]) or s["games"] < 0:
        raise ValueError("seats")
    name_ok = _records().name_ok
    for v in names:
        if not name_ok(v, _NAME_LEN):
            raise ValueError("name")
    for v in levels:
        if not isinstance(v, str) or v not in LEVELS:
            raise ValueError("level")


def _fill_seats(s):
    """A set-up saved with fewer seats (the 8 of earlier builds) gets the default names and
    kinds for the seats it lacks."""
    names, levels = s["names"], s["levels"]
    if isinstance(names, list) and isinstance(levels, list) and len(names) == len(levels):
        d = default_setup()
        if len(names) < SEATS:
            s["names"] = names + d["names"][len(names) :]
            s["levels"] = levels + d["levels"][len(levels) :]


def _records():
    """save/records.py, imported when needed: while a game is played only save/frame.py
    (the in-place game save) stays loaded; the app calls Store.release when a game
    starts."""
    from save import records

    return records


def eligible(g):
    """High scores compare like with like: games with a changed card (short game, extra
    Yatzy rows, triple columns outside the triple ruleset) do not enter them."""
    o = g.options
    if o.get("categories") is not None or o.get("extra_rows"):
        return False
    if o.get("triple") and g.rules_id != "triple":
        return False
    return True


class Store:
    """The app's view of every stored file; screens reach it as ``app.store``."""

    eligible = staticmethod(eligible)  # for screens: a game that may enter the high scores

    def __init__(self, storage):
        self.storage = storage
        self._hs = None
        self.hs_note = None
        self._hs_loaded = False
        self._hs_ever = False  # the first load's damage note is the one the title shows
        self._best = {}  # ruleset id -> best score (see best())
        self.failed = False  # a write failed (flash full or worn): the app says so
        self._buf = None  # reused by save_game

    @property
    def hs(self):
        """records.HighScores, made (and loaded, see _load_scores) on first use."""
        if self._hs is None:
            self._hs = _records().HighScores(self.storage)
            self._hs_loaded = False
        return self._hs

    def release(self):
        """Drop the high-score tables and save/records.py from the heap while a game is played
        (read again from flash when next needed; the damage note of the first load stays)."""
        import heap

        self._hs = None
        self._hs_loaded = False
        heap.drop("records", collect=False)

    # ---- settings ----------------------------------------------------------------------
    def load_settings(self, defaults):
        """(settings, note or None)."""
        try:
            return _records().Settings.load(self.storage, defaults)
        except OSError:
            return dict(defaults), "Flash read error"

    def save_settings(self, settings):
        return self._guard(_records().Settings.save, self.storage, settings)

    def _guard(self, fn, *args):
        """Run a write; a flash error (full, worn) is reported, never a crash."""
        try:
            fn(*args)
            return True
        except OSError:
            self.failed = True
            return False

    # ---- names and the last set-up -------------------------------------------------------
    def load_setup(self):
        """(set-up dict, note or None)."""
        s = default_setup()
        try:
            data = self.storage.read(_NAMES_FILE)
        except OSError:
            return s, "Flash read error"
        if data is None:
            return s, None
        try:
            _, payload = _records().unpack(data, _NAMES_KIND)
            saved = json.loads(bytes(payload).decode())
            for k in s:
                s[k] = saved[k]
            _fill_seats(s)
            _check_setup(s)
            return s, None
        except (ValueError, KeyError, TypeError, UnicodeError):
            return default_setup(), "Names damaged"

    def save_setup(self, s):
        from save import frame

        data = frame.dumps(s).encode()

        return self._guard(self.storage.write, _NAMES_FILE, frame.pack(_NAMES_KIND, 1, data))

    # ---- the game in progress ------------------------------------------------------------
    def load_game(self, dice):
        """(game or None, note or None); the game carries .levels and .number."""
        try:
            g, meta, note = _records().SavedGame.load_game(self.storage, dice)
        except OSError:
            return None, "Flash read error"
        if g is None:
            return None, note
        levels = meta.get("levels")
        if not isinstance(levels, list) or len(levels) != len(g.players):
            levels = ["basic" if pl.cpu else "" for pl in g.players]
        for i in range(len(levels)):
            if levels[i] not in LEVELS or bool(levels[i]) != g.players[i].cpu:
                levels[i] = "basic" if g.players[i].cpu else ""
        g.levels = levels
        n = meta.get("number", 0)
        g.number = n if isinstance(n, int) else 0
        return g, None

    def save_game(self, g, levels):
        from yatzy import codec

        from save import frame

        meta = {"levels": list(levels or ()), "number": getattr(g, "number", 0)}
        at, m = frame.game_data_at(meta)
        # sized for the whole game when it starts (least fragmented), so it does not grow
        # mid-game; a turn takes about 8 + 3 x dice bytes (Maxi: more with saved rolls)
        want = at + 128 + len(g.players) * (48 + g.rounds * (12 + 4 * g.rules.dice))
        if self._buf is None or len(self._buf) < want:
            self._buf = None  # the old one can go before the new one is made
            self._buf = bytearray(want)
        # one long-lived buffer, the record framed in place: saved after every roll and box
        self._buf, end = codec.encode_into(g, self._buf, at, 4)
        return self._guard(frame.save_game_into, self.storage, self._buf, end, m)

    def clear_game(self):
        return self._guard(_records().SavedGame.clear, self.storage)

    # ---- high scores ------------------------------------------------------------------------
    def _load_scores(self):
        hs = self.hs
        if not self._hs_loaded:
            self._hs_loaded = True
            try:
                note = hs.load()
            except OSError:
                note = "Flash read error"
            if not self._hs_ever:
                self._hs_ever = True
                self.hs_note = note

    def scores_note(self):
        self._load_scores()
        return self.hs_note

    def scores(self, rid):
        """[(name, score, when)] best first."""
        self._load_scores()
        return self.hs.table(rid)

    def best(self, g):
        """Top score of g's ruleset (None: none yet or not eligible), remembered so that the
        solo play screen does not load the high scores again after release()."""
        if not eligible(g):
            return None
        return self.best_for(g.rules_id)

    def best_for(self, rid):
        """Top score of ruleset `rid` (None: none yet), remembered (see best())."""
        if rid not in self._best:
            self._load_scores()
            self._best[rid] = self.hs.best(rid)
        return self._best[rid]

    def record(self, g):
        """Enter the human players' totals; returns [(player, place)] of the new entries.
        A game already entered (power cut before its save was cleared) adds nothing."""
        if not eligible(g):
            return []
        self._load_scores()
        self._best = {}
        when = "#%d" % getattr(g, "number", 0)
        rid = g.rules_id
        table = self.hs.table(rid)
        seats = []
        results = []
        for p in range(len(g.players)):
            pl = g.players[p]
            if pl.cpu:
                continue
            row = (pl.name[:_NAME_LEN], g.total(p), when)
            if row in table:
                continue
            seats.append(p)
            results.append(row[:2])
        if not results:
            return []
        try:
            places = self.hs.end_game(rid, results, when)
        except OSError:
            self.failed = True
            return []
        return [(seats[i], places[i]) for i in range(len(seats)) if places[i]]

    def reset_scores(self):
        self._load_scores()
        self._best = {}
        return self._guard(self.hs.reset)
