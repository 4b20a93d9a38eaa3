# Menus: a list screen with soft keys, the title menu, settings, the in-game menu, confirm.
# SPDX-License-Identifier: MIT
#
# List keys: hold1/hold2 = up/down (long: first/last), hold3/hold4 = change the value
# (long: bigger steps), hold5 = back, Roll = choose (on a value: next value).

from gfx.font import DOWN, MEDIUM, SMALL, UP
from settings import choices

from ui.keys import HOLD5, ROLL
from ui.lists import ListScreen, cycle, on_off
from ui.widgets import softkeys


class Title(ListScreen):
    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.note = app.notice or ""
        app.notice = None

    def entries(self):
        out = []
        if self.app.saved_info is not None:
            out.append("CONTINUE")
        out.extend(("NEW GAME", "HIGH SCORES", "SETTINGS", "RULES HELP"))
        return out

    def items(self):
        return [(e, None) for e in self.entries()]

    def draw(self, cv):
        cv.text_center(0, "POCKET YATZY", MEDIUM)
        self.draw_rows(cv, 10, 6)
        if self.app.saved_info is not None and self.cur == 0:
            if not self.note:
                cv.text(2, 50, self.app.saved_info, SMALL)
        softkeys(cv, (UP, DOWN, None, None, None, "OK"))

    def rows(self):
        return 6

    def back(self):
        pass

    def choose(self, i):
        app = self.app
        e = self.entries()[i]
        if e == "CONTINUE":
            app.play_saved()
        elif e == "NEW GAME":
            from ui.setup import Setup

            app.show(Setup(app))
        elif e == "HIGH SCORES":
            from ui.scores import HighScores

            app.show(HighScores(app, self))
        elif e == "SETTINGS":
            app.show(Settings(app, self))
        else:
            from ui.help import Help

            app.show(Help(app, self))


class Settings(ListScreen):
    title = "SETTINGS"

    def __init__(self, app, back):
        ListScreen.__init__(self, app)
        self.back_to = back
        self.dirty = False

    def items(self):
        s = self.app.settings
        sl = s["sleep_s"]
        return [
            ("CONTRAST", str(_index(choices("contrast"), s["contrast"]) + 1)),
            ("SOUND", on_off(s["sound"])),
            ("VOLUME", str(s["volume"])),
            (
                "SLEEP AFTER",
                "NEVER" if not sl else ("%dS" % sl if sl < 60 else "%dM" % (sl // 60)),
            ),
            ("LEFT-HANDED", on_off(s["left_handed"])),
            (
                "COMPUTER PACE",
                ("FAST", "NORMAL", "SLOW")[_index(choices("cpu_pace"), s["cpu_pace"])],
            ),
            ("DISPLAY BUS", "%dKHZ" % s["i2c_khz"]),
            ("RESET HIGH SCORES", None),
        ]

    def adjust(self, i, d, long):
        s = self.app.settings
        if i == 0:
            s["contrast"] = cycle(choices("contrast"), s["contrast"], d)
        elif i == 1:
            s["sound"] = not s["sound"]
        elif i == 2:
            s["volume"] = cycle(choices("volume"), s["volume"], d)
        elif i == 3:
            s["sleep_s"] = cycle(choices("sleep_s"), s["sleep_s"], d)
        elif i == 4:
            s["left_handed"] = not s["left_handed"]
        elif i == 5:
            s["cpu_pace"] = cycle(choices("cpu_pace"), s["cpu_pace"], d)
        elif i == 6:
            s["i2c_khz"] = cycle(choices("i2c_khz"), s["i2c_khz"], d)
        else:
            return False
        self.dirty = True
        self.app.apply_display_settings()
        return True

    def choose(self, i):
        if i == 7:
            app = self.app

            def reset():
                app.store.reset_scores()
                self.note = "HIGH SCORES CLEARED"

            app.show(Confirm(app, ("RESET ALL HIGH", "SCORES?"), reset, self))
        else:
            self.adjust(i, 1, False)

    def back(self):
        if self.dirty:
            self.app.save_settings()
        self.app.show(self.back_to)


def _index(values, v):
    return values.index(v) if v in values else 0


class Confirm:
    """A yes/no question: Roll = yes (runs on_yes), hold5 = no; both return to `back`."""

    def __init__(self, app, lines, on_yes, back):
        self.app = app
        self.lines = lines
        self.on_yes = on_yes
        self.back = back

    def draw(self, cv):
        cv.round_rect(4, 8, 120, 40, 4, 1)
        y = 16
        for line in self.lines:
            cv.text_center(y, line, SMALL)
            y += 9
        softkeys(cv, (None, None, None, None, "NO", "YES"))

    def press(self, b, long, now):
        if b == ROLL:
            self.app.show(self.back)
            self.on_yes()
        elif b == HOLD5:
            self.app.show(self.back)

    def tick(self, now):
        return None


class GameMenu(ListScreen):
    title = "GAME MENU"

    def __init__(self, app, play):
        ListScreen.__init__(self, app)
        self.play = play

    def entries(self):
        return (
            "BACK TO GAME",
            "SCORE CARDS",
            "STANDINGS",
            "HINT",
            "RULES HELP",
            "SETTINGS",
            "SAVE AND QUIT",
            "ABANDON GAME",
        )

    def items(self):
        return [(e, None) for e in self.entries()]

    def back(self):
        self.app.show(self.play)

    def choose(self, i):
        app = self.app
        g = self.play.g
        if i == 0:
            app.show(self.play)
        elif i == 1:
            from ui.card import CardView

            app.show(CardView(app, g, self))
        elif i == 2:
            from ui.card import Standings

            app.show(Standings(app, g, self))
        elif i == 3:
            self.play.toast = self.play.hint_text()
            app.show(self.play)
        elif i == 4:
            from ui.help import Help

            app.show(Help(app, self, g.rules_id))
        elif i == 5:
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

            app.show(Confirm(app, ("ABANDON THIS GAME?", "IT CANNOT BE RESUMED"), abandon, self))
