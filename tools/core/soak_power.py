# Campaign: power cuts at every storage step of whole games, then a boot.
# SPDX-License-Identifier: MIT
"""Power cuts (tools/core/faultstore.py's FlashFS under save.storage.FileStorage).

One "life" of the gadget, through the app's own store (save.store.Store): settings
changed and saved, a new game's set-up saved, the game saved after every roll (with random
holds) and every box (random legal play, several rulesets), the finished game entered in
the high scores, its save cleared, settings saved again. A dry run records its storage
calls; then for every step k and every tear (the share of a write's bytes that reach the
flash when the power goes: 0, 1 byte, half, all but one) the flash is what the life leaves
when the power is cut at step k (so before, during and after each write and rename:
replayed from the recorded calls, which gives the same flash as running the life again,
a test checks), powered on, and a boot checked (once per distinct flash): App.start does
not raise, and

- the saved game is the last one saved or the one being saved, snapshot equal (the same
  dice: the dice generator's state is in the snapshot), or none only where the clear was
  under way; and Continue on the booted app resumes that turn with the same dice and rolls
  used (the game is saved after every roll as on the device, so a cut never rolls again);
- settings and high scores are the last saved or the ones being saved: never lost.

``python -m tools.core.soak_power [--scale X]``; ``--plant`` replaces the atomic write with
a write in place (the planted fault the campaign must catch).
"""

import argparse
import sys

from tools.core import soak_common as C
from tools.core.faultstore import FlashFS, PowerCut

GAMES = 100  # lives at scale 1
TEARS = (0.0, "byte", 0.5, "all_but_one")
RULESETS = ("yatzy", "yahtzee", "maxi", "forced", "triple")


class Panel:
    width = 128
    height = 64

    def __init__(self):
        self.buffer = bytearray(1024)

    def show(self):
        pass

    def show_window(self, *a):
        pass


def _tear(fs, tear):
    if tear == "byte":
        fs.tear = 0.0001
    elif tear == "all_but_one":
        fs.tear = 0.9999
    else:
        fs.tear = tear


def life(storage, seed, expect):
    """Run one life on `storage`; `expect` gets (kind, value) before each write and
    ("done", kind) after it, so a cut leaves the in-flight and the last values known."""
    import random

    import settings as S
    from save.store import Store
    from yatzy.dice import SeededDice
    from yatzy.engine import OVER, Game

    rng = random.Random(seed)
    store = Store(storage)
    if seed % 2:  # every save past the first copies the turns saved before from the file
        store.spill = 0  # (the app does so past 2 KB of turns, and after every Continue)
    settings = dict(S.DEFAULTS)
    settings["contrast"] = rng.choice(S.choices("contrast"))
    expect.append(("settings", dict(settings)))
    store.save_settings(settings)
    expect.append(("done", "settings"))
    rid = RULESETS[seed % len(RULESETS)]
    opts = {"categories": None} if rid != "triple" else {}
    g = Game(rid, ["ANN"], opts, dice=SeededDice(seed))
    g.number = 1
    s = {"rules": rid, "n": 1, "names": ["ANN"] + ["P%d" % i for i in range(2, 9)]}
    s.update({"levels": [""] * 8, "options": {}, "games": 1})
    store.save_setup(s)
    while g.phase != OVER:
        acts = g.legal_actions()
        scores = [a for a in acts if a[0] == "score"]
        if scores and (rng.random() < 0.35 or ("roll",) not in acts):
            if rng.random() < 0.6:  # the best-paying box, else any
                c = max(g.choices(), key=lambda x: x[2])
                best = ("score", c[0], c[1])
            else:
                best = rng.choice(scores)
            g.apply(best if best in acts else rng.choice(scores))
            expect.append(("game", g.snapshot()))
            store.save_game(g, [""])
            expect.append(("done", "game"))
        elif ("roll",) in acts:
            if g.dice and rng.random() < 0.5:  # hold some dice (the roll's save has the holds)
                g.apply(("holds", rng.randrange((1 << len(g.dice)) - 1)))
                if ("roll",) not in g.legal_actions():
                    g.apply(("holds", 0))
            g.apply(("roll",))
            expect.append(("game", g.snapshot()))  # the app saves the turn after every roll
            store.save_game(g, [""])
            expect.append(("done", "game"))
        else:
            g.apply(acts[0])
    before = store.scores(rid)
    after = sorted(before + [("ANN", g.total(0), "#1")], key=lambda r: -r[1])[:10]
    expect.append(("scores", (rid, before, after)))
    store.record(g)
    expect.append(("done", "scores"))
    expect.append(("game", None))
    store.clear_game()
    expect.append(("done", "game"))
    settings["volume"] = rng.randrange(11)
    expect.append(("settings", dict(settings)))
    store.save_settings(settings)
    expect.append(("done", "settings"))


def _allowed(expect, kind):
    """The values a boot may find for `kind`: the last written and the one in flight."""
    last = C.MISSING
    flight = None
    pending = False
    for e in expect:
        if e[0] == kind:
            flight = e[1]
            pending = True
        elif e == ("done", kind):
            last = flight
            pending = False
    return [last, flight] if pending else [last]


def observe(fs):
    """Boot the app on the flash after a cut and read back what it holds: a dict (the saved
    game's snapshot, the game Continue resumes, settings, every high-score table), or a
    string when the boot or Continue raised. Depends on the flash alone."""
    import settings as S
    from app import App
    from save.storage import FileStorage
    from save.store import Store
    from yatzy import rules
    from yatzy.dice import SeededDice

    try:
        storage = FileStorage("", fs=fs)
        app = App(Panel(), storage, SeededDice(1))
        app.start(0)  # must not raise
        store = Store(storage)
        g, note = store.load_game(None)  # a seeded save resumes its own dice stream
        out = {"game": g.snapshot() if g is not None else None, "note": note, "resumed": None}
        if g is not None:
            # Continue, as the title offers it: the play screen must resume the saved turn
            app.play_saved()
            app.tick(1)
            out["resumed"] = app.game.snapshot() if app.game is not None else None
        out["settings"], _ = store.load_settings(S.DEFAULTS)
        out["scores"] = {rid: store.scores(rid) for rid in rules.RULESET_IDS}
        return out
    except Exception as e:  # noqa: BLE001 - a crash at boot is a failure
        return "boot raised %s: %s" % (type(e).__name__, e)


def judge(obs, expect):
    """None, or what the boot found that the saves before the cut do not allow."""
    import settings as S

    if isinstance(obs, str):
        return obs
    got = obs["game"]
    allowed = [None if a is C.MISSING else a for a in _allowed(expect, "game")]
    if got not in allowed:
        return "the game after the cut is none of the last two saves (%s)" % (obs["note"],)
    now = obs["resumed"]
    if got is not None and (
        now is None or now["dice"] != got["dice"] or now["rolls_used"] != got["rolls_used"]
    ):  # the same dice, holds and rolls left: no fresh roll of dice that were on the panel
        return "Continue resumed dice %r (roll %r), the save holds %r (roll %r)" % (
            now and now["dice"],
            now and now["rolls_used"],
            got["dice"],
            got["rolls_used"],
        )
    allowed = [S.DEFAULTS if a is C.MISSING else a for a in _allowed(expect, "settings")]
    if obs["settings"] not in allowed:
        return "settings lost"
    for e in expect:
        if e[0] == "scores":
            rid, before, after = e[1]
            table = obs["scores"][rid]
            if table not in (before, after):
                return "high scores lost: %r" % (table,)
    return None


def boot_check(fs, expect):
    """After the cut: boot the app on the flash, then compare what it holds."""
    return judge(observe(fs), expect)


def run_case(seed, cut, tear):
    """One cut; None or a failure."""
    from save.storage import FileStorage

    fs = FlashFS()
    _tear(fs, tear)
    fs.cut_at = cut
    expect = []
    try:
        life(FileStorage("", fs=fs), seed, expect)
    except PowerCut:
        pass
    fs.power_on()
    return boot_check(fs, expect)


def steps_of(seed):
    from save.storage import FileStorage

    fs = FlashFS()
    life(FileStorage("", fs=fs), seed, [])
    return fs.steps


class _Writer:
    def __init__(self, log, inner, path):
        self._log, self._inner, self._path = log, inner, path

    def write(self, data):
        self._log.append(("write", self._path, bytes(data)))
        return self._inner.write(data)

    def flush(self):
        self._log.append(("flush", self._path))
        self._inner.flush()

    def close(self):
        self._log.append(("close", self._path))
        self._inner.close()


class RecordingFS:
    """A FlashFS that keeps the list of the calls made to it (with the bytes written), so a
    cut at step k can be replayed from the list instead of running the life again."""

    def __init__(self):
        self.fs = FlashFS()
        self.ops = []

    def open(self, path, mode="rb"):
        if "w" in mode:
            self.ops.append(("create", path))
            return _Writer(self.ops, self.fs.open(path, mode), path)
        self.ops.append(("open", path))
        return self.fs.open(path, mode)

    def rename(self, old, new):
        self.ops.append(("rename", old, new))
        self.fs.rename(old, new)

    def remove(self, path):
        self.ops.append(("remove", path))
        self.fs.remove(path)

    def listdir(self, path=""):
        self.ops.append(("listdir", path))
        return self.fs.listdir(path)

    def mkdir(self, path):
        self.ops.append(("mkdir", path))
        self.fs.mkdir(path)


class _Expect(list):
    """The life's expectations, each with the number of storage steps done before it."""

    def __init__(self, fs):
        list.__init__(self)
        self.fs = fs
        self.at = []

    def append(self, e):
        self.at.append(self.fs.steps)
        list.append(self, e)


def record(seed):
    """One dry run of the life: (its storage calls, its expectations with their steps)."""
    from save.storage import FileStorage

    rec = RecordingFS()
    expect = _Expect(rec.fs)
    life(FileStorage("", fs=rec), seed, expect)
    return rec.ops, list(zip(expect.at, expect)), rec.fs.steps


def replay_cut(ops, cut, tear):
    """A fresh FlashFS given the recorded calls with the power cut at step ``cut``: the
    flash exactly as the life itself leaves it when cut there (the life is deterministic
    and nothing before step ``cut`` differs), powered on again."""
    fs = FlashFS()
    _tear(fs, tear)
    fs.cut_at = cut
    writers = {}
    try:
        for op in ops:
            kind = op[0]
            try:
                if kind == "create":
                    writers[op[1]] = fs.open(op[1], "wb")
                elif kind == "open":
                    fs.open(op[1], "rb")
                elif kind == "write":
                    writers[op[1]].write(op[2])
                elif kind == "flush":
                    writers[op[1]].flush()
                elif kind == "close":
                    writers[op[1]].close()
                elif kind == "rename":
                    fs.rename(op[1], op[2])
                elif kind == "remove":
                    fs.remove(op[1])
                elif kind == "listdir":
                    fs.listdir(op[1])
                else:
                    fs.mkdir(op[1])
            except OSError:
                pass  # as in the life (a missing file is read as none, a stale one removed)
    except PowerCut:
        pass
    fs.power_on()
    return fs


def recorded_case(rec, cut, tear, seen=None):
    """run_case from a record(seed): the same flash and expectations, without the life.
    ``seen``: {flash contents: observe()} shared by the cuts of one life (a cut between
    two writes leaves the same flash for every tear: booted once)."""
    ops, timed, _n = rec
    fs = replay_cut(ops, cut, tear)
    expect = [e for at, e in timed if at < cut]
    if seen is None:
        return boot_check(fs, expect)
    key = tuple(sorted(fs.files.items()))
    if key not in seen:
        seen[key] = observe(fs)
    return judge(seen[key], expect)


def campaign(scale=1.0, seed=1, log=print):
    return C.quick(_campaign, scale, seed, log)


def _campaign(scale, seed, log):
    res = C.Result("power cuts")
    for k in range(C.scaled(GAMES, scale)):
        s = seed * 10007 + k
        rec = record(s)
        n = rec[2]
        seen = {}
        for cut in range(1, n + 2):
            for tear in TEARS:
                res.cases += 1
                msg = recorded_case(rec, cut, tear, seen)
                if msg:
                    note = "%s -> replay: python -m tools.core.soak_power --case %d %d %s" % (
                        msg,
                        s,
                        cut,
                        tear,
                    )
                    res.fail(note)
                    log("  FAIL " + note)
                    if len(res.notes) > 20:
                        return res
    return res


def plant_in_place():
    """The planted fault: FileStorage writes the file in place (not atomic): write_parts,
    which write() and the game's save go through."""
    from save import storage

    orig = storage.FileStorage.write_parts

    def write_parts(self, name, parts):
        # the saved turns a save copies from the file (save.filebytes) are read before it goes
        parts = [p if isinstance(p, (bytes, bytearray, memoryview)) else p[:] for p in parts]
        f = self._open(self._path(name), "wb")
        try:
            for data in parts:
                f.write(data)
        finally:
            f.close()

    storage.FileStorage.write_parts = write_parts

    def undo():
        storage.FileStorage.write_parts = orig

    return undo


def planted(scale=1.0, seed=1, log=print):
    undo = plant_in_place()
    try:
        res = C.timed(campaign, min(scale, 0.01), seed, log=lambda *_: None)
    finally:
        undo()
    return C.caught("power cuts: planted fault", res, "a non-atomic write")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--case", nargs=3, metavar=("SEED", "CUT", "TEAR"))
    ap.add_argument("--plant", action="store_true")
    args = ap.parse_args(argv)
    if args.plant:
        plant_in_place()
    if args.case:
        s, cut, tear = args.case
        tear = tear if tear in ("byte", "all_but_one") else float(tear)
        msg = run_case(int(s), int(cut), tear)
        print(msg or "no failure")
        return 1 if msg else 0
    res = C.timed(campaign, args.scale, args.seed)
    return C.finish(res)


if __name__ == "__main__":
    sys.exit(main())
