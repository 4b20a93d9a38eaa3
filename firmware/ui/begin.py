# Starting a game: the menus go, the game is built or read again, the play screen comes up.
# SPDX-License-Identifier: MIT
"""The two games a menu press may ask for, as pending actions: ``Continue()`` (App.play_saved)
and ``NewGame(setup)`` (App.new_game). The app keeps the one asked for and calls its
``run(app)`` once the press's screen has returned, so that the menu screens can be dropped
first (docs/CONTRACTS.md, "A press"). They live here, not in app.py, because they
run once a game: this module goes with the menus (heap.py "menus"), so its code is not on
the heap while the game is played. They use the app's public API only."""

from lang import T


class Continue:
    """The "Continue" of the title: the menus go, the saved game is read again (its tables
    for computer players built first) and played; an unreadable save brings the title back,
    and so does running out of memory anywhere in the start, with a notice."""

    def run(self, app):
        app.screen = None
        app.unload()
        import sys

        before = set(sys.modules)
        offer = app.saved_info, app.saved_cpu  # the title's summary of the save
        try:
            self._play(app)
        except MemoryError:
            # the save stays as it is on the flash, and offered: what this start loaded goes
            # again, so that the title has room to come back and say so (only that: a module
            # loaded before stays, and nothing holds a stale copy)
            app.game = app.levels = app.saved = app.screen = None
            app.saved_info, app.saved_cpu = offer  # (Continue reads the save again)
            app.notice = T["no_mem_continue"]
            import heap

            heap.drop("play", "start", "reader", "setup", keep=before)
            app.title()

    def _play(self, app):
        if app.saved_cpu:  # computer players: their tables before the save is read again
            from yatzy import strategy

            strategy.tables(app.saved_cpu)
        g = app.saved
        if g is None:
            app.title()
            return
        app.game = g
        app.levels = g.levels
        app.saved = None
        best_for(app, g.rules_id, len(g.players))
        app.unload()
        play(app, g)


class NewGame:
    """A new game from the set-up dict `setup` (rules, n, names, levels, options, games):
    the menus go, the game is built and played; after its first frame the set-up and the
    game are saved."""

    def __init__(self, setup):
        self.setup = setup

    def run(self, app):
        s = self.setup
        app.screen = None
        best_for(app, s["rules"], s["n"])
        app.unload(True)
        g = _make_game(app, s)
        app.save_soon(s)  # the set-up, then the game, once its first frame is out
        play(app, g)


def best_for(app, rules_id, players):
    if app.store is not None and players == 1:
        # remembered: the solo play screen shows it without the high-score tables
        app.store.best_for(rules_id)


def play(app, g):
    """Show `g`: its play screen, or the game-over screen when it is over (a save made on
    that screen before its OK, when the plug was pulled)."""
    if g.is_over():
        from ui.end import End

        app.show(End(app, g))
        return
    if [1 for p in g.players if p.cpu]:
        # their tables need blocks of several KB in one piece, which a heap fragmented by
        # a game in play may not have ("Continue" built them before reading the save)
        app.tables_due = g.rules.dice
    from ui.play import Play

    app.show(Play(app, g))


def _make_game(app, s):
    from yatzy.engine import Game

    n = s["n"]
    lv = s["levels"][:n]
    cpu = [bool(v) for v in lv]
    g = Game(s["rules"], s["names"][:n], options=s["options"], dice=app.dice, cpu=cpu)
    s["games"] += 1
    g.number = s["games"]
    g.levels = lv
    app.game = g
    app.levels = lv
    app.saved = None
    import heap

    heap.drop("menus", "setup", "reader", collect=heap.cold())  # else after the 1st frame
    return g
