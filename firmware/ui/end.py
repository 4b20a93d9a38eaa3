# Game over: ranking with shared places, undo of the last box, high score entry, play again.
# SPDX-License-Identifier: MIT
#
# Keys (ranking): hold1 = cards, hold2 = standings... hold5 = undo the last box, Roll = on.
# After Roll the humans' totals enter the high scores and the saved game is cleared.

from gfx.font import SMALL
from lang import T

from ui.keys import HOLD1, HOLD2, HOLD5, ROLL
from ui.widgets import softkeys, title_bar, upper


class End:
    def __init__(self, app, g):
        self.app = app
        self.g = g

    def draw(self, cv):
        g = self.g
        title_bar(cv, T["game_over"], T["r_" + g.rules_id])
        rank = g.ranking()
        rows = min(len(rank), 6)
        for i in range(rows):
            place, p, total = rank[i]
            y = 9 + i * 8 if len(rank) <= 6 else 9 + i * 7
            shared = (i > 0 and rank[i - 1][0] == place) or (
                i + 1 < len(rank) and rank[i + 1][0] == place
            )
            cv.text_right(12, y, ("=%d" if shared else "%d") % place, SMALL)
            cv.text(17, y, upper(g.players[p].name), SMALL)
            cv.text_right(100, y, str(total), SMALL)
            if place == 1 and len(rank) > 1:  # a solo game has no winner
                cv.text(104, y, T["win"], SMALL)
        if len(rank) > rows:
            cv.text(17, 51, T["more"] % (len(rank) - rows), SMALL)
        undo = T["k_undo"] if self.can_undo() else None
        softkeys(cv, (T["k_card"], T["k_rank"], None, None, undo, T["k_ok"]))

    def press(self, b, long, now):
        app = self.app
        g = self.g
        if b == HOLD1:
            from ui.standings import CardView

            app.show(CardView(app, g, self))
        elif b == HOLD2:
            from ui.standings import Standings

            app.show(Standings(app, g, self))
        elif b == HOLD5 and self.can_undo():
            from ui.play import Play

            g.undo()
            app.save_now()
            play = Play(app, g)
            play.open_card()
            play.toast = T["undone"]
            app.show(play)
        elif b == ROLL:
            levels = app.levels
            import heap

            heap.drop("play")  # the play screen's modules: heap for the high scores and menus
            entered = app.store.record(g)
            app.store.clear_game()
            app.game = None
            from ui.after import AfterGame

            app.show(AfterGame(app, g, levels, entered))

    def can_undo(self):
        """Undo belongs to the human who scored the last box, never to a computer."""
        p = self.g.undo_player()
        return p is not None and not self.g.players[p].cpu

    def tick(self, now):
        return None
