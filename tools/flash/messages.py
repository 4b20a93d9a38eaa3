# Build-time move of the messages the firmware raises into a data file (why.bin).
# SPDX-License-Identifier: MIT
"""Error messages in the flash, not on the heap.

MicroPython keeps a loaded module's constants for as long as the module is loaded, and a
string constant longer than 10 bytes is a str object of its own, not an interned name. Most
of those are the messages of ``raise`` statements: about 4.5 KB in the modules loaded at the
4-player game's lowest point on the Pico, text the board needs only at the moment it raises
one. The build (``flash.build``, after the short names) replaces each such constant inside a
``raise`` statement with ``_E_(n)`` and adds ``from why import text as _E_`` after the
module's docstring; n is the message's entry in ``why.bin``, the build's message table,
written at the top of the build beside ``why.mpy`` (firmware/why.py, which reads an entry
back). The sources keep their messages where they are raised; the host runs them as they
are, and the board raises the same text (host_tests/tools/flash/test_messages.py runs the
built modules on the MicroPython unix port).

why.bin: a little-endian uint16 count N, N + 1 uint16 offsets (entry i is the UTF-8 bytes
from offset i to offset i + 1), then the bytes, counted from the end of the offsets.
"""

import ast
import struct

NAME = "_E_"  # what a rewritten raise calls; never a word of the module it is added to
MODULE = "why"  # firmware/why.py, at the top of the board's filesystem
TABLE = "why.bin"
IMPORT = "from %s import text as %s\n" % (MODULE, NAME)
SHORTEST = 11  # bytes: a str constant of 10 bytes or fewer is an interned name, not heap


class MessageError(Exception):
    """A module the build cannot rewrite (it names what and where)."""


def _messages(node):
    """The str constants of SHORTEST bytes or more in the expression `node`, outside
    f-strings (whose parts are no constants of their own)."""
    if isinstance(node, ast.JoinedStr):
        return []
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, str) and len(value.encode()) >= SHORTEST:
            return [node]
        return []
    out = []
    for child in ast.iter_child_nodes(node):
        out += _messages(child)
    return out


def extract(text, table, rel="<module>"):
    """`text` (a module's source) with every long message of its raise statements replaced
    by ``_E_(n)`` and the import added, and the number replaced. `table` is the build's
    list of messages, grown in place (a message already in it keeps its number)."""
    tree = ast.parse(text)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            found += _messages(node.exc)
    if not found:
        return text, 0
    if NAME in text:
        raise MessageError("%s: already has the name %s, which the build adds" % (rel, NAME))
    lines = [line.encode() for line in text.splitlines(keepends=True)]
    # splice from the end, so that the positions before each edit stay valid (ast's column
    # offsets count UTF-8 bytes)
    for node in sorted(found, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        try:
            n = table.index(node.value)
        except ValueError:
            n = len(table)
            table.append(node.value)
        first, last = node.lineno - 1, node.end_lineno - 1
        head = lines[first][: node.col_offset]
        tail = lines[last][node.end_col_offset :]
        lines[first : last + 1] = [head + ("%s(%d)" % (NAME, n)).encode() + tail]
    at = 0  # the line the import goes before: after the module's docstring, if it has one
    body = tree.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        if isinstance(body[0].value.value, str):
            at = body[0].end_lineno
            if len(body) > 1 and body[1].lineno == at:
                raise MessageError("%s: a statement on the docstring's last line" % rel)
    # the lines before `at` hold no message (a docstring or nothing), so `at` still counts
    # lines of the original text
    lines.insert(at, IMPORT.encode())
    out = b"".join(lines).decode()
    ast.parse(out)  # a splice that broke the module stops the build here, not on the board
    return out, len(found)


def table_bytes(table):
    """The why.bin bytes of the list of messages `table`."""
    data = [m.encode() for m in table]
    ends = [0]
    for d in data:
        ends.append(ends[-1] + len(d))
    if len(table) > 0xFFFF or ends[-1] > 0xFFFF:
        raise MessageError(
            "%d messages of %d bytes: more than why.bin holds" % (len(table), ends[-1])
        )
    return struct.pack("<%dH" % (len(ends) + 1), len(table), *ends) + b"".join(data)


def read(blob, n):
    """Message n of the why.bin bytes `blob` (what firmware/why.py reads from the file)."""
    (count,) = struct.unpack_from("<H", blob, 0)
    if not 0 <= n < count:
        raise IndexError("no message %d in a table of %d" % (n, count))
    a, b = struct.unpack_from("<2H", blob, 2 + 2 * n)
    base = 4 + 2 * count
    return blob[base + a : base + b].decode()
