# Today's firmware in a flat layout (no packages), and the app bench run on both layouts.
# SPDX-License-Identifier: MIT
"""Flat copy of the firmware, for measuring what the packages cost.

    python -m tools.bench.flat OUT                 write the flat copy into OUT
    python -m tools.bench.flat --compare [--players 4] [--seed 1] [--limit N]
                                         [--no-callgrind] [--no-heap] [--no-wasm32]

The copy (`write`): every module of firmware/ moves to the top level, its dotted name's
dots made underscores: ``ui/play.py`` -> ``ui_play.py``, ``yatzy/tables/fitted.py`` ->
``yatzy_tables_fitted.py``, and a package's ``__init__.py`` becomes the module of the
package's own name (``lang/__init__.py`` -> ``lang.py``, ``yatzy/tables/__init__.py`` ->
``yatzy_tables.py``), so that its names (``from lang import T``) import as before; a data
file (``yatzy/tables/exact_yatzy.bin``) goes to the top level too, beside the module that
reads it from its own folder (``yatzy_tables.py``).
Importing a flat module loads no package first: that is the difference measured (a package
with code, ``lang``, is still loaded where something imports from it). Rewritten, with
the line numbers kept:

* ``from P import m`` where ``P.m`` is a module: ``import P_m as m``; the other names of
  the statement stay ``from P_flat import ...`` (``from yatzy.tables import load`` ->
  ``from yatzy_tables import load``); ``import P.m as x`` -> ``import P_m as x``.
* every string constant that is a module's dotted name (``heap.GROUPS``, the levels'
  providers, ``sys.modules`` keys) or a package's prefix (``"lang." + name``,
  ``"yatzy.tables." + name``): the flat name or prefix.

Anything else that names a firmware package stops the transform with the file and line:
``import P.m`` without ``as`` (it binds ``P``), a relative import, ``from P import *``,
an attribute ``P.m`` of an imported package that is a module, a string that looks like a
module of a firmware package but is none (a module renamed, the string left stale). The
language sources that only the host reads (flash.host_only) are not copied.

The replay's tools modules (REPLAY_TOOLS and the 32-bit lane's replay_mp.py) import the
firmware too: the same transform writes them under OUT/harness/tools, which the app bench
compiles and runs with the flat build (``--harness``); they differ from the originals only
in those import lines.

`--compare` records one game on CPython and replays it on both builds through the app
bench (tools/bench/app_bench.py, ``--firmware``/``--harness``), then prints the figures
side by side; the two must agree in totals and in the bytes of every press. It also
measures what one package costs on each port: an empty package imported before one of its
submodules, against the same submodule at the top level.
"""

import argparse
import ast
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize

from tools.paths import FIRMWARE, ROOT

# the replay harness's files that import the firmware (paths from the repository root)
HARNESS = (
    "tools/__init__.py",
    "tools/sim/__init__.py",
    "tools/sim/loop.py",
    "tools/bench/__init__.py",
    "tools/bench/app_mp.py",
    "tools/emu/__init__.py",
    "tools/emu/wasm32/replay_mp.py",
)
# a string that reads as a dotted module name (or a package's prefix, ending in ".")
_DOTTED = re.compile(r"[A-Za-z_]\w*(\.\w+)*\.?")
# strings that read as a module of a firmware package but are something else (a file
# name, say): left as they are (any other such string stops the transform)
NOT_MODULES = ()


class FlatError(RuntimeError):
    """An import form or module-name string the transform does not know: file and line."""


def module_names(src=FIRMWARE):
    """{dotted module name: relative path} of the firmware tree `src` (packages by their
    own name, from their __init__.py), and the set of package names."""
    from tools.flash import flash

    mods = {}
    packages = set()
    for base, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in files:
            if not name.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(base, name), src).replace(os.sep, "/")
            dotted = flash.source_name(rel)
            mods[dotted] = rel
            if name == "__init__.py":
                packages.add(dotted)
    return mods, packages


def flat_name(dotted):
    return dotted.replace(".", "_")


class Transform:
    """The rewriting of one firmware tree's module names (see the module doc)."""

    def __init__(self, src=FIRMWARE):
        self.src = src
        self.modules, self.packages = module_names(src)
        self.tops = {m.split(".")[0] for m in self.modules}
        flat = {}
        for m in self.modules:
            other = flat.setdefault(flat_name(m), m)
            if other != m:
                raise FlatError("%s and %s both flatten to %s" % (other, m, flat_name(m)))
        self._init_names = {}

    def _firmware(self, dotted):
        return dotted.split(".")[0] in self.tops

    def _defined_in(self, package):
        """Top-level names a package's __init__.py binds."""
        if package not in self._init_names:
            with open(os.path.join(self.src, self.modules[package])) as f:
                tree = ast.parse(f.read())
            names = set()
            for node in tree.body:
                for t in ast.walk(node) if isinstance(node, (ast.Assign, ast.AnnAssign)) else ():
                    if isinstance(t, ast.Name):
                        names.add(t.id)
                if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, (ast.Import, ast.ImportFrom)):
                    names.update((a.asname or a.name).split(".")[0] for a in node.names)
            self._init_names[package] = names
        return self._init_names[package]

    def _import(self, node, where):
        """The flat statement(s) for an import node, or None when it stays as it is."""
        if isinstance(node, ast.Import):
            if not any(self._firmware(a.name) for a in node.names):
                return None
            out = []
            for a in node.names:
                if not self._firmware(a.name) or "." not in a.name:
                    out.append("import %s%s" % (a.name, " as " + a.asname if a.asname else ""))
                    continue
                if a.asname is None:
                    raise FlatError(
                        "%s: `import %s` binds the package %s"
                        % (where, a.name, a.name.split(".")[0])
                    )
                if a.name not in self.modules:
                    raise FlatError("%s: no firmware module %s" % (where, a.name))
                out.append("import %s as %s" % (flat_name(a.name), a.asname))
            return "; ".join(out)
        if node.level:
            raise FlatError("%s: a relative import" % where)
        mod = node.module
        if not self._firmware(mod):
            return None
        if mod not in self.modules:
            raise FlatError("%s: no firmware module %s" % (where, mod))
        subs, names = [], []
        for a in node.names:
            full = mod + "." + a.name
            if a.name == "*":
                raise FlatError("%s: `from %s import *`" % (where, mod))
            if full in self.modules:
                if a.name in self._defined_in(mod):
                    raise FlatError("%s: %s is a module and a name of %s" % (where, full, mod))
                subs.append("import %s as %s" % (flat_name(full), a.asname or a.name))
            else:
                names.append(a.name + (" as " + a.asname if a.asname else ""))
        if names:
            subs.insert(0, "from %s import %s" % (flat_name(mod), ", ".join(names)))
        return "; ".join(subs)

    def _string(self, value, where):
        """The flat form of a string constant, or None when it stays."""
        if not _DOTTED.fullmatch(value) or "." not in value:
            return None
        if value.split(".")[0] not in self.packages or value in NOT_MODULES:
            return None  # "settings.dat", "boxes.": not a package's module
        if value in self.modules:
            return flat_name(value)
        if value.endswith(".") and value[:-1] in self.packages:
            return flat_name(value[:-1]) + "_"
        raise FlatError("%s: %r names no firmware module" % (where, value))

    def source(self, text, name):
        """The flat form of one module's source `text` (`name`: its path, for errors)."""
        tree = ast.parse(text, name)
        lines = text.splitlines(True)
        starts = [0]
        for ln in lines:
            starts.append(starts[-1] + len(ln))

        def offset(line, col):  # ast columns are utf-8 byte offsets
            return starts[line - 1] + len(lines[line - 1].encode()[:col].decode())

        edits = []  # (start, end, text)
        packages = set()  # names bound to a firmware package by `import P`
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                where = "%s:%d" % (name, node.lineno)
                new = self._import(node, where)
                if isinstance(node, ast.Import):
                    packages.update(
                        a.asname or a.name for a in node.names if a.name in self.packages
                    )
                if new is None:
                    continue
                a = offset(node.lineno, node.col_offset)
                b = offset(node.end_lineno, node.end_col_offset)
                edits.append((a, b, new + "\n" * (node.end_lineno - node.lineno)))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in packages
                and node.value.id + "." + node.attr in self.modules
            ):
                raise FlatError(
                    "%s:%d: the module %s.%s reached through its package"
                    % (name, node.lineno, node.value.id, node.attr)
                )
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type != tokenize.STRING:
                continue
            value = ast.literal_eval(tok.string)
            if not isinstance(value, str):
                continue
            new = self._string(value, "%s:%d" % (name, tok.start[0]))
            if new is None:
                continue
            body = tok.string.lstrip("rRuU")
            q = body[0]
            if body != q + value + q:
                raise FlatError("%s:%d: a module name in an unusual string" % (name, tok.start[0]))
            a = offset(tok.start[0], 0) + tok.start[1]
            b = offset(tok.end[0], 0) + tok.end[1]
            edits.append((a, b, tok.string[: len(tok.string) - len(body)] + q + new + q))
        edits.sort()
        out = []
        at = 0
        for a, b, new in edits:
            if a < at:
                raise FlatError("%s: overlapping rewrites at offset %d" % (name, a))
            out.append(text[at:a])
            out.append(new)
            at = b
        out.append(text[at:])
        result = "".join(out)
        try:
            ast.parse(result, name)
        except SyntaxError as e:
            raise FlatError(
                "%s:%s: the flat form does not parse: %s" % (name, e.lineno, e.msg)
            ) from None
        if result.count("\n") != text.count("\n"):
            raise FlatError("%s: the flat form moved lines" % name)
        return result


def write(out, src=FIRMWARE):
    """Write the flat copy of the firmware tree `src` into out/firmware and the replay's
    tools modules into out/harness/tools; returns {flat file: source path}. `out` is
    emptied first."""
    from tools.flash import flash
    from tools.gen import lang as gen_lang

    if src == FIRMWARE:
        gen_lang.write(quiet=True)  # the packs current, as flash.build makes them
    tr = Transform(src)
    for sub in ("firmware", "harness"):
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
    fw = os.path.join(out, "firmware")
    os.makedirs(fw)
    done = {}
    for rel in flash.firmware_files(src):
        if rel == "names.py":  # generated from the build: flash.build makes the flat one's own
            continue
        if rel.endswith(".bin"):  # a data file: beside its package's module, at the top
            flat = rel.rsplit("/", 1)[-1]
            if flat in done:
                raise FlatError("%s: a second data file named %s" % (rel, flat))
            shutil.copyfile(os.path.join(src, rel), os.path.join(fw, flat))
            done[flat] = rel
            continue
        if not rel.endswith(".py"):
            raise FlatError("%s: not a Python file or data (.bin) file" % rel)
        flat = flat_name(flash.source_name(rel)) + ".py"
        with open(os.path.join(src, rel), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(fw, flat), "w", encoding="utf-8") as f:
            f.write(tr.source(text, rel))
        done[flat] = rel
    for rel in HARNESS:
        dst = os.path.join(out, "harness", rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            text = f.read()
        with open(dst, "w", encoding="utf-8") as f:
            f.write(tr.source(text, rel))
    return done


# What a package costs: the module probe_p imports the modules m0..m{k-1} of an empty
# package `pkgprobe`; probe_f imports the same modules at the top level, as pkgprobe_m0...
# (the flat copy's import form). Both are compiled and imported between two collections,
# so that each one's interned names come in with it, as a firmware module's do.
def _probe_steps(how):
    return (
        "import gc, micropython",
        "gc.collect()",
        "_a = gc.mem_alloc()\nmicropython.qstr_info()",
        "import probe_" + how,
        "gc.collect()",
        "print('PROBE', gc.mem_alloc() - _a)\nmicropython.qstr_info()",
    )


_QSTR = re.compile(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), .*n_total_bytes=(\d+)")


def _probe_code(d, k):
    """The probe's modules, compiled as the build compiles the firmware, in d/code."""
    from tools.flash import flash

    files = [("pkgprobe/__init__", "")]
    for i in range(k):
        files += [("pkgprobe/m%d" % i, "X = 1\n"), ("pkgprobe_m%d" % i, "X = 1\n")]
    names = ["m%d" % i for i in range(k)]
    files.append(("probe_p", "from pkgprobe import %s\n" % ", ".join(names)))
    files.append(("probe_f", "".join("import pkgprobe_%s as %s\n" % (n, n) for n in names)))
    for rel, text in files:
        src = os.path.join(d, "src", rel + ".py")
        dst = os.path.join(d, "code", rel + ".mpy")
        for f in (src, dst):
            os.makedirs(os.path.dirname(f), exist_ok=True)
        with open(src, "w") as f:
            f.write(text)
        name = flash.source_name(rel + ".py")
        cmd = flash.mpy_cross_cmd(src, dst, name)
        subprocess.run(cmd, check=True, capture_output=True)
    return os.path.join(d, "code")


def _probe_result(out, port):
    m = re.search(r"PROBE (-?\d+)", out)
    pools = [[int(g) for g in q.groups()] for q in _QSTR.finditer(out)]
    if not m or len(pools) != 2:
        raise FlatError("%s package probe failed: %s" % (port, out[-1000:]))
    return {
        "heap": int(m.group(1)),
        "names": pools[1][1] - pools[0][1],
        "name_bytes": pools[1][2] - pools[0][2],
    }


WASM32_PROBE = """
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [port, code, steps] = process.argv.slice(2);
const mod = await import(pathToFileURL(port));
const out = [];
const mp = await mod.loadMicroPython({ heapsize: 1 << 20, stdout: (l) => out.push(l) });
const copy = (s, d) => {
  mp.FS.mkdir(d);
  for (const n of fs.readdirSync(s)) {
    const p = path.join(s, n);
    if (fs.statSync(p).isDirectory()) copy(p, d + "/" + n);
    else mp.FS.writeFile(d + "/" + n, fs.readFileSync(p));
  }
};
copy(code, "/code");
mp.runPython("import sys\\nsys.path.insert(0, '/code')");
for (const step of JSON.parse(steps)) mp.runPython(step);
process.stdout.write(out.join("\\n") + "\\n");
"""


def package_cost(k=1):
    """What importing k modules through an empty package adds over the same modules at the
    top level, on each port that is here: {"unix": {"heap", "names", "name_bytes"},
    "wasm32": ...}. heap: the live heap after a collection, in bytes (the package's module
    object, its dict, its entry in sys.modules, and the interned names' strings); names and
    name_bytes: the interned names among them (the package's file name, the dotted module
    names) and their string bytes."""
    import json

    from tools.bench import app_bench
    from tools.emu import mp_run

    res = {}
    with tempfile.TemporaryDirectory(prefix="bench-flat-probe-") as d:
        code = _probe_code(d, k)
        for how in ("p", "f"):
            steps = _probe_steps(how)
            if mp_run.micropython_binary() is not None:
                script = os.path.join(d, "run_%s.py" % how)
                with open(script, "w") as f:
                    f.write("\n".join(steps) + "\n")
                env = mp_run.mp_env()
                env["MICROPYPATH"] = code + ":.frozen"
                argv = mp_run.mp_command(script)
                proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=d)
                res.setdefault("unix", {})[how] = _probe_result(proc.stdout + proc.stderr, "unix")
            if not app_bench.wasm32_missing():
                script = os.path.join(d, "probe.mjs")
                with open(script, "w") as f:
                    f.write(WASM32_PROBE)
                argv = ["node", script, app_bench.WASM32_PORT, code, json.dumps(steps)]
                proc = subprocess.run(argv, capture_output=True, text=True, cwd=d)
                res.setdefault("wasm32", {})[how] = _probe_result(
                    proc.stdout + proc.stderr, "32-bit"
                )
    return {port: {key: v["p"][key] - v["f"][key] for key in v["p"]} for port, v in res.items()}


def heap_band(log_path, seed, presses, top, misses=8, **where):
    """The smallest -X heapsize is not monotonic: a game that completes with k KiB may run
    out with k + 1 (the collector runs at other moments, and the heap fragments otherwise).
    Scanning down in 1 KiB steps from `top` (raised by 16 KiB until it completes): (the
    lowest heapsize that completed, the smallest from which every one up to `top`
    completed, top); the scan stops after `misses` failures in a row. `where`: the
    replay's code, as app_bench.completes takes it (path and script, or romfs)."""
    from tools.bench import app_bench

    def ok(k):
        return app_bench.completes(log_path, seed, k, presses, **where)

    for _ in range(8):
        if ok(top):
            break
        top += 16
    else:
        raise FlatError("the replay does not complete even with %dk" % top)
    lowest = stable = top
    k, run = top - 1, 0
    while k > 0 and run < misses:
        if ok(k):
            lowest, run = k, 0
            if stable == k + 1:
                stable = k
        else:
            run += 1
        k -= 1
    return lowest, stable, top


def heap_bands(res, firmware, harness, **game):
    """heap_band for the .mpy build and for ROMFS of one firmware tree, from `res`'s
    bisection figures + 16 KiB: {"mpy": (lowest, stable, top), "romfs": ...}."""
    from tools.bench import app_bench

    log, _, presses = app_bench.record(**game)
    log_path = app_bench._write_log(log)
    seed = game.get("seed", 1)
    script = os.path.join(harness, "tools", "bench", "app_mp.py")
    out = {}
    try:
        # the build's path is in every module's __file__ (an interned name): as long as
        # the app bench's own, so that the scan sees the heap its bisection saw
        with tempfile.TemporaryDirectory(prefix="bench-app-mpy-") as d:
            path = app_bench.build_code(d, firmware, harness)
            top = (res.get("heap_k") or 2048) + 16
            out["mpy"] = heap_band(log_path, seed, presses, top, path=path, script=script)
            with app_bench._image(d, "", []) as (img, _):
                top = (res.get("romfs_heap_k") or 2048) + 16
                out["romfs"] = heap_band(log_path, seed, presses, top, romfs=img)
    finally:
        os.unlink(log_path)
    return out


def _row(label, a, b, fmt="%d"):
    if a is None or b is None:
        return (label, "-" if a is None else fmt % a, "-" if b is None else fmt % b, "")
    return (label, fmt % a, fmt % b, (("+" if b - a > 0 else "") + fmt) % (b - a))


def table(packaged, flat):
    """Rows (figure, packaged, flat, flat - packaged) of two app bench results."""

    def w(r, lane, key):
        return r.get(lane, {}).get(key)

    def band(r, lane, i):
        b = r.get("bands", {}).get(lane)
        return None if b is None else b[i]

    def mod_total(r):
        mh = r.get("module_heap")
        return None if mh is None else sum(n for _, n in mh)

    p, f = packaged, flat
    rows = [
        _row("data bytes/press, mean", p["data_mean"], f["data_mean"], "%.1f"),
        _row("data bytes/press, p95", p["data_p95"], f["data_p95"]),
        _row("bus bytes/press, mean", p["bus_mean"], f["bus_mean"], "%.1f"),
        _row("instructions/press (callgrind)", p.get("instr_per_press"), f.get("instr_per_press")),
        _row("instructions, start-up (callgrind)", p.get("instr_start"), f.get("instr_start")),
        _row("64-bit live heap after start, B", p.get("heap_start"), f.get("heap_start")),
        _row("64-bit live heap at end, B", p.get("heap_end"), f.get("heap_end")),
        _row("  of them the replay's own, B", p.get("heap_harness"), f.get("heap_harness")),
        _row("64-bit smallest heapsize, .mpy, KiB", p.get("heap_k"), f.get("heap_k")),
        _row("  lowest that completes (1 KiB scan)", band(p, "mpy", 0), band(f, "mpy", 0)),
        _row("  every one from there completes", band(p, "mpy", 1), band(f, "mpy", 1)),
        _row("64-bit smallest heapsize, ROMFS, KiB", p.get("romfs_heap_k"), f.get("romfs_heap_k")),
        _row("  lowest that completes (1 KiB scan)", band(p, "romfs", 0), band(f, "romfs", 0)),
        _row("  every one from there completes", band(p, "romfs", 1), band(f, "romfs", 1)),
        _row("  the game's part of it, KiB", p.get("romfs_game_k"), f.get("romfs_game_k"), "%.1f"),
        _row("ROMFS image, B", p.get("romfs_image"), f.get("romfs_image")),
        _row(
            "32-bit live heap most, .mpy, B",
            w(p, "wasm32_mpy", "live_max"),
            w(f, "wasm32_mpy", "live_max"),
        ),
        _row(
            "32-bit live heap after start, .mpy, B",
            w(p, "wasm32_mpy", "live_start"),
            w(f, "wasm32_mpy", "live_start"),
        ),
        _row(
            "32-bit live heap most, ROMFS, B",
            w(p, "wasm32_romfs", "live_max"),
            w(f, "wasm32_romfs", "live_max"),
        ),
        _row(
            "32-bit most one press takes, .mpy, B",
            w(p, "wasm32_mpy", "event_max"),
            w(f, "wasm32_mpy", "event_max"),
        ),
        _row("64-bit module heap total, B", mod_total(p), mod_total(f)),
        _row(
            "  modules loaded at the end",
            len(p.get("module_heap", ())),
            len(f.get("module_heap", ())),
        ),
        _row(
            "  interned names of them",
            p.get("interned", {}).get("names"),
            f.get("interned", {}).get("names"),
        ),
        _row(
            "  their pools' string bytes",
            p.get("interned", {}).get("bytes"),
            f.get("interned", {}).get("bytes"),
        ),
    ]
    return rows


def format_table(rows):
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    out = []
    for i, r in enumerate(rows):
        out.append(
            "  ".join(
                (c.ljust if j == 0 else c.rjust)(widths[j]) for j, c in enumerate(r)
            ).rstrip()
        )
        if i == 0:
            out.append("-" * len(out[0]))
    return "\n".join(out)


def compare(out_dir=None, log=print, reuse=False, scan=True, **bench):
    """The app bench on today's packaged firmware and on its flat copy (written to
    `out_dir`, a temporary directory unless given; `reuse`: the copy is there already, as
    write(out_dir) left it), the same game; `scan`: heap_bands of both too (unless `heap`
    is False); raises FlatError unless the two end with the same totals and send the same
    bytes at every press. Returns (packaged result, flat result, table rows)."""
    from tools.bench import app_bench

    tmp = None
    if out_dir is None:
        tmp = tempfile.TemporaryDirectory(prefix="bench-flat-")
        out_dir = tmp.name
    try:
        if not reuse:
            write(out_dir)
        quiet = bench.pop("quiet", False)
        say = (lambda s: None) if quiet else log
        say("== packaged (firmware/)")
        packaged = app_bench.run(out=say, **bench)
        say("== flat (%s)" % os.path.join(out_dir, "firmware"))
        flat = app_bench.run(
            out=say,
            firmware=os.path.join(out_dir, "firmware"),
            harness=os.path.join(out_dir, "harness"),
            **bench,
        )
        if scan and bench.get("heap", True):
            game = {k: bench[k] for k in ("players", "rules", "seed", "limit") if k in bench}
            say("== heapsize scans (1 KiB steps)")
            packaged["bands"] = heap_bands(packaged, FIRMWARE, ROOT, **game)
            fw, hn = os.path.join(out_dir, "firmware"), os.path.join(out_dir, "harness")
            flat["bands"] = heap_bands(flat, fw, hn, **game)
    finally:
        if tmp is not None:
            tmp.cleanup()
    if packaged["totals"] != flat["totals"]:
        raise FlatError(
            "totals differ: packaged %r, flat %r" % (packaged["totals"], flat["totals"])
        )
    if packaged["per_press"] != flat["per_press"]:
        k = next(
            i for i, (a, b) in enumerate(zip(packaged["per_press"], flat["per_press"])) if a != b
        )
        raise FlatError("press %d sent other bytes on the flat build" % (k + 1))
    return packaged, flat, table(packaged, flat)


def loaded_packages(packaged, flat):
    """The packages loaded at the end of the packaged replay whose flat module is not
    loaded at the end of the flat one (what the flat layout saves), with the number of
    their modules loaded."""
    pmods = {m for m, _ in packaged.get("module_heap", ())}
    fmods = {m for m, _ in flat.get("module_heap", ())}
    _, packages = module_names()
    out = {}
    for pkg in sorted(packages & pmods):
        if flat_name(pkg) not in fmods:
            out[pkg] = sum(
                1 for m in pmods if m.startswith(pkg + ".") and m.count(".") == pkg.count(".") + 1
            )
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", help="write the flat copy here (OUT/firmware, OUT/harness)")
    ap.add_argument("--compare", action="store_true", help="app bench: packaged vs flat")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rules", default="yatzy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=int, default=None, help="stop after this many presses")
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--no-heap", action="store_true")
    ap.add_argument("--no-wasm32", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="only the table")
    ap.add_argument("--no-scan", action="store_true", help="no 1 KiB heapsize scans")
    args = ap.parse_args(argv)
    try:
        if not args.compare:
            if not args.out:
                ap.error("give OUT, or --compare")
            done = write(args.out)
            print(
                "wrote %d flat modules into %s" % (len(done), os.path.join(args.out, "firmware"))
            )
            return 0
        callgrind = not args.no_callgrind and shutil.which("valgrind") is not None
        packaged, flat, rows = compare(
            args.out,
            players=args.players,
            rules=args.rules,
            seed=args.seed,
            limit=args.limit,
            callgrind=callgrind,
            heap=not args.no_heap,
            wasm32=not args.no_wasm32,
            parts=False,
            quiet=args.quiet,
            scan=not args.no_scan,
        )
    except (FlatError, RuntimeError) as e:
        print("bench_flat: %s" % e, file=sys.stderr)
        return 1
    print()
    print(
        "packaged vs flat: %d presses, totals %s on both, the same bytes at every press"
        % (packaged["presses"], packaged["totals"])
    )
    print(format_table([("figure", "packaged", "flat", "flat - packaged")] + rows))
    pk = loaded_packages(packaged, flat)
    print()
    print(
        "packages loaded at the end that the flat build does without: %s"
        % (", ".join("%s (%d modules)" % kv for kv in pk.items()) or "none")
    )
    costs = {k: package_cost(k) for k in sorted(set(pk.values()))}
    for k, cost in costs.items():
        print(
            "  an empty package imported before %d of its modules, against them at the top"
            " level: %s"
            % (
                k,
                "; ".join(
                    "%s %+d B (%+d interned names)" % (port, c["heap"], c["names"])
                    for port, c in sorted(cost.items())
                ),
            )
        )
    ports = sorted({port for cost in costs.values() for port in cost})
    print(
        "  those packages by the probe: %s"
        % "; ".join(
            "%s %+d B" % (port, sum(costs[n][port]["heap"] for n in pk.values())) for port in ports
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
