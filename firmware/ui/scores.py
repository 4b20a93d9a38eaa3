# High scores: the top 10 of each ruleset with name, score and game number.
# SPDX-License-Identifier: MIT
#
# Keys: hold1/hold2 = scroll, hold3/hold4 = ruleset, hold5 or Roll = back.

from gfx.font import SMALL
from lang import T
from yatzy import rules

from ui import pager
from ui.widgets import nav_keys, title_bar

ROWS = 7


class HighScores:
    menu = True  # shows menu words (lang.MENU)

    def __init__(self, app, back, rid="yatzy", mark=None):
        self.app = app
        self.back = back
        self.rid = rid
        self.top = 0
        self.mark = mark  # (name, score, when) entries to highlight

    def draw(self, cv):
        title_bar(cv, T["high_scores"], T["r_" + self.rid])
        table = self.app.store.scores(self.rid)
        if not table:
            cv.text_center(24, T["no_scores"], SMALL)
        for i in range(ROWS):
            k = self.top + i
            if k >= len(table):
                break
            name, score, when = table[k]
            y = 9 + i * 7
            cv.text_right(10, y, str(k + 1), SMALL)
            cv.text(15, y, name, SMALL)
            cv.text_right(80, y, str(score), SMALL)
            if when[:1] == "#":  # "#12": the 12th game on this device
                when = T["game_n"] % when[1:]
            cv.text_right(126, y, when, SMALL)
            if self.mark and table[k] in self.mark:
                cv.invert_rect(0, y - 1, 128, 7)
        nav_keys(cv, True, None)

    def press(self, b, long, now):
        pager.press(self, b, long)

    def up_down(self, d, long):
        self.top = pager.scrolled(self.top, d, len(self.app.store.scores(self.rid)), ROWS)

    def left_right(self, d):
        ids = rules.RULESET_IDS
        self.rid = ids[(ids.index(self.rid) + d) % len(ids)]
        self.top = 0

    def tick(self, now):
        return None
