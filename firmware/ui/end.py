# Game over: ranking with shared places, undo of the last box, high score entry, play again.
# SPDX-License-Identifier: MIT
#
# Keys (ranking): hold1 = cards, hold2 = standings, hold5 = undo the last box, Roll = on
# (not within _GUARD_MS of the ranking appearing: a press meant for the last box is not
# taken for its OK). After Roll the humans' totals enter the high scores, the saved game is
# cleared and the ranking stays with the app (app.last_game): `Result` shows it again.

from gfx.font import SMALL
from lang import T

from ui.keys import HOLD1, HOLD2, HOLD5, KEY_Y, ROLL
from ui.widgets import Screen, softkeys, title_bar, upper, view_keys

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_GUARD_MS = const(1500)  # the ranking's OK answers only this long after it appeared


def ranking(g):
    """The game's ranking as the end screens draw it: (place, name, total) a player."""
    return [(place, upper(g.players[p].name), total) for place, p, total in g.ranking()]


def draw_ranking(cv, rank, more):
    """Six rows of (place, name, total), shared places marked "=", the winners "WIN"; a
    line `more` % the rows left out below them."""
    rows = min(len(rank), 6)
    for i in range(rows):
        place, name, total = rank[i]
        y = 9 + i * 8 if len(rank) <= 6 else 9 + i * 7
        shared = (i > 0 and rank[i - 1][0] == place) or (
            i + 1 < len(rank) and rank[i + 1][0] == place
        )
        cv.text_right(12, y, ("=%d" if shared else "%d") % place, SMALL)
        cv.text(17, y, name, SMALL)
        cv.text_right(100, y, str(total), SMALL)
        if place == 1 and len(rank) > 1:  # a solo game has no winner
            cv.text(104, y, T["win"], SMALL)
    if len(rank) > rows:
        cv.text(17, 51, more % (len(rank) - rows), SMALL)


class Seat:
    """A player of a finished game: the name and whether a computer played the seat."""

    def __init__(self, name, cpu):
        self.name = name
        self.cpu = cpu


class Finished:
    """What the screens after a game need of it, as the Game gives it (the fields and
    total() that Store.record, Store.eligible and play again read), so that the Game can be
    let go: its rules id, options, number, seats and totals."""

    def __init__(self, g):
        self.rules_id = g.rules_id
        self.options = dict(g.options)
        self.number = getattr(g, "number", 0)
        self.players = [Seat(pl.name, pl.cpu) for pl in g.players]
        self.totals = [g.total(p) for p in range(len(g.players))]

    def total(self, p):
        return self.totals[p]


class End(Screen):
    first = "keys"  # shown: the soft keys go out before the ranking (App.show)

    def __init__(self, app, g):
        Screen.__init__(self, app)
        self.g = g
        self._since = app.now  # the event time the ranking appeared at
        self._ok = False  # its OK is shown (the guard time is over)

    def draw(self, cv):
        g = self.g
        title_bar(cv, T["game_over"], T["r_" + g.rules_id])
        draw_ranking(cv, ranking(g), T["more"])
        self.draw_keys(cv)

    def draw_keys(self, cv):
        undo = T["k_undo"] if self.can_undo() else None
        ok = T["k_ok"] if self._ok else None
        softkeys(cv, (T["k_card"], T["k_rank"], None, None, undo, ok))

    def press(self, b, long, now):
        app = self.app
        g = self.g
        if b == HOLD1:
            app.send_keys(*view_keys(g, True))  # before the import (App.send_keys)
            from ui.standings import CardView

            app.show(CardView(app, g, self))
        elif b == HOLD2:
            app.send_keys(*view_keys(g, False))
            from ui.standings import Standings

            app.show(Standings(app, g, self))
        elif b == HOLD5 and self.can_undo():
            from ui.play import Play

            g.undo()
            app.save_now()
            if [1 for p in g.players if p.cpu]:  # the last box dropped their tables (heap.py)
                app.tables_due = g.rules.dice
            play = Play(app, g)
            play.open_card()
            play.toast = T["undone"]
            app.show(play)
        elif b == ROLL and now - self._since >= _GUARD_MS:
            done = Finished(g)
            app.last_game = (g.rules_id, ranking(g))
            app.game = self.g = g = None
            import heap

            # the play screen's modules, and with the Game the engine's and the computers':
            # heap for the list after the game, the high scores and the menus
            heap.drop("play", "game")
            from ui.after import AfterGame

            # the next screen enters the scores (in memory) as it draws its result, after its
            # soft keys are out; the flash writes (the scores' two copies, then the save
            # cleared) follow its frame: 450-500 ms on the Pico before the first byte else
            app.show(AfterGame(app, done, app.levels, None))
            app.after_frame(app.store.finish)

    def can_undo(self):
        """Undo belongs to the human who scored the last box, never to a computer."""
        p = self.g.undo_player()
        return p is not None and not self.g.players[p].cpu

    def tick(self, now):
        left = self._since + _GUARD_MS - now
        if left > 0:
            return left
        if not self._ok:
            self._ok = True
            self.app.changed("keys")
        return None

    def draw_part(self, cv, part):
        """ "keys": the soft-key row (its OK comes when the guard time is over)."""
        cv.fill_rect(0, KEY_Y - 1, 128, 65 - KEY_Y, 0)
        self.draw_keys(cv)


class Result(Screen):
    """The last game's ranking (app.last_game), from the title or after the game: any key
    goes back."""

    menu = True  # shows menu words (lang.MENU)

    def __init__(self, app, back):
        Screen.__init__(self, app)
        self.back = back

    def draw(self, cv):
        rid, rank = self.app.last_game
        title_bar(cv, T["last_game"], T["r_" + rid])
        draw_ranking(cv, rank, T["more_n"])
        softkeys(cv, (None, None, None, None, T["k_back"], None))

    def press(self, b, long, now):
        self.app.show(self.back)
