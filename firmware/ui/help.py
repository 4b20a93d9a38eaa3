# Rules help: an overview page per ruleset, the Joker rules' page where they apply, then one
# short page per box (needs / scores).
# SPDX-License-Identifier: MIT
#
# Keys: hold1/hold2 = ruleset, hold3/hold4 = page, hold5 or Roll = back.

import lang
from gfx.font import SMALL
from lang import T
from yatzy import rules

from ui import pager
from ui.widgets import nav_keys, title_bar, wrap

_WIDTH = 31  # SMALL characters per line


def box_name(c):
    """Full name of box `c` in the chosen language ("YATZY 2" for an extra row)."""
    base, n = rules.split_extra(c)
    s = lang.help_text("name." + base)
    return "%s %d" % (s, n) if n else s


def box_help(h, c, r):
    """(needs, scores) of box `c` in ruleset `r` from the help texts `h` (lang.help_text):
    the American texts in Yahtzee; a box without a scores text shows its fixed points."""
    base = rules.split_extra(c)[0]
    face = rules.FACE.get(base)
    if face:
        return h("any"), h("s_face") % face
    yah = h("yahtzee." + base, None) if r.id == "yahtzee" else None
    needs, scores = yah or h("boxes." + base)
    if not scores:
        scores = rules.category_info(c, r)[3]
    return needs, scores


class Help:
    menu = True  # shows menu words (lang.MENU)

    def __init__(self, app, back, rid="yatzy"):
        self.app = app
        self.back = back
        self.rid = rid
        self.page = 0

    def ruleset(self):
        return rules.RULESETS[self.rid]

    def extra_pages(self):
        """Pages between the overview and the boxes: the Joker rules, where they apply."""
        return 1 if self.ruleset().joker else 0

    def pages(self):
        return 1 + self.extra_pages() + len(self.ruleset().categories)

    def joker_lines(self):
        """The Joker rules (rules reference, American Yahtzee), with the ruleset's scores."""
        from yatzy.scoring import score

        r = self.ruleset()
        h = lang.help_text
        text = h("joker_rules") % (
            T["r_" + r.id],
            score(r, "full_house", (2, 2, 3, 3, 3)),
            score(r, "small_straight", (1, 2, 3, 4, 6)),
            score(r, "large_straight", (1, 2, 3, 4, 5)),
            r.yahtzee_bonus,
            score(r, r.yatzy_boxes[0], (6, 6, 6, 6, 6)),
        )
        return h("joker_title"), wrap(text, _WIDTH)

    def lines(self):
        r = self.ruleset()
        h = lang.help_text
        name = T["r_" + r.id]
        if self.page == 0:
            text = h("intro") % (
                r.dice,
                len(r.categories),
                r.rolls,
                r.bonus_value,
                r.bonus_threshold,
            )
            # what sets the ruleset apart, from its own data
            if r.order == "down":
                text += h("down")
            if r.joker:
                text += h("joker") % (name, r.yahtzee_bonus)
            if r.saved_rolls:
                text += h("saved")
            if r.columns > 1:
                text += h("columns") % (
                    h("counts")[r.columns],
                    " ".join("X%d" % f for f in r.factors),
                )
            return name, wrap(text, _WIDTH)
        if self.page <= self.extra_pages():
            return self.joker_lines()
        c = r.categories[self.page - 1 - self.extra_pages()]
        needs, scores = box_help(h, c, r)
        out = wrap(h("needs") % needs, _WIDTH)
        out.extend(wrap(h("scores") % scores, _WIDTH))
        return box_name(c), out

    def draw(self, cv):
        title, lines = self.lines()
        n = self.pages()
        title_bar(cv, title, "%d/%d" % (self.page + 1, n))
        y = 10
        for line in lines[:6]:
            cv.text(1, y, line, SMALL)
            y += 7
        nav_keys(cv, True, None)

    def press(self, b, long, now):
        pager.press(self, b, long)

    def up_down(self, d, long):
        ids = rules.RULESET_IDS
        self.rid = ids[(ids.index(self.rid) + d) % len(ids)]
        self.page = 0

    def left_right(self, d):
        self.page = (self.page + d) % self.pages()

    def tick(self, now):
        return None
