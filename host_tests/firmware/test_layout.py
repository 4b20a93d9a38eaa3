# The house rules of the source tree, checked mechanically: layers, imports, cycles, sizes.
# SPDX-License-Identifier: MIT
"""Each rule is a function over a repository root that returns its violations (empty when
the tree keeps the rule). The tests run every rule on this repository, and again on a
small tree in a temporary folder with one violation planted, so a rule that could never
fail would show here. Imports are read with ``ast`` (nothing is imported or run):

- only firmware/pico/ (and main.py, which wires the board) imports ``machine``;
- the screens (firmware/ui/) never import ``app``, ``save`` or ``pico``;
- the core (firmware/yatzy/) imports only itself, a few runtime built-ins and ``unload``
  (the one way a module leaves the heap, for every layer), which imports only ``sys``;
- no cycle among the firmware modules' module-level imports (imports inside functions
  are loaded on demand and may point back);
- no hand-written firmware function over 60 lines, but for the few in ``LONG_FUNCTIONS``,
  each with its reason (a stale entry fails too);
- hand-written firmware files over 450 lines are reported (a warning in the test summary),
  not failed: a long file is a hint to look for a seam, not a reason to squeeze it;
- at most six ``.py`` files at firmware/'s root and eight at tools/'s root;
- tools/ and host_tests/ never edit ``sys.path`` (the venv's .pth and pytest's
  ``pythonpath`` make firmware/ and tools importable).
"""

import ast
import os
import warnings

import pytest

from tools.paths import ROOT

MAX_FUNCTION_LINES = 60  # a function's def line to its last line, docstring included
SOFT_FILE_LINES = 450  # reported, not failed
# Longer functions, each for a reason; "path:Class.name" (or "path:name").
LONG_FUNCTIONS = {
    # one pass over the changed pages with its state in locals: a call per page or per run
    # would cost on every frame pushed
    "gfx/pusher.py:FramePusher._plan_segments": "hot loop, per frame",
    # the glyph loop with its fast paths inline (ASCII, a byte-aligned row): every text drawn
    "gfx/canvas.py:Canvas.text": "hot loop, per character",
    # the search's last step over every roll of the dice, with the box loop inline
    "yatzy/ai.py:final_values": "hot loop, per decision",
    # one check per option, each with its own message, in the order the menu shows them
    "yatzy/rules_config.py:normalize_options": "a list of independent checks",
    # every kind of logged step checked and replayed in order, one message for each refusal
    "yatzy/engine_load.py:_replay": "a list of independent checks",
}
# Generated files (tools/gen): tables and the font, not written by hand.
GENERATED = ("yatzy/tables/", "gfx/font.py")
# unload.unload is the one way a module leaves the heap, for every layer (the core's table
# reader and kernels, the languages, the canvas, heap.drop): the core may import it, so it
# may import only UNLOAD_MAY_IMPORT
CORE_MAY_IMPORT = ("yatzy", "micropython", "array", "sys", "gc", "binascii", "unload")
UNLOAD_MAY_IMPORT = ("sys",)
MAX_ROOT_FILES = {"firmware": 6, "tools": 8}
# Scripts that run inside MicroPython as the board would: /rom goes on the board's path.
BOARD_SIDE = (
    "tools/emu/unix_board_romfs.py",
    "tools/emu/romfs_run.py",
    "tools/image/board/POCKET_YATZY/_boot.py",  # the project image's frozen boot: /rom first
)


# ---- reading the tree -----------------------------------------------------------------------
def _py_files(top):
    """Paths of the .py files under ``top``, relative to it with "/", sorted."""
    out = []
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, f), top)
                out.append(rel.replace(os.sep, "/"))
    return sorted(out)


def _tree(path):
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read(), filename=path)


def _module_name(rel):
    """ "ui/play.py" -> "ui.play"; "yatzy/__init__.py" -> "yatzy" (firmware's top-level
    names, as on the Pico)."""
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree, module_level):
    """Module names an ``ast`` tree imports: ``import a.b`` gives a and a.b; ``from a import
    b`` gives a and a.b (a.b is kept only when it is a module: the caller checks).
    ``module_level``: only statements run on import (not inside functions)."""
    out = []
    todo = list(tree.body)
    while todo:
        node = todo.pop(0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if not module_level:
                todo.extend(node.body)
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                out.extend(".".join(parts[: i + 1]) for i in range(len(parts)))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            parts = node.module.split(".")
            out.extend(".".join(parts[: i + 1]) for i in range(len(parts)))
            out.extend(node.module + "." + alias.name for alias in node.names)
        else:
            todo.extend(ast.iter_child_nodes(node))
    return out


def _firmware_modules(root):
    """{module name: relative path} of every firmware module."""
    fw = os.path.join(root, "firmware")
    return {_module_name(rel): rel for rel in _py_files(fw)}


def _firmware_imports(root, module_level=False):
    """{module: [firmware modules and other top-level names it imports]} (a ``from a import
    b`` that names a function keeps only a)."""
    mods = _firmware_modules(root)
    out = {}
    for name, rel in mods.items():
        names = _imports(_tree(os.path.join(root, "firmware", rel)), module_level)
        got = []
        for n in names:
            head = n.split(".")[0]
            if n in mods or head not in mods:
                if n not in got and n != name:
                    got.append(n)
        out[name] = got
    return out


# ---- the rules ------------------------------------------------------------------------------
def machine_outside_pico(root):
    bad = []
    for name, imported in _firmware_imports(root).items():
        if name == "main" or name == "pico" or name.startswith("pico."):
            continue
        if "machine" in imported:
            bad.append(name)
    return bad


def screens_reaching_up(root):
    bad = []
    for name, imported in _firmware_imports(root).items():
        if name.startswith("ui."):
            for n in imported:
                if n.split(".")[0] in ("app", "save", "pico"):
                    bad.append("%s imports %s" % (name, n))
    return bad


def core_reaching_out(root):
    bad = []
    for name, imported in _firmware_imports(root).items():
        if name == "yatzy" or name.startswith("yatzy."):
            for n in imported:
                if n.split(".")[0] not in CORE_MAY_IMPORT:
                    bad.append("%s imports %s" % (name, n))
    return bad


def import_cycles(root):
    """Each cycle of module-level imports among firmware modules, once (as a list of names
    from its smallest member round to it again)."""
    mods = _firmware_modules(root)
    graph = {}
    for name, imported in _firmware_imports(root, module_level=True).items():
        graph[name] = sorted(n for n in imported if n in mods)
    cycles = []
    seen = set()
    for start in sorted(graph):
        # a path from start back to start through members greater than start only: each
        # cycle is found once, from its smallest member
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    key = tuple(path)
                    if key not in seen:
                        seen.add(key)
                        cycles.append(path + [start])
                elif nxt > start and nxt not in path:
                    stack.append((nxt, path + [nxt]))
    return cycles


def unload_reaching_out(root):
    """unload.py imports only UNLOAD_MAY_IMPORT: every layer may import it, the core too."""
    imported = _firmware_imports(root).get("unload", [])
    return ["unload imports %s" % n for n in imported if n.split(".")[0] not in UNLOAD_MAY_IMPORT]


def _hand_written(root):
    """Paths (relative to firmware/) of the hand-written firmware files."""
    rels = _py_files(os.path.join(root, "firmware"))
    return [r for r in rels if not (r.startswith(GENERATED[0]) or r in GENERATED)]


def _functions(tree):
    """(qualified name, lines) of every function and method in an ``ast`` tree."""
    out = []
    todo = [(node, "") for node in tree.body]
    while todo:
        node, prefix = todo.pop(0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = prefix + node.name
            out.append((name, node.end_lineno - node.lineno + 1))
            todo.extend((n, name + ".") for n in node.body)
        elif isinstance(node, ast.ClassDef):
            todo.extend((n, prefix + node.name + ".") for n in node.body)
        else:
            todo.extend((n, prefix) for n in ast.iter_child_nodes(node))
    return out


def long_functions(root, allowed=None):
    """Functions over MAX_FUNCTION_LINES not in ``allowed`` (LONG_FUNCTIONS), and entries of
    ``allowed`` in a file of the tree that name no such function (stale: the function was
    split or is gone)."""
    allowed = LONG_FUNCTIONS if allowed is None else allowed
    bad = []
    seen = set()
    for rel in _hand_written(root):
        for name, n in _functions(_tree(os.path.join(root, "firmware", rel))):
            key = "%s:%s" % (rel, name)
            if n <= MAX_FUNCTION_LINES:
                continue
            seen.add(key)
            if key not in allowed:
                bad.append("%s: %d lines" % (key, n))
    for key in sorted(allowed):
        if key not in seen and os.path.exists(os.path.join(root, "firmware", key.split(":")[0])):
            bad.append("%s: allowed, but not over %d lines" % (key, MAX_FUNCTION_LINES))
    return bad


def big_files(root):
    """Hand-written firmware files over SOFT_FILE_LINES (reported, never failed)."""
    big = []
    for rel in _hand_written(root):
        with open(os.path.join(root, "firmware", rel), encoding="utf-8") as f:
            n = len(f.read().splitlines())
        if n > SOFT_FILE_LINES:
            big.append("%s: %d lines" % (rel, n))
    return big


def crowded_roots(root):
    bad = []
    for top, most in sorted(MAX_ROOT_FILES.items()):
        folder = os.path.join(root, top)
        n = len([f for f in os.listdir(folder) if f.endswith(".py")])
        if n > most:
            bad.append("%s/: %d .py files (at most %d)" % (top, n, most))
    return bad


def sys_path_edits(root):
    """Statements that change ``sys.path`` (assign to it or to a slice, or call a method of
    it) in tools/ and host_tests/, but for the scripts that stand in for the board."""
    bad = []
    for top in ("tools", "host_tests"):
        for rel in _py_files(os.path.join(root, top)):
            where = top + "/" + rel
            if where in BOARD_SIDE:
                continue
            for node in ast.walk(_tree(os.path.join(root, top, rel))):
                if _is_sys_path_edit(node):
                    bad.append("%s:%d" % (where, node.lineno))
    return bad


def _is_sys_path(node):
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "path"
        and isinstance(node.value, ast.Name)
        and node.value.id == "sys"
    )


def _is_sys_path_edit(node):
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for t in targets:
            if _is_sys_path(t) or (isinstance(t, ast.Subscript) and _is_sys_path(t.value)):
                return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return _is_sys_path(node.func.value)
    return False


RULES = (
    machine_outside_pico,
    screens_reaching_up,
    core_reaching_out,
    unload_reaching_out,
    import_cycles,
    long_functions,
    crowded_roots,
    sys_path_edits,
)


# ---- this repository keeps every rule --------------------------------------------------------
@pytest.mark.parametrize("rule", RULES, ids=[r.__name__ for r in RULES])
def test_the_tree_keeps_the_rule(rule):
    assert rule(ROOT) == []


def test_every_allowed_long_function_is_in_a_file_of_the_tree():
    for key in LONG_FUNCTIONS:
        assert os.path.exists(os.path.join(ROOT, "firmware", key.split(":")[0])), key


def test_the_rules_read_real_imports():
    """The readers see the tree as it is: a known edge and the core's known imports."""
    module_level = _firmware_imports(ROOT, module_level=True)
    assert "yatzy.rules" in module_level["yatzy.engine"]
    assert "yatzy.engine_load" not in module_level["yatzy.engine"]  # imported on demand
    assert "yatzy.engine_load" in _firmware_imports(ROOT)["yatzy.engine"]
    assert "machine" in _firmware_imports(ROOT)["pico.board"]


# ---- each rule can fail: a small tree with one violation planted -----------------------------
def _plant(tmp_path, files):
    """A minimal tree (firmware/, tools/, host_tests/) plus ``files`` {path: text}."""
    base = {
        "firmware/main.py": "import machine\nimport app\n",
        "firmware/app.py": "from ui import play\n",
        "firmware/pico/__init__.py": "",
        "firmware/pico/board.py": "import machine\n",
        "firmware/ui/__init__.py": "",
        "firmware/ui/play.py": "from yatzy import engine\n",
        "firmware/yatzy/__init__.py": "",
        "firmware/yatzy/engine.py": "import sys\nfrom yatzy import rules\n",
        "firmware/yatzy/rules.py": "def f():\n    from yatzy import engine\n",
        "tools/__init__.py": "",
        "host_tests/test_x.py": "import sys\nprint(sys.path)\n",
    }
    base.update(files)
    for rel, text in base.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return str(tmp_path)


def test_a_clean_planted_tree_keeps_every_rule(tmp_path):
    root = _plant(tmp_path, {})
    for rule in RULES:
        assert rule(root) == [], rule.__name__


@pytest.mark.parametrize(
    "rule, files, expect",
    [
        (machine_outside_pico, {"firmware/ui/play.py": "import machine\n"}, ["ui.play"]),
        (
            machine_outside_pico,
            {"firmware/app.py": "def f():\n    from machine import Pin\n"},
            ["app"],
        ),
        (screens_reaching_up, {"firmware/ui/play.py": "import app\n"}, ["ui.play imports app"]),
        (
            screens_reaching_up,
            {"firmware/ui/play.py": "from save import store\n", "firmware/save/store.py": ""},
            ["ui.play imports save", "ui.play imports save.store"],
        ),
        (
            screens_reaching_up,
            {"firmware/ui/play.py": "def f():\n    from pico import board\n"},
            ["ui.play imports pico", "ui.play imports pico.board"],
        ),
        (
            core_reaching_out,
            {"firmware/yatzy/rules.py": "import time\n"},
            ["yatzy.rules imports time"],
        ),
        (
            core_reaching_out,
            {"firmware/yatzy/rules.py": "def f():\n    from ui import play\n"},
            ["yatzy.rules imports ui", "yatzy.rules imports ui.play"],
        ),
        (
            import_cycles,
            {
                "firmware/yatzy/rules.py": "try:\n    from yatzy import engine\nexcept OSError:\n"
                "    pass\n"
            },
            [["yatzy.engine", "yatzy.rules", "yatzy.engine"]],
        ),
        (
            import_cycles,
            {"firmware/ui/play.py": "import app\n"},
            [["app", "ui.play", "app"]],
        ),
        (
            unload_reaching_out,
            {"firmware/unload.py": "import sys\nimport ui\n"},
            ["unload imports ui"],
        ),
        (
            unload_reaching_out,
            {"firmware/unload.py": "def f():\n    from yatzy import rules\n"},
            ["unload imports yatzy", "unload imports yatzy.rules"],
        ),
        (
            long_functions,
            {"firmware/ui/big.py": "def f():\n" + "    x = 1\n" * 60},
            ["ui/big.py:f: 61 lines"],
        ),
        (
            long_functions,
            {"firmware/ui/big.py": "class C:\n    def m(self):\n" + "        x = 1\n" * 60},
            ["ui/big.py:C.m: 61 lines"],
        ),
        (
            crowded_roots,
            {"firmware/m%d.py" % i: "" for i in range(5)},
            ["firmware/: 7 .py files (at most 6)"],
        ),
        (
            crowded_roots,
            {"tools/t%d.py" % i: "" for i in range(8)},
            ["tools/: 9 .py files (at most 8)"],
        ),
        (
            sys_path_edits,
            {"tools/a.py": "import sys\nsys.path.insert(0, 'x')\n"},
            ["tools/a.py:2"],
        ),
        (
            sys_path_edits,
            {"host_tests/b.py": "import sys\nsys.path[:0] = ['x']\n"},
            ["host_tests/b.py:2"],
        ),
        (sys_path_edits, {"tools/c.py": "import sys\nsys.path = []\n"}, ["tools/c.py:2"]),
    ],
)
def test_each_rule_catches_a_planted_violation(tmp_path, rule, files, expect):
    assert rule(_plant(tmp_path, files)) == expect


def test_an_allowed_function_may_be_long_and_a_stale_entry_fails(tmp_path):
    root = _plant(tmp_path, {"firmware/ui/big.py": "def f():\n" + "    x = 1\n" * 60})
    assert long_functions(root, {"ui/big.py:f": "why"}) == []
    assert long_functions(root, {"ui/big.py:f": "why", "ui/big.py:g": "gone"}) == [
        "ui/big.py:g: allowed, but not over 60 lines"
    ]


def test_generated_files_may_be_long(tmp_path):
    long = "def f():\n" + "    x = 1\n" * (SOFT_FILE_LINES + 1)
    root = _plant(tmp_path, {"firmware/yatzy/tables/t.py": long, "firmware/gfx/font.py": long})
    assert long_functions(root, {}) == []
    assert big_files(root) == []


def test_big_files_are_reported_not_failed(tmp_path):
    root = _plant(tmp_path, {"firmware/ui/big.py": "x = 1\n" * (SOFT_FILE_LINES + 1)})
    assert big_files(root) == ["ui/big.py: 451 lines"]
    for line in big_files(ROOT):  # this repository's: a hint to look for a seam
        warnings.warn("firmware/%s (soft limit %d)" % (line, SOFT_FILE_LINES), stacklevel=1)
