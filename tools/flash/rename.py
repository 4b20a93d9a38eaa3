# Build-time renaming of module-private names to short names the modules share (fewer names).
# SPDX-License-Identifier: MIT
"""Short names for the ``.mpy`` build.

MicroPython interns every identifier of every module it loads, for good (docs/app_infra.md,
"Names are the cliff"). Each module's private helpers, globals and attributes
(``_draw_row``, ``self._held``) are names no other module shares. The build gives them
short names instead, the same few in every module (``_a``, ``_b``, ...), so that module
A's ``_a`` and module B's ``_a`` are one interned name. Only the ``.mpy`` files change:
the sources, the tests run on them and the tracebacks of the sources keep the real names.

Every token ``_x`` of a firmware file F that is renamed (tokenize: identifiers only, never
strings or comments) gets the same new name, so F's own uses stay consistent; the new
names are never a word of F. A name of F is renamed only when it is safe to:

- never a dunder, never ``_`` alone, never a name in one of F's string constants
  (``getattr(self, "_x")``, the viper sources compiled at run time);
- a module global, function, argument or local of F that starts with ``_``: no other file
  *reaches* it. The other files are the firmware's, tools/, host_tests/, hardware/ and the
  files at the root (the on-device probes and harness scripts poke private names, often
  inside strings); a Python file reaches a name it uses as an attribute (``mod._x``),
  imports by name, passes as a keyword argument or has in a string; any other text file
  reaches all its words. A file that only binds and uses its own ``_x`` does not reach F's;
- an attribute of F (after a dot, or bound in a class body) that starts with ``_``: no
  other file has the word at all;
- a public name F binds (a module global, function, class, argument, or an attribute of
  F's closed classes with no base outside the firmware, whose methods the runtime might
  call by name; never a builtin, never one F passes as a keyword argument): no other
  file has the word at all, docs/ included (a person may type at the REPL what the docs
  show).

Attributes need one more care: an object's attributes may come from several modules (a
subclass, the play screen's helpers that set their state on the screen). An attribute used
only as ``self._x`` in a *closed* class (its bases ``object``, classes of modules outside
the firmware such as ``framebuf.FrameBuffer``, or closed classes) gets a name from one pool
per family of files whose classes extend each other, a name no other attribute anywhere
has. Any other renamed attribute gets a name unique to the whole build. Module globals,
functions, arguments and locals live in F's own namespaces: they take the first short names
F does not use otherwise, shared with every other module.

``plan`` returns the map (per file, old name -> new); ``write_map`` writes it for people
(``build/names.map``: "ui.play _a _draw_row"), and ``translate`` turns a traceback of the
build back into the real names (``make logs`` and the rp2 bench use it).
``MPY_RENAME=0`` (``make build MPY_RENAME=0``) builds with the real names, for debugging.
"""

import ast
import builtins
import io
import os
import re
import tokenize

from tools.paths import ROOT

# where other files that may name a firmware file's names live (besides the tree); docs/
# only for the public names (a person may type what the docs show at the board's REPL)
SCAN_DIRS = ("firmware", "tools", "host_tests", "hardware", "docs")
SKIP_DIRS = {"__pycache__", "node_modules", ".git", ".venv", "build"}
# generated from the build, it names every name: it must not stop a rename
GENERATED = ("firmware/names.py",)
TEXT_EXT = (".py", ".js", ".mjs", ".html", ".json", ".txt", ".toml", ".cfg", ".sh", ".md")
TEXT_EXT += (".yml", ".yaml", ".exp", ".ini", "Makefile")
# names MicroPython provides that CPython's builtins lack
MICROPYTHON_BUILTINS = ("const", "micropython")
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


_CACHE = {}  # (path, mtime, size) -> (words, reach): a process builds more than once


def _reach(tree):
    """The words of a parsed file that can name another module's private name: attributes
    (``mod._x``, ``obj._x``), names imported by name (``from m import _x``), keyword
    arguments (``f(_x=1)``) and the words of its string constants (``getattr(m, "_x")``, a
    probe's source). A name the file only binds and uses bare is its own."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                out |= _words(alias.name)
        elif isinstance(node, ast.keyword) and node.arg:
            out.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            text = node.value if isinstance(node.value, str) else node.value.decode("latin-1")
            out |= _words(text)
    return out


def _scan(path):
    """(words, reach) of a text file; a file that is not Python reaches all its words."""
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    if key not in _CACHE:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        words = _words(text)
        reach = words
        if path.endswith(".py"):
            try:
                reach = _reach(ast.parse(text))
            except SyntaxError:
                pass
        _CACHE[key] = (words, reach)
    return _CACHE[key]


def _others(src, files, repository=True):
    """{path: (words, reach)} of every text file that could name a private name of the tree
    `src` (the tree's own .py files are `files`, read separately): the tree's other files
    and, with `repository`, the repository's (SCAN_DIRS and the files at its root)."""
    out = {}
    roots = [src] + ([os.path.join(ROOT, d) for d in SCAN_DIRS] + [ROOT] if repository else [])
    seen = set(os.path.abspath(p) for p in files)
    skip = set(os.path.abspath(os.path.join(ROOT, g)) for g in GENERATED)
    skip |= set(os.path.abspath(os.path.join(src, g.split("/", 1)[1])) for g in GENERATED)
    docs = os.path.join(ROOT, "docs") + os.sep
    for top in roots:
        for base, dirs, names in os.walk(top):
            if top == ROOT and repository:
                dirs[:] = []  # the root's own files only: the folders are walked above
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
            for name in names:
                path = os.path.abspath(os.path.join(base, name))
                if path in seen or path in skip or path in out or not name.endswith(TEXT_EXT):
                    continue
                try:
                    words, reach = _scan(path)
                    if path.startswith(docs):  # what a person may type: the public names
                        words = reach = set(w for w in words if not private(w))
                    out[path] = (words, reach)
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


def _bases(tree):
    """The words of every class's bases in a parsed file (which classes it extends)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for b in node.bases:
                out |= _words(ast.unparse(b))
    return out


def _module_file(module, rels):
    """The tree file of a dotted module name, or None."""
    base = module.replace(".", "/")
    for rel in (base + ".py", base + "/__init__.py"):
        if rel in rels:
            return rel
    return None


def _classes(trees):
    """The closed classes of the tree (`trees`: {rel: parsed file}) and the groups of files
    their objects' attributes come from. A class is closed when each base is ``object``, a
    class of a module outside the tree (``framebuf.FrameBuffer``: its attributes are its
    real names, words the new names never take) or a closed class of the tree (resolved
    through the file's own classes and its imports). Returns ({rel: closed class names},
    {rel: group}, {rel: pure class names}), a group being the files joined by one closed
    class extending another, a pure class a closed one with no base outside the tree (the
    runtime may call a native base's methods by name: ``ioctl`` of an ``io.IOBase``)."""
    rels = set(trees)
    tree_modules = set(rel.split("/")[0].split(".")[0] for rel in rels)
    defs, local = {}, {}
    for rel, tree in trees.items():
        names = {}  # a name the file binds -> (rel, class) or "outside"
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                defs[(rel, node.name)] = node
                names[node.name] = (rel, node.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    if top not in tree_modules:
                        names[alias.asname or top] = "outside"
                    elif alias.asname:
                        names[alias.asname] = ("module", _module_file(alias.name, rels))
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                where = _module_file(node.module, rels)
                for alias in node.names:
                    if where is not None:
                        names[alias.asname or alias.name] = (where, alias.name)
                    elif node.module.split(".")[0] not in tree_modules:
                        names[alias.asname or alias.name] = "outside"
        local[rel] = names
    memo, parent = {}, dict((rel, rel) for rel in rels)

    def find(rel):
        while parent[rel] != rel:
            rel = parent[rel]
        return rel

    def resolve(rel, b):
        """A base: "ok" (object or outside), (rel, class) of the tree, or None (unknown)."""
        if isinstance(b, ast.Name):
            if b.id == "object":
                return "ok"
            got = local[rel].get(b.id)
        elif isinstance(b, ast.Attribute) and isinstance(b.value, ast.Name):
            mod = local[rel].get(b.value.id)
            if mod == "outside":
                return "ok"
            got = (mod[1], b.attr) if isinstance(mod, tuple) and mod[0] == "module" else None
        else:
            return None
        if got == "outside":
            return "ok"
        return got if got in defs else None

    def closed(key, seen=()):
        if key not in memo:
            node = defs[key]
            ok = not node.keywords and key not in seen
            for b in node.bases if ok else ():
                r = resolve(key[0], b)
                if r != "ok" and (r is None or not closed(r, seen + (key,))):
                    ok = False
            memo[key] = ok
            if ok:
                for b in node.bases:
                    r = resolve(key[0], b)
                    if r != "ok":
                        parent[find(r[0])] = find(key[0])
        return memo[key]

    pure_memo = {}

    def pure(key):
        """Closed, and nothing but the tree's classes and ``object`` among its ancestors."""
        if key not in pure_memo:
            pure_memo[key] = False  # a cycle is not pure
            ok = closed(key)
            for b in defs[key].bases if ok else ():
                r = resolve(key[0], b)
                if r == "ok":
                    ok = isinstance(b, ast.Name) and b.id == "object"
                else:
                    ok = pure(r)
                if not ok:
                    break
            pure_memo[key] = ok
        return pure_memo[key]

    out = dict((rel, set()) for rel in rels)
    plain = dict((rel, set()) for rel in rels)
    for key in sorted(defs):
        if closed(key):
            out[key[0]].add(key[1])
        if pure(key):
            plain[key[0]].add(key[1])
    return out, dict((rel, find(rel)) for rel in rels), plain


def _own_attributes(tree, closed):
    """The attributes that live only on the objects of the file's closed classes (`closed`:
    their names, see _classes): used only as ``self._x`` in their methods, or bound in their
    bodies. Any other attribute may share an object with another module's."""
    classes = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = node

    def closed_(name):
        return name in closed

    good, bad = set(), set()
    for name, node in classes.items():
        ok = closed_(name)
        for item in node.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                (good if ok else bad).add(item.name)
            else:
                for sub in ast.walk(item):
                    if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                        (good if ok else bad).add(sub.id)
            if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            args = item.args.posonlyargs + item.args.args
            static = any(ast.unparse(d) == "staticmethod" for d in item.decorator_list)
            me = args[0].arg if args and not static else None
            for sub in ast.walk(item):
                if isinstance(sub, ast.Attribute):
                    own = ok and isinstance(sub.value, ast.Name) and sub.value.id == me
                    (good if own else bad).add(sub.attr)
    seen = set()
    for node in ast.walk(tree):  # attributes outside any class's methods
        if isinstance(node, ast.ClassDef):
            for sub in ast.walk(node):
                seen.add(id(sub))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and id(node) not in seen:
            bad.add(node.attr)
    return good - bad


def _public(tree):
    """The public names a parsed file binds where MicroPython keeps their names: its
    module-level functions, classes and globals, the arguments of its functions and its
    classes' attributes; less any it passes as a keyword argument (to a function that may
    not be its own) and the builtins."""
    out = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            for sub in ast.walk(node):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    out.add(sub.id)
    keywords = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.ClassDef)):
                    out.add(item.name)
        elif isinstance(node, ast.keyword) and node.arg:
            keywords.add(node.arg)
    return set(
        n
        for n in out - keywords
        if n[0] != "_" and not hasattr(builtins, n) and n not in MICROPYTHON_BUILTINS
    )


def plan(src, rels, repository=True):
    """The renaming of the tree `src`'s files `rels` (relative, '/'-separated .py paths):
    {rel: {old: new}}. Deterministic: the same tree gives the same map. The files that may
    name the tree's names are the tree's and (`repository`) the repository's."""
    rels = sorted(rel for rel in rels if "firmware/" + rel not in GENERATED)
    scans = {}
    for rel in rels:
        path = os.path.abspath(os.path.join(src, rel))
        with open(path, encoding="utf-8") as f:
            text = f.read()
        tree = ast.parse(text)
        toks = _tokens(text)
        in_strings = set()
        for t in toks:
            if t.type == tokenize.STRING:
                in_strings |= _words(t.string)
        names = set(t.string for t in toks if t.type == tokenize.NAME and private(t.string))
        public = _public(tree)
        scans[rel] = (
            _words(text),
            _reach(tree),
            _attributes(tree),
            names | public,
            in_strings,
            tree,
            public,
        )
    others = list(_others(src, [os.path.join(src, rel) for rel in rels], repository).values())
    closed, group, pure = _classes(dict((rel, sc[5]) for rel, sc in scans.items()))
    words_in = {}  # private word -> in how many files (the tree's and the others)
    reached = {}  # private word -> in how many files' reach
    for words, reach in others + [(sc[0], sc[1]) for sc in scans.values()]:
        for w in words:
            words_in[w] = words_in.get(w, 0) + 1
        for w in reach:
            if private(w):
                reached[w] = reached.get(w, 0) + 1
    taken = set()
    for words, _r in others:
        taken |= words
    for sc in scans.values():
        taken |= sc[0]
    pool = (n for n in short_names() if n not in taken)
    attr_map, own, local = {}, {}, {}
    for rel in rels:
        words, reach, attrs, names, in_strings, tree, public = scans[rel]
        mine = _own_attributes(tree, closed[rel])
        mine_pure = _own_attributes(tree, pure[rel])
        for n in sorted(names - in_strings):
            if n in public:  # a public name: only where no other file has the word at all,
                # and an attribute only of the file's closed classes
                if words_in.get(n) == 1 and (n not in attrs or n in mine_pure):
                    (own if n in attrs else local).setdefault(rel, []).append(n)
                continue
            if n in attrs:
                if words_in.get(n) != 1:  # an attribute: no other file may name it at all
                    continue
                if n in mine:
                    own.setdefault(rel, []).append(n)
                else:
                    attr_map[(rel, n)] = next(pool)
            elif n not in reach and not reached.get(n):  # no file reaches it: F's own
                local.setdefault(rel, []).append(n)
    # the attributes of a file's closed classes: the file's own, but never a name another
    # module's attribute has or may have (any word anywhere, any attribute's new name)
    # (one pool for each group of files whose classes extend each other)
    shared = taken | set(attr_map.values())
    own_pools = {}
    out = {}
    for rel in rels:
        m = dict((n, v) for (r, n), v in attr_map.items() if r == rel)
        if group[rel] not in own_pools:
            own_pools[group[rel]] = (n for n in short_names() if n not in shared)
        own_pool = own_pools[group[rel]]
        for n in own.get(rel, ()):
            m[n] = next(own_pool)
        used = scans[rel][0] | set(m.values())
        local_pool = (n for n in short_names() if n not in used)
        for n in local.get(rel, ()):
            m[n] = next(local_pool)
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
