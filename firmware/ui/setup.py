# New game: ruleset, players (human or computer level, names), house options, start.
# SPDX-License-Identifier: MIT

from lang import T, box
from yatzy import rules
from yatzy.levels import LEVELS

from ui.keys import ROLL
from ui.lists import ListScreen, cycle, on_off

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
# Values offered for options that have no fixed list of choices.
SHORT = (None, "upper", "lower")
THRESHOLDS = (None, 42, 50, 63, 73, 84)


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
        self.before = None  # the modules loaded before the first one was

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
            if heap.warm():
                self.warm_at = now + _WARM_STEP_MS
                return _WARM_STEP_MS
            from gfx import canvas

            canvas.prepare()
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
        s = self.s
        out = [(T["rules"], T["r_" + s["rules"]]), (T["players"], str(s["n"]))]
        for i in range(s["n"]):
            out.append(("%d %s" % (i + 1, s["names"][i]), kind_name(s["levels"][i])))
        changed = 0
        for k, v in s["options"].items():
            if v != rules.OPTIONS[k]["default"]:
                changed += 1
        out.append((T["house_rules"], T["n_on"] % changed if changed else T["none"]))
        out.append((T["start_game"], None))
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


def option_values(rid, key):
    spec = rules.OPTIONS[key]
    if spec["choices"] is not None:
        return spec["choices"]
    if key == "categories":
        return SHORT
    top = rules.max_upper(rules.configure(rid))
    return tuple(v for v in THRESHOLDS if v is None or v <= top)


def short_name(rid, v):
    """A short game's box list as the menu names it: None, "upper", "lower", or minus its
    box count for any other set (the players' own choice, ``BoxPicker``)."""
    if v is None:
        return None
    r = rules.configure(rid)
    if list(v) == list(r.upper):
        return "upper"
    if list(v) == list(r.lower):
        return "lower"
    return -len(v)  # shown as its box count (show_value)


def to_option(rid, key, v):
    """Menu value -> option value (short game presets become box lists)."""
    if key == "categories" and v is not None:
        r = rules.configure(rid)
        return list(r.upper) if v == "upper" else list(r.lower)
    return v


def show_value(v):
    if isinstance(v, int) and not isinstance(v, bool) and v < 0:  # a short game of -v boxes
        return T["n_boxes"] % -v
    if v is True or v is False:
        return on_off(v)
    if v is None:
        return T["standard"]
    if isinstance(v, str):  # "upper", "lower" (short game), "free", "down", "up_or_down"
        return T[v]
    return str(v)


class Options(ListScreen):
    title = "house_rules"

    def __init__(self, app, back):
        ListScreen.__init__(self, app)
        self.back_to = back
        s = back.s
        self.rid = s["rules"]
        self.fixed = rules.RULESET_DEFAULTS.get(self.rid, {})

    @property
    def keys(self):
        """The options this game offers (those that can change something in it)."""
        s = self.back_to.s
        return [
            k
            for k in rules.OPTION_KEYS
            if self.rid in rules.OPTIONS[k]["rulesets"]
            and k not in self.fixed
            and not pointless(self.rid, s["n"], s["options"], k)
        ]

    def right_title(self):
        return T["r_" + self.rid]

    def current(self, k):
        opts = self.back_to.s["options"]
        v = opts.get(k, rules.OPTIONS[k]["default"])
        if k == "categories":
            return short_name(self.rid, v)
        return v

    def items(self):
        out = []
        for k in self.keys:
            out.append((T["opt_" + k], show_value(self.current(k))))
        out.append((T["done"], None))
        return out

    def adjust(self, i, d, long):
        if i >= len(self.keys):
            return False
        k = self.keys[i]
        vals = option_values(self.rid, k)
        opts = dict(self.back_to.s["options"])
        v = cycle(vals, self.current(k), d)
        opts[k] = to_option(self.rid, k, v)
        opts = useful_options(self.rid, self.back_to.s["n"], opts)
        try:
            rules.normalize_options(self.rid, opts)
        except ValueError as e:
            self.note = T["opt_clash"] or _short(str(e))
            return False
        self.back_to.s["options"] = opts
        # rows above may have come or gone (an order that makes the extra bonus pointless):
        # the cursor stays on the option being changed
        self.cur = self.keys.index(k)
        if self.cur < self.top:
            self.top = self.cur
        return True

    def choose(self, i):
        if i >= len(self.keys):
            self.back()
        elif self.keys[i] == "categories":  # Roll: pick the boxes one by one
            self.app.show(BoxPicker(self.app, self))
        else:
            self.adjust(i, 1, False)

    def back(self):
        self.app.show(self.back_to)

    def tick(self, now):
        return self.back_to.tick(now)

    def press(self, b, long, now):
        self.back_to.hush(now)
        if b == ROLL and long and self.cur < len(self.keys):
            # long Roll: what the option means
            import lang

            self.note = lang.help_text(self.keys[self.cur])
            self.app.changed()
            return
        ListScreen.press(self, b, long, now)


class BoxPicker(ListScreen):
    """The short game's boxes, any set the players agree on: HOLD3/HOLD4 or Roll turn a
    box on or off, DONE keeps the set (all of them: the full card; none: refused), HOLD5
    keeps it too, or the one before when no box is on."""

    title = "opt_categories"

    def __init__(self, app, options):
        ListScreen.__init__(self, app)
        self.options = options
        self.rid = options.rid
        self.boxes = list(rules.configure(self.rid).categories)
        v = options.back_to.s["options"].get("categories")
        self.on = list(self.boxes if v is None else v)

    def tick(self, now):
        return self.options.back_to.tick(now)

    def press(self, b, long, now):
        self.options.back_to.hush(now)
        ListScreen.press(self, b, long, now)

    def items(self):
        out = []
        for c in self.boxes:
            out.append((box(c), on_off(c in self.on)))
        out.append((T["done"], None))
        return out

    def adjust(self, i, d, long):
        if i >= len(self.boxes):
            return False
        c = self.boxes[i]
        if c in self.on:
            self.on.remove(c)
        else:
            self.on.append(c)
        return True

    def choose(self, i):
        if i < len(self.boxes):
            self.adjust(i, 1, False)
        elif not self.on:
            self.note = T["one_box"]
        else:
            self.back()

    def back(self):
        if not self.on:  # nothing to play: the set chosen before stays
            self.app.show(self.options)
            return
        s = self.options.back_to.s
        opts = dict(s["options"])
        if len(self.on) == len(self.boxes):
            opts.pop("categories", None)  # every box: the full card
        else:
            opts["categories"] = [c for c in self.boxes if c in self.on]
        rules.normalize_options(self.rid, opts)
        s["options"] = opts
        self.app.show(self.options)


def _short(text):
    text = text.upper()
    return text if len(text) <= 31 else text[:30] + "."
