# The game's languages: which exist, the chosen one's words in the heap, changing it.
# SPDX-License-Identifier: MIT
"""Every word a screen draws comes from here. ``T`` (message id -> text) and ``B`` (box id
-> its short label for the card) hold the chosen language; :func:`use` fills them in place
from ``lang/<code>.py`` and drops that module again, so only one language is in the heap
and a screen's ``from lang import T`` stays valid across a change.

While a game is played only the play and game-over screens' words (the module's ``TEXT``)
are kept: the app calls ``words(False)`` when the play screen comes and ``words(True)``
when a menu screen (one with ``menu = True``) is shown, which adds the menus' words
(``MENU``). The long help texts (``HELP``) and the full box names are read from
:func:`module` by the rules help and the house rules (the module then goes with the
menus, heap.py). Adding a language
is adding its module and a row in :data:`CODES` / :data:`NAMES` (and the font's glyphs).
Example::

    >>> use("sv"); T["new_game"], box("full_house"), box("yatzy_2")
    ('NYTT SPEL', 'KÅK', 'YATZY2')
"""

import sys

import heap

CODES = ("en", "fi", "sv", "nb")
NAMES = ("ENGLISH", "SUOMI", "SVENSKA", "NORSK")  # each language's name in itself
DEFAULT = "en"

T = {}
B = {}
_now = [None, False, ()]  # the language in use; whether T has the menus' words; TEXT's ids


def current():
    """The code of the language in use (None before the first :func:`use`)."""
    return _now[0]


def module():
    """The chosen language's module, imported: the rules help and the house rules read its
    HELP and full box names (it goes with the menus, heap.py); before any :func:`use`,
    English."""
    if _now[0] is None:
        use(DEFAULT)
    name = "lang." + _now[0]
    __import__(name)
    return sys.modules[name]


def use(code, menus=True):
    """Make `code` the language of every screen (`menus`: with the menus' words); ValueError
    names the known codes."""
    if code not in CODES:
        raise ValueError("unknown language %r (known: %s)" % (code, ", ".join(CODES)))
    if code != _now[0]:
        _now[0] = code
        B.clear()
        for k, v in module().BOXES.items():
            B[k] = v[0]
        _now[1] = not menus  # T is refilled below
    words(menus)


def words(menus):
    """`menus`: have the menus' words too (a menu screen is shown); else only the play and
    game-over screens' (a game is played)."""
    if menus == _now[1]:
        return
    if not menus and _now[2]:  # keep the play words: no module to load
        play = {}
        for k in _now[2]:
            play[k] = T[k]
        T.clear()  # frees the table: a trimmed T is a small one
        T.update(play)
        _now[1] = False
        return
    m = module()
    T.clear()
    T.update(m.TEXT)
    if menus:
        T.update(m.MENU)
    _now[1] = menus
    _now[2] = tuple(m.TEXT)
    m = None
    heap.drop("lang")


def box(c):
    """Short label of box `c` for the card (extra Yatzy rows numbered: "YATZY2")."""
    i = c.rfind("_")
    if i > 0 and c[i + 1 :] in ("2", "3", "4"):
        return B[c[:i]][:5] + c[i + 1 :]
    return B[c]
