# Campaign: power cuts at random CPU cycles during the real firmware's saves, on the emulated Pico.
# SPDX-License-Identifier: MIT
"""Power cuts on the emulated Pico (tools/emu/rp2: MicroPython's RPI_PICO UF2 in rp2040js,
the flash kept across power-ups, LittleFS as on the device).

A session is one game on one emulated Pico, played through the buttons with the dice seeded
(a ``dice_seed`` file), settings off their defaults and a high-score table already on the
flash. Every turn rolls three times (sometimes holding a die first), opens the card and
scores the box the cursor offers. The firmware saves the game after every roll and every
box; at about half of those presses the power is cut at a random CPU cycle of the save: the
emulator runs to the save's first flash write, then the cut comes at a random cycle within
the span of the longest uncut save of that kind in the session (a tenth more, so some cuts
land just after the last write; a cut before the first write is the soak_power campaign's
"before" case). Those cuts fall between flash operations: the CPU waits out a sector erase
(45 ms) or a page program without executing a cycle. So at ``TORN_SHARE`` of the cuts the
power goes DURING one of the save's erases or programs instead (the j-th, j at random up to
the operation count of the smallest uncut save of that kind): the emulator leaves that
operation part done, each bit it would change changed with a random probability (cells of a
NOR sector being erased or a page being programmed when the supply goes). Then the Pico
powers up again on the same flash, and:

- LittleFS mounts (littlefs-python, configured as the firmware's LittleFS: the emulator's
  ``LFS_CONFIG``; with littlefs-python's smaller default cache an inline file near the end
  of its metadata block reads as LFS_ERR_CORRUPT, docs/rp2_emulator.md), every file reads
  back, and the firmware boots without a traceback;
- ``game.dat`` is the save from before the press, or the press's own save: a game that the
  rules reach from the one before by that press (a roll keeping the held dice, or one box
  scored: checked with the engine, ``legal_successor``), never a torn or lost file;
- the settings and high-score files are byte for byte those the session started with;
- Continue resumes it: the next save must again be a legal successor of the resumed game,
  so the dice, holds and rolls left came back as they were saved.

Uncut saves are checked the same way. ``python -m tools.core.soak_power_rp2 [--scale X]
[--seed S] [--plant]``; ``--plant`` builds the firmware with a storage write that removes
the old file before it writes the new one (not atomic: the planted fault to catch). Without
the UF2 and boot ROM (``RP2_UF2``, ``RP2_BOOTROM``, default ../shared/rp2/) it skips.
"""

import argparse
import sys

from tools.core import soak_common as C

CUTS = 120  # cuts at scale 1 (about 8 s of this machine each)
SESSION_CUTS = 12  # cuts per game, each game on a fresh Pico with its own dice seed
CUT_SHARE = 0.5  # share of the save presses that are cut (the first of each kind never is)
TORN_SHARE = 0.5  # share of the cuts that come during a flash erase or program
SETUP = "r 2 3 L2 r"  # title: NEW GAME; players 2 -> 1; START GAME (the game is saved)
ROUNDS = 15  # at most: a session stops before the last box (the game-over screens)
SETTINGS = {"lang": "en", "contrast": 3, "volume": 2, "sleep_s": 300}

# The planted fault: a write that drops the old file before the new one is complete.
PLANT = """

def _write_in_place(self, name, parts):
    path = self._path(name)
    # the saved turns a save copies from the file (save.filebytes) are read before it goes
    parts = [p if isinstance(p, (bytes, bytearray, memoryview)) else p[:] for p in parts]
    try:
        self._fs.remove(path)
    except OSError:
        pass
    f = self._open(path, "wb")
    try:
        for data in parts:
            f.write(data)
    finally:
        f.close()


FileStorage.write_parts = _write_in_place  # write() and the game's save both go through it
"""


def skip_reason():
    from tools.emu.rp2 import pico as rp2

    return rp2.find_firmware()[2]


# ---- what the flash holds ----------------------------------------------------------------


def load(data):
    """The Game in game.dat bytes (the firmware's own reader), or None."""
    from save.records import SavedGame
    from save.storage import MemoryStorage

    if data is None:
        return None
    st = MemoryStorage()
    st.write("game.dat", data)
    g, _meta, _msg = SavedGame.load_game(st)
    return g


def _same(a, b):
    """Two snapshots equal but for the dice source's state (the Pico's stream restarts from
    its seed file at every power-up, so after a cut it differs from the saved one)."""
    for k in a:
        if k != "seeded" and a[k] != b[k]:
            return False
    return True


def legal_successor(old, new, press):
    """True when game.dat bytes `new` hold the game of `old` after one `press` ("roll": a
    roll with some dice held; "box": one box scored), as the engine plays it."""
    g_new = load(new)
    if g_new is None or old is None:
        return False
    want = g_new.snapshot()
    base = load(old)
    if press == "roll":
        n = len(base.dice)
        held = base.snapshot()["held"]
        for mask in range((1 << n) if n else 1):
            g = load(old)
            try:
                if mask or held:  # (mask 0 after a hold: every held die let go)
                    g.apply(("holds", mask))
                free = [i for i in range(len(want["dice"])) if not (mask >> i) & 1] if n else None
                g.roll([want["dice"][i] for i in free] if n else list(want["dice"]))
            except (ValueError, IndexError):
                continue
            if _same(g.snapshot(), want):
                return True
        return False
    for c, col, _pts in base.choices():
        g = load(old)
        g.score(c, col)
        if _same(g.snapshot(), want):
            return True
    return False


def _kept_files(store_files):
    return {k: v for k, v in store_files.items() if k.startswith(("settings", "scores"))}


def start_files(seed, plant=False):
    """The Pico's filesystem at the start of a session: the build, the dice seed, the
    settings, and a high-score table from one random finished game."""
    import random

    from save.records import SETTINGS_FILE, Settings
    from save.storage import MemoryStorage
    from save.store import Store
    from yatzy.dice import SeededDice
    from yatzy.engine import OVER, Game

    from tools.emu.rp2 import play

    st = MemoryStorage()
    Settings.save(st, dict(SETTINGS))
    g = Game("yatzy", ["ANN"], {}, dice=SeededDice(seed))
    g.number = 1
    rng = random.Random(seed)
    while g.phase != OVER:
        acts = [a for a in g.legal_actions() if a[0] in ("roll", "score")]
        g.apply(rng.choice(acts))
    Store(st).record(g)
    if "dir" not in _BUILT:  # one build per process (the sessions share it)
        _BUILT["dir"] = play.build()
    files = play.firmware_files(
        seed=seed, lang=None, extra=dict(st.files), build_dir=_BUILT["dir"]
    )
    assert SETTINGS_FILE in files
    if plant:
        files["save/storage.py"] = _planted_source()  # .py is found before .mpy
    return files


_BUILT = {}


def _planted_source():
    import os

    from tools.paths import FIRMWARE

    with open(os.path.join(FIRMWARE, "save", "storage.py"), "rb") as f:
        return f.read() + PLANT.encode()


class Unreadable(Exception):
    """The flash's LittleFS does not mount, or some of its files do not read back."""


def read_flash(image):
    """{path: bytes} of every file on a filesystem image, every file tried."""
    from tools.emu.rp2 import pico as rp2

    fs = rp2.littlefs_fs(mount=False)  # the firmware's geometry and cache (rp2.LFS_CONFIG)
    fs.context.buffer = bytearray(image[: rp2.FS_BLOCK * rp2.FS_BLOCKS])
    try:
        fs.mount()
    except Exception as e:  # noqa: BLE001 - littlefs-python's own errors
        raise Unreadable("LittleFS does not mount: %s" % e) from None
    out, bad = {}, []
    for top, _dirs, names in fs.walk("/"):
        for name in names:
            path = (top.rstrip("/") + "/" + name).lstrip("/")
            try:
                with fs.open(path, "rb") as f:
                    out[path] = f.read()
            except Exception as e:  # noqa: BLE001
                bad.append("%s (%s, %d bytes listed)" % (path, e, fs.stat(path).size))
    if bad:
        raise Unreadable("files that do not read back: " + "; ".join(bad))
    return out


# ---- one session ---------------------------------------------------------------------------


class Session:
    """One game on one emulated Pico with cuts (see the module doc)."""

    def __init__(self, seed, cuts, res, log, plant=False):
        import random

        from tools.emu.rp2 import pico as rp2

        self.seed, self.cuts, self.res, self.log = seed, cuts, res, log
        self.rng = random.Random(seed)
        uf2, bootrom, _ = rp2.find_firmware()
        self.files = start_files(seed, plant)
        self.pico = rp2.Pico(uf2, bootrom, fs=rp2.littlefs_image(self.files))
        self.window = {}  # press kind -> cycles from the first flash write to the last
        self.ops = {}  # press kind -> flash operations of the smallest uncut save
        self.kept = None
        self.game = None  # game.dat bytes now

    def fail(self, msg):
        note = (
            "%s (seed %d, cut %d) -> replay: python -m tools.core.soak_power_rp2 "
            % (
                msg,
                self.seed,
                self.res.cases,
            )
            + "--session %d" % self.seed
        )
        self.res.fail(note)
        self.log("  FAIL " + note)
        return False

    def flash_files(self):
        """{path: bytes} on the flash now (littlefs-python); raises Unreadable naming the
        files that do not read back, or when the filesystem does not mount."""
        return read_flash(self.pico.flash())

    def press(self, button, cut=None):
        """One short press that saves; with ``cut`` ("roll" or "box") the power goes at a
        random cycle of that save, or during one of its flash operations (see the module
        doc). (the cycle count at the deciding edge, where the cut landed: None, "<n> ops"
        (the save's flash operations done before it), "torn erase" / "torn program" or
        "never")."""
        from tools.emu.rp2 import play
        from tools.emu.rp2.pico import BOUNCE_US, NS_PER_MS

        pico = self.pico
        n_ops, n_resets = len(pico.flash_ops), len(pico.resets)
        _down, up = pico.press(button, play.SHORT_MS)
        pico.run_to(up - BOUNCE_US[-1] * 1000)  # the release's first edge decides
        c0 = pico.cycles
        if cut is None:
            pico.run_to(up + NS_PER_MS)
            play.settle(pico)
            return c0, None
        if self.ops.get(cut) and self.rng.random() < TORN_SHARE:
            j = self.rng.randint(1, self.ops[cut])
            pico.cut_torn(j, self.rng.random(), self.rng.getrandbits(32))
            return c0, self._wait_cut(n_ops, n_resets, torn=True)
        # the save's first flash write, then a random cycle of the writes' span (as long
        # as the longest uncut save of the kind so far, and a tenth more)
        if not pico.run_until_flash_ops(1, 3000):  # no save (the zero question): no cut
            pico.cut_at_cycle(1 << 62)
            play.settle(pico)
            return c0, None
        span = max(self.window[cut], 300000)
        pico.cut_at_cycle(pico.cycles + self.rng.randint(0, span + span // 10))
        return c0, self._wait_cut(n_ops, n_resets)

    def _wait_cut(self, n_ops, n_resets, torn=False):
        """Run until the cut's power-up; where it landed (see press). None when no cut came
        within 4 s: its point lay past this save (a torn cut's operation beyond the save's
        last, as LittleFS's commits vary; a cycle after the save's end, which an idle CPU
        in WFI hardly reaches), so the save ran uncut and the pending cut is called off."""
        pico = self.pico
        for _ in range(400):
            pico.run_ms(10)
            if len(pico.resets) > n_resets:
                break
        else:
            if torn:
                pico.cut_torn(0, 0, 0)
            else:
                pico.cut_at_cycle(1 << 62)
            return None
        ops = [op for op in pico.flash_ops[n_ops:] if op[1] <= pico.resets[n_resets][1]]
        if torn:
            return ops[-1][2] if ops and ops[-1][2].endswith(" torn") else "never"
        return "%d ops" % len(ops)

    def device_reads(self):
        """What the Pico's own LittleFS reads of game.dat (for a failure's message)."""
        try:
            out = self.pico.repl_exec(
                "try:\n f = open('game.dat', 'rb'); print(len(f.read())); f.close()\n"
                "except Exception as e:\n print(repr(e))\n"
            )
            return out.strip()
        except Exception as e:  # noqa: BLE001
            return "no REPL (%s)" % e

    def boot(self):
        from tools.emu.rp2 import play

        play.boot_app(self.pico)
        play.settle(self.pico)

    def run(self):
        try:
            return self._run()
        except Unreadable as e:  # the host reads the flash as the firmware's LittleFS does
            got = self.device_reads()
            return self.fail("%s (%d cuts before; the firmware: %s)" % (e, self.res.cases, got))
        except Exception:  # noqa: BLE001 - the firmware or the emulator failed: a failure
            import traceback

            return self.fail("the session raised: " + traceback.format_exc()[-500:])
        finally:
            self.pico.close()

    def _run(self):
        from tools.emu.rp2 import play

        pico = self.pico
        self.boot()
        for button, kind in play.keys(SETUP):
            play.press(pico, button, kind)
        files = self.flash_files()
        self.kept = _kept_files(files)
        self.game = files.get("game.dat")
        g = load(self.game)
        if g is None or g.round != 1 or g.rolls_used:
            return self.fail("no new game saved after START GAME")
        while self.cuts > 0:
            g = load(self.game)
            if g.round == ROUNDS and not g.rolls_left():
                break  # the last box would end the game
            if g.rolls_left():
                if g.rolls_used and self.rng.random() < 0.4:
                    play.press(pico, "hold%d" % (1 + self.rng.randrange(len(g.dice))))
                if not self.save_press("roll", "roll"):
                    return False
            else:
                play.press(pico, "roll")  # opens the card on the cursor's box
                if not self.save_press("roll", "box"):
                    return False
        return True

    def save_press(self, button, kind):
        """A press that saves (kind "roll" or "box"), cut or not, and the checks after it."""
        from tools.emu.rp2 import play

        cut = kind in self.window and self.rng.random() < CUT_SHARE
        old = self.game
        n_ops = len(self.pico.flash_ops)
        c0, where = self.press(button, kind if cut else None)
        if where is None:
            cut = False
        if not cut:
            ops = self.pico.flash_ops[n_ops:]
            new = self.flash_files().get("game.dat")
            if kind == "box" and new == old:  # the zero question: Roll scores the zero
                n_ops = len(self.pico.flash_ops)
                c0, _ = self.press("roll")
                ops = self.pico.flash_ops[n_ops:]
                new = self.flash_files().get("game.dat")
            if not ops or new == old:
                return self.fail("a %s press saved nothing" % kind)
            if not legal_successor(old, new, kind):
                return self.fail("the %s press saved a game the rules do not reach" % kind)
            span = ops[-1][1] - ops[0][1]
            if span >= self.window.get(kind, 0):
                self.window[kind] = span
            if len(ops) < self.ops.get(kind, len(ops) + 1):
                self.ops[kind] = len(ops)
            self.game = new
            return True
        self.res.cases += 1
        self.cuts -= 1
        self.res.where[where] = self.res.where.get(where, 0) + 1
        if where == "never":
            return self.fail("the power cut never came")
        files = self.flash_files()  # Unreadable: see run()
        mark = len(self.pico.cdc)
        try:
            self.boot()
        except AssertionError as e:
            return self.fail("the firmware does not boot after the cut: %s" % str(e)[-200:])
        if "Traceback" in bytes(self.pico.cdc[mark:]).decode(errors="replace"):
            return self.fail("a traceback at the boot after the cut")
        now = files.get("game.dat")
        if now == old:
            self.res.landed["old"] = self.res.landed.get("old", 0) + 1
        elif legal_successor(old, now, kind):
            self.res.landed["new"] = self.res.landed.get("new", 0) + 1
        else:
            what = "lost" if now is None else "neither the last save nor the press's own"
            return self.fail("game.dat after a cut (%s of the %s save): %s" % (where, kind, what))
        if _kept_files(files) != self.kept:
            return self.fail("settings or high scores changed by a cut")
        play.press(self.pico, "roll")  # CONTINUE
        self.game = now
        return True


# ---- the campaign ------------------------------------------------------------------------


def campaign(scale=1.0, seed=1, log=print, plant=False, stop=False):
    res = C.Result("power cuts (emulated Pico)")
    res.where, res.landed = {}, {}
    why = skip_reason()
    if why:
        res.notes.append("skipped: " + why)
        log("  skipped: " + why)
        return res
    left = C.scaled(CUTS, scale)
    k = 0
    while left > 0:
        n = min(SESSION_CUTS, left)
        s = (seed * 7919 + k) & 0xFFFF
        k += 1
        before = res.cases
        ok = Session(s, n, res, log, plant).run()
        left -= max(1, res.cases - before)
        if not ok and (stop or len(res.notes) > 5):
            break
    return res


def planted(scale=1.0, seed=1, log=print):
    """The firmware with a write that removes the old file first: the campaign must see it."""
    why = skip_reason()
    if why:
        out = C.Result("power cuts (emulated Pico): planted fault")
        out.notes.append("skipped: " + why)
        return out
    res = C.timed(campaign, 30.0 / CUTS, seed, lambda *_: None, True, True)
    return C.caught("power cuts (emulated Pico): planted fault", res, "a non-atomic write")


def summary(res):
    where = ", ".join("%s %d" % kv for kv in sorted(res.where.items()))
    landed = ", ".join("%s %d" % kv for kv in sorted(res.landed.items()))
    out = "flash operations of the save before the cut: %s; game.dat after: %s" % (
        where or "-",
        landed or "-",
    )
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--session", type=int, help="replay one session (its dice seed)")
    ap.add_argument("--cuts", type=int, default=SESSION_CUTS)
    ap.add_argument("--plant", action="store_true")
    args = ap.parse_args(argv)
    why = skip_reason()
    if why:
        print("skipped: " + why)
        return 0
    if args.session is not None:
        res = C.Result("power cuts (emulated Pico)")
        res.where, res.landed = {}, {}
        Session(args.session, args.cuts, res, print, args.plant).run()
    else:
        res = C.timed(campaign, args.scale, args.seed, print, args.plant)
    print(summary(res))
    return C.finish(res, noun="cuts")


if __name__ == "__main__":
    sys.exit(main())
