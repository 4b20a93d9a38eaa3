# The Pocket Yatzy app: routes button presses to screens, draws changed pixels, saves.
# SPDX-License-Identifier: MIT
#
# App(display, storage, dice, sound) is hardware-free (docs/CONTRACTS.md, "App"). One screen
# object is active at a time; it has draw(cv), press(b, long, now) and tick(now) -> ms or
# None. Buttons reach screens as numbers: 0..4 = hold1..hold5, 5 = hold6, 6 = roll
# (left-handed: hold1..hold5 mirrored). A screen calls app.changed() when its picture
# changes; the app then redraws the whole frame into display.buffer and FramePusher sends
# only the changed windows. Screens live in ui_*.py and are imported when first shown.

import gfx
from font import SMALL

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


ROLL = const(6)
HOLD6 = const(5)
_BUTTONS = ("hold1", "hold2", "hold3", "hold4", "hold5", "hold6", "roll")
# Centre x of each button's column on the screen (five dice at a 21 px pitch, Roll right;
# hold6 sits above Roll). KEY_X is the device's layout: hardware/enclosure places the buttons
# at these columns. Left-handed, the device is turned round (screen rotated 180 degrees, Roll
# on the left), so the columns the screens draw at, COLS, are mirrored; COLS is updated in
# place and screens index it when they draw.
RIGHT_HANDED = (10, 31, 52, 73, 94, 116, 116)
LEFT_HANDED = (33, 54, 75, 96, 117, 11, 11)
KEY_X = RIGHT_HANDED
COLS = list(RIGHT_HANDED)
KEY_Y = const(58)  # top of the soft-key labels (page 7)

DEFAULTS = {
    "contrast": 128,
    "sound": True,
    "volume": 5,
    "sleep_s": 120,
    "left_handed": False,
    "cpu_pace": 500,
    "i2c_khz": 400,
}
CONTRASTS = (8, 48, 128, 192, 255)
SLEEPS = (30, 60, 120, 300, 600, 0)
PACES = (150, 500, 1000)
BUS_KHZ = (100, 400, 1000)  # OLED I2C speed; the shell applies it (hardware/README.md)


class App:
    """The game as a player holds it; see the file header and docs/CONTRACTS.md."""

    def __init__(self, display, storage, dice, sound=None):
        self.display = display
        self.storage = storage
        self.dice = dice
        self.sound = sound
        self.cv = gfx.Canvas(display.buffer, display.width, display.height)
        self.pusher = gfx.FramePusher(display)
        self.settings = dict(DEFAULTS)
        self.store = None
        self.screen = None
        self.asleep = False
        self.now = 0
        self.last_input = 0
        self.notice = None  # one-line message for the title screen (damaged files)
        self._saved = None  # the saved game (Game) offered by "Continue", if kept in memory
        self.saved_info = None  # its title summary ("YATZY ROUND 3/15") or None: no save
        self._saved_cpu = 0
        self.setup = None  # last new-game choices (names, cpu levels, ruleset, options)
        self.game = None  # the game being played
        self.levels = None  # computer level per seat ("" for a human)
        self._dirty = True
        self._frames = 0
        self._applied = None  # (contrast, left-handed) last sent to the display
        self._play_next = None  # a game to show once the current press is handled

    # ---- life cycle -------------------------------------------------------------------
    def start(self, now_ms):
        """Load settings, high scores, names and the saved game; show the title."""
        import sys

        import ui_save

        before = set(sys.modules)
        self.now = self.last_input = now_ms
        self.store = ui_save.Store(self.storage)
        notes = []
        self.settings, note = self.store.load_settings(DEFAULTS)
        if note:
            notes.append(note)
        self.setup, note = self.store.load_setup()
        if note:
            notes.append(note)
        unread = False
        try:
            g, note = self.store.load_game(self.dice)
        except MemoryError:
            # never a restart loop: the title comes up, the save stays on the flash, and
            # "Continue" tries again once start-up's modules are gone
            g, note, unread = None, "Low memory: saved game not read", True
        if note:
            notes.append(note)
        self.saved = g
        if unread:
            self.saved_info = "SAVED GAME"
        self.game = None
        note = self.store.scores_note()
        if note:
            notes.append(note)
        self.notice = "; ".join(notes).upper() if notes else None
        # the title needs only the saved game's summary: the game, its reader and persist.py
        # go (about 60 KB on the 64-bit port); "Continue" reads the save again
        self._saved = g = None
        self.store.release()
        from ui_menu import drop_modules

        drop_modules(before)
        self.apply_display_settings()
        self.title()
        self.render()

    @property
    def saved(self):
        """The saved game (Game, with .levels and .number) offered by "Continue", or None.
        After start() only its summary (saved_info) is in memory: the save is read again."""
        if self._saved is None and self.saved_info is not None:
            g, note = self.store.load_game(self.dice)
            if g is None:  # gone or damaged since start-up
                self.saved_info = None
                self.notice = note.upper() if note else None
            return g
        return self._saved

    @saved.setter
    def saved(self, g):
        self._saved = g
        self.saved_info = None
        self._saved_cpu = 0  # its number of dice if it has computer players, else 0
        if g is not None:
            from ui_menu import summarize

            summarize(self, g)

    def play_saved(self):
        """Continue the saved game once the menu press has been handled (the menus go before
        the save is read again)."""
        self._play_next = (None, False)

    def apply_display_settings(self):
        """Contrast and left-handed layout to the display, when they changed."""
        d = self.display
        want = (self.settings["contrast"], bool(self.settings["left_handed"]))
        if want == self._applied:
            return
        if hasattr(d, "contrast"):
            d.contrast(want[0])
        left = want[1]
        COLS[:] = LEFT_HANDED if left else RIGHT_HANDED
        if hasattr(d, "rotate") and (self._applied is None or self._applied[1] != left):
            d.rotate(left)  # the driver re-sends the whole frame
        self._applied = want
        self._dirty = True

    def title(self):
        from ui_menu import Title

        self.show(Title(self))

    def show(self, screen):
        """Make `screen` the active one (it is drawn on the next render)."""
        self.screen = screen
        self._dirty = True
        if type(screen).__name__ == "Play":
            self._unload()

    def play(self, g, save=False):
        """Show the play screen for `g` as soon as the menu screen handling this press has
        returned: only then can its module be dropped (unload_menus), before ui_play loads.
        `save`: save the (new) game first, also after the menus are gone."""
        self._play_next = (g, save)

    def new_game(self, s):
        """Start a new game from the set-up dict `s` (rules, n, names, levels, options) once
        the menu press has been handled: the menus are dropped before the game is built."""
        self._play_next = (s, None)

    def _start_play(self):
        g, save = self._play_next
        self._play_next = None
        self.screen = None
        if g is None:  # "Continue": read the save now that the menus are gone
            self._unload()
            if self._saved_cpu:  # computer players: see below
                from yatzy import strategy

                strategy.tables(self._saved_cpu)  # before the save is read again
            try:
                g = self.saved
            except MemoryError:
                g = None
                self.notice = "NOT ENOUGH MEMORY TO CONTINUE"
                import gc

                gc.collect()
            if g is None:
                self.title()
                return
            self.game = g
            self.levels = g.levels
            self.saved = None
        new = save is None
        if self.store is not None and (g["n"] if new else len(g.players)) == 1:
            # remembered: the solo play screen shows it without the high-score tables
            self.store.best_for(g["rules"] if new else g.rules_id)
        self._unload()
        if new:
            g = self._make_game(g)
            save = True
        if save:
            self.store.save_game(g, self.levels)
        if [1 for p in g.players if p.cpu]:
            # their tables need blocks of several KB in one piece, which a heap fragmented by
            # a game in play may not have: built now (strategy keeps them), and for
            # "Continue" before the save was read again
            from yatzy import strategy

            strategy.tables(g.rules.dice)
        from ui_play import Play

        self.show(Play(self, g))

    def _unload(self):
        """A game is (about to be) played: drop the menus, and persist.py with the high
        scores (the in-play save needs only frame.py)."""
        if self.store is not None:
            self.store.release()
        unload_menus()

    def _make_game(self, s):
        from yatzy.engine import Game

        n = s["n"]
        lv = s["levels"][:n]
        g = Game(
            s["rules"],
            s["names"][:n],
            options=s["options"],
            dice=self.dice,
            cpu=[bool(v) for v in lv],
        )
        s["games"] += 1
        g.number = s["games"]
        g.levels = lv
        self.store.save_setup(s)
        self.game = g
        self.levels = lv
        self.saved = None
        unload_menus()  # the set-up code (rules_config) is not needed while playing
        return g

    def changed(self, part=None):
        """The active screen's picture changed: redraw it on the next render. `part` names
        the only region that changed (the screen's draw_part(cv, part) redraws just that)."""
        if part is None:
            self._dirty = True
        elif not self._dirty:
            self._dirty = part

    # ---- events -----------------------------------------------------------------------
    def press(self, button, kind, now_ms):
        """A debounced press: button "hold1".."hold6" or "roll", kind "short" or "long"."""
        if button not in _BUTTONS:
            raise ValueError("unknown button %r (hold1..hold6 or roll)" % (button,))
        if kind != "short" and kind != "long":
            raise ValueError("press kind must be 'short' or 'long', got %r" % (kind,))
        self.now = self.last_input = now_ms
        if self.asleep:
            self.wake(now_ms)
            return
        b = _BUTTONS.index(button)
        if self.settings["left_handed"] and b < 5:
            b = 4 - b
        if self.screen is not None:
            self.screen.press(b, kind == "long", now_ms)
        if self._play_next is not None:
            self._start_play()
        self.render()

    def tick(self, now_ms):
        """Advance animations and computer moves; returns ms until the next tick is needed."""
        self.now = now_ms
        if self.asleep:
            return None
        wait = None
        if self.screen is not None:
            wait = self.screen.tick(now_ms)
        if self._play_next is not None:
            self._start_play()
        self.render()
        if wait is not None:
            self.last_input = now_ms  # animations and computer turns keep it awake
            return wait
        sleep_ms = self.settings["sleep_s"] * 1000
        if not sleep_ms:
            return None
        left = sleep_ms - (now_ms - self.last_input)
        if left <= 0:
            self.save_now()
            self.asleep = True
            return None
        return left

    def wake(self, now_ms):
        """Leave sleep: the same screen comes back (sent in full, the panel was off)."""
        self.asleep = False
        self.now = self.last_input = now_ms
        self.pusher.invalidate()
        self._dirty = True
        self.render()

    def render(self):
        """Redraw the frame if something changed and push the changed windows."""
        part = self._dirty
        if not part or self.screen is None:
            return 0
        self._dirty = False
        cv = self.cv
        if part is True:
            cv.fill(0)
            self.screen.draw(cv)
        else:
            self.screen.draw_part(cv, part)
        self._frames += 1
        return self.pusher.push()

    def save_now(self):
        """Save the game in progress (the shell calls this before sleep and power-down)."""
        g = self.game
        if g is not None and self.store is not None:
            if not self.store.save_game(g, self.levels):
                screen = self.screen
                if hasattr(screen, "toast"):
                    screen.toast = "SAVE FAILED"
                    self._dirty = True

    def fatal(self, message):
        """Draw an error screen with `message` (used by the shell for uncaught errors)."""
        cv = self.cv
        cv.fill(0)
        cv.fill_rect(0, 0, 128, 9, 1)
        cv.text(2, 1, "ERROR", gfx.MEDIUM, 0)
        lines = wrap(str(message).upper(), 31)
        y = 12
        for line in lines[:6]:
            cv.text(1, y, line, SMALL)
            y += 7
        softkeys(cv, (None, None, None, None, None, "RESET"))
        self.screen = None
        self.pusher.invalidate()
        self.pusher.push()

    # ---- shared services for screens --------------------------------------------------
    def play_sound(self, name):
        if self.sound is not None:
            self.sound.play(name)

    def save_settings(self):
        self.store.save_settings(self.settings)

    def level_of(self, p):
        lv = self.levels[p] if self.levels else ""
        return lv or "basic"


# ---- drawing helpers shared by the screens -------------------------------------------


def softkeys(cv, labels):
    """Soft-key labels right above the buttons (page 7): labels[0..4] = hold1..hold5,
    labels[5] = Roll; None leaves a key unlabelled."""
    for i in range(6):
        s = labels[i]
        if not s:
            continue
        x = COLS[i if i < 5 else ROLL]
        w = SMALL.width(s) + 4
        if w < 15:
            w = 15
        left = x - w // 2
        if left + w > 128:
            left = 128 - w
        if left < 0:
            left = 0
        cv.fill_round_rect(left, KEY_Y - 1, w, 7, 1, 1)
        cv.text(left + (w - SMALL.width(s)) // 2, KEY_Y, s, SMALL, 0)


def title_bar(cv, text, right=None):
    """Inverted 7-px title row with optional right-aligned text."""
    cv.fill_rect(0, 0, 128, 7, 1)
    cv.text(2, 1, text, SMALL, 0)
    if right:
        cv.text_right(126, 1, right, SMALL, 0)


def wrap(text, width):
    """Split text into lines of at most `width` characters at spaces."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def upper(s):
    """Upper-case for the SMALL font (capitals only)."""
    return s.upper()


_MENU_MODULES = ("ui_menu", "ui_setup", "ui_names", "ui_help", "ui_scores", "ui_end", "ui_after")
_PLAY_MODULES = ("ui_play", "ui_card")


def unload_play():
    """Drop the play screen's modules when a game is over and the menus come back (imported
    again for the next game)."""
    import gc
    import sys

    for name in _PLAY_MODULES:
        if name in sys.modules:
            del sys.modules[name]
    gc.collect()


def unload_menus():
    """Drop the menu screens' modules and the rules' menu/help tables while a game is played
    (they are loaded again when shown): about 40 KB of heap on MicroPython. Also called right
    before a game starts, so the menus' tables are gone before the play screen loads."""
    import gc
    import sys

    for name in _MENU_MODULES:
        if name in sys.modules:
            del sys.modules[name]
    r = sys.modules.get("yatzy.rules")
    if r is not None:
        r.release()
    c = sys.modules.get("yatzy.codec")
    if c is not None:
        c.release()  # saving needs only the writing side
    gc.collect()
