# Build-time renaming of module-private names to short names the modules share (fewer names).
# SPDX-License-Identifier: MIT
"""Short private names for the ``.mpy`` build.

MicroPython interns every identifier of every module it loads, for good (docs/app_infra.md,
"Names are the cliff"). Each module's private helpers, globals and attributes
(``_draw_row``, ``self._held``) are names no other module shares. The build gives them
short names instead, the same few in every module (``_a``, ``_b``, ...), so that module
A's ``_a`` and module B's ``_a`` are one interned name. Only the ``.mpy`` files change:
the sources, the tests run on them and the tracebacks of the sources keep the real names.

A name ``_x`` of the firmware file F is renamed when it is safe to:

- it starts with one underscore (never a dunder, never ``_`` alone);
- the word appears in no other file of the repository (firmware/, tools/, host_tests/,
  hardware/ and the files at the root: the on-device probes, the harness scripts and the
  tests poke private names, often inside strings);
- it appears in no string constant of F (``getattr(self, "_x")``, the viper sources that
  are compiled at run time, ``globals().pop("_VIPER")``).

Every token ``_x`` of F (tokenize: identifiers only, never strings or comments) is replaced
by the same new name, so F's own uses stay consistent. Two kinds of name need different
care. An attribute (a name after a dot, or defined in a class body) may live on an object
another module also gives private attributes (a subclass, the play screen's helpers that
set their state on the screen): attributes get names unique to the whole build. Any other
name (a module global, a function, an argument, a local) lives in F's own namespaces: it
gets the first short name F does not use for anything else, shared with other modules.
New names never clash with a word of F.

``plan`` returns the map (per file, old name -> new); ``write_map`` writes it for people
(``build/names.map``: "ui.play _a _draw_row"), and ``translate`` turns a traceback of the
build back into the real names (``make logs`` and the rp2 bench use it).
``MPY_RENAME=0`` (``make build MPY_RENAME=0``) builds with the real names, for debugging.
"""

import ast
import io
import os
import re
import tokenize

from tools.paths import ROOT

# where other files that may name a firmware file's private names live (besides the tree)
SCAN_DIRS = ("firmware", "tools", "host_tests", "hardware")
SKIP_DIRS = {"__pycache__", "node_modules", ".git", ".venv", "build"}
# generated from the build, it names every name: it must not stop a rename
GENERATED = ("firmware/names.py",)
TEXT_EXT = (".py", ".js", ".mjs", ".html", ".json", ".txt", ".toml", ".cfg", ".sh", ".md")
_WORD = re.compile(r"[A-Za-z0-9_]+")


def enabled():
    """MPY_RENAME (default 1): 0 builds the .mpy files with the real private names."""
    value = os.environ.get("MPY_RENAME") or "1"
    if value not in ("0", "1"):
        raise SystemExit("error: MPY_RENAME must be 0 or 1, not %r" % value)
    return value == "1"


def short_names():
    """_a .. _z, _A .. _Z, then _aa, _ab, ...: the new names, shortest first."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for c in letters:
        yield "_" + c
    for c in letters:
        for d in letters + "0123456789_":
            yield "_" + c + d
    raise RuntimeError("out of short names")


def private(word):
    return len(word) > 1 and word[0] == "_" and word[1] != "_"


def _words(text):
    return set(_WORD.findall(text))


def _tokens(text):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _other_words(src, files):
    """{path: words} of every text file that could name a private name of the tree `src`
    (the tree's own .py files are `files`, read separately)."""
    out = {}
    roots = [src] + [os.path.join(ROOT, d) for d in SCAN_DIRS]
    seen = set(os.path.abspath(p) for p in files)
    skip = set(os.path.abspath(os.path.join(ROOT, g)) for g in GENERATED)
    skip |= set(os.path.abspath(os.path.join(src, g.split("/", 1)[1])) for g in GENERATED)
    for top in roots + [ROOT]:
        for base, dirs, names in os.walk(top):
            if top == ROOT:
                dirs[:] = []  # the root's own files only: the folders are walked above
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
            for name in names:
                path = os.path.abspath(os.path.join(base, name))
                if path in seen or path in skip or path in out or not name.endswith(TEXT_EXT):
                    continue
                try:
                    with open(path, encoding="utf-8") as f:
                        out[path] = _words(f.read())
                except (OSError, UnicodeDecodeError):
                    continue
    return out


def _attributes(tree):
    """Names used as attributes: after a dot, or bound in a class body."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    out.add(item.name)
                else:  # an assignment (or any statement) at class level: its stored names
                    for sub in ast.walk(item):
                        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                            out.add(sub.id)
    return out


def plan(src, rels):
    """The renaming of the tree `src`'s files `rels` (relative, '/'-separated .py paths):
    {rel: {old: new}}. Deterministic: the same tree gives the same map."""
    rels = [rel for rel in rels if "firmware/" + rel not in GENERATED]
    texts = {}
    for rel in rels:
        with open(os.path.join(src, rel), encoding="utf-8") as f:
            texts[rel] = f.read()
    paths = [os.path.join(src, rel) for rel in rels]
    others = _other_words(src, paths)
    count = {}  # word -> how many files (tree and others) hold it
    for words in list(others.values()) + [_words(t) for t in texts.values()]:
        for w in words:
            if private(w):
                count[w] = count.get(w, 0) + 1
    everywhere = set()
    for words in others.values():
        everywhere |= words
    per_file = {}
    for rel in rels:
        toks = _tokens(texts[rel])
        names = set(t.string for t in toks if t.type == tokenize.NAME)
        in_strings = set()
        for t in toks:
            if t.type == tokenize.STRING:
                in_strings |= _words(t.string)
        mine = sorted(n for n in names if private(n) and count.get(n) == 1 and n not in in_strings)
        per_file[rel] = (names | _words(texts[rel]), mine, _attributes(ast.parse(texts[rel])))
    # attributes: one name each in the whole build, clashing with no word anywhere
    taken = set(everywhere)
    for words, _mine, _attrs in per_file.values():
        taken |= words
    pool = (n for n in short_names() if n not in taken)
    attr_map = {}
    for rel in sorted(rels):
        _words_f, mine, attrs = per_file[rel]
        for n in mine:
            if n in attrs:
                attr_map[(rel, n)] = next(pool)
    out = {}
    for rel in sorted(rels):
        words, mine, attrs = per_file[rel]
        used = set(words) | set(v for (r, _n), v in attr_map.items() if r == rel)
        local_pool = (n for n in short_names() if n not in used)
        m = {}
        for n in mine:
            m[n] = attr_map[(rel, n)] if (rel, n) in attr_map else next(local_pool)
        out[rel] = m
    return out


def rename(text, mapping):
    """text with each identifier token in `mapping` replaced (strings, comments untouched).
    Only names change, each within its line: the line numbers stay."""
    if not mapping:
        return text
    lines = text.splitlines(keepends=True)
    edits = {}
    for t in _tokens(text):
        if t.type == tokenize.NAME and t.string in mapping:
            (row, col), (_r2, end) = t.start, t.end
            edits.setdefault(row, []).append((col, end, mapping[t.string]))
    for row, items in edits.items():
        line = lines[row - 1]
        for col, end, new in sorted(items, reverse=True):
            line = line[:col] + new + line[end:]
        lines[row - 1] = line
    return "".join(lines)


def module_of(rel):
    """'ui/play.py' -> 'ui.play' (the name the build's tracebacks show)."""
    name = rel[:-3]
    if name.endswith("/__init__"):
        name = name[: -len("/__init__")]
    return name.replace("/", ".")


def write_map(mapping, path):
    """The map for people: one line per renamed name, 'module new old', sorted."""
    rows = []
    for rel, m in sorted(mapping.items()):
        for old, new in sorted(m.items(), key=lambda kv: kv[1]):
            rows.append("%s %s %s" % (module_of(rel), new, old))
    with open(path, "w") as f:
        f.write("# module, short name, real name (tools/flash/rename.py)\n")
        f.write("\n".join(rows) + "\n")


def read_map(path):
    """{module: {new: old}} from a written map; {} when there is none."""
    out = {}
    try:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and not line.startswith("#"):
                    out.setdefault(parts[0], {})[parts[1]] = parts[2]
    except OSError:
        pass
    return out


_FRAME = re.compile(r'File "([^"]+)", line \d+, in (\S+)')


def translate(text, back):
    """A traceback of the build with the real names put back. `back` is read_map's
    {module: {new: old}}. A frame line names its module; another line (the error's
    message) is read in the module of the frame above it, and an attribute's name, unique
    to the build, wherever it is."""
    if not back:
        return text
    attrs = {}
    for m in back.values():
        for new, old in m.items():
            attrs.setdefault(new, set()).add(old)
    out = []
    module = None
    for line in text.splitlines(keepends=True):
        frame = _FRAME.search(line)
        if frame:
            module = frame.group(1)
        table = back.get(module, {})

        def real(match, table=table):
            word = match.group(0)
            if word in table:
                return table[word]
            if len(attrs.get(word, ())) == 1:
                return next(iter(attrs[word]))
            return word

        out.append(_WORD.sub(real, line) if table or attrs else line)
    return "".join(out)
