# The in-game menu (long HOLD1 in play).
# SPDX-License-Identifier: MIT
#
# A module of its own: opened in play, the game menu loads only its own code and the list
# screen's (ui.menu, the title, language pick and settings, loads when SETTINGS is chosen;
# ui.confirm, the yes/no question, when ABANDON GAME is).

from lang import T

from ui.lists import ListScreen


class GameMenu(ListScreen):
    title = "game_menu"
    menu = "game"  # shows only the in-game menu's words (lang GAME): about 2 KB less heap

    def __init__(self, app, play):
        ListScreen.__init__(self, app)
        self.play = play

    def entries(self):
        return (
            "back_to_game",
            "score_cards",
            "standings",
            "hint",
            "rules_help",
            "settings",
            "save_quit",
            "abandon",
        )

    def items(self):
        return [(T[e], None) for e in self.entries()]

    def back(self):
        self.app.show(self.play)

    def choose(self, i):
        app = self.app
        g = self.play.g
        if i == 0:
            app.show(self.play)
        elif i == 1:
            from ui.standings import CardView

            app.show(CardView(app, g, self))
        elif i == 2:
            from ui.standings import Standings

            app.show(Standings(app, g, self))
        elif i == 3:
            self.play.show_hint()
            app.show(self.play)
        elif i == 4:
            from ui.help import Help

            app.show(Help(app, self, g.rules_id))
        elif i == 5:
            from ui.menu import Settings

            app.show(Settings(app, self))
        elif i == 6:
            app.save_now()
            app.saved = g
            g.levels = app.levels
            app.game = None
            app.title()
        else:

            def abandon():
                app.store.clear_game()
                app.game = None
                app.saved = None
                app.title()

            from ui.confirm import Confirm

            app.show(Confirm(app, ("abandon_q1", "abandon_q2"), abandon, self))
