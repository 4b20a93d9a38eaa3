# The flat copy of the firmware (tools/bench/flat.py): its rewriting, and that it plays the same.
# SPDX-License-Identifier: MIT
import ast
import os

import pytest

from tools.bench import flat
from tools.emu import mp_run
from tools.flash import flash


def _tree(root, files):
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    return flat.Transform(str(root))


SMALL = {
    "app.py": "",
    "p/__init__.py": "N = 1\n\n\ndef f():\n    return 2\n",
    "p/a.py": "X = 1\n",
    "p/b.py": "",
    "p/q/__init__.py": "",
    "p/q/c.py": "",
}


def test_each_import_form_and_module_string_is_rewritten_on_its_own_line(tmp_path):
    tr = _tree(tmp_path, SMALL)
    src = (
        "import gc\n"
        "from p import N, a\n"
        "from p.a import X as Y\n"
        "from p import (\n    b,\n    f,\n)\n"
        "import p.q.c as c\n"
        "from p.q import c as cc\n"
        "import p\n"
        "\n"
        "def g():\n"
        "    from p import a\n"
        "    return p.N, 'p.a', \"p.q.\", 'p.q', 'app', 'x.y' if a else 'p'\n"
    )
    out = tr.source(src, "t.py")
    assert out.splitlines() == [
        "import gc",
        "from p import N; import p_a as a",
        "from p_a import X as Y",
        "from p import f; import p_b as b",
        "",
        "",
        "",
        "import p_q_c as c",
        "import p_q_c as cc",
        "import p",
        "",
        "def g():",
        "    import p_a as a",
        "    return p.N, 'p_a', \"p_q_\", 'p_q', 'app', 'x.y' if a else 'p'",
    ]
    assert out.count("\n") == src.count("\n")


@pytest.mark.parametrize(
    "src, what",
    [
        ("x = 1\nimport p.a\n", "t.py:2: `import p.a` binds the package p"),
        ("from . import a\n", "t.py:1: a relative import"),
        ("from p import *\n", "t.py:1: `from p import *`"),
        ("from p.gone import x\n", "t.py:1: no firmware module p.gone"),
        ("import p.gone as g\n", "t.py:1: no firmware module p.gone"),
        ("\n\nK = ('p.gone', 1)\n", "t.py:3: 'p.gone' names no firmware module"),
        ("import p\n\ny = p.a.X\n", "t.py:3: the module p.a reached through its package"),
    ],
)
def test_an_unknown_form_or_a_stale_module_name_stops_the_transform(tmp_path, src, what):
    tr = _tree(tmp_path, SMALL)
    with pytest.raises(flat.FlatError) as e:
        tr.source(src, "t.py")
    assert what in str(e.value)


def test_a_package_name_that_is_also_its_module_is_refused(tmp_path):
    tr = _tree(tmp_path, dict(SMALL, **{"p/__init__.py": "a = 1\n"}))
    with pytest.raises(flat.FlatError, match="p.a is a module and a name of p"):
        tr.source("from p import a\n", "t.py")


def test_two_modules_with_one_flat_name_are_refused(tmp_path):
    with pytest.raises(flat.FlatError, match="flatten to p_a"):
        _tree(tmp_path, dict(SMALL, **{"p_a.py": ""}))


@pytest.fixture(scope="module")
def flat_copy(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("flat"))
    return out, flat.write(out)


def test_todays_flat_copy_has_every_board_module_at_the_top_and_compiles(flat_copy, tmp_path):
    out, done = flat_copy
    fw = os.path.join(out, "firmware")
    board = [rel for rel in flash.firmware_files() if rel != "names.py"]  # the build makes it
    assert sorted(done.values()) == board
    assert sorted(os.listdir(fw)) == sorted(done)
    names = {f[:-3] for f in done}
    packaged, _ = flat.module_names()
    tops = {m.split(".")[0] for m in packaged}
    data = [f for f in done if f.endswith(".bin")]  # the tables' data files, beside their reader
    assert data and all(done[f] == "yatzy/tables/" + f for f in data)
    for f in done:
        if f in data:
            continue
        with open(os.path.join(fw, f)) as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):  # every firmware import names a flat module
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [node.module]
            else:
                continue
            for m in mods:
                assert m.split(".")[0] not in tops or m in names, (f, node.lineno, m)
    total = flash.build(out=str(tmp_path / "mpy"), quiet=True, src=fw)  # mpy-cross, all of it
    assert total > 0
    built = sorted(os.listdir(tmp_path / "mpy"))
    assert built == sorted([flash.built_name(f) for f in done] + ["names.mpy"])


def test_the_flat_build_plays_the_same_game_with_the_same_bytes(flat_copy):
    """A whole 1-player game replayed on the unix port from both builds: the same totals as
    on CPython and the same data and bus bytes at every press (flat.compare checks both and
    raises otherwise); the flat build loads none of the empty packages, and less heap."""
    if mp_run.micropython_binary() is None:
        pytest.skip("MicroPython unix port not installed (make venv installs it on x86_64)")
    out, _ = flat_copy
    packaged, flat_res, rows = flat.compare(
        out,
        players=1,
        seed=3,
        callgrind=False,
        heap=False,
        wasm32=False,
        parts=False,
        quiet=True,
        reuse=True,
    )
    assert packaged["complete_game"] and packaged["totals"] == flat_res["totals"]
    assert packaged["per_press"] == flat_res["per_press"] and len(packaged["per_press"]) >= 15
    pmods = {m for m, _ in packaged["module_heap"]}
    fmods = {m for m, _ in flat_res["module_heap"]}
    assert {"gfx", "ui", "yatzy"} <= pmods and not {"gfx", "ui", "yatzy"} & fmods
    assert flat_res["heap_end"] < packaged["heap_end"]
    assert rows[0][0].startswith("data bytes/press") and rows[0][3] == "0.0"
