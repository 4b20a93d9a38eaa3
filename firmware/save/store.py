# The app's view of flash: settings, names and last set-up, the game in progress, high scores.
# SPDX-License-Identifier: MIT
#
# Each lives in its own checksummed record (save/frame.py, save/records.py): settings.dat,
# names.dat, game.dat, scores1.dat/scores2.dat, so damage to one never loses the others.
# Loads never raise: a missing file means defaults, a damaged one (or one the app could not
# have written) defaults plus a short note for the title screen.

import gc
import sys

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from yatzy.levels import LEVELS as _CPU_LEVELS

LEVELS = ("",) + _CPU_LEVELS  # seat kinds: "" a person, else a computer level
SEATS = 30  # yatzy.rules.MAX_PLAYERS: the set-up remembers a name and a kind per seat
_NAMES_FILE = const("names.dat")  # as save/records.py's (its reader)
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


def _records():
    """save/records.py, imported when needed: while a game is played only save/frame.py
    (the in-place game save) stays loaded; the app calls Store.release when a game
    starts. What only loading needs (the set-up's checks, a saved game's levels, entering
    high scores) is there too, so that it is not in the heap while a game is played."""
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
    spill = 2048  # bytes of turn logs in the heap past which saves leave them in the file

    def __init__(self, storage, feed=None, slow=None):
        self.storage = storage
        # called after each replayed turn while a save is read (the device: the watchdog's
        # feed; a 30-player Triple game replays for some 20 s at 10-20 ms a turn)
        self.feed = feed
        self.slow = slow  # called before a big save is read (the app: a frame; save.records)
        self._hs = None
        self.hs_note = None
        self._hs_loaded = False
        self._hs_ever = False  # the first load's damage note is the one the title shows
        self._best = {}  # ruleset id -> best score (see best())
        self.failed = False  # a write failed (flash full or worn): the app says so
        self.hs_due = False  # high scores entered by record(g, False), written by finish()

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
        # save/filebytes.py stays: a continued game's logs are read from the file through it
        # (dropped with "start", when no game is left)
        heap.drop("records", keep=("save.filebytes",), collect=False)

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
        return _records().load_setup(self.storage)

    def save_setup(self, s):
        from save import frame

        data = frame.dumps(s).encode()

        return self._guard(self.storage.write, _NAMES_FILE, frame.pack(_NAMES_KIND, 1, data))

    # ---- the game in progress ------------------------------------------------------------
    def load_game(self, dice):
        """(game or None, note or None); the game carries .levels and .number."""
        return _records().load_game(self.storage, dice, self.feed, self.slow)

    def save_game(self, g, levels):
        # after every roll and box: the codec and the frame are taken from sys.modules once
        # loaded (an import statement costs more: docs/app_infra.md, "imports in a press")
        codec = sys.modules.get("yatzy.codec")
        if codec is None:
            from yatzy import codec
        frame = sys.modules.get("save.frame")
        if frame is None:
            from save import frame
        meta = {"levels": list(levels or ()), "number": getattr(g, "number", 0)}
        m = frame.game_meta(meta)
        # written from pieces, the players' logs as they lie: no buffer as long as the save
        # (a 30-player Triple game's is some 36 KB) beside the logs it would copy. A heap
        # without room even for a piece is collected and tried once more; then the save is
        # given up ("save failed"), never the game (the file keeps the previous save).
        for _ in range(2):
            try:
                return self._save_game(g, codec, frame, m)
            except MemoryError:
                gc.collect()
        return False

    def _save_game(self, g, codec, frame, m):
        # The turns saved before are copied from the file itself (the players' logs' window,
        # yatzy.log) and, once written, stay there: the logs keep only the turns since (a
        # 30-player Maxi Triple game's are 50 KB at its end). A game whose logs are still
        # short keeps them in the heap (no file reads per save, save/filebytes.py not loaded).
        base = None
        tail = 0
        for pl in g.players:
            log = pl.log
            if log.kept:
                base = log.window
            tail += len(log.tail)
        storage = self.storage
        spill = (base is not None or tail > self.spill) and hasattr(storage, "open")
        held = True
        try:
            if base is not None and hasattr(base, "hold"):
                held = base.hold()  # open over the save's two reads (its CRC, its copy)
            parts, n, starts = codec.encode_parts(g)
            off, size = frame.game_layout(m, n)
            if spill:  # made before the write: no allocation after it
                from save.filebytes import named

                whole = named(storage, frame.GAME_FILE, size)
            frame.save_game_parts(storage, m, parts, n)
        except OSError:
            self.failed = True
            return False
        finally:
            parts = None
            if not held:
                base.close()
        if spill:
            for i in range(len(starts)):
                g.players[i].log.saved(whole, off + starts[i])
        return True

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

    def record(self, g, write=True):
        """Enter the human players' totals; returns [(player, place)] of the new entries.
        A game already entered (power cut before its save was cleared) adds nothing.
        `write` False: the entries are made in memory; finish() writes them."""
        if not eligible(g):
            return []
        self._load_scores()
        self._best = {}
        return _records().record(self, g, write)

    def finish(self):
        """After record(g, False): write the high scores it entered, then clear the saved
        game. In this order: a power cut before the scores are written leaves the finished
        game to continue (its game-over Roll enters it again); one after them, before the
        save is cleared, enters nothing twice (record skips entries already in the table).
        Then the high scores and save/records.py leave the heap, and it is collected: the
        list after the game has drawn what it needed of them (read again when shown)."""
        if self.hs_due:
            self.hs_due = False
            self._guard(self.hs.save)
        ok = self.clear_game()
        self.release()
        import heap

        heap.drop()  # (collects)
        return ok

    def reset_scores(self):
        self._load_scores()
        self._best = {}
        return self._guard(self.hs.reset)
