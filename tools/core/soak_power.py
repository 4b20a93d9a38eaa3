# Campaign: power cuts at every storage step of whole games, then a boot.
# SPDX-License-Identifier: MIT
"""Power cuts (tools/core/faultstore.py's FlashFS under save.storage.FileStorage).

One "life" of the gadget, through the app's own store (save.store.Store): settings
changed and saved, a new game's set-up saved, the game saved after every box (random legal
play, several rulesets), the finished game entered in the high scores, its save cleared,
settings saved again. A dry run counts its storage steps; then for every step k and every
tear (the share of a write's bytes that reach the flash when the power goes: 0, 1 byte,
half, all but one) the life is run again with the power cut at step k (so before, during
and after each write and rename), the flash powered on, and a boot checked: App.start does
not raise, and

- the saved game is the last one saved or the one being saved, snapshot equal (the same
  dice: the dice generator's state is in the snapshot), or none only where the clear was
  under way;
- settings and high scores are the last saved or the ones being saved: never lost.

``python -m tools.core.soak_power [--scale X]``; ``--plant`` replaces the atomic write with
a write in place (the planted fault the campaign must catch).
"""

import argparse
import sys

from tools.core import soak_common as C
from tools.core.faultstore import FlashFS, PowerCut

GAMES = 100  # lives at scale 1 (about 100..250 steps each, 4 tears: about 70 000 cases)
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
            g.apply(("roll",))
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


def boot_check(fs, expect, seed):
    """After the cut: boot the app on the flash, then compare what the store reads."""
    import settings as S
    from app import App
    from save.storage import FileStorage
    from save.store import Store
    from yatzy.dice import SeededDice

    storage = FileStorage("", fs=fs)
    App(Panel(), storage, SeededDice(1)).start(0)  # must not raise
    store = Store(storage)
    g, note = store.load_game(None)  # a seeded save resumes its own dice stream
    got = g.snapshot() if g is not None else None
    allowed = _allowed(expect, "game")
    if got not in [None if a is C.MISSING else a for a in allowed]:
        return "the game after the cut is none of the last two saves (%s)" % (note,)
    sett, _ = store.load_settings(S.DEFAULTS)
    allowed = [S.DEFAULTS if a is C.MISSING else a for a in _allowed(expect, "settings")]
    if sett not in allowed:
        return "settings lost"
    for e in expect:
        if e[0] == "scores":
            rid, before, after = e[1]
            table = store.scores(rid)
            if table not in (before, after):
                return "high scores lost: %r" % (table,)
    return None


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
    try:
        return boot_check(fs, expect, seed)
    except Exception as e:  # noqa: BLE001 - a crash at boot is a failure
        return "boot raised %s: %s" % (type(e).__name__, e)


def steps_of(seed):
    from save.storage import FileStorage

    fs = FlashFS()
    life(FileStorage("", fs=fs), seed, [])
    return fs.steps


def campaign(scale=1.0, seed=1, log=print):
    res = C.Result("power cuts")
    for k in range(C.scaled(GAMES, scale)):
        s = seed * 10007 + k
        n = steps_of(s)
        for cut in range(1, n + 2):
            for tear in TEARS:
                res.cases += 1
                msg = run_case(s, cut, tear)
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
    """The planted fault: FileStorage.write writes the file in place (not atomic)."""
    from save import storage

    orig = storage.FileStorage.write

    def write(self, name, data):
        f = self._open(self._path(name), "wb")
        try:
            f.write(data)
        finally:
            f.close()

    storage.FileStorage.write = write

    def undo():
        storage.FileStorage.write = orig

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
