# The game's languages: which exist, the chosen one's words, changing it.
# SPDX-License-Identifier: MIT
"""Every word a screen draws comes from here: ``T[id]`` (a message), :func:`box` (a box's
short label), :func:`help_text` (the rules help's and house rules' texts, full box names).

The words of a language are written in ``lang/<code>.py`` (dicts, see ``lang/en.py``);
the game reads ``lang/<code>_pack.py``, which tools/gen/lang.py makes from it: each table
as four long strings (by id length modulo 4), searched where a word is needed, and each
word found kept by id until the tables change. Loaded so, a language interns no name
(MicroPython keeps a module's short string constants as interned names for good), and a
table leaves the heap when the loader lets go of it. The play words and box labels are
kept while a game is played; the app calls ``words(True)`` when a menu screen (``menu =
True``) is shown, which adds the menus' words until the next ``words(False)``, and
``words("game")`` for the in-game menu (``menu = "game"``), which adds only its own few
(the ``GAME`` table: the other menus' words cost about 2 KB of the stock UF2's heap in a
game); the help texts are read when first asked for and go with the menus' words. Only the chosen
language is in the heap, and ``from lang import T`` stays valid across a change. Adding a
language is adding its module and a row in :data:`CODES` / :data:`NAMES` (and the font's
glyphs); the build packs it. Example::

    >>> use("sv"); T["new_game"], box("full_house"), box("yatzy_2")
    ('NYTT SPEL', 'KÅK', 'YATZY2')
"""

CODES = ("en", "fi", "sv", "nb")
NAMES = ("ENGLISH", "SUOMI", "SVENSKA", "NORSK")  # each language's name in itself
DEFAULT = "en"

# the language in use, then its packed tables: TEXT, BOXES, MENU (() while a game is
# played or its menu shown), HELP (() until asked for) and GAME (() while a game is played)
_t = [None, (), (), (), (), ()]
# the messages and box labels read since the language or the set of tables last changed,
# by id: a search of a packed table takes a few hundred microseconds on the Pico, a dict
# look-up a few, and a frame reads a dozen or two (a game keeps about 35 of them)
_seen = ({}, {})


def _get(tab, k):
    """Entry `k` of the packed table `tab` (its fields joined by US), None when absent. The
    table is split by id length modulo its size: a search reads only the string of `k`'s."""
    if not tab:
        return None
    s = tab[len(k) % len(tab)]
    i = s.find("\x1e%s\x1f" % k)
    if i < 0:
        return None
    i += len(k) + 2
    return s[i : s.find("\x1e", i)]


class _Words:
    """``T[id]``, ``id in T``, ``T.get(id, default)``: the chosen language's messages."""

    def get(self, k, default=None):
        v = _seen[0].get(k)
        if v is None:
            v = _get(_t[1], k)
            if v is None:
                v = _get(_t[5], k)
                if v is None:
                    v = _get(_t[3], k)
                    if v is None:
                        return default
            _seen[0][k] = v
        return v

    def __getitem__(self, k):
        v = _seen[0].get(k)
        if v is None:
            v = self.get(k)
            if v is None:
                raise KeyError(k)
        return v

    def __contains__(self, k):
        return self.get(k) is not None


T = _Words()


def _pack(code):
    """lang/<code>_pack.py, imported and let go of at once: the caller keeps what it takes."""
    from unload import unload

    name = "lang." + code + "_pack"
    __import__(name)
    return unload(name)


def current():
    """The code of the language in use (None before the first :func:`use`)."""
    return _t[0]


def use(code, menus=True):
    """Make `code` the language of every screen (`menus`: which menus' words, as
    :func:`words` takes it); ValueError names the known codes."""
    if code not in CODES:
        raise ValueError("unknown language %r (known: %s)" % (code, ", ".join(CODES)))
    if code != _t[0]:
        m = _pack(code)
        menu = m.MENU if menus is True else ()
        _t[:] = [code, m.TEXT, m.BOXES, menu, (), m.GAME if menus else ()]
        _seen[0].clear()
        _seen[1].clear()
    words(menus)


def words(menus):
    """The words in the heap besides the play and game-over screens': `menus` True, the
    menus' (a menu screen is shown); "game", only the in-game menu's; False, none (a game
    is played)."""
    if menus is not True:
        if _t[3] or (not menus and _t[5]):
            _seen[0].clear()  # the words that go among them
        _t[3] = _t[4] = ()
        if not menus:
            _t[5] = ()
    want_menu = menus is True and not _t[3]
    if menus and (want_menu or not _t[5]):
        m = _pack(_t[0])
        _t[5] = m.GAME
        if want_menu:
            _t[3] = m.MENU


def help_text(k, *default):
    """The help entry `k` (lang/<code>.py's HELP; ``boxes.<id>`` and ``yahtzee.<id>`` for
    its per-box tables, ``name.<id>`` for a box's full name): a text, or a tuple of texts
    where HELP has one. Where there is none: `default` if given, else KeyError."""
    if not _t[4]:
        _t[4] = _pack(_t[0] or DEFAULT).HELP
    v = _get(_t[4], k)
    if v is None:
        if default:
            return default[0]
        raise KeyError(k)
    return tuple(v.split("\x1f")) if "\x1f" in v else v


def box(c, wide=False):
    """Short label of box `c` for the card (extra Yatzy rows numbered: "YATZY2"); `wide`:
    its full name where that fits a one-column card's label column ("TÄYSKÄSI")."""
    if wide:
        v = _seen[1].get("w." + c)
        if v is None:
            v = _get(_t[2], "w." + c) or box(c)
            _seen[1]["w." + c] = v
        return v
    v = _seen[1].get(c)
    if v is None:
        i = c.rfind("_")
        if i > 0 and c[i + 1 :] in ("2", "3", "4"):
            v = box(c[:i])[:5] + c[i + 1 :]
        else:
            v = _get(_t[2], c)
            if v is None:
                raise KeyError(c)
        _seen[1][c] = v
    return v
