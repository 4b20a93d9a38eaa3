# Pack each language module (firmware/lang/<code>.py) into the form the game reads: <code>_pack.py.
# SPDX-License-Identifier: MIT
"""Language packer.

    python -m tools.gen.lang            # rewrite firmware/lang/<code>_pack.py where stale
    python -m tools.gen.lang --check    # exit 1 when one is stale (or missing)

People edit ``firmware/lang/<code>.py`` (``BOXES``, ``TEXT``, ``GAME``, ``MENU``, ``HELP``:
dicts, see ``lang/en.py``). The game reads ``lang/<code>_pack.py``, written from it here:
each table as one long string, so that loading a language interns no name. MicroPython keeps
every short or name-like string constant of a module it loads as an interned name, for good,
where one long string is an ordinary object that goes when nothing refers to it (and stays
in flash when the module runs from a ROMFS image). ``tools.flash build`` runs this before
compiling, so a changed language module reaches the board; the language sources themselves
are not put on the board.

A packed table is a tuple of BUCKETS strings, the n-th holding the entries whose id
length is n modulo BUCKETS ("" where none is): each entry ``RS id US field [US field ...]`` (RS =
``\\x1e``, US = ``\\x1f``), the string closed by one more RS. lang/__init__.py finds an
entry by searching the string of its id's length for ``RS id US``: a few hundred bytes,
where one string for the table would be a thousand or more (str.find is a plain scan, and
MicroPython's str indexes count UTF-8 characters from the start); a string per length
would cost more heap in string headers than it saves. The tables, by when the
game needs them:

- ``TEXT``: the play and game-over words (``TEXT``), always in the heap;
- ``BOXES``: each box's short label for the card, always in the heap, and ``w.<id>``: its
  full name where that is no wider than ``WIDE_PX`` (a one-column card shows it);
- ``GAME``: the in-game menu's words and its question's, while a menu is shown;
- ``MENU``: the other menus' words, while one of them is shown;
- ``HELP``: the rules help's and the house rules' texts, while one of them is read: its
  entries as they are (a tuple's items as its fields), ``boxes.<id>`` and ``yahtzee.<id>``
  for the two per-box tables, and ``name.<id>`` for each box's full name.
"""

import argparse
import importlib
import os
import sys

from gfx.font import SMALL  # the firmware's own font measures the full names

from tools.paths import ROOT

LANG_DIR = os.path.join(ROOT, "firmware", "lang")
RS = "\x1e"  # starts an entry
US = "\x1f"  # ends the id and each field but the last
TABLES = ("TEXT", "BOXES", "MENU", "HELP", "GAME")
WIDTH = 99  # ruff's line length
BUCKETS = 4  # strings a table is split into, by id length
WIDE_PX = 45  # a box's full name up to this wide fits a one-column card's label column
_ESC = {"\\": "\\\\", '"': '\\"', "\n": "\\n", RS: "\\x1e", US: "\\x1f"}


def codes():
    """The language codes the game offers (lang.CODES), in its order."""
    import lang

    return lang.CODES


def source(code):
    """The language module lang.<code> (the dicts people edit), freshly imported."""
    name = "lang." + code
    sys.modules.pop(name, None)
    return importlib.import_module(name)


def target(code):
    return os.path.join(LANG_DIR, code + "_pack.py")


def entries(module):
    """{table: [(id, (field, ...))]} of a language module, in the packed tables' order."""
    out = {t: [] for t in TABLES}
    for k, v in module.TEXT.items():
        out["TEXT"].append((k, (v,)))
    for k, (short, full) in module.BOXES.items():
        out["BOXES"].append((k, (short,)))
        out["HELP"].append(("name." + k, (full,)))
    for k, (short, full) in module.BOXES.items():
        if full != short and SMALL.width(full) <= WIDE_PX:
            out["BOXES"].append(("w." + k, (full,)))  # lang.box(k, True): a wide card's
    for k, v in module.MENU.items():
        out["MENU"].append((k, (v,)))
    for k, v in module.GAME.items():
        out["GAME"].append((k, (v,)))
    for k, v in module.HELP.items():
        if isinstance(v, dict):
            for box, fields in v.items():
                out["HELP"].append(("%s.%s" % (k, box), tuple(fields)))
        elif isinstance(v, tuple):
            if len(v) < 2:
                raise ValueError("HELP[%r]: a tuple needs two items at least" % k)
            out["HELP"].append((k, v))
        else:
            out["HELP"].append((k, (v,)))
    return out


def check_entry(table, k, fields):
    if not k or any(c in k for c in (RS, US, "\n", " ")):
        raise ValueError("%s: id %r must be one word" % (table, k))
    for f in fields:
        if not isinstance(f, str):
            raise ValueError("%s[%r]: %r is not a text" % (table, k, f))
        if RS in f or US in f:
            raise ValueError("%s[%r]: a text may not hold \\x1e or \\x1f" % (table, k))


def buckets(table, items):
    """[the entries whose id length is n modulo BUCKETS] of one table."""
    out = [[] for _ in range(BUCKETS)]
    for k, fields in items:
        check_entry(table, k, fields)
        out[len(k) % BUCKETS].append((k, fields))
    return out


def pack_bucket(bucket):
    return "".join(RS + k + US + US.join(f) for k, f in bucket) + RS if bucket else ""


def pack_table(table, items):
    """One table as the game reads it: a tuple of BUCKETS strings, the n-th holding the
    entries whose id length is n modulo BUCKETS ("" for none), closed by RS."""
    return tuple(pack_bucket(b) for b in buckets(table, items))


def unpack(tab):
    """{id: (field, ...)} of a packed table (the inverse of pack_table, for the tests)."""
    out = {}
    for n, text in enumerate(tab):
        if not text:
            continue
        if not (text.startswith(RS) and text.endswith(RS)):
            raise ValueError("not a packed table")
        for entry in text[1:-1].split(RS):
            k, _, rest = entry.partition(US)
            if len(k) % len(tab) != n:
                raise ValueError("id %r in bucket %d of %d" % (k, n, len(tab)))
            out[k] = tuple(rest.split(US))
    return out


def literal(s):
    return '"' + "".join(_ESC.get(c, c) for c in s) + '"'


def pieces(k, fields, room):
    """The source lines (string literals) of one entry, each at most `room` wide: the entry
    split between words where it is longer."""
    text = RS + k + US + US.join(fields)
    out, cur = [], ""
    for word in _words(text):
        if cur and len(literal(cur + word)) > room:
            out.append(literal(cur))
            cur = ""
        cur += word
    out.append(literal(cur))
    return out


def _words(text):
    """`text` cut after each space (every piece but the last ends in its space)."""
    out, start = [], 0
    for i, c in enumerate(text):
        if c == " ":
            out.append(text[start : i + 1])
            start = i + 1
    out.append(text[start:])
    return out


def generate(code, module=None):
    """The source of lang/<code>_pack.py."""
    module = module or source(code)
    tables = entries(module)
    lines = [
        "# %s, packed by tools/gen/lang.py from lang/%s.py (edit that; make build rewrites this)."
        % (_name(code), code),
        "# SPDX-License-Identifier: MIT",
    ]
    for table in TABLES:
        lines.append("")
        lines.append("%s = (" % table)
        for n, bucket in enumerate(buckets(table, tables[table])):
            if not bucket:
                lines.append('    "",')
                continue
            lines.append("    # ids whose length is %d modulo %d" % (n, BUCKETS))
            whole = literal(pack_bucket(bucket)) + ","
            if len(whole) <= WIDTH - 4:  # one line where it fits (as ruff format writes it)
                lines.append("    " + whole)
                continue
            for k, fields in bucket:
                for piece in pieces(k, fields, WIDTH - 4):
                    lines.append("    " + piece)
            lines.append("    " + literal(RS) + ",")
        lines.append(")")
    return "\n".join(lines) + "\n"


def _name(code):
    import lang

    return lang.NAMES[lang.CODES.index(code)].capitalize()


def stale():
    """[(code, generated source)] of every pack that differs from its module."""
    out = []
    for code in codes():
        src = generate(code)
        try:
            with open(target(code), encoding="utf-8") as f:
                same = f.read() == src
        except OSError:
            same = False
        if not same:
            out.append((code, src))
    return out


def write(quiet=True):
    """Rewrite the stale packs; their codes."""
    done = []
    for code, src in stale():
        path = target(code)
        tmp = "%s.%d.tmp" % (path, os.getpid())  # by rename: a reader never sees half a pack
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(src)
        os.replace(tmp, path)
        done.append(code)
        if not quiet:
            print("wrote %s" % os.path.relpath(target(code), ROOT))
    return done


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if a pack is stale")
    a = ap.parse_args(argv)
    try:
        if a.check:
            bad = [c for c, _ in stale()]
            if bad:
                print(
                    "gen_lang: stale: %s; run python -m tools.gen.lang"
                    % ", ".join("lang/%s_pack.py" % c for c in bad),
                    file=sys.stderr,
                )
                return 1
            return 0
        write(quiet=False)
    except ValueError as e:
        print("gen_lang: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
