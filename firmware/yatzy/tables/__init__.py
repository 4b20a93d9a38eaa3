# Generated tables of the computer levels (tools/gen/ai_tables.py); loaded on first use.
# SPDX-License-Identifier: MIT
"""The generated modules are read through :func:`load`, which drops each again at once: what
the caller keeps of a table is all that stays on the heap. This package is the one small
module a reader of a table needs (the card cursor's model reads ``fitted`` without loading
the computer players' search code, ``yatzy.keeps``)."""


def load(name):
    """The generated module ``yatzy.tables.<name>``, dropped from the module table again."""
    import sys

    full = "yatzy.tables." + name
    __import__(full)
    mod = sys.modules.pop(full)
    pkg = sys.modules.get("yatzy.tables")
    if pkg is not None and name in pkg.__dict__:
        delattr(pkg, name)
    return mod
