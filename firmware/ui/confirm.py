# The yes/no question the game menu (abandon the game) and the settings (reset the scores) ask.
# SPDX-License-Identifier: MIT
#
# A module of its own, loaded only when the question is asked: the game menu open in play
# leaves its heap to the play screen (heap.py drops it with the menus).

from gfx.font import SMALL
from lang import T

from ui.keys import HOLD5, ROLL
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
