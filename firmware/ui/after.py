# After a game: the high-score result and what next (play again, new game, scores, title).
# SPDX-License-Identifier: MIT
#
# Shown by ui.end.End after Roll; a module of its own so that the game-over screen does not
# load the menu code (ui.menu) while the play screen is still loaded. It holds the game as
# ui.end.Finished, not the Game: the engine's and the computers' modules have left the heap
# with it (heap.py "game") before this module, the high scores and the menus load.

from gfx.font import SMALL
from lang import T

from ui.lists import ListScreen
from ui.widgets import title_bar, upper, wrap

_ENTRIES = ("play_again", "new_game", "high_scores", "last_game", "to_title")


class AfterGame(ListScreen):
    own_rows = True  # its rows are ListScreen's, from y 20 (a cursor move sends just those)
    row_y = 20

    def __init__(self, app, g, levels, entered=None):
        ListScreen.__init__(self, app)
        self.g = g  # the game as Finished
        self.levels = levels
        # [(player, place)] that entered the high scores; None: entered when first drawn,
        # after the soft keys have been sent (Store.record(g, False); ui.end.End's Roll)
        self.entered = entered
        self.lines = None  # the result, made when first drawn (the menus' words loaded)

    def result(self):
        g = self.g
        store = self.app.store
        if not store.eligible(g):
            return [T["house_card"], T["no_entry"]]
        if self.entered:
            parts = []
            for p, place in self.entered:
                parts.append("%s #%d" % (upper(g.players[p].name), place))
            head = T["new_hs"] if len(parts) == 1 else T["new_hss"]
            return [head] + wrap(", ".join(parts), 31)[:1]
        table = store.scores(g.rules_id)
        humans = [p for p in range(len(g.players)) if not g.players[p].cpu]
        if not humans:
            return [T["cpu_only"], T["no_entry"]]
        if len(table) >= 10:
            return [T["no_hs"], T["top_needs"] % (table[-1][1] + 1)]
        return [T["no_hs"], ""]

    def items(self):
        return [(T[e], None) for e in _ENTRIES]

    def draw(self, cv):
        if self.lines is None:
            if self.entered is None:
                self.entered = self.app.store.record(self.g, False)
            self.lines = self.result()
        title_bar(cv, self.lines[0])
        if len(self.lines) > 1:
            cv.text(2, 10, self.lines[1], SMALL)
        self.draw_rows(cv, self.row_y, 5)
        self.draw_keys(cv)

    def rows(self):
        return 5

    def back(self):
        _to_title(self.app)

    def choose(self, i):
        app = self.app
        if i == 0:
            from ui.setup import start_game

            start_game(app, setup_for(app, self.g, self.levels))
        elif i == 1:
            from ui.setup import Setup

            app.show(Setup(app))
        elif i == 2:
            from ui.scores import HighScores

            mark = None
            if self.entered:
                table = app.store.scores(self.g.rules_id)
                mark = [table[place - 1] for _, place in self.entered if place <= len(table)]
            app.show(HighScores(app, self, self.g.rules_id, mark))
        elif i == 3:
            from ui.end import Result

            app.show(Result(app, self))
        else:
            _to_title(app)


def _to_title(app):
    """The title; once its frame is out, the game-over screens' modules and the core's rules
    go (heap.py "after": loaded again when next needed)."""
    app.title()
    app.after_frame(_drop_after)


def _drop_after():
    import heap

    heap.drop("after")


def setup_for(app, g, levels):
    """The remembered set-up changed to this game's players and rules (play again)."""
    from yatzy import rules

    s = app.setup
    n = len(g.players)
    s["rules"] = g.rules_id
    s["n"] = n
    for i in range(n):
        s["names"][i] = g.players[i].name
        s["levels"][i] = levels[i] if levels else ""
    opts = {}
    for k in rules.OPTION_KEYS:
        if g.options[k] != rules.OPTIONS[k]["default"]:
            opts[k] = g.options[k]
    s["options"] = opts
    return s
