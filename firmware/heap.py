# Named groups of modules the app drops from the heap, and the one way a module leaves it.
# SPDX-License-Identifier: MIT
"""MicroPython keeps an imported module's functions, classes and constants in the heap
until nothing refers to it. The app drops whole groups of modules it does not need at the
moment (docs/app_infra.md, "Heap"); they are imported again when next used. Each module
leaves through ``unload.unload``, the one way for every layer. This module goes too when a
drop collects (``collect=False`` leaves it for the drop that follows): import it where it
is called, never at a module's top, so that nothing keeps it loaded between the few
moments that need it. Example::

    drop("menus", "setup", "reader")   # a game starts: menus, set-up tables, save reader go
    drop("start", keep=before)         # after start-up: what reading the save loaded
    warm(i)                            # a set-up screen's idle tick: the next play module
"""

import gc
import sys

from unload import unload

# the computer players and the card cursor's box choice: the levels, the search, its tables
# and compiled kernels (groups "cpu" and "game")
_CPU = (
    "yatzy.strategy",
    "yatzy.plain",
    "yatzy.coach",
    "yatzy.ai",
    "yatzy.basic",
    "yatzy.keeps",
    "yatzy.kernels",
    "yatzy.future",
    "yatzy.tables.fitted",
    "yatzy.tables",
)

GROUPS = {
    # the menu screens, the settings table they offer and the card view and standings
    # (ui.standings): not needed while a game is played
    "menus": (
        "settings",
        "ui.menu",
        "ui.game_menu",
        "ui.confirm",
        "ui.lists",
        "ui.setup",
        "ui.options",
        "ui.names",
        "ui.help",
        "ui.scores",
        "ui.end",
        "ui.after",
        "ui.standings",
        "ui.pager",
        "ui.begin",
        "pico.board",
    ),
    # the core's set-up and help tables (rules_config, rules_info; RULESETS is released too)
    "setup": ("yatzy.rules_info", "yatzy.rules_config"),
    # the core's save reader: the in-play save needs only the writing side
    "reader": ("yatzy.codec_load", "yatzy.engine_load", "yatzy.log_load"),
    # the engine, the play screen (each after the modules it imports) and the set-up code a
    # new game is built with: loaded by warm(), one per idle tick of the set-up screens, so
    # that START does not wait for them (dropped again when the set-up goes back to the title)
    "warm": (
        "yatzy.rules_config",
        "yatzy.scoring",
        "yatzy.card",
        "yatzy.holds",
        "yatzy.rounds",
        "yatzy.log",
        "yatzy.engine",
        "ui.card",
        "ui.play_view",
        "ui.play_card",
        "ui.play_rolloff",  # START shows the roll-off (dropped once the turns have begun)
        "ui.play",
    ),
    # the play screen: dropped when a game is over and the menus come back
    "play": (
        "ui.play",
        "ui.play_card",
        "ui.play_view",
        "ui.play_cpu",
        "ui.play_rolloff",
        "ui.card",
    ),
    # a game's engine and its computer players (the levels, the search, its tables and
    # compiled kernels, built again when the next game with computers starts: App
    # tables_due): dropped with the play group at the game-over OK, once the Game is let go
    # (ui.end.Finished keeps what the screens after it need), before the high scores and
    # the menus load. (yatzy.levels, yatzy.dice and yatzy.rules stay: save.store, the
    # runner's dice and the menus hold them.)
    "game": _CPU
    + (
        "yatzy.actions",
        "yatzy.codec",
        "yatzy.engine",
        "yatzy.log",
        "yatzy.card",
        "yatzy.rounds",
        "yatzy.holds",
    ),
    # the screens after a game (the ranking, the list after it) and the core's rules and
    # scoring they leave loaded: dropped when the list goes back to the title, which needs
    # none of them (as after start-up)
    "after": ("ui.after", "ui.end", "yatzy.rules", "yatzy.scoring"),
    # the roll-off and tie-break (ui.play_rolloff): dropped once the turns have begun
    "rolloff": ("ui.play_rolloff",),
    # the computer players and the card cursor's box choice (the levels, the search, its
    # tables and kernels): dropped when the last box is scored, before the result screen
    # loads (its UNDO goes back to play, which imports them again: App tables_due)
    "cpu": _CPU,
    # the board builder, once main.py has built the hardware (pico.runner.Parts keeps what
    # the loop needs); loaded again to re-clock the display bus, and dropped with the menus
    "board": ("pico.board",),
    # the high-score and settings records: only the in-play save stays loaded in a game
    # (and save.filebytes, which a continued game's turns are read through: Store.release
    # keeps it; it goes with "start", when no game is left)
    "records": ("save.records", "save.scores", "save.filebytes"),
    # what start-up loads to read the saved game and the title does not need
    "start": (
        "startup",
        "save.records",
        "save.scores",
        "save.filebytes",
        "yatzy.codec_load",
        "yatzy.engine_load",
        "yatzy.log_load",
        "yatzy.engine",
        "yatzy.log",
        "yatzy.card",
        "yatzy.rounds",
        "yatzy.holds",
        "yatzy.rules_config",
        "yatzy.rules_info",
        "yatzy.rules",
        "yatzy.scoring",
    ),
}
# modules that stay loaded but cache tables built from a group: released with it
_RELEASE = {"setup": "yatzy.rules"}


def drop(*groups, keep=None, collect=True):
    """Unload the loaded modules of the named groups (but not those in the set `keep`);
    then, unless `collect` is False, collect."""
    for group in groups:
        cached = _RELEASE.get(group)
        if cached is not None and cached in sys.modules:
            sys.modules[cached].release()
        for name in GROUPS[group]:
            if keep is None or name not in keep:
                unload(name)
    if collect:  # the last drop of a step: this module goes too (imported again when next used)
        unload(__name__)
        gc.collect()


def intern_names():
    """Power-up's first step where the code is loaded into the heap (main.py on stock
    MicroPython, not on the project image, whose modules intern their names from flash; the
    host lanes that stand in for the Pico's heap call it too): load names.mpy, which the
    build writes (tools/gen/names.py) and which interns every name the firmware's modules
    use, and drop it with this module. MicroPython keeps
    interned names for good, in pools that double in size; done now, while the heap is
    whole, the last pool (1,280 slots in one block) and the names' text lie at the heap's
    bottom, and no later import needs a large block for a name. Without it the stock UF2's
    worst case (30 `best` computers) ran out of memory in its first round, allocating that
    pool with 88 KB free in pieces (`python -m tools.bench.rp2 --only worst`). Costs about
    0.4 s at power-up on the Pico."""
    try:
        __import__("names")  # (no local name: the collection below frees the module's code)
    except ImportError:  # sources installed as they are (mpremote mip): no build, no names
        pass
    unload("names", __name__)
    gc.collect()


# Free heap (bytes) a warm-up step needs before it loads a module: the warm group costs
# about 40 KB on the Pico (148 KB free after start-up); a smaller heap keeps the room for the
# set-up screens and loads the play modules at START, as it did before the warm-up.
WARM_ROOM = 64 * 1024


def cold():
    """True when the play screen is not loaded yet at START (a heap below WARM_ROOM skipped
    the set-up's warm-up): START then collects as it drops the menus, so that the play
    modules load into the room they leave, not around the holes of their garbage. (On the
    64-bit unix port a 1-player game at -X heapsize=184k ran out of memory at START without
    that collection, with 62 KB free once it had failed.)"""
    return GROUPS["warm"][-1] not in sys.modules


def warm(i):
    """Import module `i` of the "warm" group unless it is loaded; False when the group has
    no module `i`. (One call per entry, loaded or not: the ticks of a warm-up are the same
    whatever an earlier screen left loaded.)"""
    names = GROUPS["warm"]
    if i >= len(names):
        return False
    if names[i] not in sys.modules:
        if hasattr(gc, "mem_free") and gc.mem_free() < WARM_ROOM:
            gc.collect()  # MicroPython: only with room to spare for the menus (collected
            if gc.mem_free() < WARM_ROOM:  # only when the garbage may be what is missing)
                raise MemoryError("no room to load the play modules early")
        __import__(names[i])
    return True
