# The autoplay bot: plays every seat of the app's game by pressing buttons, as a player would.
# SPDX-License-Identifier: MIT
"""``autoplay(session)`` plays the game on the app's play screen to the end.

It only presses buttons. What it knows it reads back from the app like a player reads the
panel: the game (the app's own save codec, decoded here) and the play screen's mode, cursor
and selectable boxes (``Session.screen()``). ``yatzy.strategy.decide`` chooses; the bot
turns that choice into presses (play screen controls, see the header of firmware/ui/play.py):

- roll-off: ROLL; the roll-off result banner: ROLL;
- up-or-down choice: hold1 = down, hold2 = up;
- holds: the hold button of every die whose state differs (hold6 for Maxi's sixth die);
- roll: ROLL;
- score: long ROLL opens the card (or ROLL when no rolls are left), hold3/hold4 change the
  column, hold1/hold2 move the cursor up/down the selectable boxes of that column (it wraps),
  ROLL scores, and ROLL again confirms a 0.
"""

from tools.sim.session import SimError

_TURN, _CHOOSE, _CONFIRM = 0, 1, 2
MAX_PRESSES = 20000


def _hold_button(i):
    return "hold%d" % (i + 1)


class Bot:
    def __init__(self, session, level="basic", log=None):
        self.s = session
        self.level = level
        self.presses = 0
        self.log = log

    def press(self, button, kind="short"):
        self.presses += 1
        if self.presses > MAX_PRESSES:
            raise SimError(
                "autoplay: no end after %d presses; screen %r" % (MAX_PRESSES, self.s.screen())
            )
        if self.log is not None:
            self.log.append((button, kind))
        self.s.press(button, kind)
        self.s.wait_idle(limit_ms=600000)

    def play(self):
        from yatzy import engine as E
        from yatzy.strategy import decide

        s = self.s
        s.wait_idle(limit_ms=600000)
        while True:
            g = s.game()
            scr = s.screen()
            if g is None:
                raise SimError("autoplay: the app shows %r, not a game" % scr.get("screen"))
            if scr.get("rolloff_seen"):  # the roll-off result: ROLL continues
                self.press("roll")
                continue
            if g.is_over():
                return g
            if scr.get("screen") != "Play":
                raise SimError(
                    "autoplay: expected the play screen, the app shows %r" % scr.get("screen")
                )
            mode = scr.get("mode", _TURN)
            if mode == _CONFIRM:
                self.press("roll")
                continue
            action = decide(g, self.level)
            kind = action[0]
            if kind == "rolloff":
                self.press("roll")
            elif kind == "direction":
                self.press("hold1" if action[1] == "down" else "hold2")
            elif kind == "holds":
                if mode != _TURN:
                    self.press("hold5")  # back from the card to the dice
                    continue
                mask = action[1]
                for i in range(g.rules.dice):
                    if bool(mask >> i & 1) != bool(g.held[i]):
                        self.press(_hold_button(i))
            elif kind == "roll":
                if mode != _TURN:
                    self.press("hold5")
                    continue
                self.press("roll")
            elif kind == "score":
                self.score(g, scr, action[1], action[2], E)
            else:
                raise SimError("autoplay: strategy chose %r, which has no button" % (action,))

    def score(self, g, scr, category, column, E):
        s = self.s
        if scr.get("mode", _TURN) == _TURN:
            self.press("roll", "long" if g.rolls_left() > 0 else "short")
            scr = s.screen()
            if scr.get("mode") != _CHOOSE:
                raise SimError("autoplay: ROLL did not open the card (screen %r)" % (scr,))
        self.move_to(scr, category, column, g.rules.columns)
        self.press("roll")
        if s.screen().get("mode") == _CONFIRM:
            self.press("roll")

    def move_to(self, scr, category, column, cols):
        """Cursor presses on the open card (screen state `scr`) to the box (category,
        column), the shorter way round; `cols`: the card's columns."""
        order = [tuple(x) for x in scr["order"]]
        target = (category, column)
        if target not in order:
            raise SimError("autoplay: box %r is not selectable on the card %r" % (target, order))
        n = len(order)
        steps = 0
        while tuple(order[scr["cur"]]) != target:
            cur = scr["cur"]
            col = order[cur][1]
            if col != column:
                # hold3/hold4 change the column (up/down stay in one): first the column
                fwd = (column - col) % cols
                self.press("hold4" if fwd <= cols - fwd else "hold3")
            else:
                same = [j for j in range(n) if order[j][1] == column]
                m = len(same)
                down = (same.index(order.index(target)) - same.index(cur)) % m
                self.press("hold2" if down <= m - down else "hold1")
            scr = self.s.screen()
            steps += 1
            if steps > 4 * n + 8:
                raise SimError("autoplay: the card cursor does not reach %r" % (target,))


def autoplay(session, level="basic"):
    """Play the game on screen to its end with button presses; returns the final game."""
    return Bot(session, level).play()


# ------------------------------------------------------------------ new game through the menus
def _kind_label(level):
    return "HUMAN" if not level else "CPU " + level.upper()


def _words(code):
    """{English text: the same text in language `code`} of the menus' words (and the
    computer levels' labels), so the set-up walk reads any language; {} for English."""
    if not code or code == "en":
        return {}
    import importlib

    en = importlib.import_module("lang.en")
    other = importlib.import_module("lang." + code)
    out = {}
    for table in ("TEXT", "GAME", "MENU"):
        a, b = getattr(en, table), getattr(other, table)
        for k in a:
            out.setdefault(a[k], b[k])
    for lv in ("basic", "easy", "good", "best"):
        out[_cpu_label(en, lv)] = _cpu_label(other, lv)
    return out


def _cpu_label(m, lv):
    return m.MENU["cpu_level"] % m.MENU["lv_" + lv]


class Menus:
    """Walks the app's list screens with the list keys (hold1/hold2 = up/down, hold3/hold4 =
    change the value, ROLL = choose), reading back what each screen lists."""

    def __init__(self, session):
        self.s = session
        self.presses = 0
        self.words = _words(getattr(session, "lang", None))

    def press(self, button, kind="short"):
        self.presses += 1
        if self.presses > 500:
            raise SimError("game set-up: too many presses; screen %r" % (self.s.screen(),))
        self.s.press(button, kind)
        self.s.wait_idle(limit_ms=60000)

    def screen(self, name):
        scr = self.s.screen()
        if scr.get("screen") != name:
            raise SimError(
                "game set-up: expected the %s screen, the app shows %r" % (name, scr.get("screen"))
            )
        return scr

    def goto(self, name, label_prefix):
        """Move the cursor of screen ``name`` to the first row whose label starts so (an
        English label: the session's language is read in its place)."""
        label_prefix = self.words.get(label_prefix, label_prefix)
        scr = self.screen(name)
        labels = [row[0] for row in scr["items"]]
        matches = [i for i, lab in enumerate(labels) if lab.startswith(label_prefix)]
        if not matches:
            raise SimError(
                "game set-up: no %r row on the %s screen (%r)" % (label_prefix, name, labels)
            )
        want = matches[0]
        while scr["cur"] != want:
            n = len(labels)
            down = (want - scr["cur"]) % n
            self.press("hold2" if down <= n - down else "hold1")
            scr = self.screen(name)
        return scr

    def set_value(self, name, label_prefix, value):
        """Cycle the value of a row with hold4 until it reads ``value`` (English, as above)."""
        value = self.words.get(value, value)
        scr = self.goto(name, label_prefix)
        seen = []
        while True:
            current = scr["items"][scr["cur"]][1]
            if current == value:
                return
            if current in seen:
                raise SimError(
                    "game set-up: %s %r cannot be set to %r (values %r)"
                    % (name, label_prefix, value, seen)
                )
            seen.append(current)
            down = str(current).isdigit() and str(value).isdigit() and int(value) < int(current)
            self.press("hold3" if down else "hold4")  # numbers: the short way
            scr = self.screen(name)


def new_game(session, rules=None, players=None, cpu=None, cpu_level="basic"):
    """From the title screen: NEW GAME, set ruleset, players and their kinds, START GAME.

    ``cpu`` seats (the last ones) are the app's computer players; the others are human.
    None keeps what the set-up screen proposes."""
    from yatzy.rules import RULESETS

    m = Menus(session)
    session.wait_idle(limit_ms=60000)
    m.goto("Title", "NEW GAME")
    m.press("roll")
    if rules is not None:
        m.set_value("Setup", "RULES", RULESETS[rules].name.upper())
    if players is not None:
        m.set_value("Setup", "PLAYERS", str(players))
    if cpu is not None:
        scr = m.screen("Setup")
        n = int([v for lab, v in scr["items"] if lab == m.words.get("PLAYERS", "PLAYERS")][0])
        if cpu > n:
            raise SimError("--cpu %d is more than the %d players" % (cpu, n))
        for i in range(n):
            level = cpu_level if i >= n - cpu else ""
            m.set_value("Setup", "%d " % (i + 1), _kind_label(level))
    m.goto("Setup", "START GAME")
    m.press("roll")
    scr = session.screen()
    if scr.get("screen") != "Play":
        raise SimError(
            "game set-up: START GAME led to %r, not the play screen" % scr.get("screen")
        )
