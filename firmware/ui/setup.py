# New game: ruleset, players (human or computer, names), start (house rules: ui/options.py).
# SPDX-License-Identifier: MIT

from lang import T
from yatzy import rules
from yatzy.levels import LEVELS

from ui.lists import ListScreen, cycle

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# The set-up screens' idle time loads the engine's and the play screen's modules, one a tick
# (heap.py, "warm"), then compiles the dice blit, so that START only builds the game.
_WARM_QUIET_MS = const(400)  # the next one loads after this long without a press
_WARM_STEP_MS = const(60)  # and the one after it this much later, if still no press came
KINDS = ("",) + LEVELS  # "" a person, else a computer level
RULES = rules.RULESET_IDS


def levels():
    """Seat kinds: human, then the computer levels of yatzy.strategy (basic .. best)."""
    return KINDS


def kind_name(lv):
    return T["human"] if not lv else T["cpu_level"] % T["lv_" + lv]


class Setup(ListScreen):
    title = "new_game"

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.s = app.setup
        self.warm_at = app.now + _WARM_QUIET_MS  # the next module loads then (None: all have)
        self.warm_i = 0  # the next one, in heap.py's "warm" group
        self.before = None  # the modules loaded before the first one was
        self._rows = None  # (the set-up they show, the rows) made last

    def press(self, b, long, now):
        self.hush(now)
        ListScreen.press(self, b, long, now)

    def hush(self, now):
        """A press on a set-up screen: the next module waits for quiet again."""
        if self.warm_at is not None:
            self.warm_at = now + _WARM_QUIET_MS

    def tick(self, now):
        """Load the next of the play modules once the set-up has been quiet for a while;
        ms until the next tick is needed, None when they are all loaded (or the heap had
        no room for one: START loads the rest once the menus are gone, as it would)."""
        at = self.warm_at
        if at is None:
            return None
        if now < at:
            return at - now
        if self.before is None:
            import sys

            self.before = set(sys.modules)
        import heap

        try:
            i = self.warm_i
            self.warm_i = i + 1
            if heap.warm(i):
                self.warm_at = now + _WARM_STEP_MS
                return _WARM_STEP_MS
            from gfx import canvas

            if canvas._native[0] is None:  # the dice blit, compiled (about 25 ms)
                canvas._native_blit()
        except MemoryError:
            heap.drop("warm", keep=self.before)  # a module half loaded goes too
            self.before = None
        import gc

        if hasattr(gc, "mem_free"):  # MicroPython: the garbage of loading them goes now,
            gc.collect()  # not in a press to come (CPython's collector needs no help)
        self.warm_at = None
        return None

    def back(self):
        """To the title: the play modules loaded here go again (the menus need the room)."""
        if self.before is not None:
            import heap

            heap.drop("warm", keep=self.before)
        ListScreen.back(self)

    def items(self):
        """The rows, made again only when the set-up changed: every new string costs a look-up
        among MicroPython's interned names, which grow with each module loaded (the play
        modules loaded here make a row's strings dearer), and a press reads the rows twice."""
        s = self.s
        n = s["n"]
        key = (s["rules"], n, s["names"][:n], s["levels"][:n], dict(s["options"]))
        rows = self._rows
        if rows is not None and rows[0] == key:
            return rows[1]
        out = [(T["rules"], T["r_" + s["rules"]]), (T["players"], str(n))]
        for i in range(n):
            out.append(("%d %s" % (i + 1, s["names"][i]), kind_name(s["levels"][i])))
        changed = 0
        for k, v in s["options"].items():
            if v != rules.OPTIONS[k]["default"]:
                changed += 1
        out.append((T["house_rules"], T["n_on"] % changed if changed else T["none"]))
        out.append((T["start_game"], None))
        self._rows = (key, out)
        return out

    def adjust(self, i, d, long):
        s = self.s
        n = s["n"]
        if i == 0:
            s["rules"] = cycle(RULES, s["rules"], d)
            s["options"] = {}
        elif i == 1:  # long: five at a time
            s["n"] = 1 + (n - 1 + (5 * d if long else d)) % rules.MAX_PLAYERS
        elif 2 <= i < 2 + n:
            lv = levels()
            s["levels"][i - 2] = cycle(lv, s["levels"][i - 2], d)
        else:
            return False
        return True

    def choose(self, i):
        app = self.app
        s = self.s
        n = s["n"]
        if 2 <= i < 2 + n:
            from ui.names import NameEntry

            def done(name):
                s["names"][i - 2] = name

            title = T["name_of"] % (i - 1)
            app.show(NameEntry(app, s["names"][i - 2], done, self, title))
        elif i == 2 + n:
            from ui.options import Options

            app.show(Options(app, self))
        elif i == 3 + n:
            self.start()
        else:
            self.adjust(i, 1, False)

    def start(self):
        start_game(self.app, self.s)


def start_game(app, s):
    """Start a game with set-up `s`: built by the app once this press is handled (after the
    menus are dropped from the heap). Options that cannot matter in this game are left out."""
    s["options"] = useful_options(s["rules"], s["n"], s["options"])
    app.new_game(s)


def pointless(rid, n, options, key):
    """True when option `key` can change nothing in a game of `n` players with `options`:
    a tie-break needs two players; the extra Yatzy bonus cannot pay when the card is filled
    top-down, since the Yatzy box is the last one (Nordic, Maxi, Triple)."""
    if key == "tie_break":
        return n < 2
    if key == "extra_bonus":
        order = rules.RULESET_DEFAULTS.get(rid, {}).get("order", options.get("order", "free"))
        return order == "down"
    return False


def useful_options(rid, n, options):
    """`options` without the ones :func:`pointless` in this game."""
    out = {}
    for k in options:
        if not pointless(rid, n, options, k):
            out[k] = options[k]
    return out
