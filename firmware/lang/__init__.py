# The game's languages: which exist, the chosen one's words in the heap, changing it.
# SPDX-License-Identifier: MIT
"""Every word a screen draws comes from here. ``T`` (message id -> text) and ``B`` (box id
-> (short label, full name)) hold the chosen language; :func:`use` fills them in place
from ``lang/<code>.py`` and drops that module again, so only one language is in the heap
and a screen's ``from lang import T`` stays valid across a change.

While a game is played only the play and game-over screens' words (the module's ``TEXT``)
are kept: the app calls :func:`trim` when the play screen comes and :func:`full` when a
menu screen (one with ``menu = True``) is shown, which adds the menus' words (``MENU``).
The long help texts (``HELP``) are read by :func:`help_texts` when the rules help or the
house rules need them (the module then goes with the menus, heap.py). Adding a language
is adding its module and a row in :data:`CODES` / :data:`NAMES` (and the font's glyphs).
Example::

    >>> use("sv"); T["new_game"], box("full_house"), name("yatzy_2")
    ('NYTT SPEL', 'KÅK', 'YATZY 2')
"""

import sys

import heap

CODES = ("en", "fi", "sv", "nb")
NAMES = ("ENGLISH", "SUOMI", "SVENSKA", "NORSK")  # each language's name in itself
DEFAULT = "en"

T = {}
B = {}
_code = [None]
_menus = [False]  # the MENU words are in T


def current():
    """The code of the language in use (None before the first :func:`use`)."""
    return _code[0]


def _module(code):
    name = "lang." + code
    __import__(name)
    return sys.modules[name]


def use(code, menus=True):
    """Make `code` the language of every screen (`menus`: with the menus' words); ValueError
    names the known codes."""
    if code not in CODES:
        raise ValueError("unknown language %r (known: %s)" % (code, ", ".join(CODES)))
    if code != _code[0]:
        _code[0] = code
        _fill(menus, True)
    elif menus:
        full()


def _fill(menus, boxes):
    m = _module(_code[0])
    T.clear()  # frees the table: a trimmed T is a small one
    T.update(m.TEXT)
    if menus:
        T.update(m.MENU)
    if boxes:
        B.clear()
        B.update(m.BOXES)
    _menus[0] = menus
    m = None
    heap.drop("lang")


def trim():
    """Keep only the play and game-over screens' words (a game is played)."""
    if _menus[0]:
        _fill(False, False)


def full():
    """Have the menus' words too (a menu screen is shown)."""
    if not _menus[0]:
        _fill(True, False)


def help_texts():
    """The chosen language's HELP dict (its module stays loaded until the menus go); before
    any :func:`use`, English."""
    if _code[0] is None:
        use(DEFAULT)
    return _module(_code[0]).HELP


def _split(c):
    i = c.rfind("_")
    if i > 0 and c[i + 1 :] in ("2", "3", "4"):
        return c[:i], c[i + 1 :]
    return c, ""


def box(c):
    """Short label of box `c` for the card (extra Yatzy rows numbered: "YATZY2")."""
    base, n = _split(c)
    s = B[base][0]
    return s[:5] + n if n else s


def name(c):
    """Full name of box `c` ("YATZY 2" for an extra row)."""
    base, n = _split(c)
    s = B[base][1]
    return s + " " + n if n else s
