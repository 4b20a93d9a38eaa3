# Button storms through the whole app, with its checks; runs on CPython and MicroPython.
# SPDX-License-Identifier: MIT
"""One storm drives ``app.App`` (through ``tools.sim.loop.Shell``, on an in-memory display
and storage, with a fake clock) with a list of events, and checks after every event.

Events are short text tokens, so a failing list prints as a replayable line:

    S<b>@<dt>    short press of button index b (ui.keys: 0..5 hold1..hold6, 6 roll) dt ms later
    L<b>@<dt>    long press
    C<b><c>@<dt> chord: b and c pressed in the same ms
    T@<dt>       let dt ms pass (the app is ticked whenever it asked to be)
    Z            let the sleep time pass: the app saves and sleeps (the next press wakes it)
    R            power cut and boot: a new App on the same storage (and dice) starts
    N<seed>      app.new_game with a set-up dict built from seed (ruleset, players, seats,
                 options), as ui/setup.py builds it
    B            way-back probe: at most PROBE_PRESSES presses of a fixed escape policy must
                 reach a screen where a game can be played (Play, game not over) or started
                 (Title)

Checks after every event: no exception; nothing drawn outside 128x64 and no text reaching
past the panel's edge (``CheckCanvas``); when a box was just scored, and after sleep, the
autosave decodes (the project's own reader) to the game in memory; every finished game's
boxes and totals agree with ``score_box``/``totals``, a scorer written from RULES.md that
does not use yatzy.scoring. :func:`run` returns None or a one-line failure.

``generate(seed, n)`` makes a random event list (own xorshift: the same list on both
runtimes). ``micropython storm.py [PLANT name] [SKIP kinds] SEED EVENTS`` runs one storm and
prints ``OK <events> <games>`` or ``FAIL <index> <games> <message>``; ``REPLAY "<tokens>"
[SEED]`` in place of ``SEED EVENTS`` replays a list (``REPLAY @FILE``: the tokens in a file;
the unix port stops with "uncaught NLR" on an argument of 256 bytes or more). :func:`plant`
monkeypatches a known fault (a wrong score, a screen with no way back) for the campaign to
catch. Keeps to the MicroPython subset.
"""

import sys

from gfx.canvas import Canvas
from gfx.font import MEDIUM

PROBE_PRESSES = 40
PANEL_W = 128
PANEL_H = 64
RULESETS = ("yatzy", "forced", "yahtzee", "maxi", "triple")
UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
# RULES.md: upper bonus threshold and value, dice per ruleset
THRESHOLD = {"yatzy": 63, "forced": 42, "yahtzee": 63, "maxi": 84, "triple": 63}
BONUS = {"yatzy": 50, "forced": 50, "yahtzee": 35, "maxi": 100, "triple": 50}


class Rng:
    """xorshift32: the same numbers on every runtime."""

    def __init__(self, seed):
        self.s = (seed * 2654435761 + 12345) & 0xFFFFFFFF or 1

    def next(self):
        x = self.s
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.s = x
        return x

    def below(self, n):
        return self.next() % n

    def chance(self, per_mille):
        return self.next() % 1000 < per_mille


class CheckCanvas(Canvas):
    """Records every drawing call that reaches outside the panel (text clipped included)."""

    def __init__(self, buf, width, height):
        Canvas.__init__(self, buf, width, height)
        self.outside = []

    def _check(self, what, x, y, w, h):
        if w > 0 and h > 0 and (x < 0 or y < 0 or x + w > PANEL_W or y + h > PANEL_H):
            self.outside.append("%s at %d,%d size %dx%d" % (what, x, y, w, h))

    def fill_rect(self, x, y, w, h, c=1):
        self._check("rect", x, y, w, h)
        Canvas.fill_rect(self, x, y, w, h, c)

    def pixel(self, x, y, c=1):
        self._check("pixel", x, y, 1, 1)
        Canvas.pixel(self, x, y, c)

    def blit(self, bits, x, y, w, h, c=1):
        self._check("blit", x, y, w, h)
        Canvas.blit(self, bits, x, y, w, h, c)

    def text(self, x, y, s, font=MEDIUM, c=1):
        self._check("text %r" % (s,), x, y, font.width(s), font.height)
        return Canvas.text(self, x, y, s, font, c)


# ---- the independent scorer (from RULES.md; never calls yatzy.scoring) -------------------


def _counts(dice):
    c = [0] * 7
    for d in dice:
        c[d] += 1
    return c


def _highest(c, k):
    for v in (6, 5, 4, 3, 2, 1):
        if c[v] >= k:
            return v
    return 0


def _run(c, lo, hi):
    for v in range(lo, hi + 1):
        if not c[v]:
            return False
    return True


def score_box(rid, box, dice, joker=False):
    """Points of `dice` in `box` under ruleset `rid` (Joker: Yahtzee's full-value lower)."""
    c = _counts(dice)
    total = sum(dice)
    base = box
    if "_" in box and box[-1].isdigit():  # extra Yatzy rows score as the Yatzy box
        base = box[: box.rindex("_")]
    if base in UPPER:
        f = UPPER.index(base) + 1
        return c[f] * f
    if base == "chance":
        return total
    if base in ("yatzy", "yahtzee", "maxi_yatzy"):
        n = len(dice)
        if c[dice[0]] != n:
            return 0
        return 100 if base == "maxi_yatzy" else 50
    if rid == "yahtzee":
        if joker and base in ("full_house", "small_straight", "large_straight"):
            return {"full_house": 25, "small_straight": 30, "large_straight": 40}[base]
        if base == "three_of_a_kind":
            return total if _highest(c, 3) else 0
        if base == "four_of_a_kind":
            return total if _highest(c, 4) else 0
        if base == "full_house":
            vals = sorted([c[v] for v in range(1, 7) if c[v]])
            return 25 if vals == [2, 3] else 0
        if base == "small_straight":
            return 30 if _run(c, 1, 4) or _run(c, 2, 5) or _run(c, 3, 6) else 0
        if base == "large_straight":
            return 40 if _run(c, 1, 5) or _run(c, 2, 6) else 0
        raise ValueError("no such box %r" % box)
    pairs = [v for v in (6, 5, 4, 3, 2, 1) if c[v] >= 2]
    if base == "one_pair":
        return 2 * pairs[0] if pairs else 0
    if base == "two_pairs":
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else 0
    if base == "three_pairs":
        return 2 * (pairs[0] + pairs[1] + pairs[2]) if len(pairs) >= 3 else 0
    for name, k in (("three_of_a_kind", 3), ("four_of_a_kind", 4), ("five_of_a_kind", 5)):
        if base == name:
            return k * _highest(c, k)
    if base == "small_straight":
        return 15 if _run(c, 1, 5) else 0
    if base == "large_straight":
        return 20 if _run(c, 2, 6) else 0
    if base == "full_straight":
        return 21 if _run(c, 1, 6) else 0
    best = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                continue
            if base == "full_house" and c[a] >= 3 and c[b] >= 2:
                best = max(best, 3 * a + 2 * b)
            if base == "villa" and c[a] >= 3 and c[b] >= 3:
                best = max(best, 3 * a + 3 * b)
            if base == "tower" and c[a] >= 4 and c[b] >= 2:
                best = max(best, 4 * a + 2 * b)
    if base in ("full_house", "villa", "tower"):
        return best
    raise ValueError("no such box %r" % box)


def _yatzy_box(box):
    return box.startswith("yatzy") or box.startswith("yahtzee") or box.startswith("maxi_yatzy")


def check_finished(game, complete=True):
    """Every box of every player re-scored from its logged dice, Joker and extra bonuses
    and totals recomputed, the card equal to the log; returns None or what differs.
    ``complete=False`` checks a game in progress (open boxes allowed)."""
    rid = game.rules_id
    opts = game.options
    threshold = opts.get("bonus_threshold") or THRESHOLD[rid]
    triple = rid == "triple" or opts.get("triple")
    factors = (1, 2, 3) if triple else (1,)
    if rid == "yahtzee":
        amount = 100
    else:
        amount = opts.get("extra_bonus") or 0
    got = game.totals()
    for p in range(len(game.players)):
        pl = game.players[p]
        cards = [{} for _ in factors]
        boxes = [b for b in game.rules.categories]
        extra = 0
        for t in pl.turns:
            col, box, pts, ex = t[1], t[2], t[3], t[4]
            dice = list(t[5][-1])
            same = _counts(dice)[dice[0]] == len(dice)
            yatzy_filled = True
            yatzy_scored = False
            for card in cards:
                for b in boxes:
                    if _yatzy_box(b):
                        if b not in card:
                            yatzy_filled = False
                        elif card[b]:
                            yatzy_scored = True
            joker = rid == "yahtzee" and same and yatzy_filled
            want = score_box(rid, box, dice, joker)
            if joker and box in UPPER and UPPER.index(box) + 1 != dice[0]:
                want = 0
            if want != pts:
                return "player %d box %s with dice %r scored %d, the rules give %d" % (
                    p,
                    box,
                    dice,
                    pts,
                    want,
                )
            want_ex = amount if (same and amount and yatzy_scored) else 0
            if want_ex != ex:
                return "player %d extra bonus %d with dice %r, the rules give %d" % (
                    p,
                    ex,
                    dice,
                    want_ex,
                )
            extra += ex
            if box in cards[col]:
                return "player %d filled %s twice" % (p, box)
            cards[col][box] = pts
        total = extra
        for col in range(len(factors)):
            card = cards[col]
            for b in boxes:
                if pl.card[col][b] != card.get(b):
                    return "player %d box %s holds %r, its turn logged %r" % (
                        p,
                        b,
                        pl.card[col][b],
                        card.get(b),
                    )
            if complete and len(card) != len(boxes):
                return "player %d column %d has %d of %d boxes" % (p, col, len(card), len(boxes))
            up = 0
            rest = 0
            for b in card:
                if b in UPPER:
                    up += card[b]
                else:
                    rest += card[b]
            bonus = BONUS[rid] if up >= threshold and [1 for b in boxes if b in UPPER] else 0
            total += factors[col] * (up + bonus + rest)
        if extra != pl.extra:
            return "player %d extra bonus %d, its turns logged %d" % (p, pl.extra, extra)
        if total != got[p]:
            return "player %d total %d, the rules give %d" % (p, got[p], total)
    return None


# ---- events ----------------------------------------------------------------------------


def new_setup(seed):
    """A set-up dict as ui/setup.py builds it, random over rulesets, players, seats and
    options (combinations the rules refuse are dropped one option at a time)."""
    from yatzy import rules
    from yatzy.rules_config import menu_values

    rng = Rng(seed)
    rid = RULESETS[rng.below(len(RULESETS))]
    top = rules.MAX_PLAYERS
    # most games small enough to finish within a storm; one in eight up to the most players
    r = rng.below(1000)
    n = 1 + rng.below(2) if r < 500 else 1 + rng.below(8) if r < 875 else 9 + rng.below(top - 8)
    levels = ["", "basic", "easy", "good", "best"]
    seats = []
    for _ in range(top):
        seats.append("" if rng.chance(400) else levels[1 + rng.below(4)])
    opts = {}
    for key in rules.OPTION_KEYS:
        if rid not in rules.OPTIONS[key]["rulesets"] or not rng.chance(300):
            continue
        values = menu_values(key, rid)
        v = values[rng.below(len(values))]
        if isinstance(v, tuple):
            v = list(v)
        opts[key] = v
        try:
            rules.normalize_options(rid, opts)
        except ValueError:
            del opts[key]
    return {
        "rules": rid,
        "n": n,
        "names": ["P%d" % (i + 1) for i in range(top)],
        "levels": seats,
        "options": opts,
        "games": 0,
    }


def generate(seed, n):
    """A random list of n event tokens (see the module doc)."""
    rng = Rng(seed)
    out = []

    def button():  # Roll (and OK) is what moves a game on: pressed most
        return 6 if rng.chance(350) else rng.below(6)

    for _ in range(n):
        r = rng.below(1000)
        dt = (0, 1, 5, 30, 80, 150, 300, 600, 700, 1200, 2500)[rng.below(11)]
        if r < 560:
            out.append("S%d@%d" % (button(), dt))
        elif r < 660:
            out.append("L%d@%d" % (button(), dt))
        elif r < 740:
            out.append("C%d%d@%d" % (button(), button(), dt))
        elif r < 880:
            out.append("T@%d" % (dt * 3))
        elif r < 893:
            out.append("Z")
        elif r < 900:
            out.append("R")
        elif r < 915:
            out.append("N%d" % rng.below(1000000))
        else:
            out.append("B")
    out.append("B")
    return out


class Panel:
    """The display contract in memory (nothing is shown; the app draws into buffer)."""

    width = PANEL_W
    height = PANEL_H

    def __init__(self):
        self.buffer = bytearray(PANEL_W * PANEL_H // 8)

    def show(self):
        pass

    def show_window(self, x0, x1, page0, page1):
        if not (0 <= x0 <= x1 < PANEL_W and 0 <= page0 <= page1 < PANEL_H // 8):
            raise ValueError("window %r outside the panel" % ((x0, x1, page0, page1),))

    def contrast(self, v):
        pass

    def rotate(self, flag):
        pass

    def poweroff(self):
        pass

    def poweron(self):
        pass


class Storm:
    """The app under a storm; see the module doc."""

    def __init__(self, seed=1, skip=()):
        self.skip = skip  # failure kinds not checked ("outside", "autosave", "score")
        if sys.implementation.name == "micropython":
            import heap

            heap.intern_names()  # as main.py does at power-up
        from save.storage import MemoryStorage
        from yatzy.dice import SeededDice

        self.display = Panel()
        self.storage = MemoryStorage()
        self.app = None
        self.dice = SeededDice(seed)
        self.now = 1000
        self.boot()
        self.next_tick = None
        self.finished = []  # games seen over (checked once each)
        self.games_done = 0
        self._boxes = None  # (game, boxes scored) at the last check
        self._slept = False  # the app went to sleep since the last check

    def boot(self):
        """A new App on the same storage and dice (a power cut, then power on)."""
        import app as app_module

        from tools.sim.loop import Shell

        self.app = app_module.App(self.display, self.storage, self.dice)
        self.app.cv = CheckCanvas(self.display.buffer, 128, 64)
        self.shell = Shell(self.app, self.display)
        self._wait(self.shell.start(self.now))

    def _wait(self, wait):
        self.next_tick = None if wait is None else self.now + wait

    def advance(self, dt):
        """Let dt ms pass, ticking the app whenever it asked for a tick."""
        end = self.now + dt
        guard = 0
        while self.next_tick is not None and self.next_tick <= end:
            self.now = max(self.now, self.next_tick)
            self._wait(self.shell.tick(self.now))
            guard += 1
            if guard > 100000:
                raise AssertionError("the app asks for ticks without end")
        self.now = end

    def press(self, b, kind):
        from ui import keys

        self._wait(self.shell.press(keys.NAMES[b], kind, self.now))

    def do(self, token):
        """Apply one event token."""
        op = token[0]
        if op in "SLC":
            body, _, dt = token[1:].partition("@")
            self.advance(int(dt))
            if op == "C":
                from ui import keys

                self.shell.press(keys.NAMES[int(body[0])], "short", self.now)
                self.press(int(body[1]), "short")
            else:
                self.press(int(body), "short" if op == "S" else "long")
        elif op == "T":
            self.advance(int(token[2:]))
        elif op == "Z":
            self.advance(1000 * max(1, self.app.settings["sleep_s"]) + 3000)
            if not self.app.settings["sleep_s"]:
                self.app.save_now()
                self._slept = True
            else:  # computer turns and animations keep it awake
                self._slept = self.shell.sleeping
        elif op == "N":
            if not self.shell.sleeping:
                self.app.new_game(new_setup(int(token[1:])))
                self._wait(self.shell.tick(self.now))
        elif op == "R":
            self.now += 500
            self.boot()
        elif op == "B":
            return self.probe()
        else:
            raise ValueError("unknown storm event %r" % (token,))
        return None

    def idle(self):
        """No animation or computer move is pending (only the sleep timer, if any)."""
        return self.next_tick is None or self.next_tick - self.now > 3000

    def playable(self):
        name = type(self.app.screen).__name__
        if name == "Title":
            return True
        if name == "Play":
            from yatzy.engine import OVER

            g = self.app.game
            return g is not None and g.phase != OVER
        return False

    def probe(self):
        """The escape policy (BACK, then OK, waiting for animations) must reach a playable
        screen within PROBE_PRESSES presses (left-handed, the app mirrors hold1..hold5, so
        the policy's presses are mirrored too)."""
        policy = (4, 4, 6, 4, 6, 6, 0, 6, 4, 1, 6)
        for i in range(PROBE_PRESSES):
            self.advance(3000)
            if self.shell.sleeping:
                self.press(6, "short")  # wake
                continue
            if self.playable():
                return None
            b = policy[i % len(policy)]
            if self.app.settings["left_handed"] and b < 5:
                b = 4 - b  # the policy names the buttons as a right-handed player sees them
            self.press(b, "short")
        self.advance(3000)
        if self.playable():
            return None
        return "stuck: %d presses do not lead back from %s" % (
            PROBE_PRESSES,
            type(self.app.screen).__name__,
        )

    def check(self):
        """The checks after an event; None or a failure."""
        out = self.app.cv.outside
        if out and "outside" in self.skip:
            del out[:]
        if out:
            msg = "drawn outside the panel on %s: %s" % (type(self.app.screen).__name__, out[0])
            del out[:]
            return msg
        slept = self._slept
        self._slept = False
        g = self.app.game
        if g is None:
            return None
        from yatzy.engine import OVER, TURN

        boxes = 0
        for pl in g.players:
            boxes += len(pl.turns)
        scored = (g, boxes) != self._boxes
        self._boxes = (g, boxes)
        if g.phase == OVER:
            if id(g) not in self.finished:
                self.finished.append(id(g))
                del self.finished[:-4]
                self.games_done += 1
                if "score" not in self.skip:
                    return check_finished(g)
            return None
        if "autosave" in self.skip:
            return None
        if g.phase == TURN and ((scored and not g.rolls_used) or slept):
            data = self.storage.read("game.dat")
            if data is None:
                return "no autosave while round %d is played" % g.round
            from save import records

            saved, _, note = records.SavedGame.load_game(self.storage, self.app.dice)
            if saved is None:
                return "the autosave does not load: %s" % note
            a = saved.snapshot()
            b = g.snapshot()
            if slept:
                same = a == b
            else:  # a computer's direction pick after the box is no save of its own
                same = True
                for k in ("turns", "cards", "extra", "saved_rolls"):
                    if a[k] != b[k]:
                        same = False
            if not same:
                return "the autosave differs from the game in memory (round %d)" % g.round
        return None


def run(tokens, seed=1, skip=()):
    """(index of the failing event or None, failure or None, finished games)."""
    st = None
    i = -1
    try:
        st = Storm(seed, skip)
        for i in range(len(tokens)):
            msg = st.do(tokens[i]) or st.check()
            if msg:
                return i, msg, st.games_done
    except Exception as e:  # noqa: BLE001 - any exception out of the app is a failure
        return i, "%s: %s" % (type(e).__name__, e), (st.games_done if st else 0)
    return None, None, st.games_done


# ---- planted faults (the campaign must catch each) ---------------------------------------


def plant(name):
    """Monkeypatch a known fault into the firmware; returns a function that takes it out."""
    if name == "score":  # a wrong score: Chance one point too many
        from yatzy.engine import Game

        orig = Game.choices_for

        def choices_for(self, p, dice):
            out = []
            for c, col, pts in orig(self, p, dice):
                out.append((c, col, pts + 1 if c == "chance" else pts))
            return out

        Game.choices_for = choices_for

        def undo():
            Game.choices_for = orig

        return undo
    if name == "stuck":  # a screen with no way back: rules help ignores BACK and OK
        # planted through App.show (app.py stays loaded; heap.py re-imports ui/help.py)
        import app

        orig = app.App.show

        def show(self, screen):
            if type(screen).__name__ == "Help":
                inner = screen.press

                def press(b, long, now):
                    if b < 4:
                        inner(b, long, now)

                screen.press = press
            orig(self, screen)

        app.App.show = show

        def undo():
            app.App.show = orig

        return undo
    raise ValueError("unknown planted fault %r" % (name,))


def main(argv):
    args = list(argv[1:])
    skip = ()
    if args and args[0] == "PLANT":
        plant(args[1])
        args = args[2:]
    if args and args[0] == "SKIP":
        skip = tuple(args[1].split(","))
        args = args[2:]
    if args and args[0] == "REPLAY":
        text = args[1]
        if text.startswith("@"):  # a file: the unix port refuses arguments of 256+ bytes
            with open(text[1:]) as f:
                text = f.read()
        tokens = text.split()
        seed = int(args[2]) if len(args) > 2 else 1
    else:
        seed = int(args[0])
        tokens = generate(seed, int(args[1]))
    i, msg, games = run(tokens, seed, skip)
    if msg:
        print("FAIL %d %d %s" % (i, games, msg))
    else:
        print("OK %d %d" % (len(tokens), games))


if __name__ == "__main__":
    import sys

    main(sys.argv)
