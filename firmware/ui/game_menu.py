# The in-game menu (long HOLD1 in play) and the yes/no question it and the settings ask.
# SPDX-License-Identifier: MIT
#
# A module of its own: opened in play, the game menu loads only its own code and the list
# screen's (ui.menu, the title, language pick and settings, loads when SETTINGS is chosen).

from gfx.font import SMALL
from lang import T

from ui.keys import HOLD5, ROLL
from ui.lists import ListScreen
from ui.widgets import softkeys


class Confirm:
    """A yes/no question (`lines`: message ids): Roll = yes (runs on_yes), hold5 = no;
    both return to `back`."""

    def __init__(self, app, lines, on_yes, back):
        # its words are in the table of the screen it returns to (lang.words): the game
        # menu's question in the in-game menu's few, the settings' in the menus'
        self.menu = getattr(back, "menu", True)
        self.app = app
        self.lines = lines
        self.on_yes = on_yes
        self.back = back

    def draw(self, cv):
        cv.round_rect(4, 8, 120, 40, 4, 1)
        y = 16
        for line in self.lines:
            cv.text_center(y, T[line], SMALL)
            y += 9
        softkeys(cv, (None, None, None, None, T["k_no"], T["k_yes"]))

    def press(self, b, long, now):
        if b == ROLL:
            self.app.show(self.back)
            self.on_yes()
        elif b == HOLD5:
            self.app.show(self.back)

    def tick(self, now):
        return None


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

            app.show(Confirm(app, ("abandon_q1", "abandon_q2"), abandon, self))
