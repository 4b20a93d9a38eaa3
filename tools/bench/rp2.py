# make bench's rp2 section: the real firmware on the emulated Pico, measured in emulated cycles.
# SPDX-License-Identifier: MIT
"""The rp2 bench (``make bench``; ``make bench RP2_BENCH="--game4-rounds 0"`` for the whole
4-player game, about 10 minutes more; ``--only stock,heap`` etc. for parts; ``--only
profile`` times every function of the app while the presses run). Everything is measured in
emulated time on MicroPython's real rp2 port at 125 MHz (tools/emu/rp2), so the figures do
not depend on the host.

Every run is made on each lane (tools/bench/lanes.py; ``--lanes image,stock``): the project
image (build/pocket-yatzy.uf2, the code in ROMFS) and the stock UF2 with ``make flash``'s
.mpy files on LittleFS. The table has a column for each.

Runs (each on a fresh flash; the dice are seeded through the flash's dice_seed file so that
the game is the one the CPython simulator plans):
- play: power-up to the first frame, heap after start-up, CPU busy while awake and idle
  (title, play screen) and in lightsleep, then the presses of a 4-player Yatzy game (two
  humans played by the simulator's bot, two `best` computers): cycles per press, latency
  from the deciding edge to the first I2C byte, to the end of the press's first burst of
  bytes and to its last byte. This run follows the Pico's
  game (follow()): where it leaves the plan, the rest is planned again from its flash.
- heap: the same game with a probe in main.py (tools/bench/rp2.py PROBE): gc.collect() and
  mem_free() after every press and every computer decision, and each decision's time; with
  --floor, also the lowest live heap inside each decision (FLOOR_PROBE), which the samples
  after it miss (the search's working arrays are garbage by then).
- worst: the most players a game allows (``yatzy.rules.MAX_PLAYERS``), every one a `best`
  computer, Maxi Yatzy with Triple columns: START, and after a reboot CONTINUE once; what
  happened (watchdog, MemoryError, a crash's traceback from the error log) and the heap
  per decision.
- late: the same worst case from a save LATE_ROUNDS rounds before the end,
  made on CPython (worst_late_save) and put on the flash, CONTINUEd at the title and
  played on.
Prints a markdown table, and with --json the raw figures.
"""

import argparse
import json
import os
import shlex
import statistics
import sys
import tempfile
import time

from yatzy.rules import MAX_PLAYERS

from tools.bench import lanes as lanes_
from tools.bench.rp2_tour import TourBot, press_label, screen_rows, screen_table
from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SEED = 7
NS_MS = rp2.NS_PER_MS
CLOCK_HZ = 125e6
CPU_MHZ = [125]  # --cpu-mhz: the emulated core's clock (bus timing stays as at 125 MHz)

# Probe for the heap runs: main.py with this ahead of runner.main (see heap_main()); it
# imports nothing that main.py does not import before its start-up line. After every press
# and every computer decision: gc.collect(), then "HEAP press <free>" / "DECIDE <level> <us>
# <free>"; MemoryErrors and crashes as lines too. The first decision after yatzy.strategy
# loads (it loads inside a computer's move) is not seen.
PROBE = """\
import gc
import sys
import time
import app
from pico import runner
def _patch_strategy():
    # yatzy.strategy loads when a computer first moves (and may be reloaded): wrap its
    # decide() whenever a new copy appears, without importing it early ourselves. The copy
    # is marked, not held: a reference here would keep an unloaded copy, and through its
    # levels the computers' modules, on the heap the probe measures
    s = sys.modules.get("yatzy.strategy")
    if s is None or "_probed" in s.__dict__:
        return
    s._probed = True
    real = s.decide
    def decide(game, level="basic", rand=None):
        t = time.ticks_us()
        try:
            r = real(game, level, rand)
        except MemoryError:
            print("MEMERR %s %d round %d" % (level, gc.mem_free(), game.round))
            raise
        us = time.ticks_diff(time.ticks_us(), t)
        gc.collect()
        print("DECIDE %s %d %d" % (level, us, gc.mem_free()))
        return r
    s.decide = decide
_press = app.App.press
def _probe_press(self, b, kind, t):
    r = _press(self, b, kind, t)
    gc.collect()
    print("HEAP press %d" % gc.mem_free())
    _patch_strategy()
    return r
app.App.press = _probe_press
_tick = app.App.tick
def _probe_tick(self, now):
    r = _tick(self, now)
    _patch_strategy()
    return r
app.App.tick = _probe_tick
_crashed = runner.Runner.crashed
def _probe_crashed(self, exc):
    print("CRASH %s: %s" % (type(exc).__name__, exc))
    return _crashed(self, exc)
runner.Runner.crashed = _probe_crashed
"""


# Floor probe (--floor, appended to PROBE): the live heap's low point inside each computer
# decision, which the samples after a decision do not see (the search's working arrays are
# garbage by then): gc.collect() and mem_free() after each step of the search (yatzy.ai's
# final values, expect and best-of-keeps passes) -> "FLOOR <level> <free before> <lowest>".
# Those collections slow the decisions: a --floor run's decision times are not reported.
FLOOR_PROBE = """\
_low = [0]
def _sample():
    gc.collect()
    f = gc.mem_free()
    if f < _low[0]:
        _low[0] = f
def _sampled(fn):
    def w(*a):
        r = fn(*a)
        _sample()
        return r
    return w
def _floor_ai():
    ai = sys.modules.get("yatzy.ai")
    if ai is None or "_floored" in ai.__dict__:
        return
    ai._floored = True
    for n in ("final_values", "expect", "_best"):
        setattr(ai, n, _sampled(getattr(ai, n)))
_patch_inner = _patch_strategy
_floored = [None]
def _patch_strategy():
    _patch_inner()
    s = sys.modules.get("yatzy.strategy")
    if s is None or s.decide is _floored[0]:
        return
    inner = s.decide
    def decide(game, level="basic", rand=None):
        if level != "basic":
            __import__("yatzy.ai")  # loaded inside the first decision otherwise: not sampled
        _floor_ai()
        gc.collect()
        _low[0] = before = gc.mem_free()
        r = inner(game, level, rand)
        print("FLOOR %s %d %d" % (level, before, _low[0]))
        return r
    s.decide = decide
    _floored[0] = decide
"""


# Profile probe (--only profile): every public function and method of these modules timed
# (inclusive, with call counts) while the presses run; dumped from the REPL at the end. The
# wrappers cost ~0.1 ms a call themselves, so read small hot functions by their counts.
# pico.runner's loop is left alone: its wrappers would sit under every call, and the stack
# then overflows (a hard IRQ's handler runs on top of it).
# Besides, what each press spends before its first byte reaches the panel (the first
# show_window / show it makes): per press, the ms from App.press to that byte ("FIRST <us>",
# in press order), and the functions' time before it (an unfinished call counts up to the
# byte) per kind of press, the screen class and its mode when pressed ("PRE <kind> ...").
PROFILE_MODULES = (
    "app",
    "gfx.canvas",
    "gfx.font",
    "gfx.pusher",
    "ui.widgets",
    "ui.card",
    "ui.play",
    "ui.play_card",
    "ui.play_view",
    "save.frame",
    "save.storage",
    "pico.ssd1306",
    "pico.buttons",
    "yatzy.engine",
    "yatzy.future",
    "yatzy.strategy",
)
PROFILE = """\
import sys
import time
_T = {}
_B = {}  # (kind of press, function) -> [calls, us before the press's first byte]
_S = []  # the wrapped calls under way: (label, start)
_pre = [None]  # the kind of the press under way until its first byte, else None
_t0 = [0]
_firsts = []  # per press: us from App.press to its first byte (-1: none)
def _add(d, key, us):
    e = d.get(key)
    if e is None:
        d[key] = [1, us]
    else:
        e[0] += 1
        e[1] += us
def _wrap(owner, name, fn, label):
    def w(*a, **k):
        t = time.ticks_us()
        _S.append((label, t))
        try:
            return fn(*a, **k)
        finally:
            _S.pop()
            d = time.ticks_diff(time.ticks_us(), t)
            _add(_T, label, d)
            if _pre[0] is not None:
                _add(_B, (_pre[0], label), d)
    try:
        setattr(owner, name, w)
    except (AttributeError, TypeError):
        pass
_IRQ = ("edge", "irq_time")  # run in the buttons' hard IRQ: a wrapper there would allocate
def _wrap_module(_m):
    # a module is wrapped once it is loaded (importing it here would take its heap early);
    # one that heap.drop() let go and that loads again is wrapped again
    mod = sys.modules.get(_m)
    if mod is None or "_profiled" in mod.__dict__:
        return
    mod._profiled = True
    for n in dir(mod):
        if n.startswith("__"):
            continue
        # private helpers are left alone: a wrapper doubles the stack of every call, and
        # the drawing's nested helpers then pass MicroPython's recursion limit
        v = getattr(mod, n)
        if type(v) is type and getattr(v, "__module__", None) == _m:
            d = v.__dict__
            for a in list(d):
                f = d[a]
                if a.startswith("_") and a != "__init__" or a in _IRQ:
                    continue
                if type(f).__name__ == "function":
                    _wrap(v, a, f, "%s.%s.%s" % (_m, n, a))
        elif type(v).__name__ == "function" and not n.startswith("_"):
            _wrap(mod, n, v, "%s.%s" % (_m, n))
def _wrap_all():
    for _m in MODULES:
        _wrap_module(_m)
_wrap_all()
def _byte():
    # the press's first byte: the calls under way count up to here
    if _pre[0] is None:
        return
    now = time.ticks_us()
    _firsts.append(time.ticks_diff(now, _t0[0]))
    for label, t in _S:
        if time.ticks_diff(t, _t0[0]) >= 0:  # called by the press (not the loop around it)
            _add(_B, (_pre[0], label), time.ticks_diff(now, t))
    _pre[0] = None
def _hook(cls, name):
    fn = getattr(cls, name)
    def w(*a, **k):
        _byte()
        return fn(*a, **k)
    setattr(cls, name, w)
import pico.ssd1306 as _d
_hook(_d.SSD1306_I2C, "show")
_hook(_d.SSD1306_I2C, "show_window")
import app as _app
_press = _app.App.press
def _probe_press(self, b, kind, t):
    _wrap_all()  # the modules loaded since the last press
    scr = self.screen
    _pre[0] = "%s%s" % (type(scr).__name__, getattr(scr, "mode", ""))
    _t0[0] = time.ticks_us()
    try:
        return _press(self, b, kind, t)
    finally:
        if _pre[0] is not None:
            _firsts.append(-1)
        _pre[0] = None
_app.App.press = _probe_press
def dump():
    # unsorted (the host sorts): sorting here needs heap the game may have left too little of
    import gc
    gc.collect()
    for k in _T:
        v = _T[k]
        print("PROF %d %d %s" % (v[1], v[0], k))
    for k in _B:
        v = _B[k]
        print("PRE %s %d %d %s" % (k[0], v[1], v[0], k[1]))
    for us in _firsts:
        print("FIRST %d" % us)
""".replace("MODULES", repr(PROFILE_MODULES))


# ------------------------------------------------------------------ helpers
def q(values, p):
    """The p-quantile (0..1) of values, nearest rank."""
    v = sorted(values)
    if not v:
        return None
    return v[min(len(v) - 1, max(0, round(p * (len(v) - 1))))]


def ms(x):
    return "-" if x is None else ("%.0f" % x if x >= 100 else "%.1f" % x)


def settings_files(**values):
    """settings.dat with these values (the firmware's own writer); the language is chosen
    (English) unless given, so the first start does not ask for it."""
    values.setdefault("lang", "en")
    from save.records import Settings

    class Mem:
        files = {}

        def write(self, name, data):
            self.files[name] = bytes(data)

    mem = Mem()
    Settings.save(mem, values)
    return mem.files


def first_frame_ms(pico, t0):
    """ms from t0 until the panel first shows something (display on, a pixel lit)."""
    from tools.emu.ssd1306 import SSD1306Emulator

    emu = SSD1306Emulator(chip=rp2.PANEL, strict=False)
    for tx in pico.oled_writes(t0):
        emu.write(tx.addr, tx.data)
        if emu.display_on and any(emu.snapshot()):
            return (tx.t - t0) / NS_MS
    return None


def heap_main(build_dir):
    """main.py with the PROBE installed just before runner.main() (after the display)."""
    with open(os.path.join(build_dir, "main.py")) as f:
        src = f.read()
    anchor = "    runner.main(hw, display)"
    if anchor not in src:
        raise SystemExit("rp2 bench: main.py has no %r line to probe" % anchor.strip())
    return src.replace(anchor, "    import rp2_probe  # noqa\n" + anchor).encode()


# ------------------------------------------------------------------ planning on CPython
class StopPlan(Exception):
    pass


def _recording(s, presses, frames, max_rounds, idle_ms, labels=None):
    """Make session s's press record each press and the settled frame after it (StopPlan
    once the game is past max_rounds); ``labels``: and the screen it belongs to
    (rp2_tour.press_label)."""
    real = s.press

    def press(button, kind="short"):
        g = s.game()
        if max_rounds and g is not None and g.round > max_rounds:
            raise StopPlan
        before = s.screen() if labels is not None else None
        real(button, kind)
        s.wait_idle(limit_ms=idle_ms)
        presses.append((button, kind))
        frames.append(bytes(s.last))
        if labels is not None:
            labels.append(press_label(before, s.screen()))

    s.press = press


def plan_continue(files, max_rounds=0, seed=SEED, idle_ms=600000, labels=None):
    """The rest of the game the Pico is playing, planned from its flash: `files` (the Pico's
    files: its saved game, settings, set-up) on the CPython simulator, CONTINUE chosen on its
    title (those presses are not part of the plan) and the saved dice stream put back, then
    the bot plays on as plan_game's does (without the tour: the tour's turns have been
    played). [(button, kind)], [pixels]; ``labels``: filled with each press's screen."""
    from tools.sim import bot as sim_bot
    from tools.sim.session import Session

    presses, frames = [], []
    with tempfile.TemporaryDirectory() as d:
        for name, data in files.items():
            path = os.path.join(d, name)
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
        with Session("cpython", seed=seed, storage_dir=d) as s:
            s.start()
            s.wait_idle()
            m = sim_bot.Menus(s)
            m.goto("Title", "CONTINUE")
            m.press("roll")
            s.wait_idle(limit_ms=idle_ms)
            # the app resumes a save with its own dice (SeededDice(seed) afresh); the Pico
            # plays on with the stream it has: the saved one
            from save.records import SavedGame
            from save.storage import FileStorage

            resumed = SavedGame.load_game(FileStorage(d), None)[0]
            s.backend.app.game.dice_source = resumed.dice_source
            _recording(s, presses, frames, max_rounds, idle_ms, labels)
            try:
                sim_bot.Bot(s, "basic").play()
            except StopPlan:
                pass
    return presses, frames


def plan_game(
    rules,
    players,
    cpu,
    level,
    triple=False,
    max_rounds=0,
    seed=SEED,
    idle_ms=600000,
    tour=False,
    labels=None,
):
    """The presses of a game on the CPython simulator (its bot plays the human seats) and the
    settled frame after each: [(button, kind)], [pixels]. Stops after max_rounds (0: all).
    ``tour``: the human seats make every kind of press a player makes (rp2_tour.TourBot);
    ``labels``: filled with the screen of each press (rp2_tour.press_label)."""
    from tools.sim import bot as sim_bot
    from tools.sim.session import Session

    presses, frames = [], []
    with tempfile.TemporaryDirectory() as d, Session("cpython", seed=seed, storage_dir=d) as s:
        _recording(s, presses, frames, max_rounds, idle_ms, labels)
        s.start()
        s.wait_idle()
        try:
            if triple:
                m = sim_bot.Menus(s)
                m.goto("Title", "NEW GAME")
                m.press("roll")
                m.goto("Setup", "HOUSE RULES")
                m.press("roll")
                m.set_value("Options", "TRIPLE", "ON")
                m.goto("Options", "DONE")
                m.press("roll")
                _setup(s, sim_bot, rules, players, cpu, level, from_title=False)
            else:
                _setup(s, sim_bot, rules, players, cpu, level, from_title=True)
            if cpu < players:
                (TourBot if tour else sim_bot.Bot)(s, "basic").play()
        except StopPlan:
            pass
    return presses, frames


def _setup(s, sim_bot, rules, players, cpu, level, from_title):
    from yatzy.rules import RULESETS

    m = sim_bot.Menus(s)
    if from_title:
        m.goto("Title", "NEW GAME")
        m.press("roll")
    m.set_value("Setup", "RULES", RULESETS[rules].name.upper())
    m.set_value("Setup", "PLAYERS", str(players))
    for i in range(players):
        m.set_value(
            "Setup", "%d " % (i + 1), "CPU " + level.upper() if i >= players - cpu else "HUMAN"
        )
    m.goto("Setup", "START GAME")
    m.press("roll")


# ------------------------------------------------------------------ runs on the Pico
def replay(pico, presses, frames, log=None, idle=0.0):
    """Play the planned presses; (Press list, index of the first press whose frame differs
    from CPython's or None). ``idle``: the idle loop's cycles per ns, not counted."""
    out, diverged = [], None
    for i, (button, kind) in enumerate(presses):
        m = play.press(pico, button, kind, idle_rate=idle)
        out.append(m)
        if diverged is None and frames and bytes(pico.screen.snapshot()) != frames[i]:
            diverged = i
        if log:
            log("  press %d/%d %s" % (i + 1, len(presses), m))
    return out, diverged


ERROR_LOG = "error.log"  # pico.runner.ErrorLog's file


LATE_ROUNDS = 2  # the `late` run: CONTINUE a worst-case save this many rounds before the end
FOLLOW_MS = 20000  # how long the Pico may take beyond the plan to reach the planned frame
REPLANS = 8  # plans made again from the Pico's saved game, at most, in one run


def follow(pico, presses, frames, max_rounds, files, log=None, idle=0.0, labels=None):
    """Play the planned presses and follow the Pico's game where it leaves the plan: when
    the frame after a press is not the planned one, the Pico runs on (a computer's turn may
    take longer there) until it is; if it never gets there in FOLLOW_MS, the rest of the game
    is planned again from the Pico's saved game (plan_continue) and played from there.
    (Press list, [(press number, what happened)]). ``labels``: the planned presses' screens,
    kept on each Press as ``.screen``."""
    out, events = [], []
    presses, frames = list(presses), list(frames)
    labels = list(labels) if labels is not None else [None] * len(presses)
    code = set(files)
    i = 0
    while i < len(presses):
        button, kind = presses[i]
        m = play.press(pico, button, kind, idle_rate=idle)
        if bytes(pico.screen.snapshot()) != frames[i]:
            end = pico.t + FOLLOW_MS * NS_MS
            while pico.t < end and bytes(pico.screen.snapshot()) != frames[i]:
                pico.run_ms(250)
                play.settle(pico)
            if bytes(pico.screen.snapshot()) == frames[i]:
                events.append((len(out) + 1, "reached the planned frame late"))
                m = play.remeasure(pico, m, idle)
            elif len([e for e in events if e[1].startswith("planned")]) < REPLANS:
                m = play.remeasure(pico, m, idle)
                kept = {k: v for k, v in pico.files().items() if k not in code}
                kept.update({k: v for k, v in files.items() if k == "dice_seed"})
                rest_labels = []
                rest, rest_frames = plan_continue(kept, max_rounds, labels=rest_labels)
                events.append((len(out) + 1, "planned again from its saved game"))
                presses[i + 1 :], frames[i + 1 :] = rest, rest_frames
                labels[i + 1 :] = rest_labels
            else:
                events.append((len(out) + 1, "left the plan"))
                m.screen = labels[i]
                out.append(m)
                break
        m.screen = labels[i]
        out.append(m)
        if log:
            log("  press %d/%d %s" % (len(out), len(presses), m))
        i += 1
    return out, events


def busy_pct(pico, ms_):
    c0, t0 = pico.cycles, pico.t
    pico.run_ms(ms_)
    return 100.0 * (pico.cycles - c0) / ((pico.t - t0) * pico.cpu_mhz / 1000.0)


def run_play(lane, presses, frames, log, max_rounds=0, labels=None):
    """The planned game's presses on ``lane``: start-up, idle CPU, each press's cost and
    latency, then lightsleep."""
    code = lanes_.build_code()
    data = play.data_files(seed=SEED, extra=settings_files(sleep_s=30))
    files = dict(code, **data)
    r = {}
    w0 = time.monotonic()
    pico, heap = lane.boot(code, data)
    with pico:
        r["first_frame_ms"] = first_frame_ms(pico, 0)
        r["boot_cycles"] = pico.cycles
        r["heap_start"] = heap
        play.settle(pico)
        r["idle_title_pct"] = busy_pct(pico, 3000)
        idle = r["idle_title_pct"] / 100 / 8
        measured, events = follow(pico, presses, frames, max_rounds, files, log, idle, labels)
        r["presses"] = measured
        r["followed"] = events
        r["diverged"] = None
        r["idle_play_pct"] = busy_pct(pico, 3000)
        pico.run_ms(30000)  # the sleep countdown (sleep_s=30 in this run's settings)
        r["asleep"] = not pico.screen.display_on
        r["sleep_pct"] = busy_pct(pico, 10000)
        r["emu_s"] = pico.t / 1e9
    r["wall_s"] = time.monotonic() - w0
    return r


def parse_probe(text):
    """(heap samples [(where, free)], decisions [(level, ms)], errors); FLOOR lines (--floor)
    come apart with floor_lines()."""
    heap, decisions, errors = [], [], []
    for line in text.splitlines():
        p = line.split()
        if line.startswith("HEAP ") and len(p) == 3:
            heap.append((p[1], int(p[2])))
        elif line.startswith("DECIDE ") and len(p) == 4:
            decisions.append((p[1], int(p[2]) / 1000.0))
            heap.append(("cpu", int(p[3])))
        elif line.startswith(("MEMERR", "CRASH")):
            errors.append(line.strip())
    return heap, decisions, errors


def floor_lines(text):
    """[(level, free before the decision, lowest live free inside it)] of a --floor run."""
    out = []
    for line in text.splitlines():
        p = line.split()
        if line.startswith("FLOOR ") and len(p) == 4:
            out.append((p[1], int(p[2]), int(p[3])))
    return out


def probe_code(floor=False):
    """The build with the heap probe: main.py runs it (``floor``: the floor probe too)."""
    build_dir = play.build()
    code = rp2.folder_files(build_dir)
    code["main.py"] = heap_main(build_dir)
    code["rp2_probe.py"] = (PROBE + FLOOR_PROBE if floor else PROBE).encode()
    return code


def run_heap(lane, presses, frames, log, floor=False):
    """The game with the heap probe (``floor``: and the floor probe inside decisions)."""
    w0 = time.monotonic()
    pico, heap = lane.boot(probe_code(floor), play.data_files(seed=SEED))
    with pico:
        play.settle(pico)
        _, diverged = replay(pico, presses, frames, log)
        text = pico.text()
        emu_s = pico.t / 1e9
    heaps, decisions, errors = parse_probe(text)
    return {
        "heap_start": heap,
        "heap": heaps,
        "decisions": [] if floor else decisions,  # slowed by the floor probe's collections
        "floor": floor_lines(text),
        "errors": errors,
        "diverged": diverged,
        "emu_s": emu_s,
        "wall_s": time.monotonic() - w0,
    }


def worst_late_save(rounds_left, seed=SEED):
    """game.dat of the worst case (``MAX_PLAYERS`` `best` computers, Maxi + Triple) with
    ``rounds_left`` rounds to go, played on CPython by the engine and the `best` level (its
    own seeded dice, so the Pico's game goes on from it with the same stream)."""
    from save.frame import GAME_FILE
    from save.storage import MemoryStorage
    from save.store import Store
    from yatzy import strategy
    from yatzy.engine import Game

    n = MAX_PLAYERS
    g = Game("maxi", ["CPU %d" % (i + 1) for i in range(n)], {"triple": True}, seed, [True] * n)
    while not g.is_over() and g.round <= g.rounds - rounds_left:
        g.apply(strategy.decide(g, "best"))
    st = MemoryStorage()
    Store(st).save_game(g, ["best"] * n)
    return st.read(GAME_FILE)


def run_worst(lane, presses, frames, log, until_ms, late=None):
    """``MAX_PLAYERS`` `best` computers, Maxi + Triple: START, then let them play (with the
    heap probe); after a reboot, CONTINUE the saved game once. ``late``: a game.dat
    (:func:`worst_late_save`) on the flash instead, CONTINUEd at the title and played on.
    What happened (a crash with the error log's traceback), and the heap per decision."""
    from save.frame import GAME_FILE

    w0 = time.monotonic()
    events = []
    # start-up replays a saved game for the title's summary: the late save (52 KB, some
    # 1,800 turns) takes about half a minute of emulated time
    data = play.data_files(seed=SEED, extra={GAME_FILE: late} if late else None)
    pico, heap = lane.boot(probe_code(), data, max_ms=120000 if late else 10000)
    with pico:
        play.settle(pico)
        if late:
            presses, diverged = [("roll", "short")], None  # CONTINUE
        else:
            _, diverged = replay(pico, presses[:-1], frames, log)
        button, kind = presses[-1]
        end = pico.t + until_ms * NS_MS
        continued = bool(late)
        resets = len(pico.resets)
        _down, up = pico.press(button, play.LONG_MS if kind == "long" else play.SHORT_MS)
        while pico.t < end:
            pico.run_ms(2000)
            if len(pico.resets) > resets:
                t, _c, why, _o = pico.resets[-1]
                events.append(
                    "%s reset %.1f s after the %s"
                    % (why, (t - up) / 1e9, "CONTINUE press" if continued else "START press")
                )
                resets = len(pico.resets)
                if continued:
                    break
                play.boot_app(pico)
                play.settle(pico)
                _down, up = pico.press("roll", play.SHORT_MS)  # CONTINUE the saved game
                continued = True
            if "CRASH" in pico.text():
                break
        text = pico.text()
        emu_s = pico.t / 1e9
        if "CRASH" in text:
            trace = pico.files().get(ERROR_LOG, b"").decode("utf-8", "replace")
            last = trace.rsplit("--- crash", 1)[-1].strip().splitlines()
            if last:
                events.append("error log: " + " / ".join(x.strip() for x in last[-6:]))
            else:  # the log's own write needs heap too
                events.append("no traceback in the error log")
    heaps, decisions, errors = parse_probe(text)
    return {
        "heap_start": heap,
        "heap": heaps,
        "decisions": decisions,
        "errors": events + errors,
        "diverged": diverged,
        "emu_s": emu_s,
        "wall_s": time.monotonic() - w0,
    }


def run_profile(lane, presses, frames, log):
    """The presses with every function of PROFILE_MODULES timed; [(us, calls, name)], and
    what each kind of press ran before its first byte (parse_profile)."""
    build_dir = play.build()
    code = rp2.folder_files(build_dir)
    code["main.py"] = heap_main(build_dir).replace(b"import rp2_probe", b"import rp2_prof")
    code["rp2_prof.py"] = PROFILE.encode()
    pico, _heap = lane.boot(code, play.data_files(seed=SEED))
    with pico:
        play.settle(pico)
        _, diverged = replay(pico, presses, frames, log)
        text = pico.text()
        try:
            out = pico.repl_exec("import rp2_prof\nrp2_prof.dump()", max_ms=60000)
        except rp2.PicoError as e:  # the other runs' figures are still printed
            log("profile run: the dump failed: %s" % e)
            out = ""
    if diverged is not None:
        log(
            "profile run: left the planned game at press %d; the Pico said:\n%s"
            % (diverged + 1, text[-1500:])
        )
    rows, pre, first = parse_profile(out)
    return {"rows": rows, "pre": pre, "first": first, "diverged": diverged, "emu_s": pico.t / 1e9}


def parse_profile(out):
    """The profile probe's dump: [(us, calls, function)] over the run, {kind of press:
    [(us, calls, function)]} before each press's first byte, and per press the us from
    App.press to its first byte (None: it sent none)."""
    rows, pre, first = [], {}, []
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4 and p[0] == "PROF":
            rows.append((int(p[1]), int(p[2]), p[3]))
        elif len(p) == 5 and p[0] == "PRE":
            pre.setdefault(p[1], []).append((int(p[2]), int(p[3]), p[4]))
        elif len(p) == 2 and p[0] == "FIRST":
            first.append(int(p[1]) if int(p[1]) >= 0 else None)
    rows.sort(key=lambda r: -r[0])
    for v in pre.values():
        v.sort(key=lambda r: -r[0])
    return rows, pre, first


# ------------------------------------------------------------------ report
def press_rows(presses):
    cyc = [p.cycles for p in presses]
    first = [p.first_ms for p in presses if p.first_ms is not None]
    frame = [p.frame_ms for p in presses if p.frame_ms is not None]
    last = [p.last_ms for p in presses if p.last_ms is not None]
    return {
        "n": len(presses),
        "mcycles": (statistics.median(cyc) / 1e6, q(cyc, 0.95) / 1e6, max(cyc) / 1e6),
        "ms": tuple(c / CLOCK_HZ * 1e3 for c in (statistics.median(cyc), q(cyc, 0.95), max(cyc))),
        "first": (statistics.median(first), q(first, 0.95), max(first)) if first else None,
        "frame": (statistics.median(frame), q(frame, 0.95), max(frame)) if frame else None,
        "last": (statistics.median(last), q(last, 0.95), max(last)) if last else None,
    }


def trio(t, unit=" ms"):
    return "-" if t is None else "%s / %s / %s%s" % (ms(t[0]), ms(t[1]), ms(t[2]), unit)


def _low(h):
    if not h:
        return None
    lows = [v for _, v in h["heap"]]
    text = "%d B (n=%d)" % (min(lows), len(lows)) if lows else "-"
    if h.get("diverged") is not None:  # not the planned game: the figure says little
        text += "; left the planned game at press %d" % (h["diverged"] + 1)
    return text + "".join("; " + e for e in h["errors"])


def _decisions(h):
    d = [v for lvl, v in h["decisions"] if lvl == "best"] if h else []
    if not d:
        return None
    return "%s / %s ms (n=%d)" % (ms(statistics.median(d)), ms(max(d)), len(d))


def _worst_low(w):
    if not w:
        return None
    if [v for _, v in w["decisions"]]:
        return _low({"heap": [h for h in w["heap"] if h[0] == "cpu"], "errors": w["errors"]})
    # the set-up presses' samples say nothing about the game
    return "no computer move completed" + "".join("; " + e for e in w["errors"])


def table(res):
    """The markdown table: a row per figure, a column per lane (res["lanes"]: [(name,
    label)], res[name]: that lane's runs: "play", "heap", "worst", "late")."""
    lanes = res.get("lanes", [])
    cols = [res.get(name) or {} for name, _ in lanes]
    rows = [("figure",) + tuple(label for _, label in lanes)]

    def row(label, fn):
        cells = tuple(str(fn(c) if c else None).replace("None", "-") for c in cols)
        if any(x != "-" for x in cells):
            rows.append((label,) + cells)

    def pl(c, key):
        return (c.get("play") or {}).get(key)

    row(
        "power-up to the first frame",
        lambda c: None if pl(c, "first_frame_ms") is None else ms(pl(c, "first_frame_ms")) + " ms",
    )
    row(
        "free heap after start-up",
        lambda c: None if pl(c, "heap_start") is None else "%d B" % pl(c, "heap_start"),
    )
    for label, key in (
        ("CPU busy, awake and idle (title)", "idle_title_pct"),
        ("CPU busy, awake and idle (play screen)", "idle_play_pct"),
    ):
        row(label, lambda c, k=key: None if pl(c, k) is None else "%.1f %%" % pl(c, k))
    row(
        "CPU busy in lightsleep (display off)",
        lambda c: (
            None
            if pl(c, "sleep_pct") is None
            else ("%.3f %%" % pl(c, "sleep_pct") if pl(c, "asleep") else "did not sleep")
        ),
    )

    def presses(c, field, unit=" ms"):
        p = pl(c, "presses")
        return trio(press_rows(p)[field], unit) if p else None

    counted = [pl(c, "presses") for c in cols if pl(c, "presses")]
    if counted:
        n = "%d presses" % len(counted[0])
        row(
            "Mcycles per press, median / p95 / max (%s)" % n, lambda c: presses(c, "mcycles", " M")
        )
        row("CPU ms per press at 125 MHz, median / p95 / max", lambda c: presses(c, "ms"))
        row("deciding edge -> first I2C byte, median / p95 / max", lambda c: presses(c, "first"))
        row("deciding edge -> end of the press's frame", lambda c: presses(c, "frame"))
        row("deciding edge -> last I2C byte of the press", lambda c: presses(c, "last"))
    games = "%s (%s)" % (res.get("players", "4-player Yatzy, 2 `best`"), res.get("game", ""))
    row("lowest free heap after a press or decision, " + games, lambda c: _low(c.get("heap")))
    row("`best` decision, median / max, " + games, lambda c: _decisions(c.get("heap")))

    def floor(c):
        fl = (c.get("heap") or {}).get("floor")
        if not fl:
            return None
        worst = min(fl, key=lambda f: f[2])
        return "%d B (n=%d; %d B free before that decision)" % (worst[2], len(fl), worst[1])

    row("lowest live heap inside a decision (--floor), " + games, floor)
    for key, what in (
        ("worst", "START"),
        ("late", "CONTINUE %d rounds before the end" % LATE_ROUNDS),
    ):
        secs = [c[key]["emu_s"] for c in cols if c.get(key)]
        if not secs:
            continue
        label = "worst case: %d `best`, Maxi + Triple, %s (%.0f emulated s)" % (
            MAX_PLAYERS,
            what,
            max(secs),
        )
        row("lowest free heap, " + label, lambda c, k=key: _worst_low(c.get(k)))
        row("`best` decision, median / max, " + label, lambda c, k=key: _decisions(c.get(k)))
    w = max(len(r[0]) for r in rows)
    out = []
    for i, r in enumerate(rows):
        out.append("| %s | %s |" % (r[0].ljust(w), " | ".join(r[1:])))
        if i == 0:
            out.append("|%s|%s" % ("-" * (w + 2), "---|" * (len(r) - 1)))
    return "\n".join(out)


def costly(presses, n=8):
    """The n most expensive presses: (index, button, kind, Mcycles, flash ops)."""
    ranked = sorted(range(len(presses)), key=lambda i: -presses[i].cycles)[:n]
    return [
        (
            i + 1,
            presses[i].button,
            presses[i].kind,
            presses[i].cycles / 1e6,
            len(presses[i].flash_ops),
        )
        for i in ranked
    ]


SAVE_GAP_NS = 50 * rp2.NS_PER_MS  # flash operations closer than this belong to one save
ERASE_NS = 45 * rp2.NS_PER_MS  # the emulated W25Q16's busy times (tools/emu/rp2/pico.mjs)
PAGE_NS = 400_000


def _op_end(op):
    """When a flash operation (t, cycle, kind, addr, len) is done: its start plus busy time."""
    if op[2] == "erase":
        return op[0] + ERASE_NS * ((op[4] + 4095) // 4096)
    return op[0] + PAGE_NS * ((op[4] + 255) // 256)


def save_times(presses):
    """Every save of the run: [(ms from its first flash operation to the end of its last,
    operations, erases)]. A save is a burst of flash operations (a press of a computer's
    turn may make several, a computer step apart); its time is the flash's (the encoding
    before it is CPU time, in the press's cycles)."""
    out = []
    for p in presses:
        burst = []
        for op in p.flash_ops + [None]:
            if burst and (op is None or op[0] - burst[-1][0] > SAVE_GAP_NS):
                erases = len([1 for o in burst if o[2] == "erase"])
                span = (_op_end(burst[-1]) - burst[0][0]) / rp2.NS_PER_MS
                out.append((span, len(burst), erases))
                burst = []
            if op is not None:
                burst.append(op)
    return out


def main(argv=None):
    if argv is None:
        argv = sys.argv[1:] or shlex.split(os.environ.get("RP2_BENCH", ""))
    ap = argparse.ArgumentParser(description="rp2 bench (see the module docstring)")
    ap.add_argument(
        "--game4-rounds", type=int, default=2, help="rounds of the 4-player game (0: all)"
    )
    ap.add_argument(
        "--worst-ms",
        type=int,
        default=300000,
        help="emulated ms of the MAX_PLAYERS Maxi+Triple all-`best` game (stops at a crash)",
    )
    ap.add_argument(
        "--only",
        default="play,heap,worst,late",  # profile: on request
        help="comma-separated runs: play (stock is the same), heap, worst and late (need "
        "--worst-ms), profile",
    )
    ap.add_argument(
        "--lanes",
        default="image,stock",
        help="comma-separated lanes: image (build/pocket-yatzy.uf2), stock (the stock UF2 and "
        "`make flash`)",
    )
    ap.add_argument(
        "--players",
        default="4,2,best",
        help="the planned game: PLAYERS,COMPUTERS,LEVEL (the humans are the simulator's bot)",
    )
    ap.add_argument(
        "--floor",
        action="store_true",
        help="heap run: also the lowest live heap inside each computer decision (collects "
        "after each search step, so that run's decision times are left out)",
    )
    ap.add_argument(
        "--no-tour",
        dest="tour",
        action="store_false",
        help="the human seats only roll, hold and score (no hint, menus, undo, zero question: "
        "tools/bench/rp2_tour.py)",
    )
    ap.add_argument("--json", help="also write the raw figures here")
    ap.add_argument(
        "--cpu-mhz",
        type=int,
        default=125,
        help="run the emulated core at this clock (as machine.freq() would; the latency rows "
        "are the figures to read, the CPU-ms rows still count 8 ns a cycle)",
    )
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    CPU_MHZ[0] = a.cpu_mhz
    uf2, bootrom, why = rp2.find_firmware()
    if why:
        print("rp2 bench skipped: %s" % why)
        return 0
    log = (lambda s: None) if a.quiet else (lambda s: print(s, flush=True))
    lanes = []
    for name in a.lanes.split(","):
        if name == "image":
            lane, why_image = lanes_.image_lane(bootrom, a.cpu_mhz)
            if lane is None:
                log("the image lane is skipped: %s" % why_image)
                continue
        elif name == "stock":
            lane = lanes_.StockLane(uf2, bootrom, a.cpu_mhz)
        else:
            ap.error("--lanes: %r is no lane (image, stock)" % name)
        lanes.append(lane)
    w0 = time.monotonic()
    log(
        "planning the %s game on CPython (seed %d, %s rounds)"
        % (a.players, SEED, a.game4_rounds or "all")
    )
    n, cpu, level = a.players.split(",")
    n, cpu = int(n), int(cpu)
    labels = []
    presses, frames = plan_game(
        "yatzy", n, cpu, level, max_rounds=a.game4_rounds, tour=a.tour, labels=labels
    )
    log("  %d presses" % len(presses))
    only = set(a.only.replace("stock", "play").split(","))
    unknown = only - {"play", "heap", "worst", "late", "profile"}
    if unknown:
        ap.error("--only: %s is no run (play, heap, worst, late, profile)" % ", ".join(unknown))
    res = {"game": "%d rounds" % a.game4_rounds if a.game4_rounds else "whole game"}
    res["players"] = "%d-player Yatzy, %d `%s`" % (n, cpu, level)
    res["lanes"] = [(lane.name, lane.label) for lane in lanes]
    worst = late = None
    for lane in lanes:
        r = res[lane.name] = {}
        log("== %s lane: %s" % (lane.name, lane.label))
        if "play" in only:
            r["play"] = run_play(lane, presses, frames, log, a.game4_rounds, labels)
        if "heap" in only:
            log("heap probe run")
            r["heap"] = run_heap(lane, presses, frames, log, floor=a.floor)
        if a.worst_ms and "worst" in only:
            log(
                "worst case: %d x best, Maxi Yatzy + Triple, %d emulated ms"
                % (MAX_PLAYERS, a.worst_ms)
            )
            if worst is None:
                worst = plan_game(
                    "maxi", MAX_PLAYERS, MAX_PLAYERS, "best", triple=True, idle_ms=1000
                )
            r["worst"] = run_worst(lane, worst[0], worst[1], log, a.worst_ms)
        if a.worst_ms and "late" in only:
            log("worst case from a save %d rounds before the end (CONTINUE)" % LATE_ROUNDS)
            if late is None:
                late = worst_late_save(LATE_ROUNDS)
                log("  game.dat: %d B" % len(late))
            r["late"] = run_worst(lane, [], [], log, a.worst_ms, late=late)
        if "profile" in only:
            log("profile run (every function of %d modules timed)" % len(PROFILE_MODULES))
            r["profile"] = run_profile(lane, presses, frames, log)
    print()
    print(table(res))
    for lane in lanes:
        report(lane.name, res[lane.name], res, labels)
    print("\nrp2 bench: %.0f s wall" % (time.monotonic() - w0))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(_jsonable(res, presses), f, indent=1)
    return 0


def report(name, r, res=None, labels=None):
    """What the table leaves out, for one lane: where a run left the plan, the latency per
    screen, the costliest presses, the saves' flash times, the profile."""
    for key in ("play", "heap", "worst"):
        if (r.get(key) or {}).get("diverged") is not None:
            print(
                "\nNOTE: %s lane, %s run left the planned game at press %d"
                % (name, key, r[key]["diverged"] + 1)
            )
    play_ = r.get("play") or {}
    for n, what in play_.get("followed", ()):
        print("NOTE: %s lane, press %d: the Pico's game %s" % (name, n, what))
    if play_.get("presses"):
        if res is not None:
            print("\nper screen (%s), %s, %s:\n" % (name, res["players"], res["game"]))
        print(screen_table(screen_rows(play_["presses"]), name))
        print("\ncostliest presses (%s): #, button, kind, Mcycles, flash ops" % name)
        for row in costly(play_["presses"]):
            print("  %d %s %s %.1f %d" % row)
        saves = save_times(play_["presses"])
        if saves:
            times = sorted(t for t, _n, _e in saves)
            print(
                "\nsaves (%s): %d, flash time median %.1f ms, p95 %.1f ms, max %.1f ms; "
                "flash operations per save %.1f, erases %.2f"
                % (
                    name,
                    len(times),
                    q(times, 0.5),
                    q(times, 0.95),
                    times[-1],
                    sum(n for _t, n, _e in saves) / len(saves),
                    sum(e for _t, _n, e in saves) / len(saves),
                )
            )
    if r.get("profile"):
        print("\n%s lane:" % name)
        print_profile(r["profile"], labels)


def print_profile(prof, labels=None):
    """The profile run: the top functions over the run, then before the first byte per
    kind of press (screen class and mode), and App.press to the first byte per screen."""
    print("\nprofile (inclusive ms, calls), top 40:")
    for us, calls, name in prof["rows"][:40]:
        print("  %9.1f ms %7d  %s" % (us / 1000, calls, name))
    for kind, rows in sorted(prof.get("pre", {}).items()):
        print("\nbefore the first byte, presses on %s (inclusive ms, calls), top 15:" % kind)
        for us, calls, name in rows[:15]:
            print("  %9.1f ms %7d  %s" % (us / 1000, calls, name))
    first = prof.get("first") or []
    if labels and len(first) == len(labels):
        by = {}
        for us, lab in zip(first, labels):
            if us is not None:
                by.setdefault(lab, []).append(us / 1000)
        print("\nApp.press to its first byte, profiled (ms, median / max):")
        for lab in sorted(by):
            v = by[lab]
            print("  %-14s n=%3d  %6.1f / %6.1f" % (lab, len(v), statistics.median(v), max(v)))


def _jsonable(res, presses):
    def press(p):
        return {
            "button": p.button,
            "kind": p.kind,
            "cycles": p.cycles,
            "first_ms": p.first_ms,
            "frame_ms": p.frame_ms,
            "last_ms": p.last_ms,
            "bytes": p.bytes,
            "screen": getattr(p, "screen", None),
            "flash_ops": len(p.flash_ops),
        }

    out = {}
    for k, v in res.items():
        if not isinstance(v, dict):
            out[k] = v
            continue
        out[k] = {}
        for run, r in v.items():
            r = dict(r)
            if "presses" in r:
                r["presses"] = [press(p) for p in r["presses"]]
            out[k][run] = r
    return out


if __name__ == "__main__":
    sys.exit(main())
