# The rp2 bench's tour: every kind of press a player makes, and the latency table per screen.
# SPDX-License-Identifier: MIT
"""The planned game of ``tools/bench/rp2.py`` is played by :class:`TourBot`: the simulator's
bot (``tools/sim/bot.py``), which rolls, holds, opens the card and scores, plus at set
points of its own turns the other presses a player makes:

- its 1st scoring turn, on the dice screen: the hint (long HOLD3), the standings (long
  HOLD4: down, back), every player's card (long HOLD2: down, up, back), the game menu (long
  HOLD1: down, up, back);
- its 2nd: the card opened, then scrolled to its last and first box (long HOLD2, long HOLD1)
  and the hint asked there (long HOLD3);
- from its 3rd, until it happens once: the zero question asked on another box that would
  score 0 (ROLL) and cancelled (HOLD5); the bot's own 0s are asked and confirmed (ROLL);
- its 4th: the box undone (HOLD5 on the dice screen), the card opening on it, and scored
  again;
- game over: every player's card (HOLD1, back), the standings (HOLD2, back), ROLL to the
  result screen, its list down and up, back to the title.

Each press is labelled with the screen it was made on (:func:`press_label`), so that the
bench reports the latency per screen (:func:`screen_rows`) as well as over all presses.
"""

import statistics

from tools.sim import bot as sim_bot

_TURN, _CHOOSE, _CONFIRM = 0, 1, 2

# screen class -> label in the per-screen table (any other class: "menus")
SCREEN_LABELS = {
    "GameMenu": "game menu",
    "Standings": "standings",
    "CardView": "cards",
    "End": "game over",
    "AfterGame": "game over",
}
DICE, CARD, ZERO = "dice", "card", "zero question"
# the 1st scoring turn's presses on the dice screen: hint, standings, cards, game menu
_DICE_TOUR = "Lhold3 Lhold4 hold2 hold5 Lhold2 hold2 hold1 hold5 Lhold1 hold2 hold1 hold5"
# the order of the table's rows
ORDER = ("menus", DICE, CARD, ZERO, "game menu", "standings", "cards", "game over")


def press_label(before, after):
    """The screen a press belongs to, from the screen states (``Session.screen()``) before
    and after it. A play-screen press is the card's when it leaves or enters the card
    (opening it, moving its cursor, scoring, an undo that opens it again), the zero
    question's when it asks or answers it, else the dice screen's; a press that opens
    another screen from the play screen belongs to that screen; any other press to the
    screen it was made on."""
    b, a = before.get("screen"), after.get("screen")
    if b == "Play":
        m0 = before.get("mode", _TURN)
        m1 = after.get("mode", _TURN) if a == "Play" else _TURN
        if m0 == _CONFIRM or m1 == _CONFIRM:
            return ZERO
        if m0 != _TURN or m1 != _TURN:
            return CARD
        if a == "Play" or a is None:
            return DICE
        return SCREEN_LABELS.get(a, "menus")
    return SCREEN_LABELS.get(b, "menus")


class TourBot(sim_bot.Bot):
    """The simulator's bot with the tour's presses (see the module docstring)."""

    def __init__(self, session, level="basic", log=None):
        sim_bot.Bot.__init__(self, session, level, log)
        self.turns = 0  # boxes this bot has scored (an undone one counts)
        self.asked = False  # the zero question asked and cancelled once

    def keys(self, text):
        for tok in text.split():
            long = tok.startswith("L")
            self.press(tok.lstrip("L"), "long" if long else "short")

    def score(self, g, scr, category, column, E):
        s = self.s
        t = self.turns
        if t == 0 and scr.get("mode", _TURN) == _TURN:
            self.keys(_DICE_TOUR)
            scr = s.screen()
        if scr.get("mode", _TURN) == _TURN:
            self.press("roll", "long" if g.rolls_left() > 0 else "short")
            scr = s.screen()
        if t == 1:
            self.keys("Lhold2 Lhold1 Lhold3")
            scr = s.screen()
        if t >= 2 and not self.asked:
            zero = [(c, col) for c, col, pts in g.choices() if pts == 0]
            zero = [k for k in zero if k != (category, column)]
            if zero and len(scr["order"]) > 1:
                self.move_to(scr, zero[0][0], zero[0][1], g.rules.columns)
                self.press("roll")
                if s.screen().get("mode") != _CONFIRM:
                    raise sim_bot.SimError("tour: a 0 did not ask the zero question")
                self.press("hold5")
                self.asked = True
                scr = s.screen()
        sim_bot.Bot.score(self, g, scr, category, column, E)
        self.turns += 1
        if t == 3 and not g.is_over():
            scr = s.screen()
            if scr.get("screen") == "Play" and scr.get("mode") == _TURN:
                self.press("hold5")  # undo: the card opens again, the loop scores anew

    def play(self):
        g = sim_bot.Bot.play(self)
        scr = self.s.screen()
        if scr.get("screen") == "End":
            self.keys("hold1 hold5 hold2 hold5 roll")
            if self.s.screen().get("screen") == "AfterGame":
                self.keys("hold2 hold1 hold5")
        return g


def screen_rows(presses):
    """{label: (presses, first-byte median, p95, max)} of the presses that sent a byte,
    per screen (a Press's ``.screen``, as ``rp2.follow`` leaves it), and "all" over every
    one of them."""
    from tools.bench.rp2 import q

    by = {}
    for p in presses:
        lab = getattr(p, "screen", None) or "?"
        if p.first_ms is not None:
            by.setdefault(lab, []).append(p.first_ms)
            by.setdefault("all", []).append(p.first_ms)
    return {k: (len(v), statistics.median(v), q(v, 0.95), max(v)) for k, v in by.items()}


def screen_table(rows, title="stock UF2, .mpy on LittleFS"):
    """Markdown: the deciding edge to the first I2C byte per screen, then over all presses."""
    out = [
        "| presses on (deciding edge -> first I2C byte) | n | median / p95 / max (%s) |" % title,
        "|---|---:|---|",
    ]
    keys = [k for k in ORDER if k in rows] + sorted(k for k in rows if k not in ORDER + ("all",))
    for k in keys + (["all"] if "all" in rows else []):
        n, med, p95, mx = rows[k]
        name = "all presses" if k == "all" else k
        out.append("| %s | %d | %.1f / %.1f / %.1f ms |" % (name, n, med, p95, mx))
    return "\n".join(out)
