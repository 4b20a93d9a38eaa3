# Menus: a list screen with soft keys, the title menu, settings, the in-game menu, confirm.
# SPDX-License-Identifier: MIT
#
# List keys: hold1/hold2 = up/down (long: first/last), hold3/hold4 = change the value
# (long: bigger steps), hold5 = back, Roll = choose (on a value: next value).

import gfx
from app import BUS_KHZ, CONTRASTS, PACES, ROLL, SLEEPS, softkeys, title_bar, wrap
from font import DOWN, LEFT, RIGHT, SMALL, UP

ROWS = 7
ROW_Y = 8
ROW_P = 7


class ListScreen:
    """A titled list of (label, value or None) rows with a cursor."""

    title = ""

    def __init__(self, app):
        self.app = app
        self.cur = 0
        self.top = 0
        self.note = ""

    def items(self):
        return []

    def adjust(self, i, d, long):
        return False

    def choose(self, i):
        self.adjust(i, 1, False)

    def back(self):
        self.app.title()

    def right_title(self):
        return None

    def draw(self, cv):
        title_bar(cv, self.title, self.right_title())
        self.draw_rows(cv, ROW_Y, ROWS)
        self.draw_keys(cv)

    def draw_rows(self, cv, y0, rows):
        items = self.items()
        for i in range(rows):
            k = self.top + i
            if k >= len(items):
                break
            label, value = items[k]
            y = y0 + i * ROW_P
            cv.text(3, y + 1, label, SMALL)
            if value is not None:
                cv.text_right(125, y + 1, value, SMALL)
            if k == self.cur:
                cv.invert_rect(0, y, 128, ROW_P)
        if len(items) > rows:
            h = rows * ROW_P * rows // len(items)
            span = rows * ROW_P - h
            cv.fill_rect(127, y0 + span * self.top // (len(items) - rows), 1, h, 1)
        if self.note:
            lines = wrap(self.note, 31)[:2]
            y = 57 - 6 * len(lines)
            cv.fill_rect(0, y - 1, 128, 57 - y + 1, 0)
            for line in lines:
                cv.text(2, y, line, SMALL)
                y += 6

    def draw_keys(self, cv):
        items = self.items()
        value = items[self.cur][1] is not None if items else False
        softkeys(
            cv,
            (UP, DOWN, LEFT if value else None, RIGHT if value else None, "BACK", "OK"),
        )

    def press(self, b, long, now):
        n = len(self.items())
        self.note = ""
        if b == 0 or b == 1:
            if long:
                self.cur = 0 if b == 0 else n - 1
            else:
                self.cur = (self.cur + (1 if b == 1 else -1)) % n
            if self.cur < self.top:
                self.top = self.cur
            elif self.cur >= self.top + self.rows():
                self.top = self.cur - self.rows() + 1
        elif b == 2 or b == 3:
            self.adjust(self.cur, 1 if b == 3 else -1, long)
        elif b == 4:
            self.back()
        elif b == ROLL:
            self.choose(self.cur)
        self.app.changed()

    def rows(self):
        return ROWS

    def tick(self, now):
        return None


def cycle(values, current, d):
    """The value d steps from `current` in `values` (wrapping)."""
    i = values.index(current) if current in values else 0
    return values[(i + d) % len(values)]


def on_off(v):
    return "ON" if v else "OFF"


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
        cv.text_center(0, "POCKET YATZY", gfx.MEDIUM)
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
            from ui_setup import Setup

            app.show(Setup(app))
        elif e == "HIGH SCORES":
            from ui_scores import HighScores

            app.show(HighScores(app, self))
        elif e == "SETTINGS":
            app.show(Settings(app, self))
        else:
            from ui_help import Help

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
            ("CONTRAST", str(_index(CONTRASTS, s["contrast"]) + 1)),
            ("SOUND", on_off(s["sound"])),
            ("VOLUME", str(s["volume"])),
            (
                "SLEEP AFTER",
                "NEVER" if not sl else ("%dS" % sl if sl < 60 else "%dM" % (sl // 60)),
            ),
            ("LEFT-HANDED", on_off(s["left_handed"])),
            ("COMPUTER PACE", ("FAST", "NORMAL", "SLOW")[_index(PACES, s["cpu_pace"])]),
            ("DISPLAY BUS", "%dKHZ" % s["i2c_khz"]),
            ("RESET HIGH SCORES", None),
        ]

    def adjust(self, i, d, long):
        s = self.app.settings
        if i == 0:
            s["contrast"] = cycle(CONTRASTS, s["contrast"], d)
        elif i == 1:
            s["sound"] = not s["sound"]
        elif i == 2:
            s["volume"] = (s["volume"] + d) % 11
        elif i == 3:
            s["sleep_s"] = cycle(SLEEPS, s["sleep_s"], d)
        elif i == 4:
            s["left_handed"] = not s["left_handed"]
        elif i == 5:
            s["cpu_pace"] = cycle(PACES, s["cpu_pace"], d)
        elif i == 6:
            s["i2c_khz"] = cycle(BUS_KHZ, s["i2c_khz"], d)
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
        elif b == 4:
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
            from ui_card import CardView

            app.show(CardView(app, g, self))
        elif i == 2:
            from ui_card import Standings

            app.show(Standings(app, g, self))
        elif i == 3:
            self.play.toast = self.play.hint_text()
            app.show(self.play)
        elif i == 4:
            from ui_help import Help

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


def summarize(app, g):
    """What the title keeps of the saved game `g`: its summary line and, if it has computer
    players, its number of dice (their tables are built before it is read again)."""
    app.saved_info = "%s ROUND %d/%d" % (g.rules.name.upper(), g.round, g.rounds)
    if [1 for p in g.players if p.cpu]:
        app._saved_cpu = g.rules.dice


def drop_modules(before):
    """For App.start: drop the modules loaded since `before` (a set of sys.modules names)
    that the title does not need: the game code and the save reader, loaded to read the
    saved game."""
    import gc
    import sys

    pkg = sys.modules.get("yatzy")
    for name in _START_ONLY:
        if name not in before and name in sys.modules:
            del sys.modules[name]
            short = name[6:]
            if name[:6] == "yatzy." and pkg is not None and short in pkg.__dict__:
                delattr(pkg, short)
    gc.collect()


_START_ONLY = (
    "persist",
    "yatzy.codec_load",
    "yatzy.engine_load",
    "yatzy.engine",
    "yatzy.rules_config",
    "yatzy.rules_info",
    "yatzy.rules",
    "yatzy.scoring",
)
