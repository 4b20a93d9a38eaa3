# Rules help: an overview page per ruleset, then one short page per box (needs / scores).
# SPDX-License-Identifier: MIT
#
# Keys: hold1/hold2 = ruleset, hold3/hold4 = page, hold5 or Roll = back.

from gfx.font import DOWN, LEFT, RIGHT, SMALL, UP
from yatzy import rules

from ui.keys import HOLD1, HOLD2, HOLD3, HOLD4, HOLD5, ROLL
from ui.widgets import softkeys, title_bar, wrap

_WIDTH = 31  # SMALL characters per line
_COUNTS = ("NO", "ONE", "TWO", "THREE")


class Help:
    def __init__(self, app, back, rid="yatzy"):
        self.app = app
        self.back = back
        self.rid = rid
        self.page = 0

    def ruleset(self):
        return rules.RULESETS[self.rid]

    def lines(self):
        r = self.ruleset()
        if self.page == 0:
            text = "%d DICE, %d BOXES, %d ROLLS A TURN. BONUS %d WHEN THE UPPER BOXES MAKE %d." % (
                r.dice,
                len(r.categories),
                r.rolls,
                r.bonus_value,
                r.bonus_threshold,
            )
            # what sets the ruleset apart, from its own data
            if r.order == "down":
                text += " FILL THE CARD TOP TO BOTTOM."
            if r.joker:
                text += " EXTRA %s: +%d, JOKER RULES." % (r.name.upper(), r.yahtzee_bonus)
            if r.saved_rolls:
                text += " UNUSED ROLLS ARE SAVED FOR LATER TURNS."
            if r.columns > 1:
                text += " %s COLUMNS SCORE %s." % (
                    _COUNTS[r.columns],
                    " ".join("X%d" % f for f in r.factors),
                )
            return r.name.upper(), wrap(text, _WIDTH)
        c = r.categories[self.page - 1]
        short, name, needs, scores = rules.category_info(c, r)
        out = wrap("NEEDS: " + needs.upper(), _WIDTH)
        out.extend(wrap("SCORES: " + scores.upper(), _WIDTH))
        return name.upper(), out

    def draw(self, cv):
        title, lines = self.lines()
        n = len(self.ruleset().categories) + 1
        title_bar(cv, title, "%d/%d" % (self.page + 1, n))
        y = 10
        for line in lines[:6]:
            cv.text(1, y, line, SMALL)
            y += 7
        softkeys(cv, (UP, DOWN, LEFT, RIGHT, "BACK", None))

    def press(self, b, long, now):
        n = len(self.ruleset().categories) + 1
        if b == HOLD1 or b == HOLD2:
            ids = rules.RULESET_IDS
            self.rid = ids[(ids.index(self.rid) + (1 if b == HOLD2 else -1)) % len(ids)]
            self.page = 0
        elif b == HOLD3 or b == HOLD4:
            self.page = (self.page + (1 if b == HOLD4 else -1)) % n
        elif b == HOLD5 or b == ROLL:
            self.app.show(self.back)
            return
        self.app.changed()

    def tick(self, now):
        return None
