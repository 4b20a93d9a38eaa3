# Game over: ranking with shared places, undo of the last box, high score entry, play again.
# SPDX-License-Identifier: MIT
#
# Keys (ranking): hold1 = cards, hold2 = standings... hold5 = undo the last box, Roll = on.
# After Roll the humans' totals enter the high scores and the saved game is cleared.

from app import ROLL, softkeys, title_bar, wrap
from font import SMALL
from ui_menu import ListScreen


class End:
    def __init__(self, app, g):
        self.app = app
        self.g = g

    def draw(self, cv):
        g = self.g
        title_bar(cv, "GAME OVER", g.rules.name.upper())
        rank = g.ranking()
        rows = min(len(rank), 6)
        for i in range(rows):
            place, p, total = rank[i]
            y = 9 + i * 8 if len(rank) <= 6 else 9 + i * 7
            shared = (i > 0 and rank[i - 1][0] == place) or (
                i + 1 < len(rank) and rank[i + 1][0] == place
            )
            cv.text_right(12, y, ("=%d" if shared else "%d") % place, SMALL)
            cv.text(17, y, g.players[p].name.upper(), SMALL)
            cv.text_right(100, y, str(total), SMALL)
            if place == 1:
                cv.text(104, y, "WIN", SMALL)
        if len(rank) > rows:
            cv.text(17, 51, "+%d MORE: SEE STANDINGS" % (len(rank) - rows), SMALL)
        undo = "UNDO" if g.can_undo() else None
        softkeys(cv, ("CARD", "RANK", None, None, undo, "OK"))

    def press(self, b, long, now):
        app = self.app
        g = self.g
        if b == 0:
            from ui_card import CardView

            app.show(CardView(app, g, self))
        elif b == 1:
            from ui_card import Standings

            app.show(Standings(app, g, self))
        elif b == 4 and g.can_undo():
            from ui_play import Play

            g.undo()
            app.save_now()
            play = Play(app, g)
            play.open_card()
            play.toast = "UNDONE"
            app.show(play)
        elif b == ROLL:
            levels = app.levels
            entered = app.store.record(g)
            app.store.clear_game()
            app.game = None
            app.show(AfterGame(app, g, levels, entered))

    def tick(self, now):
        return None


class AfterGame(ListScreen):
    def __init__(self, app, g, levels, entered):
        ListScreen.__init__(self, app)
        self.g = g
        self.levels = levels
        self.entered = entered
        self.lines = self.result()

    def result(self):
        g = self.g
        store = self.app.store
        from ui_save import eligible

        if not eligible(g):
            return ["HOUSE-RULE CARD:", "NO HIGH SCORE ENTRY"]
        if self.entered:
            parts = []
            for p, place in self.entered:
                parts.append("%s #%d" % (g.players[p].name.upper(), place))
            head = "NEW HIGH SCORE!" if len(parts) == 1 else "NEW HIGH SCORES!"
            return [head] + wrap(", ".join(parts), 31)[:1]
        table = store.scores(g.rules_id)
        humans = [p for p in range(len(g.players)) if not g.players[p].cpu]
        if not humans:
            return ["COMPUTERS ONLY:", "NO HIGH SCORE ENTRY"]
        if len(table) >= 10:
            return ["NO HIGH SCORE", "TOP 10 NEEDS %d" % (table[-1][1] + 1)]
        return ["NO HIGH SCORE", ""]

    def items(self):
        return [(e, None) for e in ("PLAY AGAIN", "NEW GAME", "HIGH SCORES", "TITLE")]

    def draw(self, cv):
        title_bar(cv, self.lines[0])
        if len(self.lines) > 1:
            cv.text(2, 10, self.lines[1], SMALL)
        self.draw_rows(cv, 20, 4)
        self.draw_keys(cv)

    def rows(self):
        return 4

    def back(self):
        self.app.title()

    def choose(self, i):
        app = self.app
        if i == 0:
            from ui_setup import start_game

            start_game(app, app.setup_for(self.g, self.levels))
        elif i == 1:
            from ui_setup import Setup

            app.show(Setup(app))
        elif i == 2:
            from ui_scores import HighScores

            mark = None
            if self.entered:
                table = app.store.scores(self.g.rules_id)
                mark = [table[place - 1] for _, place in self.entered if place <= len(table)]
            app.show(HighScores(app, self, self.g.rules_id, mark))
        else:
            app.title()
