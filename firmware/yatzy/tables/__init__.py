# Generated tables of the computer levels (tools/gen/ai_tables.py); loaded on first use.
# SPDX-License-Identifier: MIT
"""The generated modules are read through :func:`load`, which drops each again at once: what
the caller keeps of a table is all that stays on the heap. This package is the one small
module a reader of a table needs (the card cursor's model reads ``fitted`` without loading
the computer players' search code, ``yatzy.keeps``).

The large tables (``exact_<id>``'s future values, ``scores_<family>``'s score rows) are
data files, ``<name>.bin``, their shapes in ``fitted.EXACT`` and ``scores.ROWS``, read a
slice at a time by :func:`read`: only the bytes a decision asks for come onto the heap,
and go again with it (on the Pico the files lie in its flash; 13 KB of heap in a Yatzy
game, 17 KB in Maxi, docs/app_infra.md). They are constant data of the build, like the
modules: a missing or short file is a broken install, which :func:`size` lets the readers
notice before they rely on it."""


def load(name):
    """The generated module ``yatzy.tables.<name>``, dropped from the module table again."""
    from unload import unload

    full = "yatzy.tables." + name
    __import__(full)
    return unload(full)


_open = {}  # name -> the data file read() keeps open until close()


def _path(name):
    f = __file__  # this package's own file: the data files lie beside it
    return f[: max(f.rfind("/"), f.rfind("\\")) + 1] + name + ".bin"


def size(name):
    """The length of ``<name>.bin`` in bytes; 0 when it cannot be opened."""
    try:
        with open(_path(name), "rb") as f:
            return f.seek(0, 2)
    except OSError:
        return 0


def read(name, off, n):
    """``n`` bytes of ``<name>.bin`` from byte ``off`` (bytes). The file stays open for the
    reads that follow until :func:`close` (a decision reads a few dozen slices; opening the
    file for each took 5 ms on the Pico). ValueError: the file ends before them; OSError:
    it cannot be read."""
    f = _open.get(name)
    if f is None:
        f = open(_path(name), "rb")
        _open[name] = f
    f.seek(off)
    b = f.read(n)
    if len(b) != n:
        raise ValueError("%s.bin: %d bytes at %d, %d there" % (name, n, off, len(b)))
    return b


def close():
    """Close the files :func:`read` opened: the end of a decision (an open file holds its
    1 KB cache on the Pico's heap)."""
    while _open:
        _open.popitem()[1].close()
