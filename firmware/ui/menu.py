# Menus: the title menu, the language pick and settings (the in-game menu and the yes/no
# question: ui/game_menu.py).
# SPDX-License-Identifier: MIT
#
# List keys: hold1/hold2 = up/down (long: first/last), hold3/hold4 = change the value
# (long: bigger steps), hold5 = back, Roll = choose (on a value: next value).

import lang
from gfx.font import DOWN, MEDIUM, SMALL, UP
from lang import T
from settings import choices

from ui.lists import ListScreen, cycle, on_off
from ui.widgets import battery, softkeys, upper


class Title(ListScreen):
    first = None  # (its soft keys are its own, drawn by draw())

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.note = app.notice or ""
        app.notice = None

    def entries(self):
        """The menu's message ids, in order."""
        out = []
        if self.app.saved_info is not None:
            out.append("continue")
        out.extend(("new_game", "high_scores"))
        if self.app.last_game is not None:
            out.append("last_game")
        out.extend(("settings", "rules_help"))
        return out

    def items(self):
        return [(T[e], None) for e in self.entries()]

    def draw(self, cv):
        cv.text_center(0, T["app"], MEDIUM)
        battery(cv, 118, 1, self.app.battery)
        self.draw_rows(cv, 10, 6)
        info = self.app.saved_info
        if info is not None and self.cur == 0:
            if not self.note:
                if info:  # (ruleset id, round, rounds)
                    line = T["saved_round"] % (T["r_" + info[0]], info[1], info[2])
                else:  # not read at start-up
                    line = T["saved_game"]
                cv.text(2, 50, line, SMALL)
        softkeys(cv, (UP, DOWN, None, None, None, T["k_ok"]))

    def rows(self):
        return 6

    def back(self):
        pass

    def choose(self, i):
        app = self.app
        e = self.entries()[i]
        if e == "continue":
            app.play_saved()
        elif e == "new_game":
            # the next screen's soft keys go out before its module loads (App.send_keys): the
            # import held the first byte back 50-80 ms (rp2 bench); the set-up's first row
            # (the rules) has a value to change
            app.send_keys(True, T["k_ok"])
            from ui.setup import Setup

            app.show(Setup(app))
        elif e == "high_scores":
            app.send_keys(True)
            from ui.scores import HighScores

            app.show(HighScores(app, self))
        elif e == "settings":
            app.show(Settings(app, self))
        elif e == "last_game":
            from ui.end import Result

            app.show(Result(app, self))
        else:
            app.send_keys(True)
            from ui.help import Help

            app.show(Help(app, self))


class Pick(ListScreen):
    """The first start: the language, each named in itself (no word of any one needed)."""

    title = "app"

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.cur = _index(lang.CODES, app.settings["lang"])  # on the one in use

    def items(self):
        return [(n, None) for n in lang.NAMES]

    def draw_keys(self, cv):
        softkeys(cv, (UP, DOWN, None, None, None, "OK"))

    def back(self):
        pass

    def choose(self, i):
        app = self.app
        app.set_lang(lang.CODES[i])
        app.save_settings()
        app.title()


# the settings menu's rows: settings.py keys, then the high-score reset
KEYS = ("lang", "contrast", "sound", "volume", "sleep_s", "left_handed", "cpu_pace", "i2c_khz")


class Settings(ListScreen):
    title = "settings"

    def __init__(self, app, back):
        ListScreen.__init__(self, app)
        self.back_to = back
        self.dirty = False

    def items(self):
        s = self.app.settings
        sl = s["sleep_s"]
        return [
            (T["language"], lang.NAMES[_index(lang.CODES, s["lang"])]),
            (T["contrast"], str(_index(choices("contrast"), s["contrast"]) + 1)),
            (T["sound"], on_off(s["sound"])),
            (T["volume"], str(s["volume"])),
            (
                T["sleep_after"],
                T["never"]
                if not sl
                else (T["seconds"] % sl if sl < 60 else T["minutes"] % (sl // 60)),
            ),
            (T["left_handed"], on_off(s["left_handed"])),
            (
                T["cpu_pace"],
                T[
                    ("pace_fast", "pace_normal", "pace_slow")[
                        _index(choices("cpu_pace"), s["cpu_pace"])
                    ]
                ],
            ),
            (T["display_bus"], T["khz"] % s["i2c_khz"]),
            (T["reset_scores"], None),
        ]

    def adjust(self, i, d, long):
        if i >= len(KEYS):
            return False
        s = self.app.settings
        k = KEYS[i]
        if k == "sound" or k == "left_handed":
            s[k] = not s[k]
        else:
            s[k] = cycle(choices(k), s[k], d)
        if k == "lang":
            self.app.set_lang(s[k])
        self.dirty = True
        self.app.apply_display_settings()
        return True

    def choose(self, i):
        if i == len(KEYS):
            app = self.app

            def reset():
                app.store.reset_scores()
                self.note = T["scores_cleared"]

            from ui.confirm import Confirm

            app.show(Confirm(app, ("reset_q1", "reset_q2"), reset, self))
        else:
            self.adjust(i, 1, False)

    def back(self):
        if self.dirty:
            self.app.save_settings()
        self.app.show(self.back_to)


def _index(values, v):
    return values.index(v) if v in values else 0


def note_text(note):
    """A store note (or a message id) as the title shows it, in the chosen language; a
    note without a translation (a save refused for a reason of its own) in upper case.
    (Here, not in ui.widgets: the notes' English texts stay off the heap during a game.)"""
    # the notes the store gives (English, from save/) -> their message ids
    key = {
        "Flash read error": "flash_error",
        "Names damaged": "names_damaged",
        "Settings damaged: defaults used": "settings_damaged",
        "Some settings reset": "settings_reset",
        "Saved game from an older version": "save_old",
        "Saved game from a newer version": "save_new",
        "Saved game damaged": "save_damaged",
        "High scores damaged: reset": "scores_damaged",
        "High scores repaired from backup": "scores_repaired",
    }.get(note, note)
    return T[key] if key in T else upper(note)
