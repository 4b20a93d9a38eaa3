# The house rules screens of a new game's set-up: the options, and the short game's boxes.
# SPDX-License-Identifier: MIT
"""Loaded when the set-up screen's HOUSE RULES row is chosen (the set-up screen itself loads
without them); dropped with the menus while a game is played (heap.py)."""

from lang import T, box
from yatzy import rules

from ui.keys import ROLL
from ui.lists import ListScreen, cycle, on_off
from ui.setup import pointless, useful_options
from ui.widgets import upper

# Values offered for options that have no fixed list of choices.
SHORT = (None, "upper", "lower")
THRESHOLDS = (None, 42, 50, 63, 73, 84)


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
            out.append((box(c, True), on_off(c in self.on)))
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
    text = upper(text)
    return text if len(text) <= 31 else text[:30] + "."
