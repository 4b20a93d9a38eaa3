# Computer players: decide the next action; "basic" maximises this turn's expected score.
# SPDX-License-Identifier: MIT
"""Computer strategies.

``decide(game, level="basic", rand=None)`` returns the next action of the
current player: ``("rolloff",)``, ``("direction", d)``, ``("roll",)``,
``("holds", mask)`` (followed by ``("roll",)`` on the next call), or
``("score", category, column)``.

``basic`` (``yatzy.basic``) maximises the expected points of the current turn exactly;
``easy``, ``good`` and ``best`` (``yatzy.ai``) add the value of the rest of the game.

The levels are :data:`LEVELS`. Each lives in the module :data:`PROVIDERS` names, which
registers it when first imported (both names are the data of ``yatzy.levels``), so only
the levels a game plays are on the heap; other
levels can be added with :func:`register` (``register("mine", fn)``, where
``fn(game, rand)`` returns an action). A level whose tables do not fit in the heap
(``MemoryError``) plays that move as ``basic``, and where even ``basic``'s do not fit,
as ``yatzy.plain``, which needs none, so the game goes on: callers never handle it.
:func:`hint` and :func:`loss` are the hint coach's view of the same. The dice-multiset
tables the search runs over are in ``yatzy.keeps``.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Cpu"], cpu=[True], dice=4)
    >>> decide(g)
    ('roll',)
"""

from yatzy.engine import DIRECTION, OVER, ROLLOFF
from yatzy.keeps import native, work
from yatzy.keeps import tables as _tables
from yatzy.levels import LEVELS, PROVIDERS  # noqa: F401 (LEVELS: public here too)

_LEVELS = {}


def register(level, fn):
    """Make ``decide(game, level)`` call ``fn(game, rand)``."""
    _LEVELS[level] = fn


def tables(n):
    """The search's tables for ``n`` dice (``keeps.tables``), its compiled kernels and the
    arrays every turn reuses (``keeps.work``): the app makes them when a game with computer
    players starts, before the heap fragments, so that no decision builds them. Where they
    do not fit (``MemoryError``), what was made stays and None is returned: the decisions
    fall back to what fits (:func:`decide`), the game goes on."""
    try:
        t = _tables(n)
        native()
        work(t)
        return t
    except MemoryError:
        _collect()
    return None


def no_turn(game):
    """The action of a phase that is no turn and needs no tables (the roll-off, the
    direction: "down"), or None in a turn. ValueError: the game is over. ``basic`` and
    ``yatzy.plain`` both start from it."""
    ph = game.phase
    if ph == ROLLOFF:
        return ("rolloff",)
    if ph == DIRECTION:
        return ("direction", "down")
    if ph == OVER:
        raise ValueError("the game is over: no action to take")
    return None


def _level_fn(level):
    fn = _LEVELS.get(level)
    if fn is None:
        provider = PROVIDERS.get(level) if isinstance(level, str) else None
        if provider is None:
            raise ValueError("unknown strategy level %r" % (level,))
        from unload import unload

        # a copy of the provider loaded before this module (unloaded and loaded again) has
        # registered with the copy before: a fresh one registers with this one
        unload(provider)
        __import__(provider)
        fn = _LEVELS.get(level)
        if fn is None:
            raise ValueError("strategy level %r did not register itself" % (level,))
    return fn


def _close():
    from yatzy.tables import close

    close()


def _collect():
    import gc

    gc.collect()


def _forget():
    """After a MemoryError: the basic level's cached turn goes, where it is loaded."""
    import sys

    b = sys.modules.get("yatzy.basic")
    if b is not None:
        b.forget()


def decide(game, level="basic", rand=None):
    """The next action of the current player (see the module docstring). A level other than
    basic that runs out of memory (its tables do not fit) plays this move as basic."""
    try:
        return _level_fn(level)(game, rand)
    except MemoryError:
        pass
    finally:
        _close()
    _forget()
    _collect()
    if level != "basic":
        try:
            return _level_fn("basic")(game, rand)
        except MemoryError:
            _forget()
            _collect()
        finally:
            _close()
    from yatzy.plain import plain  # loaded only here: it costs no heap until it is needed

    return plain(game)


def hint(game):
    """The hint coach's move: ``(action, exact)``, the ``best`` level's suggestion
    (``exact`` True) or, when its tables do not fit in the heap, the basic one (False)."""
    try:
        try:
            from yatzy import ai

            return ai.hint(game), True
        except (ImportError, MemoryError):  # not on this flash, or no room for its tables
            _collect()
        return _level_fn("basic")(game, None), False  # (reads score rows too)
    finally:
        _close()


def loss(game, action):
    """Expected points that ``action`` gives away against the best choice (float), or
    None when the best level's tables do not fit in the heap. ValueError: not possible."""
    try:
        from yatzy import coach

        return coach.loss(game, action)
    except (ImportError, MemoryError):
        _collect()
    finally:
        _close()
    return None
