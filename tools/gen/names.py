# names.py of the build: every name the firmware's modules intern, for main.py to intern first.
# SPDX-License-Identifier: MIT
"""Name table generator.

    python -m tools.gen.names [--out F]  # write the build's names.py (default build/names.py)

``make build`` (tools/flash/flash.py ``build``) writes it and compiles it into the build as
``names.mpy`` every time, from the modules it has just compiled: it is never committed.

MicroPython interns the names of every module it loads (identifiers, module names, short
string constants) for good, in pools that double in size. Six pools hold 1,260 names; a
1,261st allocates a seventh pool, 1,280 slots in one block (about 9 KB on the rp2 port,
14 KB on the 64-bit unix port), wherever the crossing name happens to be loaded. By then
the heap holds a game and the interned names' own text in small blocks all over it, and a
pool's block may not be found even with most of the heap free (the storms found it at a
game's end, the emulated Pico in a 30-player game).
``names.py`` lists the names as attribute loads and constants of a function nobody calls:
loading it at power-up (main.py, before anything else) interns them all while the heap is
whole, so the pools and the names' text lie at its bottom and no later import needs a large
block for a name. It is dropped at once; what stays is what the names would take anyway,
plus the last pool's spare slots.

The names are read from the ``.mpy`` files of a fresh build (each file's table of names;
ROM names, which the port already has, are marked there and skipped), of every module the
board loads (``SKIP``: flashed but never imported by the firmware), and of main.py.
"""

import argparse
import keyword
import os
import subprocess
import sys
import tempfile

from tools.paths import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
TARGET = os.path.join(ROOT, "build", "names.py")  # for people to read; the build's own
# copy is compiled straight into names.mpy
# on the board but never imported by the firmware: the pin table (host tools and docs) and
# the in-RAM storage (host tools and tests)
SKIP = ("names.mpy", "pico/pins.mpy", "save/memory.mpy")
# MICROPY_ALLOC_PARSE_INTERN_STRING_LEN: a string constant up to this long is made a name
PARSE_INTERN_MAX = 10


def _vuint(data, i):
    v = 0
    while True:
        c = data[i]
        i += 1
        v = (v << 7) | (c & 0x7F)
        if not c & 0x80:
            return v, i


def mpy_names(path):
    """The names an .mpy file interns when loaded (its qstr table, ROM names left out)."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 4 or data[0:1] != b"M" or data[1] != 6:
        raise ValueError("%s: not an .mpy file of version 6" % path)
    n_qstr, i = _vuint(data, 4)
    _n_obj, i = _vuint(data, i)
    out = []
    for _ in range(n_qstr):
        v, i = _vuint(data, i)
        if v & 1:  # a static (ROM) name: an index, no text
            continue
        n = v >> 1
        out.append(data[i : i + n].decode("utf-8"))
        i += n + 1  # the text and its NUL
    return out


def firmware_names(build_dir):
    """Sorted union of what loading the build's modules (SKIP left out) and main.py interns:
    each .mpy's names, the file's path as the board's import finds it (``ui/play.mpy``: the
    module's ``__file__``), a submodule's name in its package (``play``), and the identifiers
    of the sources compiled at run time. A character a str is indexed or iterated into (or
    chr() makes) is interned when it is made, not listed here: all the printable ones fit the
    last pool's spare slots; a character that is a constant of the code is a name of its
    module's table like any other."""
    from tools.flash import flash

    seen = set()
    for base, _dirs, files in os.walk(build_dir):
        for name in files:
            path = os.path.join(base, name)
            rel = os.path.relpath(path, build_dir).replace(os.sep, "/")
            if name.endswith(".mpy") and rel not in SKIP:
                seen.update(mpy_names(path))
                seen.add(rel)
                seen.add(rel[: -len(".mpy")].replace("/__init__", "").rsplit("/", 1)[-1])
    seen.update(run_time_names())
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "main.mpy")
        src = os.path.join(FIRMWARE, "main.py")
        cmd = flash.mpy_cross_cmd(src, out, "main.py")
        subprocess.run(cmd, check=True, capture_output=True)
        seen.update(mpy_names(out))
    return sorted(seen)


def run_time_names():
    """The identifiers of the sources the firmware compiles when it runs (the viper kernels:
    a module constant named ``VIPER``, in ``gfx/blit.py`` and ``yatzy/kernels.py``):
    the compiler interns each name it reads."""
    import ast
    import io
    import tokenize

    out = set()
    for base, _dirs, files in os.walk(FIRMWARE):
        for name in files:
            if not name.endswith(".py"):
                continue
            with open(os.path.join(base, name), encoding="utf-8") as f:
                tree = ast.parse(f.read())
            for node in tree.body:
                if (
                    isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "VIPER" for t in node.targets)
                    and isinstance(node.value, ast.Constant)
                ):
                    for tok in tokenize.generate_tokens(io.StringIO(node.value.value).readline):
                        if tok.type == tokenize.NAME and not keyword.iskeyword(tok.string):
                            out.add(tok.string)
    return out


def _quote(text):
    """A string literal as ruff formats it (double quotes unless the text holds one)."""
    r = repr(text)
    if r.startswith("'") and '"' not in text:
        r = '"' + r[1:-1].replace("\\'", "'") + '"'
    return r


def _dotted(text):
    parts = text.split(".")
    return len(parts) > 1 and all(p.isidentifier() and not keyword.iskeyword(p) for p in parts)


def render(names):
    """names.py's text. The loader interns an .mpy's names only where the compiler made them
    names: identifiers (an attribute load each), dotted names (an import each, never run) and
    short strings (a subscript each: a tuple of constants would be one object, its strings
    not interned), in a function nobody calls. Longer texts (the files' paths) are interned
    when the module runs, by looking each up as an attribute."""
    head = [
        "# Generated by tools/gen/names.py from the build: do not edit (make build rewrites it).",
        "# SPDX-License-Identifier: MIT",
        '"""The %d names the firmware interns, written by the build. main.py imports this'
        % len(names),
        "first, while the heap is whole, and drops it (tools/gen/names.py says why). Nothing",
        'calls the function."""',
        "",
        "",
        "def _names(o):",
    ]
    imports, body, texts = [], [], []
    for n in names:
        if n.isidentifier() and not keyword.iskeyword(n):
            body.append("    o.%s" % n)
        elif _dotted(n):
            imports.append("    import %s" % n)
        elif len(n.encode()) <= PARSE_INTERN_MAX:
            body.append("    o[%s]" % _quote(n))
        else:
            texts.append(n)
    body = imports + [""] + body if imports else body
    tail = []
    if texts:
        tail = ["", "", "for _n in ("] + ["    %s," % _quote(n) for n in texts]
        tail += ["):", "    getattr(_names, _n, None)"]
    return "\n".join(head + body + tail) + "\n"


def generate():
    from tools.flash import flash

    with tempfile.TemporaryDirectory() as tmp:
        flash.build(out=tmp, quiet=True)
        return render(firmware_names(tmp))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=TARGET, help="where to write it (default build/names.py)")
    args = ap.parse_args(argv)
    text = generate()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(text)
    print("wrote %s (%d names)" % (os.path.relpath(args.out, ROOT), text.count("\n")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
