# Starting a game: the menus go, the game is built or read again, the play screen comes up.
# SPDX-License-Identifier: MIT
"""``start_play(app)`` runs once the press that asked for a game (App.play, App.new_game:
``app._play_next``) has been handled, so that its menu screen can be dropped first. It is
App's own step, kept here because it runs once a game: this module goes with the menus
(heap.py "menus"), so its code is not on the heap while the game is played."""

from lang import T


def start_play(app):
    """Start the game app.play() or app.new_game() asked for: the menus go, the game is
    built (a set-up) or read again ("Continue"), and the play screen comes up."""
    g, save = app._play_next
    app._play_next = None
    app.screen = None
    if g is None:  # "Continue": read the save now that the menus are gone
        app._unload()
        if app._saved_cpu:  # computer players: see below
            from yatzy import strategy

            strategy.tables(app._saved_cpu)  # before the save is read again
        import sys

        before = set(sys.modules)
        try:
            g = app.saved
        except MemoryError:
            # what reading the save loaded goes again, so the title has room to come back
            # (only that: a module loaded before stays, and nothing holds a stale copy)
            g = None
            app.notice = T["no_mem_continue"]
            import heap

            heap.drop("start", "reader", "setup", keep=before)
        if g is None:
            app.title()
            return
        app.game = g
        app.levels = g.levels
        app.saved = None
    new = save is None
    if app.store is not None and (g["n"] if new else len(g.players)) == 1:
        # remembered: the solo play screen shows it without the high-score tables
        app.store.best_for(g["rules"] if new else g.rules_id)
    app._unload(new)
    if new:
        g = _make_game(app, g)
        save = True
    if save:  # once the first frame of the game is on the panel
        app.game = g
        app.save_soon()
    if g.is_over():  # saved on the game-over screen (the plug was pulled before its OK)
        from ui.end import End

        app.show(End(app, g))
        return
    if [1 for p in g.players if p.cpu]:
        # their tables need blocks of several KB in one piece, which a heap fragmented by
        # a game in play may not have: built right after the first frame, before the
        # saves (strategy keeps them; "Continue" built them before reading the save)
        app._tables_due = g.rules.dice
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
    app._setup_due = s  # saved with the game, after its first frame
    app.game = g
    app.levels = lv
    app.saved = None
    import heap

    heap.drop("menus", "setup", "reader", collect=heap.cold())  # else after the 1st frame
    return g
