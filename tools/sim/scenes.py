# App scenes: an in-memory display, a button/clock driver and every screen as a scripted scene.
# SPDX-License-Identifier: MIT
#
# MemDisplay keeps two frames: `buffer` (what the app draws into) and `panel` (what a real
# SSD1306 would show: only show()/show_window() copy buffer -> panel), so a test that reads
# the panel also checks that the app pushed every change. Runs on CPython and MicroPython.

from app import App


class MemDisplay:
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * height // 8)
        self.panel = bytearray(width * height // 8)
        self.sent = 0  # frame bytes pushed
        self.pushes = 0
        self.contrast_value = None
        self.rotated = False
        self.inverted = False
        self.on = True

    def show(self):
        self.panel[:] = self.buffer
        self.sent += len(self.buffer)
        self.pushes += 1

    def show_window(self, x0, x1, page0, page1):
        if not (0 <= x0 <= x1 < self.width and 0 <= page0 <= page1 < self.height // 8):
            raise ValueError("window %r outside the panel" % ((x0, x1, page0, page1),))
        w = self.width
        for p in range(page0, page1 + 1):
            self.panel[p * w + x0 : p * w + x1 + 1] = self.buffer[p * w + x0 : p * w + x1 + 1]
        self.sent += (x1 - x0 + 1) * (page1 - page0 + 1)
        self.pushes += 1

    def contrast(self, v):
        self.contrast_value = v

    def rotate(self, flag):
        self.rotated = flag

    def invert(self, flag):
        self.inverted = flag

    def poweroff(self):
        self.on = False

    def poweron(self):
        self.on = True

    def pixel_on(self, x, y):
        return (self.panel[(y >> 3) * self.width + x] >> (y & 7)) & 1


class FakeSound:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


class Driver:
    """An App on a MemDisplay with storage and dice given; `t` is the fake clock (ms)."""

    def __init__(self, storage, dice, settings=None, start=True, lang="en"):
        self.display = MemDisplay()
        self.storage = storage
        self.sound = FakeSound()
        # lang: the language of the session; None plays the device (the saved one; the first
        # start asks)
        self.app = App(self.display, storage, dice, self.sound, lang)
        self.t = 1000
        self.presses = 0
        if start:
            self.start(settings)

    def start(self, settings=None):
        self.app.start(self.t)
        if settings:
            self.app.settings.update(settings)

    def press(self, button, kind="short", settle=True):
        self.t += 300
        self.presses += 1
        self.app.press(button, kind, self.t)
        if settle:
            self.settle()

    def long(self, button):
        self.press(button, "long")

    def settle(self, limit=100000):
        """Tick until the app is idle (no animation, no computer move pending)."""
        app = self.app
        for _ in range(limit):
            w = app.tick(self.t)
            if w is None or app.asleep:
                return
            if app.settings["sleep_s"] and w >= 1000 * app.settings["sleep_s"] - 2000:
                return  # only the sleep timer is left
            if w > 0:
                self.t += w
        raise AssertionError("app never settled")

    def screen_name(self):
        return type(self.app.screen).__name__


def frame_rows(display):
    """The panel as 64 strings of '#'/'.' (what a player would see)."""
    out = []
    for y in range(display.height):
        out.append("".join("#" if display.pixel_on(x, y) else "." for x in range(display.width)))
    return out


# ---- scenes: each returns a Driver showing one screen -------------------------------------


# Set by tests to draw every scene through a checking Canvas subclass.
CANVAS = None
# The language every scene is played in (tests and tools/gen/goldens.py set it).
LANG = "en"


def new_driver(seed=7, settings=None, storage=None):
    from save.storage import MemoryStorage
    from yatzy.dice import SeededDice

    if storage is None:
        storage = MemoryStorage()
    d = Driver(storage, SeededDice(seed), settings, start=False, lang=LANG)
    if CANVAS is not None:
        app = d.app
        app.cv = CANVAS(app.display.buffer, app.display.width, app.display.height)
    d.start(settings)
    return d


def setup_game(d, rules="yatzy", players=1, cpu=(), options=None, settle=True):
    """From the title: configure a new game through the set-up screen's buttons."""
    from yatzy import rules as R

    go_menu(d, "NEW GAME")
    s = d.app.setup
    while s["rules"] != rules:
        d.press("hold4")  # cursor is on RULES
    d.press("hold2")
    while s["n"] != players:
        d.press("hold4")
    for i in range(players):
        d.press("hold2")
        want = "basic" if i in cpu else ""
        while s["levels"][i] != want:
            d.press("hold4")
    d.press("hold2")  # HOUSE RULES
    if options:
        d.press("roll")
        screen = d.app.screen
        for key, value in options.items():
            k = screen.keys.index(key)
            while screen.cur != k:
                d.press("hold2")
            for _ in range(12):
                if s["options"].get(key, R.OPTIONS[key]["default"]) == value:
                    break
                d.press("hold4")
        d.press("hold5")
    d.press("hold2")  # START GAME
    d.press("roll", settle=settle)


def go_menu(d, entry):
    """Move the list's cursor to `entry` and choose it: its English label (as the tests and
    scenes name it) or its label in the language shown."""
    from lang import T, en

    screen = d.app.screen
    names = [e[0] for e in screen.items()]
    if entry not in names:
        words = dict(en.TEXT)
        words.update(en.GAME)
        words.update(en.MENU)
        for key, text in words.items():
            if text == entry and T.get(key) in names:
                entry = T[key]
                break
    k = names.index(entry)
    while screen.cur != k:
        d.press("hold2")
    d.press("roll")


def scene_title():
    return new_driver()


def scene_setup():
    d = new_driver()
    go_menu(d, "NEW GAME")
    return d


def scene_options():
    d = scene_setup()
    for _ in range(4):
        d.press("hold2")
    d.press("roll")
    return d


def scene_names():
    d = scene_setup()
    d.press("hold2")
    d.press("hold2")
    d.press("roll")
    d.press("hold3")
    return d


def scene_rolloff():
    """Three players: P1 and P2 tie on 4, P1 has rolled again (4→1), P2 is to roll."""
    d = new_driver()
    setup_game(d, players=3)
    for _ in range(4):
        d.press("roll")
    return d


def scene_turn_start():
    d = new_driver()
    setup_game(d)
    return d


def scene_turn():
    d = scene_turn_start()
    d.press("roll")
    d.press("hold1")
    d.press("hold3")
    return d


def scene_card():
    d = scene_turn()
    d.long("roll")
    return d


def scene_zero():
    d = scene_card()
    screen = d.app.screen
    while screen.pots[screen.order[screen.cur]] != 0:
        d.press("hold2")
    d.press("roll")
    return d


def scene_undo():
    d = scene_card()
    d.press("roll")
    if d.app.screen.mode == 2:  # the box offered scores 0: yes
        d.press("roll")
    return d


def scene_maxi():
    d = new_driver(seed=3)
    setup_game(d, rules="maxi")
    d.press("roll")
    d.press("hold2")
    d.long("hold5")
    return d


def scene_triple():
    d = new_driver(seed=5)
    setup_game(d, rules="triple")
    d.press("roll")
    d.press("roll")
    d.press("roll")
    d.press("roll")
    d.press("hold4")
    return d


def scene_cardview():
    d = scene_undo()
    d.long("hold2")
    return d


def play_turns(d, n):
    """Pass the roll-off, then play n human turns."""
    g = d.app.game
    while n > 0:
        if g.phase == 0 or d.app.screen.rolloff_seen:
            d.press("roll")
        else:
            human_turn(d)
            n -= 1


def scene_standings():
    d = new_driver()
    setup_game(d, players=3)
    play_turns(d, 4)
    d.long("hold4")
    return d


def scene_menu():
    d = scene_turn()
    d.long("hold1")
    return d


def scene_settings():
    d = new_driver()
    go_menu(d, "SETTINGS")
    return d


def scene_help():
    d = new_driver()
    go_menu(d, "RULES HELP")
    d.press("hold4")
    d.press("hold4")
    d.press("hold4")
    d.press("hold4")
    d.press("hold4")
    d.press("hold4")
    d.press("hold4")
    return d


def scene_fatal():
    d = new_driver()
    d.app.fatal("MemoryError: memory allocation failed, allocating 1024 bytes")
    return d


def on_battery(d, level):
    """The shell's gauge reading `level` (app.battery: -1 empty .. 4) and the tick after it."""
    d.app.battery = level
    d.t += 2000
    d.app.tick(d.t)
    return d


def scene_battery_title():
    return on_battery(new_driver(), 3)


def scene_battery_turn():
    d = scene_turn()
    d.app.screen.toast = ""  # the first game's tip, where the gauge goes
    return on_battery(d, 2)


def scene_battery_low():
    return on_battery(on_battery(scene_turn(), 1), 0)


def scene_battery_empty():
    return on_battery(scene_turn(), -1)


def save_png(display, path, scale=1):
    """The panel as a PNG (needs Pillow: CPython only)."""
    from PIL import Image

    im = Image.new("1", (display.width, display.height))
    px = im.load()
    for y in range(display.height):
        for x in range(display.width):
            px[x, y] = 1 if display.pixel_on(x, y) else 0
    if scale != 1:
        im = im.resize((display.width * scale, display.height * scale), Image.NEAREST)
    im.save(path)


# ---- an autoplayer that uses only the buttons ------------------------------------------------


def greedy_decide(g):
    """A simple player for autoplay when no strategy is given: keep the most common value,
    score the box the card opens on (the hint's: the `best` level's) when the rolls are used
    up."""
    must = g.rules.all_rolls and g.rolls_left() > 0
    if must or (
        g.rolls_left() > 0 and (not g.dice or max(g.dice.count(v) for v in g.dice) < len(g.dice))
    ):
        if not g.dice:
            return ("roll",)
        best = max(range(1, 7), key=lambda v: (g.dice.count(v), v))
        mask = 0
        for i in range(len(g.dice)):
            if g.dice[i] == best:
                mask |= 1 << i
        if must and mask == (1 << len(g.dice)) - 1:
            mask &= mask - 1  # compulsory rolls: roll at least one die (here die 1)
        if mask != g.hold_mask():
            return ("holds", mask)
        return ("roll",)
    from yatzy.future import best_box

    c = best_box(g, "best")
    return ("score", c[0], c[1])


def human_turn(d, decide=greedy_decide):
    """Play the current human turn with button presses; returns the presses from the last
    roll to the scored box (the figure the controls are designed to keep <= 3)."""
    from yatzy import engine as E

    app = d.app
    g = app.game
    screen = app.screen
    start = (g.current, g.round, g.phase)
    after_roll = 0
    while (g.current, g.round, g.phase) == start and not g.is_over():
        if g.phase == E.DIRECTION:
            d.press("hold1")
            continue
        act = decide(g)
        if act[0] == "roll":
            d.press("roll")
            after_roll = 0
        elif act[0] == "holds":
            for i in range(len(g.dice)):
                if bool(act[1] >> i & 1) != g.held[i]:
                    if i == 5:
                        d.press("hold6")
                    else:
                        d.press("hold%d" % (i + 1))
                    after_roll += 1
        else:
            target = (act[1], act[2])
            if screen.mode == 0:
                d.press("roll", "long" if g.rolls_left() else "short")
                after_roll += 1
            order = screen.order
            k = order.index(target)
            n = len(order)
            down = (k - screen.cur) % n
            up = (screen.cur - k) % n
            if g.rules.columns > 1:
                while screen.order[screen.cur] != target:
                    cur = screen.order[screen.cur]
                    if cur[1] != target[1]:
                        d.press("hold4")
                    else:
                        d.press("hold2")
                    after_roll += 1
            else:
                for _ in range(down if down <= up else up):
                    d.press("hold2" if down <= up else "hold1")
                    after_roll += 1
            d.press("roll")
            after_roll += 1
            if screen.mode == 2:  # asked to confirm a 0
                d.press("roll")
                after_roll += 1
    return after_roll


def autoplay(d, decide=greedy_decide, rolloff=True):
    """Play the whole game on the screen through button presses; returns the list of
    presses-from-last-roll figures of the human turns."""
    from yatzy import engine as E

    app = d.app
    g = app.game
    figures = []
    guard = 0
    while not g.is_over():
        guard += 1
        if guard > 5000:
            raise AssertionError("autoplay stuck")
        screen = app.screen
        if type(screen).__name__ != "Play":
            raise AssertionError("left the play screen: %s" % type(screen).__name__)
        if g.phase == E.ROLLOFF or screen.rolloff_seen:
            d.press("roll")
            continue
        if g.players[g.current].cpu:
            d.settle()
            continue
        figures.append(human_turn(d, decide))
    return figures


def scene_hint():
    d = scene_turn()
    d.long("hold3")
    return d


def scene_cpu():
    """A computer player's turn, stopped when it shows the box it chose."""
    d = new_driver(seed=4, settings={"cpu_pace": 1000})
    setup_game(d, players=2, cpu=(0, 1), settle=False)
    app = d.app
    for _ in range(2000):
        w = app.tick(d.t)
        if getattr(app.screen, "cpu_score", None) is not None:
            break
        d.t += w or 1
    return d


def scene_gameover():
    d = new_driver(seed=21)
    setup_game(d, players=2)
    autoplay(d)
    return d


def scene_aftergame():
    d = scene_gameover()
    d.press("roll")
    return d


def scene_lastgame():
    """The last game's ranking again, from the screen after the game (or the title)."""
    d = scene_aftergame()
    go_menu(d, "LAST GAME")
    return d


def scene_highscores():
    d = scene_aftergame()
    go_menu(d, "HIGH SCORES")
    return d


def scene_direction():
    d = new_driver(seed=8)
    setup_game(d, players=1, options={"order": "up_or_down"})
    return d


def scene_tiebreak():
    d = new_driver(seed=TIE_SEED)
    setup_game(d, players=2, options={"tie_break": True})
    g = d.app.game
    while g.phase != 3:
        if g.phase == 0 or d.app.screen.rolloff_seen:
            d.press("roll")
        else:
            human_turn(d)
    d.press("roll")
    return d


TIE_SEED = 182  # a seed whose game (greedy holds, the card's box) ends in a tie


def scene_continue():
    d = scene_turn()
    d.long("hold1")
    go_menu(d, "SAVE AND QUIT")
    return d


def scene_resume():
    """Power off with a game saved, start again: the title offers it (and says what broke)."""
    d = scene_turn()
    d.press("roll")
    d.press("roll")
    d.press("roll")
    data = bytearray(d.storage.read("settings.dat") or b"PYSETT\x01bad")
    data[-1] ^= 0xFF
    d.storage.write("settings.dat", bytes(data))
    return new_driver(seed=9, storage=d.storage)


def scene_reset():
    d = scene_settings()
    go_menu(d, "RESET HIGH SCORES")
    return d


def scene_lefthanded():
    """Turned round for the left hand: Roll's column is on the left (the panel is rotated)."""
    d = scene_turn()
    d.app.settings["left_handed"] = True
    d.app.apply_display_settings()
    d.app.render()
    return d


SCENES = (
    ("title", scene_title),
    ("setup", scene_setup),
    ("options", scene_options),
    ("names", scene_names),
    ("rolloff", scene_rolloff),
    ("turn_start", scene_turn_start),
    ("turn", scene_turn),
    ("card", scene_card),
    ("zero", scene_zero),
    ("undo", scene_undo),
    ("maxi", scene_maxi),
    ("triple", scene_triple),
    ("cardview", scene_cardview),
    ("standings", scene_standings),
    ("menu", scene_menu),
    ("settings", scene_settings),
    ("help", scene_help),
    ("fatal", scene_fatal),
    ("hint", scene_hint),
    ("cpu", scene_cpu),
    ("gameover", scene_gameover),
    ("aftergame", scene_aftergame),
    ("lastgame", scene_lastgame),
    ("highscores", scene_highscores),
    ("direction", scene_direction),
    ("tiebreak", scene_tiebreak),
    ("continue", scene_continue),
    ("resume", scene_resume),
    ("reset", scene_reset),
    ("lefthanded", scene_lefthanded),
    ("battery_title", scene_battery_title),
    ("battery_turn", scene_battery_turn),
    ("battery_low", scene_battery_low),
    ("battery_empty", scene_battery_empty),
)
