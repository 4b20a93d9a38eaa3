# Campaign: damaged files, over every file the firmware reads.
# SPDX-License-Identifier: MIT
"""Damaged files. A sound flash (settings.dat, names.dat, game.dat mid-game, two high-score
copies, error.log) is built with the project's own encoders; each case damages one file in
one way (KINDS: random bytes, truncation, bit flips, a wrong version, huge, empty, and
records with a valid checksum but wrong meaning: fields out of range or of the wrong type,
``"options": null``, names with control characters (and "ÉÉ", which must show, not crash),
settings off the menu, high scores above the ruleset's maximum, a logged score the logged
dice do not give, an extra bonus without a Yatzy, names longer than the name entry makes, a
saved dice state no seeded stream has, a meta the app could not write (levels, number), a
counter past a lifetime of play; and damage to one of the two high-score copies). Then:

- a boot (App.start), a new game from the loaded set-up and a Continue must not raise;
- what the store accepts must be possible: settings on the menu, set-up fields the set-up
  screen can make, names of printable characters, high-score tables sorted, printable and within
  the ruleset's maximum, a saved game whose every box and bonus agree with its logged dice
  (tools/core/storm.py's own scorer) and whose record replays (tools/core/record.py);
- what the store loads without a note is what the file holds: a silent repair (a level
  set to "basic", a number to 0, a setting dropped) is a failure;
- damage to one high-score copy loses no entry of the newest sound copy.

``python -m tools.core.soak_files [--scale X] [--case N]`` (``--case`` replays one case).
"""

import argparse
import json
import os
import sys

from tools.core import soak_common as C
from tools.core import storm
from tools.paths import ROOT

CASES = 100000
# Loose upper bounds of a high score (eligible games: no extra rows, no short game), from
# RULES.md: Nordic 374 (Forced the same), Yahtzee 1575, Triple 3 x 374 x 2 = 2244 (the x1,
# x2, x3 columns), Maxi: upper 126 + bonus 100 + lower 423 = 649; plus the extra Yatzy
# bonus option (at most 100 for every round but the first).
MAX_SCORE = {
    "yatzy": 374 + 14 * 100,
    "forced": 374 + 14 * 100,
    "yahtzee": 1575,
    "maxi": 649 + 19 * 100,
    "triple": 2244 + 44 * 100,
}
FILES = ("settings.dat", "names.dat", "game.dat", "scores1.dat", "scores2.dat", "error.log")
RAW = ("random", "truncate", "bitflip", "version", "huge", "empty")
MEANING = (
    "settings",
    "settings_range",
    "names",
    "game_score",
    "game_extra",
    "game_field",
    "scores",
    "one_copy",
    "long_name",
    "dice_state",
    "meta",
    "counter",
)
KINDS = RAW + MEANING
_LIMITS = {}  # the app's limits, read before a planted fault can change them (limits())


def limits():
    """(the longest name, the most a counter reaches, {setting: the menu's values}):
    settings.NAME_MAX, save.records._LIFETIME and settings.choices as the firmware defines
    them, read once, so that the oracle keeps them while a planted fault changes the
    firmware's (planted())."""
    if not _LIMITS:
        import settings
        from save import records

        _LIMITS["name"], _LIMITS["count"] = settings.NAME_MAX, records._LIFETIME
        _LIMITS["menu"] = {row[0]: tuple(settings.choices(row[0])) for row in settings.TABLE}
    return _LIMITS["name"], _LIMITS["count"], _LIMITS["menu"]


class Panel(storm.Panel):
    pass


def baseline():
    """The sound flash: {name: bytes}."""
    import settings as S
    from save import records
    from save.storage import MemoryStorage
    from save.store import Store, default_setup
    from yatzy.dice import SeededDice
    from yatzy.engine import Game

    st = MemoryStorage()
    store = Store(st)
    store.save_settings(dict(S.DEFAULTS))
    store.save_setup(default_setup())
    g = Game("yatzy", ["ANN", "BOB"], {}, dice=SeededDice(5))
    g.number = 3
    while g.phase != 2 or g.round < 6:
        acts = g.legal_actions()
        sc = [a for a in acts if a[0] == "score"]
        g.apply(
            sc[0] if sc and g.rolls_used >= 2 else (("roll",) if ("roll",) in acts else acts[0])
        )
    store.save_game(g, ["", ""])
    hs = records.HighScores(st)
    hs.add("yatzy", "ANN", 250, "#1")
    hs.add("yatzy", "BOB", 270, "#2")  # the newer copy holds both entries
    st.files["error.log"] = b"boot 1: ValueError\n"
    return dict(st.files)


_BASE = {}


def _base():
    if not _BASE:
        _BASE.update(baseline())
    return _BASE


def _json_record(kind, doc):
    from save import records

    return records.pack(kind, 1, records._json_bytes(doc))


def damage(files, kind, rng):
    """Damage `files` (a dict) in place; returns a short description."""
    from save import records

    name = FILES[rng.below(len(FILES))]
    data = bytearray(files[name])
    if kind == "random":
        files[name] = bytes(rng.below(256) for _ in range(rng.below(80)))
    elif kind == "truncate":
        files[name] = bytes(data[: rng.below(len(data))])
    elif kind == "bitflip":
        for _ in range(1 + rng.below(3)):
            b = rng.below(len(data) * 8)
            data[b >> 3] ^= 1 << (b & 7)
        files[name] = bytes(data)
    elif kind == "version":
        if len(data) > 15 and data[:2] == b"PY":
            data[6] = 2 + rng.below(250)
            files[name] = bytes(records._seal(data))
    elif kind == "huge":
        files[name] = bytes(data) * (200 + rng.below(200))
    elif kind == "empty":
        files[name] = b""
    else:
        return _meaning(files, kind, rng)
    return "%s %s" % (kind, name)


def _meaning(files, kind, rng):
    import settings as S
    from save import records
    from yatzy import codec

    if kind in ("settings", "settings_range"):
        doc = dict(S.DEFAULTS)
        key = S.TABLE[rng.below(len(S.TABLE))][0]
        if kind == "settings":  # in the stored range, not on the menu (numbers only)
            key = ("contrast", "sleep_s", "cpu_pace", "i2c_khz")[rng.below(4)]
            bad = {
                "contrast": (7, 1, 254),
                "sleep_s": (1, 7, 86400),
                "cpu_pace": (0, 10, 9999),
                "i2c_khz": (10, 99, 999),
            }[key]
        else:  # out of the range, or of the wrong type
            bad = {
                "contrast": (-1, 256, "x", None, 1.5),
                "sound": (2, "yes", None),
                "volume": (11, -1, 3.5, "5"),
                "sleep_s": (-5, 86401, None),
                "left_handed": (1, "no"),
                "cpu_pace": (-1, 10001, "fast"),
                "i2c_khz": (9, 5000, None),
                "lang": ("de", "", "EN", 1, None),
            }[key]
        doc[key] = bad[rng.below(len(bad))]
        files["settings.dat"] = _json_record("SETT", doc)
        return "settings %s=%r" % (key, doc[key])
    if kind == "names":
        from save.store import default_setup

        doc = default_setup()
        field = rng.field % 8  # every field in turn (run_case sets the case number)
        if field == 0:
            doc["options"] = None
        elif field == 1:
            doc["names"][rng.below(8)] = ("\u00c9\u00c9", "A\nB", "\x00", "", "TOOLONGNAME")[
                rng.below(5)
            ]
        elif field == 2:
            doc["n"] = (0, 31, 99, "2", None, -1)[rng.below(6)]
        elif field == 3:
            doc["levels"][rng.below(8)] = ("x", None, 3)[rng.below(3)]
        elif field == 4:
            doc["rules"] = ("nope", None, 1)[rng.below(3)]
        elif field == 5:
            doc["games"] = (-1, "x", None, 1.5)[rng.below(4)]
        elif field == 6:
            doc["options"] = ({"bogus": 1}, {"triple": 7}, [], "x")[rng.below(4)]
        else:
            doc["names"] = doc["names"][:3]
        files["names.dat"] = records.pack("NAME", 1, json.dumps(doc).encode())
        return "names field %d: %s" % (field, json.dumps(doc)[:60])
    if kind in ("game_score", "game_extra", "game_field"):
        raw = files["game.dat"]
        _, payload = records.unpack(raw, "GAME")
        n = (payload[0] << 8) | payload[1]
        meta = json.loads(payload[2 : 2 + n].decode()) if n else {}
        g = codec.decode(payload[2 + n :])
        snap = g.snapshot()  # a dict of codec.FIELDS
        p = rng.below(len(snap["names"]))
        if kind == "game_score":
            # a logged score the logged dice do not give (the turn log is what replays), or
            # a card value the replay does not reach
            turns = snap["turns"][p]
            if turns and rng.below(2):
                k = rng.below(len(turns))
                entry = bytearray(turns[k])
                entry[3] = (entry[3] + 1 + rng.below(5)) & 0xFF  # round, column, box, score
                turns[k] = bytes(entry)
                what = "turn %d score %d" % (k, entry[3])
            else:
                card = snap["cards"][p][0]
                filled = [i for i in range(len(card)) if card[i] is not None]
                i = filled[rng.below(len(filled))]
                card[i] = card[i] + 1 + rng.below(5)
                what = "box %d +" % i
        elif kind == "game_extra":
            snap["extra"][p] = (50, 100)[rng.below(2)]
            what = "extra %d" % snap["extra"][p]
        else:
            path, what = _mutate(snap, rng)
        data = codec.pack(snap)
        records.SavedGame.save(_Dict(files), data, meta)
        return "%s %s" % (kind, what)
    if kind in ("long_name", "dice_state", "meta", "counter"):
        return _impossible(files, kind, rng)
    if kind == "scores":
        doc = {"seq": 9, "games": 3, "tables": {"yatzy": [["ANN", 250, "#1"]]}}
        rid = storm.RULESETS[rng.below(5)]
        bad = (MAX_SCORE[rid] + 1 + rng.below(1000), 10**9)[rng.below(2)]
        doc["tables"][rid] = [["EVE", bad, "#3"]]
        files["scores%d.dat" % (1 + rng.below(2))] = _json_record("HISC", doc)
        return "scores %s %d" % (rid, bad)
    if kind == "one_copy":
        which = rng.below(2)
        data = bytearray(files[("scores1.dat", "scores2.dat")[which]])
        data[11 + rng.below(len(data) - 15)] ^= 1 << rng.below(8)
        files[("scores1.dat", "scores2.dat")[which]] = bytes(data)
        return "one_copy scores%d.dat" % (which + 1)
    raise ValueError("unknown damage kind %r" % (kind,))


def _game_parts(files):
    """(snapshot, meta) of game.dat."""
    from save import records
    from yatzy import codec

    _, payload = records.unpack(files["game.dat"], "GAME")
    n = (payload[0] << 8) | payload[1]
    meta = json.loads(payload[2 : 2 + n].decode()) if n else {}
    return codec.decode(payload[2 + n :]).snapshot(), meta


def _game_file(files, snap, meta):
    from save import records
    from yatzy import codec

    records.SavedGame.save(_Dict(files), codec.pack(snap), meta)


def _pick(rng, values):
    return values[rng.below(len(values))]


def _impossible(files, kind, rng):
    """A sound file that only damage or a hand could make: a name longer than the name entry
    makes, a dice state no seeded stream has, a meta the app does not write, a counter past a
    lifetime of play. Each field in turn (run_case sets rng.field)."""
    from save import records
    from save.store import default_setup

    most, lifetime, _ = limits()
    snap, meta = _game_parts(files)
    p = rng.below(len(snap["names"]))
    hs = {"seq": 9, "games": 3, "tables": {"yatzy": [["ANN", 250, "#1"]]}}
    setup = default_setup()
    where = rng.field % 4
    if kind == "long_name":  # longer than the app's names, within the engine's 16
        name = _pick(rng, ("X", "\u00c5", "7")) * (most + 1 + rng.below(16 - most))
        if where < 2:
            snap["names"][p] = name
        elif where == 2:
            setup["names"][rng.below(len(setup["names"]))] = name
        else:
            hs["tables"]["yatzy"].append([name, 200, "#2"])
        what = "%r in %s" % (name, ("game.dat", "game.dat", "names.dat", "scores")[where])
    elif kind == "dice_state":  # SeededDice.from_state refuses each
        bad = (1, 0), (1, -3), (5, 0), (-1, 7), (2**32, 7), (5, 2**32), (True, 7), (5, False)
        snap["seeded"] = _pick(rng, [list(b) for b in bad] + [[5], [5, 7, 9], [], "x", 7])
        what = "seeded %r" % (snap["seeded"],)
    elif kind == "meta":
        levels = meta["levels"]
        if where == 0:  # a level that is none, or a computer's for a person's seat
            levels[p] = _pick(rng, ("zzz", 5, None, True, [], "BASIC", "basic", "best"))
        elif where == 1:  # a computer's seat with a person's "" (its flag set in the game)
            snap["cpu"][p] = True
        elif where == 2:
            meta["number"] = _pick(rng, ("x", -1, None, True, 4.0, [], "3", lifetime + 1))
        else:  # a key missing or extra, the levels of another game or no list
            meta = _pick(
                rng,
                (
                    {"levels": levels},
                    {"number": meta["number"]},
                    dict(meta, x=1),
                    {},
                    dict(meta, levels=levels + [""]),
                    dict(meta, levels=levels[:1]),
                    dict(meta, levels=_pick(rng, ("", "basic", None, {}))),
                ),
            )
        what = "meta %r cpu %r" % (meta, snap["cpu"])
    else:  # a counter past a lifetime of play
        big = _pick(rng, (lifetime + 1 + rng.below(1000), 10**12, 10**30))
        if where == 0:
            setup["games"] = big
        elif where == 1:
            hs["seq"] = big
            hs["games"] = _pick(rng, (3, big))
        elif where == 2:
            meta["number"] = big
        else:  # settings.dat has no counter: one there is a key the app never writes
            import settings as S

            files["settings.dat"] = _json_record("SETT", dict(S.DEFAULTS, games=big))
        what = "%d in %s" % (big, ("names.dat", "scores", "game.dat", "settings.dat")[where])
    in_game = (kind == "long_name" and where < 2) or (kind == "counter" and where == 2)
    if kind in ("dice_state", "meta") or in_game:
        _game_file(files, snap, meta)
    if setup != default_setup():
        files["names.dat"] = records.pack("NAME", 1, json.dumps(setup).encode())
    if hs["seq"] != 9 or len(hs["tables"]["yatzy"]) > 1:
        files["scores%d.dat" % (1 + rng.below(2))] = _json_record("HISC", hs)
    return "%s %s" % (kind, what)


def _mutate(tree, rng):
    """Set one random leaf of the snapshot (a dict of named fields) to a random value."""
    names = sorted(tree)
    name = names[rng.below(len(names))]
    if not isinstance(tree[name], list) or not tree[name] or rng.chance(300):
        v = (None, -1, 0, 7, 99, 10**6, "x", [], [1, 2], True)[rng.below(10)]
        tree[name] = v
        return [name], "%s=%r" % (name, v)
    node = tree[name]
    path = [name]
    while True:
        i = rng.below(len(node))
        path.append(i)
        if isinstance(node[i], list) and node[i] and rng.chance(700):
            node = node[i]
            continue
        v = (None, -1, 0, 7, 99, 10**6, "x", [], [1, 2], True)[rng.below(10)]
        node[i] = v
        return path, "%r=%r" % (path, v)


class _Dict:
    def __init__(self, files):
        self.files = files

    def write(self, name, data):
        self.files[name] = bytes(data)


def _drawable(s):
    """A name the app could have stored: text of 1..the name entry's most characters, without
    control characters or lone surrogates (a character without a glyph draws as the
    placeholder box)."""
    if not isinstance(s, str) or not s or len(s) > limits()[0]:
        return False
    for ch in s:
        if ch < " " or "\x7f" <= ch < "\xa0" or "\ud800" <= ch < "\ue000":
            return False
    return True


def _counter(v):
    return type(v) is int and 0 <= v <= limits()[1]


def _dated(when):
    """ "#N" as the app dates a high score: N a game's number, in plain decimal."""
    n = when[1:] if isinstance(when, str) and when[:1] == "#" else ""
    return n.isdigit() and n.isascii() and str(int(n)) == n and _counter(int(n))


def _doc(files, name, kind):
    """The JSON of a file's sound record, or None (missing, damaged, no JSON)."""
    from save import records

    try:
        return json.loads(bytes(records.unpack(files.get(name), kind)[1]).decode())
    except (ValueError, UnicodeError):
        return None


def _seed_state(v):
    """The oracle's own rule for a saved SeededDice state: None, or [seed, x] with the seed
    any 32-bit number and x a nonzero one (xorshift32 never reaches 0)."""
    if v is None:
        return True
    ok = isinstance(v, list) and len(v) == 2 and all(type(n) is int for n in v)
    return ok and 0 <= v[0] <= 0xFFFFFFFF and 1 <= v[1] <= 0xFFFFFFFF


def accepted_problem(st, before):
    """What the store accepted that could not be, or changed without a note; None when all is
    possible and what loaded silently is what the files hold."""
    import settings as S
    from save import records
    from save.store import LEVELS, Store
    from yatzy import codec_load, rules

    files = dict(st.files)  # as they are before a load rewrites any
    store = Store(st)
    sett, note = store.load_settings(S.DEFAULTS)
    menu = limits()[2]
    for key in sett:
        v = sett[key]
        if not [1 for c in menu.get(key, ()) if c == v and type(c) is type(v)]:
            return "setting %s=%r accepted (not on the menu)" % (key, sett[key])
    doc = _doc(files, "settings.dat", "SETT")
    if note is None and isinstance(doc, dict):
        for key in doc:
            if key not in sett or sett[key] != doc[key]:
                return "settings.dat %s=%r silently repaired or dropped" % (key, doc[key])
    s, note = store.load_setup()
    if not isinstance(s["options"], dict):
        return "set-up options %r accepted" % (s["options"],)
    try:
        rules.normalize_options(s["rules"], s["options"])
    except (ValueError, TypeError, AttributeError) as e:
        return "set-up options refused by the rules accepted (%s)" % e
    if not isinstance(s["n"], int) or not 1 <= s["n"] <= 30:  # rules.MAX_PLAYERS
        return "players %r accepted" % (s["n"],)
    for v in s["names"]:
        if not _drawable(v):
            return "name %r accepted (not printable text of the app's length)" % (v,)
    for v in s["levels"]:
        if v not in LEVELS:
            return "level %r accepted" % (v,)
    if not _counter(s["games"]):
        return "games %r accepted" % (s["games"],)
    doc = _doc(files, "names.dat", "NAME")
    if note is None and isinstance(doc, dict):
        for key in doc:  # (a set-up of fewer seats gets the others' defaults)
            v = s.get(key, doc)
            if v != doc[key] and not (isinstance(v, list) and v[: len(doc[key])] == doc[key]):
                return "names.dat %s=%r silently repaired or dropped" % (key, doc[key])
    hs = records.HighScores(st)
    note = hs.load()
    for rid in hs.tables:
        rows = hs.tables[rid]
        for row in rows:
            if rid in MAX_SCORE and row[1] > MAX_SCORE[rid]:
                return "high score %d above the %s maximum accepted" % (row[1], rid)
            if not _drawable(row[0]):
                return "high-score name %r accepted" % (row[0],)
            if not _dated(row[2]):
                return "high-score date %r accepted" % (row[2],)
    if not _counter(hs.games):
        return "high-score game count %r accepted" % (hs.games,)
    docs = [_doc(files, name, "HISC") for name in ("scores1.dat", "scores2.dat")]
    docs = [d for d in docs if isinstance(d, dict)]
    if note is None and docs:  # both copies taken as they are: the newest is the table
        newest = max(docs, key=lambda d: d.get("seq", -1))
        if (hs.tables, hs.games) != (newest.get("tables"), newest.get("games")):
            return "high scores silently repaired: %r" % (newest,)
        seq = newest.get("seq")
        if not _counter(seq) or not isinstance(hs.games, int) or hs.games > seq:
            return "high-score counters games %r, seq %r accepted" % (hs.games, seq)
    for rid in before:
        have = hs.tables.get(rid, [])
        for row in before[rid]:
            if row not in have:
                return "high-score entry %r lost" % (row,)
    from yatzy.dice import FairDice

    g, _ = store.load_game(FairDice(os.urandom))  # as the device reads it: its own dice
    if g is not None:
        for pl in g.players:
            if not _drawable(pl.name):
                return "saved game with the name %r accepted" % (pl.name,)
        # the file itself, read here: its meta and dice state as they lie
        _, payload = records.unpack(files["game.dat"], "GAME")
        n = (payload[0] << 8) | payload[1]
        meta = json.loads(payload[2 : 2 + n].decode()) if n else {}
        if meta != {"levels": g.levels, "number": g.number}:
            return "saved-game meta %r loaded as %r" % (meta, (g.levels, g.number))
        for i in range(len(g.players)):
            lv = g.levels[i]
            if not isinstance(lv, str) or lv not in LEVELS or (lv != "") != g.players[i].cpu:
                return "saved game with levels %r accepted" % (g.levels,)
        if not _counter(g.number):
            return "saved game number %r accepted" % (g.number,)
        state = codec_load.unpack(payload[2 + n :])["seeded"]
        if not _seed_state(state):
            return "saved dice state %r accepted" % (state,)
        msg = storm.check_finished(g, complete=False)
        if msg:
            return "saved game accepted: " + msg
        from tools.core.record import check_record, game_record

        try:
            problems = check_record(game_record(g))
        except Exception as e:  # noqa: BLE001
            problems = ["the record does not replay (%s)" % e]
        if problems:
            return "saved game accepted that does not replay: %s" % problems[0]
    return None


def run_case(i, seed=1):
    """Case number i; (kind, None or failure)."""
    from app import App
    from pico.runner import LOG_MAX, ErrorLog
    from save.storage import MemoryStorage
    from yatzy.dice import SeededDice

    kind = KINDS[i % len(KINDS)]
    rng = storm.Rng(seed * 1000003 + i)
    rng.field = i // len(KINDS)
    files = dict(_base())
    what = damage(files, kind, rng)
    st = MemoryStorage()
    st.files.update(files)
    before = {"yatzy": [["BOB", 270, "#2"], ["ANN", 250, "#1"]]} if kind == "one_copy" else {}
    try:
        app = App(Panel(), st, SeededDice(1))
        app.start(0)
        app.new_game(app.setup)
        app.tick(10)
        st2 = MemoryStorage()
        st2.files.update(files)
        app = App(Panel(), st2, SeededDice(1))
        app.start(0)
        if app.saved_info is not None:
            app.play_saved()
            app.tick(10)
        log = ErrorLog(st2)
        log.append("x" * 100)
        if len(st2.read("error.log")) > LOG_MAX:
            return kind, "%s: error log over its bound" % what
    except Exception as e:  # noqa: BLE001 - a crash is the failure looked for
        return kind, "%s: crash %s: %s" % (what, type(e).__name__, e)
    st3 = MemoryStorage()
    st3.files.update(files)
    try:
        msg = accepted_problem(st3, before)
    except Exception as e:  # noqa: BLE001
        msg = "crash in the store %s: %s" % (type(e).__name__, e)
    return kind, ("%s: %s" % (what, msg)) if msg else None


def campaign(scale=1.0, seed=1, log=print, kinds=None):
    return C.quick(_campaign, scale, seed, log, kinds)


def _campaign(scale, seed, log, kinds):
    res = C.Result("damaged files")
    res.by_kind = {}
    n = C.scaled(CASES, scale)
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        if kinds and kind not in kinds:
            continue
        res.cases += 1
        k, msg = run_case(i, seed)
        if msg:
            res.failures += 1
            res.by_kind[k] = res.by_kind.get(k, 0) + 1
            if res.by_kind[k] <= 2:  # two examples of each kind, the counts in the summary
                note = "%s -> replay: python -m tools.core.soak_files --case %d" % (msg, i)
                res.notes.append(note)
                log("  FAIL " + note)
    for k in sorted(res.by_kind):
        log("  %s: %d failures" % (k, res.by_kind[k]))
    return res


class _Serve:
    """An import finder that gives one module object for one name, so that a module the
    app drops (heap.py) comes back as that object, planted fault and all."""

    def __init__(self, name, module):
        self.name = name
        self.module = module

    def find_spec(self, name, path=None, target=None):
        if name != self.name:
            return None
        import importlib.util

        return importlib.util.spec_from_loader(name, self)

    def create_module(self, spec):
        return self.module

    def exec_module(self, module):
        pass


class _Anything:
    def __contains__(self, value):
        return True


def _any_state(cls, state):
    """SeededDice.from_state that asks nothing (a planted fault): any state taken as it is."""
    d = cls(1)
    d._x = state
    return d


def _faults():
    """The planted faults, each one field left unchecked: (what, module, attribute in it
    ("Class.attr" for one of a class), the value planted there, the damage kinds that must
    catch it)."""
    return (
        ("settings off the menu", "settings", "choices", lambda key: _Anything(),
         ("settings_range",)),
        ("names to the core's limit", "settings", "NAME_MAX", 16, ("long_name",)),
        ("the dice state not asked", "yatzy.dice", "SeededDice.from_state",
         classmethod(_any_state), ("dice_state",)),
        ("counters unbounded", "save.records", "_count", lambda v: type(v) is int and v >= 0,
         ("counter",)),
    )  # fmt: skip


def _with_planted(modname, attr, value, seed, kinds):
    """The campaign's `kinds` with `value` planted at `attr` of module `modname`. The app
    drops modules and imports them again (heap.py): while the campaign runs, every import of
    `modname` gets the planted module; afterwards the firmware's modules imported during
    the run, which may hold the planted value, are dropped (as heap.drop drops them)."""
    import importlib

    mod = importlib.import_module(modname)
    owner, name = mod, attr
    if "." in attr:
        cls, name = attr.split(".")
        owner = getattr(mod, cls)
    old = owner.__dict__[name]  # (a classmethod as the class holds it)
    modules = dict(sys.modules)  # the modules of before, which hold no planted value
    keep = mod.__spec__, mod.__loader__  # an import through _Serve sets them
    setattr(owner, name, value)
    serve = _Serve(modname, mod)
    sys.meta_path.insert(0, serve)
    try:
        return C.timed(campaign, 0.002, seed, log=lambda *_: None, kinds=kinds)
    finally:
        sys.meta_path.remove(serve)
        setattr(owner, name, old)
        mod.__spec__, mod.__loader__ = keep
        fw = os.path.join(ROOT, "firmware") + os.sep
        for k in list(sys.modules):
            m = sys.modules[k]
            if (
                modules.get(k) is m
                or m is mod
                or not (getattr(m, "__file__", "") or "").startswith(fw)
            ):
                continue
            del sys.modules[k]  # as heap.drop does: imported again when next needed
            pkg, _, leaf = k.rpartition(".")
            if pkg in sys.modules and sys.modules[pkg].__dict__.get(leaf) is m:
                delattr(sys.modules[pkg], leaf)


def planted(scale=1.0, seed=1, log=print):
    """The planted faults (_faults), one at a time, each a field left unchecked: a setting
    off the menu, a name checked only to the core's 16 characters, a saved dice state not
    asked of SeededDice.from_state, a counter without the lifetime's bound. Each must be
    caught by the damage kinds that aim at it; one row, a case per fault."""
    limits()  # the oracle's own limits, read before a fault can change them
    out = C.Result("files: planted faults")
    for what, modname, attr, value, kinds in _faults():
        res = _with_planted(modname, attr, value, seed, kinds)
        one = C.caught("files: planted fault", res, what)
        out.cases += 1
        out.failures += one.failures
        out.notes += one.notes
        out.seconds += one.seconds
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--case", type=int)
    args = ap.parse_args(argv)
    if args.case is not None:
        kind, msg = run_case(args.case, args.seed)
        print("%s: %s" % (kind, msg or "no failure"))
        return 1 if msg else 0
    res = C.timed(campaign, args.scale, args.seed)
    return C.finish(res)


if __name__ == "__main__":
    sys.exit(main())
