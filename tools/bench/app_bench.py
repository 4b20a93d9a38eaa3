# `make bench` (app): display bytes, MicroPython instructions and heap for an autoplayed game.
# SPDX-License-Identifier: MIT
"""App benchmark.

    python -m tools.bench.app_bench [--players 4] [--rules yatzy] [--seed 1]
                              [--limit N] [--cpu N] [--level L] [--no-callgrind]
                              [--no-heap] [--no-wasm32] [--no-parts]
                              [--source] [--json] [--firmware DIR [--harness DIR]]

1. Records a game on CPython: the simulator session plays a new game through the menus and
   then every human seat with the autoplay bot, pressing buttons only (all seats are human
   unless `--cpu N` makes the last N the app's computer players, at `--level`). Every call the
   shell made to the app (start, press, tick, with their times) is logged.
2. Replays the log on the MicroPython unix port (tools/bench/app_mp.py) with the firmware's
   own SSD1306 driver over an I2C that counts bytes: display bytes per press (mean, 95th
   percentile, max); the replay must end in the same game totals as on CPython. What the
   frames sent in parts cost (parts_cost, on CPython): the bytes as sent and with each
   call's pushes merged into one, by press (`--no-parts` skips it).
3. Instructions per press: callgrind on the unix port (TOOLCHAIN.md "Instruction counts"),
   the full replay minus a replay of the start alone, divided by the presses.
4. The smallest `-X heapsize` the replay completes with (bisection, 1 KiB steps), with the
   `.mpy` files in the heap and with them in a ROMFS image (run in place from flash).
5. The 32-bit lane: the same replay on MicroPython's WebAssembly port under Node
   (tools/emu/wasm32/replay.mjs; 32-bit objects and 16-byte GC blocks, as on the Pico, where the
   unix port's are twice that size): the largest live heap, and the most any one log line
   (a press, a tick) takes with nothing collected during it. Skipped, saying so, when Node
   or the port (`npm ci` in tools/emu/wasm32, which `make bench` runs) is missing.
The replays run the `mpy-cross` build of firmware/ (what `make flash` puts on the Pico);
`--source` runs the .py files instead (the unix port then compiles them on its heap).
`--firmware DIR` replays (and builds) another firmware tree instead of firmware/, with the
replay's tools modules from `--harness DIR` (a root holding tools/, default the repository),
e.g. another worktree's, to compare two versions on one recording. The recording on CPython
stays on firmware/ (the presses are the same).
Targets: mean <= 300 data bytes per press; completes with heapsize=64k.
"""

import argparse
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from save.store import LEVELS as _SEAT_KINDS

from tools.emu import mp_run
from tools.paths import FIRMWARE, ROOT, TOOLS

LEVELS = tuple(lv for lv in _SEAT_KINDS if lv)  # the app's computer levels ("" is a human)

REPLAY = os.path.join(TOOLS, "bench", "app_mp.py")
REPLAY_MODULE = "tools.bench.app_mp"  # its name when imported from a ROMFS image
ROMFS_RUN = os.path.join(TOOLS, "emu", "romfs_run.py")
WASM32 = os.path.join(TOOLS, "emu", "wasm32")
# The tools modules the replay imports on MicroPython, compiled into the build beside the
# firmware (as a board's runner would be); a package must come whole from one path entry.
REPLAY_TOOLS = (
    "tools/__init__.py",
    "tools/sim/__init__.py",
    "tools/sim/loop.py",
    "tools/bench/__init__.py",
    "tools/bench/app_mp.py",
)
WASM32_REPLAY = os.path.join(WASM32, "replay.mjs")
WASM32_PORT = os.path.join(
    WASM32, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs"
)
TARGET_MEAN_BYTES = 300
TARGET_HEAP_K = 64
FULL_FRAME = 1024


class BenchError(RuntimeError):
    pass


class _Enough(Exception):
    """The press limit was reached."""


def record(players=4, rules="yatzy", seed=1, limit=None, cpu=0, level="basic"):
    """Play a game on CPython through button presses; returns (log lines, totals or None,
    presses). `limit` stops after that many presses (a slice for tests). The last `cpu`
    seats are the app's computer players at `level` (they play on ticks, not presses)."""
    from tools.sim import bot as sim_bot
    from tools.sim.session import Session

    log = []
    session = Session(runtime="cpython", seed=seed, keep_frames=False)
    backend_call = session.backend.call
    count = [0]

    def call(op, *args):
        if op == "P":
            if limit is not None and count[0] >= limit:
                raise _Enough()
            count[0] += 1
        log.append(" ".join([op] + [str(a) for a in args]))
        return backend_call(op, *args)

    session.backend.call = call
    totals = None
    try:
        session.start()
        sim_bot.new_game(session, rules=rules, players=players, cpu=cpu, cpu_level=level)
        game = sim_bot.autoplay(session)
        if game is None:
            game = session.game()
        totals = list(game.totals())
    except _Enough:
        pass
    finally:
        session.close()
    return log, totals, count[0]


def _write_log(lines):
    fd, path = tempfile.mkstemp(prefix="bench-app-", suffix=".log")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def build_code(out, firmware=FIRMWARE, harness=ROOT):
    """Compile the firmware tree (firmware/ unless told) as `make build` does (mpy-cross
    flash.mpy_opt), plus the replay's tools modules (REPLAY_TOOLS, at their package paths under the
    root `harness`), into `out`; returns the MICROPYPATH entries to use. The Pico runs these
    .mpy files, so heap and instruction figures are measured on them."""
    from tools.flash import flash

    if os.path.abspath(firmware) == os.path.abspath(FIRMWARE):  # one build for all who ask
        shutil.copytree(flash.cached_build(), out, dirs_exist_ok=True)
    else:
        flash.build(out=out, quiet=True, src=firmware)
    for rel in REPLAY_TOOLS:
        compile_tool(rel, os.path.join(out, rel[:-3] + ".mpy"), harness)
    return [out, ".frozen"]


def compile_tool(name, dst, root=ROOT):
    """mpy-cross a file of the repository (`name` relative to `root`, the repository
    unless told) into dst, as `make build` compiles the firmware (tracebacks name the
    module: flash.source_name)."""
    from tools.flash import flash

    os.makedirs(os.path.dirname(dst), exist_ok=True)
    src = os.path.join(root, name)
    cmd = flash.mpy_cross_cmd(src, dst, flash.source_name(name))
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode:
        raise BenchError("mpy-cross failed on %s: %s" % (name, res.stderr))


def replay(
    log_path,
    seed,
    heap=None,
    quiet=False,
    wrapper=(),
    timeout=1800,
    path=None,
    romfs=None,
    script=REPLAY,
):
    """Run the replay on the unix port; returns (exit status, stdout, stderr). `path` is the
    MICROPYPATH list (default: the firmware sources and tools/). With `romfs` (an image
    path) the code is imported from that image mounted at /rom (tools/emu/romfs_run.py);
    else `script` is the replay run (app_mp.py, or its copy in another harness)."""
    with tempfile.TemporaryDirectory(prefix="bench-app-flash-") as flash:
        if romfs:
            argv = mp_run.mp_command(ROMFS_RUN, heap) + [romfs, REPLAY_MODULE]
            path = [".frozen"]
        else:
            argv = mp_run.mp_command(script, heap)
        argv = list(wrapper) + argv + [log_path, str(seed), flash]
        if quiet:
            argv.append("quiet")
        env = mp_run.mp_env()
        if path is not None:
            env["MICROPYPATH"] = ":".join(path)
        env["PYTHONHASHSEED"] = "0"
        proc = subprocess.run(
            argv, capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT
        )
    return proc.returncode, proc.stdout, proc.stderr


def parse_replay(out):
    """Per-press (data, bus) byte counts, totals and press count from the replay output."""
    per_press = []
    totals = None
    done = None
    heap = {}
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "B":
            per_press.append((int(parts[1]), int(parts[2])))
        elif parts[0] == "TOTALS":
            totals = [int(x) for x in parts[1:]]
        elif parts[0] == "DONE":
            done = int(parts[1])
        elif parts[0] in ("HEAP_START", "HEAP_END", "HEAP_HARNESS"):
            heap[parts[0].lower()] = int(parts[1])
        elif parts[0] == "MODULES":
            heap["modules"] = parts[1:]
    return per_press, totals, done, heap


def percentile(values, q):
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    if not values:
        raise ValueError("percentile of no values")
    s = sorted(values)
    k = max(1, -(-len(s) * q // 100))  # ceil(n*q/100), at least 1
    return s[int(k) - 1]


def byte_stats(per_press):
    data = [d for d, _ in per_press]
    bus = [b for _, b in per_press]
    return {
        "presses": len(per_press),
        "data_mean": sum(data) / len(data),
        "data_p95": percentile(data, 95),
        "data_max": max(data),
        "bus_mean": sum(bus) / len(bus),
        "bus_p95": percentile(bus, 95),
        "full_frames_equiv": sum(data) / FULL_FRAME,
    }


MODULE_HEAP_SCRIPT = """
import gc
import sys
import micropython
gc.collect()
before = gc.mem_alloc()
print("QSTR", end=" ")
micropython.qstr_info()
for name in sys.argv[1:]:
    __import__(name)
    gc.collect()
    now = gc.mem_alloc()
    print("MOD", name, now - before)
    print("QSTR", end=" ")
    micropython.qstr_info()
    before = now
"""
_QSTR_INFO = re.compile(r"QSTR qstr pool: n_pool=(\d+), n_qstr=(\d+), .*n_total_bytes=(\d+)")


def module_heap(modules, path=None, names=None):
    """Live heap each module adds when imported (in the given order, after its own
    dependencies already imported), without the interned-name pools: [(name, bytes)],
    largest first. The pools grow in steps (each new one twice the last) that would land
    on whichever module crosses a boundary; their total goes to the dict `names` if given
    ({"pools", "names", "bytes"}: pools, interned names and their heap at the end)."""
    # in a directory of its own: MicroPython puts a script's directory first on sys.path, and
    # any module or folder in the system's temporary directory would shadow the firmware's
    with tempfile.TemporaryDirectory(prefix="bench-app-mods-") as d:
        script = os.path.join(d, "module_heap.py")
        with open(script, "w") as f:
            f.write(MODULE_HEAP_SCRIPT)
        env = mp_run.mp_env()
        if path is not None:
            env["MICROPYPATH"] = ":".join(path)
        argv = mp_run.mp_command(script) + list(modules)
        proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    if proc.returncode:
        raise BenchError("module heap probe failed: %s" % proc.stdout[-2000:])
    out = []
    pools = []
    for line in proc.stdout.splitlines():
        parts = line.split()
        m = _QSTR_INFO.match(line)
        if m:
            pools.append([int(g) for g in m.groups()])
        elif len(parts) == 3 and parts[0] == "MOD":
            out.append([parts[1], int(parts[2])])
    if len(pools) == len(out) + 1:  # a qstr_info line before and after every import
        for i, row in enumerate(out):
            row[1] -= pools[i + 1][2] - pools[i][2]
        if names is not None:
            names.update(pools=pools[-1][0], names=pools[-1][1], bytes=pools[-1][2])
    out = [tuple(row) for row in out]
    out.sort(key=lambda kv: -kv[1])
    return out


def completes(log_path, seed, heap_k, presses, path=None, romfs=None, script=REPLAY):
    heap = "%dk" % heap_k
    rc, out, _ = replay(log_path, seed, heap, True, path=path, romfs=romfs, script=script)
    return rc == 0 and ("DONE %d" % presses) in out


def smallest_heap(log_path, seed, presses, lo=8, hi=2048, path=None, romfs=None, script=REPLAY):
    """Smallest heap (KiB) the replay completes with, by bisection; None if even `hi` fails."""
    if not completes(log_path, seed, hi, presses, path, romfs, script):
        return None
    if completes(log_path, seed, lo, presses, path, romfs, script):
        return lo
    while hi - lo > 1:  # invariant: lo fails, hi completes
        mid = (lo + hi) // 2
        if completes(log_path, seed, mid, presses, path, romfs, script):
            hi = mid
        else:
            lo = mid
    return hi


@contextlib.contextmanager
def _image(build_dir, suffix, scripts, root=ROOT):
    """A ROMFS image of `build_dir` (which build_code gave the replay's tools modules) with
    the extra `scripts` (paths from `root`, the repository unless told) compiled at its root
    too; yields (path, size), removed after."""
    from tools.flash import flash

    img = os.path.join(build_dir, "..", os.path.basename(build_dir) + suffix + ".img")
    extra = []
    try:
        for name in scripts:
            mpy = os.path.basename(name)[:-3] + ".mpy"  # its name in the image
            dst = img[:-4] + "_" + mpy
            extra.append((mpy, dst))
            compile_tool(name, dst, root)
        size = flash.romfs_image(build_dir=build_dir, out=img, extra=extra, quiet=True)
        yield img, size
    finally:
        for f in [img] + [dst for _, dst in extra]:
            if os.path.exists(f):
                os.unlink(f)


def romfs_heap(log_path, seed, presses, build_dir):
    """The heap figures with the code in a ROMFS image (as on a board with a ROMFS
    partition): the smallest -X heapsize, what the image itself takes of it (it stands in
    for flash), and the difference, which is what the game needs."""
    with _image(build_dir, "", []) as (img, size):
        rc, out, err = replay(log_path, seed, quiet=True, romfs=img)
        m = re.search(r"ROMFS_HEAP (\d+)", out)
        if rc != 0 or not m or ("DONE %d" % presses) not in out:
            raise BenchError("ROMFS replay failed (%d): %s%s" % (rc, out[-2000:], err[-2000:]))
        image_heap = int(m.group(1))
        k = smallest_heap(log_path, seed, presses, lo=image_heap // 1024, romfs=img)
    return {
        "romfs_image": size,
        "romfs_image_heap": image_heap,
        "romfs_heap_k": k,
        "romfs_game_k": None if k is None else k - image_heap / 1024.0,
    }


def wasm32_missing():
    """Why the 32-bit lane cannot run here (None when it can)."""
    import shutil

    if shutil.which("node") is None:
        return "node not found"
    if not os.path.exists(WASM32_PORT):
        return "the WebAssembly port is not installed (npm ci --prefix tools/emu/wasm32)"
    return None


def wasm32_replay(log_path, seed, code=None, image=None, timeout=600, harness=ROOT):
    """tools/emu/wasm32/replay.mjs on the log, the code from the directories `code` (loaded into
    the heap) or the ROMFS `image`, the replay's sources from the root `harness`: {"image",
    "live_start", "live_max", "event_max", "event_line", "event_what", "totals", "done"}
    (bytes, 32-bit)."""
    argv = ["node", WASM32_REPLAY, "--log", log_path, "--seed", str(seed)]
    if harness != ROOT:
        argv += ["--script", os.path.join(harness, "tools")]
    if image:
        argv += ["--image", image]
    for d in code or ():
        argv += ["--code", d]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    m = re.search(r"^WASM32 (\d+) (\d+) (\d+) (\d+) (\d+) (.*)$", proc.stdout, re.M)
    if proc.returncode or not m:
        raise BenchError(
            "32-bit replay failed (%d): %s%s" % (proc.returncode, proc.stdout[-2000:], proc.stderr)
        )
    _, totals, done, _ = parse_replay(proc.stdout)
    files = re.search(r"^FILES (\d+) (\d+)$", proc.stdout, re.M)
    if image and (not files or files.group(1) != files.group(2)):
        raise BenchError(
            "32-bit replay: not every module came from the ROMFS image: %s"
            % (files.group(0) if files else "no FILES line")
        )
    return {
        "image": int(m.group(1)),
        "live_start": int(m.group(2)),
        "live_max": int(m.group(3)),
        "event_max": int(m.group(4)),
        "event_line": int(m.group(5)),
        "event_what": m.group(6),
        "totals": totals,
        "done": done,
        "top": [
            (int(b), int(n), w)
            for b, n, w in re.findall(r"^TOP (\d+) (\d+) (.*)$", proc.stdout, re.M)
        ],
    }


def wasm32_heap(log_path, seed, presses, build_dir, totals, harness=ROOT):
    """The 32-bit lane, .mpy files in the heap and ROMFS: {"wasm32_mpy": ..., "wasm32_romfs":
    ...} as wasm32_replay() gives them; each must end the game as the unix port did."""
    scripts = ["tools/emu/wasm32/replay_mp.py"]
    with _image(build_dir, "-wasm32", scripts, harness) as (img, _):
        res = {
            "wasm32_mpy": wasm32_replay(log_path, seed, code=[build_dir], harness=harness),
            "wasm32_romfs": wasm32_replay(log_path, seed, image=img, harness=harness),
        }
    for k, v in res.items():
        if v["done"] != presses or (totals is not None and v["totals"] != totals):
            raise BenchError(
                "%s replay did %r presses with totals %r; the unix port %d, %r"
                % (k, v["done"], v["totals"], presses, totals)
            )
    return res


def callgrind_instructions(log_path, seed, path=None, script=REPLAY):
    """Instructions of the MicroPython part (run_main) for one replay of `log_path`."""
    wrapper = (
        "valgrind",
        "--tool=callgrind",
        "--toggle-collect=*run_main*",
        "--callgrind-out-file=/dev/null",
    )
    rc, out, err = replay(log_path, seed, quiet=True, wrapper=wrapper, path=path, script=script)
    if rc != 0:
        raise BenchError("callgrind replay failed (%d): %s%s" % (rc, out[-2000:], err[-2000:]))
    m = re.search(r"Collected\s*:\s*(\d+)", err)
    if not m:
        raise BenchError("no callgrind summary in: %s" % err[-1000:])
    return int(m.group(1))


def instructions_per_press(log_lines, seed, presses, path=None, script=REPLAY):
    """(full - start only) / presses, both replays under callgrind."""
    full = _write_log(log_lines)
    start_only = _write_log([ln for ln in log_lines if ln.startswith("S ")])
    try:
        total = callgrind_instructions(full, seed, path, script)
        base = callgrind_instructions(start_only, seed, path, script)
    finally:
        os.unlink(full)
        os.unlink(start_only)
    return (total - base) / presses, total, base


def breakdown(log_lines, per_press):
    """Mean data bytes per press, by button and kind: {"roll short": (count, mean), ...}."""
    groups = {}
    presses = [ln.split() for ln in log_lines if ln.startswith("P ")]
    for parts, (data, _) in zip(presses, per_press):
        key = "%s %s" % (parts[1], parts[2])
        n, total = groups.get(key, (0, 0))
        groups[key] = (n + 1, total + data)
    return {k: (n, total / n) for k, (n, total) in sorted(groups.items())}


def parts_cost(log_lines, seed=1):
    """What sending a press's frame part by part costs (on CPython, the firmware's app and
    FramePusher on a display that counts bytes as the firmware driver sends them: a window
    is 8 set-up bytes, 2 per page written (once if full width) and its data). The log is
    replayed twice: as the app sends it, and with every push of a call (press or tick)
    merged into one at its end (the parts, the part sent first and send_part's early part
    then go out together, later: what the frames cost without the early first byte). The
    panel must show the same frame after every call in both. Returns {"sent": ..., "merged":
    ...} each {"data", "bus"} (means per press, a press counting the ticks up to the next
    press, as the replay counts), and "by": {"<button> <kind>[ parts]": (presses, data
    sent, data merged, bus sent, bus merged)} (means; " parts": the presses whose call
    pushed more than once as sent)."""
    import app as app_module
    from gfx.pusher import FramePusher
    from save.storage import MemoryStorage
    from yatzy.dice import SeededDice

    from tools.sim.loop import Shell
    from tools.sim.scenes import MemDisplay

    class Counting(MemDisplay):
        bus = 0

        def show(self):
            self.bus += 8 + 2 + len(self.buffer)
            super().show()

        def show_window(self, x0, x1, p0, p1):
            w, n = x1 - x0 + 1, p1 - p0 + 1
            self.bus += 8 + (2 if w == self.width else 2 * n) + w * n
            super().show_window(x0, x1, p0, p1)

    class OnePush(FramePusher):
        """Pushes only at flush(): every push of a call goes out as one, at its end."""

        def push(self):
            return 0

        def push_full(self):
            self._full = True
            return 0

        def flush(self):
            n = self.plan()
            if getattr(self, "_full", False) or n < 0:
                self._full = False
                return FramePusher.push_full(self)
            return self.send(n) if n else 0

    runs = {}
    for mode in ("sent", "merged"):
        disp = Counting()
        app = app_module.App(disp, MemoryStorage(), SeededDice(seed))
        if mode == "merged":
            app.pusher = OnePush(disp)
        shell = Shell(app, disp)
        presses = []  # [key, data, bus] from each press on
        panels = []
        for line in log_lines:
            parts = line.split()
            n0 = app.pusher.pushes
            if parts[0] == "P":
                presses.append(["%s %s" % (parts[1], parts[2]), disp.sent, disp.bus, 0])
                shell.press(parts[1], parts[2], int(parts[3]))
            elif parts[0] == "T":
                shell.tick(int(parts[1]))
            else:
                shell.start(int(parts[1]))
            if mode == "merged":
                app.pusher.flush()
            if parts[0] == "P" and mode == "sent" and app.pusher.pushes - n0 > 1:
                presses[-1][0] += " parts"  # the press's own frame went out in pushes
            panels.append(bytes(disp.panel))
        presses.append([None, disp.sent, disp.bus])
        per = [(a[0], b[1] - a[1], b[2] - a[2]) for a, b in zip(presses, presses[1:])]
        runs[mode] = (per, panels)
    (sent, p1), (merged, p2) = runs["sent"], runs["merged"]
    if p1 != p2:
        k = next(i for i, (a, b) in enumerate(zip(p1, p2)) if a != b)
        raise BenchError("the merged replay shows another frame after log line %d" % (k + 1))
    n = len(sent)
    by = {}
    for (key, d1, b1), (_, d2, b2) in zip(sent, merged):
        row = by.setdefault(key, [0, 0, 0, 0, 0])
        for i, v in enumerate((1, d1, d2, b1, b2)):
            row[i] += v
    return {
        "sent": {"data": sum(r[1] for r in sent) / n, "bus": sum(r[2] for r in sent) / n},
        "merged": {
            "data": sum(r[1] for r in merged) / n,
            "bus": sum(r[2] for r in merged) / n,
        },
        "by": {
            k: (r[0], r[1] / r[0], r[2] / r[0], r[3] / r[0], r[4] / r[0])
            for k, r in sorted(by.items())
        },
    }


def _top_imports(name, firmware=FIRMWARE):
    """Modules a firmware module imports at its top level (not inside functions)."""
    import ast

    rel = name.replace(".", "/")
    for cand in (rel + ".py", rel + "/__init__.py"):
        path = os.path.join(firmware, cand)
        if os.path.exists(path):
            break
    else:
        return []
    with open(path) as f:
        tree = ast.parse(f.read())
    out = []
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
            out += [node.module + "." + a.name for a in node.names]
        elif isinstance(node, (ast.Try, ast.If)):
            todo += node.body + node.orelse + getattr(node, "handlers", [])
        elif isinstance(node, ast.ExceptHandler):
            todo += node.body
    return out


def _import_order(modules, firmware=FIRMWARE):
    """Dependencies first, so each module's heap figure is its own."""
    wanted = set(modules)
    order = []
    seen = set()

    def visit(m):
        if m in seen:
            return
        seen.add(m)
        if "." in m:
            visit(m.rsplit(".", 1)[0])
        for dep in _top_imports(m, firmware):
            if dep in wanted:
                visit(dep)
        order.append(m)

    for m in sorted(modules):
        visit(m)
    return order


def run(
    players=4,
    rules="yatzy",
    seed=1,
    limit=None,
    callgrind=True,
    heap=True,
    source=False,
    out=print,
    wasm32=True,
    cpu=0,
    level="basic",
    parts=True,
    firmware=FIRMWARE,
    harness=ROOT,
):
    """The whole bench; returns a dict of figures (and prints a report through `out`).
    `source` runs firmware/*.py as they are instead of the mpy-cross build; `firmware` and
    `harness` replay another firmware tree and the replay's tools from another root (the
    module doc)."""
    if mp_run.micropython_binary() is None:
        raise BenchError("MicroPython unix port not installed (make venv)")
    t0 = time.time()
    log, cp_totals, presses = record(players, rules, seed, limit, cpu, level)
    if not presses:
        raise BenchError("the recorded game has no presses")
    res = {"players": players, "rules": rules, "seed": seed, "log_calls": len(log)}
    res["cpu"], res["level"] = cpu, level
    fw = "firmware/" if firmware == FIRMWARE else firmware.rstrip("/") + "/"
    from tools.flash import flash

    build_kind = "mpy-cross -O%s build of %%s" % flash.mpy_opt()
    res["code"] = ("%s*.py sources" if source else build_kind) % fw
    path = _write_log(log)
    build = tempfile.TemporaryDirectory(prefix="bench-app-mpy-")
    try:
        if source:
            other = firmware != FIRMWARE or harness != ROOT
            mp_path = [firmware, harness, ".frozen"] if other else None
        else:
            mp_path = build_code(build.name, firmware, harness)
        script = os.path.join(harness, "tools", "bench", "app_mp.py")
        rc, stdout, stderr = replay(path, seed, path=mp_path, script=script)
        if rc != 0:
            raise BenchError(
                "MicroPython replay failed (%d):\n%s%s" % (rc, stdout[-3000:], stderr)
            )
        per_press, mp_totals, done, live = parse_replay(stdout)
        if done != presses or len(per_press) != presses:
            raise BenchError("replay did %r presses, %d recorded" % (done, presses))
        if cp_totals is not None and mp_totals != cp_totals:
            raise BenchError(
                "MicroPython ended with totals %r, CPython with %r" % (mp_totals, cp_totals)
            )
        res["totals"] = mp_totals
        res["complete_game"] = cp_totals is not None
        res.update(byte_stats(per_press))
        res["per_press"] = per_press
        res["by_button"] = breakdown(log, per_press)
        if parts:
            res["parts"] = parts_cost(log, seed)
        modules = live.pop("modules", None)
        res.update(live)
        if modules:
            names = {}
            order = _import_order(modules, firmware)
            res["module_heap"] = module_heap(order, mp_path, names)
            if names:
                res["interned"] = names
        if heap:
            res["heap_k"] = smallest_heap(path, seed, presses, path=mp_path, script=script)
            if not source:
                res.update(romfs_heap(path, seed, presses, build.name))
        if wasm32 and not source:
            why = wasm32_missing()
            if why:
                res["wasm32_skipped"] = why
            else:
                res.update(wasm32_heap(path, seed, presses, build.name, mp_totals, harness))
        if callgrind:
            ipp, total, base = instructions_per_press(log, seed, presses, mp_path, script)
            res["instr_per_press"] = ipp
            res["instr_total"] = total
            res["instr_start"] = base
    finally:
        os.unlink(path)
        build.cleanup()
    res["seconds"] = time.time() - t0
    out(report(res))
    return res


def report(r):
    lines = [
        "app bench: %d-player %s game%s, seed %d, %s, %d presses (all through buttons), %s"
        % (
            r["players"],
            r["rules"],
            " (%d computer players, %s)" % (r["cpu"], r["level"]) if r.get("cpu") else "",
            r["seed"],
            "whole game" if r.get("complete_game") else "slice",
            r["presses"],
            r["code"],
        ),
        "  display data bytes per press: mean %.1f, p95 %d, max %d (full frame %d; target mean"
        " <= %d: %s)"
        % (
            r["data_mean"],
            r["data_p95"],
            r["data_max"],
            FULL_FRAME,
            TARGET_MEAN_BYTES,
            "met" if r["data_mean"] <= TARGET_MEAN_BYTES else "MISSED",
        ),
        "  I2C bus bytes per press (address, control, commands too): mean %.1f, p95 %d"
        % (r["bus_mean"], r["bus_p95"]),
        "  data bytes by press: "
        + ", ".join("%s %d x %.0f" % (k, n, m) for k, (n, m) in r["by_button"].items()),
    ]
    if "parts" in r:
        pc = r["parts"]
        lines.append(
            "  frames sent in parts (CPython replay, as the driver sends them): data / bus"
            " bytes per press %.1f / %.1f; with each call's pushes merged into one at its"
            " end (no early part) %.1f / %.1f; the presses sent in parts: %s"
            % (
                pc["sent"]["data"],
                pc["sent"]["bus"],
                pc["merged"]["data"],
                pc["merged"]["bus"],
                ", ".join(
                    "%s %d x %.0f/%.0f (merged %.0f/%.0f)" % (k[:-6], v[0], v[1], v[3], v[2], v[4])
                    for k, v in pc["by"].items()
                    if k.endswith(" parts")
                ),
            )
        )
    if "instr_per_press" in r:
        lines.append(
            "  MicroPython instructions per press (callgrind, unix port): %.0f"
            " (start-up %d, whole run %d)"
            % (r["instr_per_press"], r["instr_start"], r["instr_total"])
        )
    if "heap_start" in r:
        lines.append(
            "  live heap after a collection (64-bit unix port): %d bytes after start, %d at end%s"
            % (
                r["heap_start"],
                r["heap_end"],
                " (%d of them before the firmware was imported: the interpreter's own, the"
                " replay's code and shell)" % r["heap_harness"]
                if "heap_harness" in r
                else "",
            )
        )
    if r.get("module_heap"):
        mh = r["module_heap"]
        lines.append(
            "  heap taken by importing each module (64-bit, the modules loaded at the end):"
            " %d bytes in all in %d modules; %s"
            % (sum(n for _, n in mh), len(mh), ", ".join("%s %d" % kv for kv in mh[:10]))
        )
    if r.get("interned"):
        q = r["interned"]
        lines.append(
            "  interned names of those modules (64-bit): %d in %d pools, %d bytes (pools"
            " double as they fill and are never freed)" % (q["names"], q["pools"], q["bytes"])
        )
    if "heap_k" in r:
        h = r["heap_k"]
        lines.append(
            "  smallest -X heapsize that completes: %s (target %dk: %s)"
            % (
                "over 2048k" if h is None else "%dk" % h,
                TARGET_HEAP_K,
                "met" if h is not None and h <= TARGET_HEAP_K else "MISSED",
            )
        )
    if "romfs_heap_k" in r:
        g = r["romfs_game_k"]
        lines.append(
            "  with the code in a ROMFS image (%d bytes; run in place, as on a board with a"
            " ROMFS partition): smallest -X heapsize %s, of which the image held in the heap"
            " to stand in for flash %.1fk: the game needs %s (target %dk: %s)"
            % (
                r["romfs_image"],
                "over 2048k" if r["romfs_heap_k"] is None else "%dk" % r["romfs_heap_k"],
                r["romfs_image_heap"] / 1024.0,
                "?" if g is None else "%.1fk" % g,
                TARGET_HEAP_K,
                "met" if g is not None and g <= TARGET_HEAP_K else "MISSED",
            )
        )
    for key, how in (("wasm32_mpy", ".mpy files in the heap"), ("wasm32_romfs", "ROMFS")):
        w = r.get(key)
        if w:
            lines.append(
                "  32-bit MicroPython (WebAssembly port), %s: live heap at most %.1fk (%.1fk"
                " after start); the most one press or tick takes, nothing collected during"
                " it: %.1fk (line %d, %s), next %s%s"
                % (
                    how,
                    w["live_max"] / 1024.0,
                    w["live_start"] / 1024.0,
                    w["event_max"] / 1024.0,
                    w["event_line"],
                    w["event_what"],
                    ", ".join("%.1fk (line %d)" % (b / 1024.0, n) for b, n, _ in w["top"][1:4]),
                    "; the %.1fk image outside the heap, as in flash" % (w["image"] / 1024.0)
                    if w["image"]
                    else "",
                )
            )
    if r.get("wasm32_skipped"):
        lines.append("  32-bit lane skipped: %s" % r["wasm32_skipped"])
    if r.get("totals"):
        lines.append("  final totals %s (same on CPython and MicroPython)" % r["totals"])
    lines.append("  (%.0f s)" % r["seconds"])
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rules", default="yatzy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=int, default=None, help="stop after this many presses")
    ap.add_argument("--cpu", type=int, default=0, help="the last N seats are computer players")
    ap.add_argument("--level", default="basic", help="their level: %s" % ", ".join(LEVELS))
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--no-heap", action="store_true")
    ap.add_argument("--no-wasm32", action="store_true", help="skip the 32-bit lane")
    ap.add_argument("--no-parts", action="store_true", help="skip the parts' cost replay")
    ap.add_argument("--source", action="store_true", help="run firmware/*.py, not .mpy")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    ap.add_argument("--firmware", default=FIRMWARE, help="the firmware tree to replay")
    ap.add_argument("--harness", default=ROOT, help="the root of the replay's tools/")
    args = ap.parse_args(argv)
    from yatzy.rules import MAX_PLAYERS

    if not 1 <= args.players <= MAX_PLAYERS:
        print("bench_app: --players must be 1..%d" % MAX_PLAYERS, file=sys.stderr)
        return 2
    if not 0 <= args.cpu <= args.players:
        print("bench_app: --cpu must be 0..%d (the players)" % args.players, file=sys.stderr)
        return 2
    if args.level not in LEVELS:
        print("bench_app: --level must be one of %s" % ", ".join(LEVELS), file=sys.stderr)
        return 2
    callgrind = not args.no_callgrind
    if callgrind and subprocess.run(["which", "valgrind"], capture_output=True).returncode:
        print("bench_app: valgrind not found; skipping instruction counts", file=sys.stderr)
        callgrind = False
    try:
        res = run(
            args.players,
            args.rules,
            args.seed,
            args.limit,
            callgrind,
            not args.no_heap,
            wasm32=not args.no_wasm32,
            cpu=args.cpu,
            level=args.level,
            parts=not args.no_parts,
            source=args.source,
            firmware=os.path.abspath(args.firmware),
            harness=os.path.abspath(args.harness),
        )
    except BenchError as e:
        print("bench_app: %s" % e, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(res, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
