# The Pocket Yatzy app: routes button presses to screens, draws changed pixels, saves.
# SPDX-License-Identifier: MIT
#
# App(display, storage, dice, sound) is hardware-free (docs/CONTRACTS.md, "App"): it never
# imports machine, time or os. One screen object is active at a time (ui/widgets.py,
# Screen); buttons reach it as ui.keys indexes (left-handed: hold1..hold5 mirrored). A
# screen calls app.changed() when its picture changes; the app then redraws the frame into
# display.buffer and the frame pusher sends only the changed windows. Screens live in ui/,
# imported when first shown; heap.py drops the groups of modules not in use.

import lang
from gfx.canvas import Canvas
from gfx.font import MEDIUM, SMALL
from gfx.pusher import FramePusher
from lang import T
from ui import keys
from ui.widgets import Damage, nav_keys, reading, softkeys, upper, wrap

_EMPTY_MS = 4000  # how long the empty battery's message shows before the app sleeps


class App:
    """The game as a player holds it; see the file header and docs/CONTRACTS.md."""

    def __init__(self, display, storage, dice, sound=None, lang=None, ask_lang=False, feed=None):
        self.display = display
        self.storage = storage
        self.dice = dice
        self.sound = sound
        # lang: this session's (--lang), None: the saved one; ask_lang: ask when none is saved
        # (True, or the code of the language to ask in)
        self.lang, self.ask_lang = lang, ask_lang
        self.feed = feed  # the watchdog's feed (device) while a long save is read, or None
        self.cv = Canvas(display.buffer, display.width, display.height)
        self.pusher = FramePusher(display)
        from settings import DEFAULTS

        self.settings = dict(DEFAULTS)
        self.store = None
        self.screen = None
        self.asleep = False
        self.now = 0
        self.last_input = 0
        self.notice = None  # one-line message for the title screen (damaged files)
        self._saved = None  # the saved game (Game) offered by "Continue", if kept in memory
        # its title summary: (ruleset id, round, rounds), () when not read, None: no save
        self.saved_info = None
        self.saved_cpu = 0  # the saved game's dice if it has computer players, else 0
        self.setup = None  # last new-game choices (names, cpu levels, ruleset, options)
        self.game = None  # the game being played
        self.levels = None  # computer level per seat ("" for a human)
        self.last_game = None  # the last game's (ruleset id, ui.end.ranking), once it is over
        self.damage = Damage()  # what the next render draws (changed(), render())
        self._frames = 0
        self._applied = None  # (contrast, left-handed) last sent to the display
        self.pending = None  # the game a press asked for: ui.begin.NewGame or Continue
        self._unloaded = False  # unload() done and no screen shown since
        self._save_due = False  # save_soon(): the game is saved once the frame is sent
        self._setup_due = None  # save_soon(setup): saved (before the game) after the frame
        self.tables_due = 0  # the computers' tables for this many dice, built after the frame
        self._unload_due = False  # the play screen is back: the menus go once its frame is out
        self._later = None  # after_frame()'s work, done once the frame is out
        # the battery gauge's level, set by the shell (docs/CONTRACTS.md, "Battery"): None on
        # USB power or without a gauge, -1 empty, 0 low, 1..4 bars
        self.battery = None
        # the level last drawn; "battery low" shown since the level was last above low; when
        # empty, the ms when the app sleeps (its message shown), else 0
        self._bat = [None, False, 0]

    # ---- life cycle -------------------------------------------------------------------
    def start(self, now_ms):
        """Load settings, high scores, names and the saved game; show the title (startup.py:
        its code leaves the heap with what it read)."""
        from startup import start

        start(self, now_ms)

    def set_lang(self, code, menus=True):
        """Draw every screen in language `code` from now on (the settings keep the code)."""
        self.settings["lang"] = code
        lang.use(code, menus)
        self.damage.invalidate()

    @property
    def saved(self):
        """The saved game (Game, with .levels and .number) offered by "Continue", or None.
        After start() only its summary (saved_info) is in memory: the save is read again."""
        if self._saved is None and self.saved_info is not None:
            g, note = self.store.load_game(self.dice)
            if g is None:  # gone or damaged since start-up
                from ui.menu import note_text

                self.saved_info = None
                self.notice = note_text(note) if note else None
            return g
        return self._saved

    @saved.setter
    def saved(self, g):
        self._saved = g
        self.saved_info = None
        self.saved_cpu = 0
        if g is not None:  # what the title keeps: a summary line, and the computers' dice
            self.saved_info = (g.rules_id, g.round, g.rounds)
            if [1 for p in g.players if p.cpu]:
                self.saved_cpu = g.rules.dice

    def forget_saved(self):
        """Keep only the saved game's summary (saved_info): the title reads the save again
        when it is continued."""
        self._saved = None

    def show_reading(self):
        """The frame shown before a big save is read (ui.widgets.reading; Store calls it)."""
        reading(self)

    def play_saved(self):
        """Continue the saved game once the menu press has been handled (the menus go before
        the save is read again)."""
        from ui.begin import Continue

        self.pending = Continue()

    def apply_display_settings(self):
        """Contrast and left-handed layout to the display, when they changed."""
        d = self.display
        want = (self.settings["contrast"], bool(self.settings["left_handed"]))
        if want == self._applied:
            return
        if hasattr(d, "contrast"):
            d.contrast(want[0])
        left = want[1]
        keys.COLS[:] = keys.LEFT_HANDED if left else keys.RIGHT_HANDED
        if hasattr(d, "rotate") and (self._applied is None or self._applied[1] != left):
            d.rotate(left)  # the driver re-sends the whole frame
        self._applied = want
        self.damage.invalidate()

    def title(self):
        from ui.menu import Title

        self.show(Title(self))

    def show(self, screen):
        """Make `screen` the active one (it is drawn on the next render). A screen whose
        class has `plays = True` (the play screen) has the menus dropped once its frame is
        out, unless the game's start has just done it; one with `menu` set brings its words
        back (True: the menus', "game": the in-game menu's; lang.words)."""
        self.screen = screen
        # a part of the screen before is no part of this one; the new screen's `first` part
        # (its soft keys), if it names one, is drawn and sent before the rest of its frame
        self.damage.reset(getattr(screen, "first", None))
        if getattr(screen, "plays", False):
            if not self._unloaded:  # (the game's start has just done it)
                self._unload_due = True  # back from a menu: its frame first (_unload_now)
                # its dice row (pages 6-7) goes out first, as a roll's does: drawing the
                # whole play screen takes 40-50 ms on the Pico before its first byte
                self.damage.reset("dice")
            self._unloaded = False
        else:
            menu = getattr(screen, "menu", False)
            if menu:
                lang.words(menu)  # a menu: its words back in the heap

    def new_game(self, s):
        """Start a new game from the set-up dict `s` (rules, n, names, levels, options) once
        the menu press has been handled: the menus are dropped before the game is built."""
        from ui.begin import NewGame

        self.pending = NewGame(s)

    def unload(self, building=False):
        """A game is (about to be) played: drop the menus, the set-up tables, the save reader
        and the records with the high scores (the in-play save needs only save.frame).
        `building`: a new game is built first, with the set-up tables (ui.begin drops them;
        the heap is collected once the game's first frame is out)."""
        if self.store is not None:
            self.store.release()
        import heap

        if building:
            heap.drop("menus", "reader", collect=False)
        else:
            heap.drop("menus", "setup", "reader")
        lang.words(False)
        self._unloaded = True

    def changed(self, part=None):
        """The active screen's picture changed: redraw it on the next render. `part` names
        the only region that changed (the screen's draw_part(cv, part) redraws just that;
        a list of parts is drawn and sent part by part, in its order).
        A part changed before the whole picture is (a roll: the dice, then the panel's
        rolls left) reaches the display first: render() draws and sends it, then the rest."""
        self.damage.mark(part)

    def send_part(self, part):
        """Draw `part` of the active screen (its draw_part) and send it now, ahead of work
        the rest of the press still has to do; the press's frame follows at its end."""
        if self.screen is not None and not self.asleep:
            self.screen.draw_part(self.cv, part)
            self.pusher.push()

    def send_keys(self, arrows, roll=None):
        """Draw the soft keys of a list or paged screen (`ui.widgets.nav_keys(cv, arrows,
        roll)`) over the frame on the panel and send them now: a press that opens such a
        screen calls it before importing the screen's module, which holds the first byte
        back 20-100 ms on the Pico (rp2 bench); the screen's own first part, its soft keys,
        then finds them drawn."""
        if self.screen is not None and not self.asleep:
            cv = self.cv
            cv.fill_rect(0, keys.KEY_Y - 1, 128, 65 - keys.KEY_Y, 0)
            nav_keys(cv, arrows, roll)
            self.pusher.push()

    # ---- events -----------------------------------------------------------------------
    def press(self, button, kind, now_ms):
        """A debounced press: button "hold1".."hold6" or "roll", kind "short" or "long"."""
        b = keys.index(button)
        if kind != "short" and kind != "long":
            raise ValueError("press kind must be 'short' or 'long', got %r" % (kind,))
        self.now = self.last_input = now_ms
        if self.asleep:
            self.wake(now_ms)
            return
        if self.settings["left_handed"] and b < keys.HOLD6:
            b = 4 - b
        if self.screen is not None:
            self.screen.press(b, kind == "long", now_ms)
        start = self.pending
        if start is not None:  # the game the press asked for, now that its screen returned
            self.pending = None
            start.run(self)
        self.render()
        self._save_due_now()

    def tick(self, now_ms):
        """Advance animations and computer moves; returns ms until the next tick is needed."""
        self.now = now_ms
        if self.asleep:
            return None
        b, p = self.battery, self._bat
        if b != p[0] or p[2] or (b == 0 and not p[1]):
            wait = self._power(now_ms)
            if p[2]:
                return wait
        wait = None
        screen = self.screen
        if screen is not None:
            wait = screen.tick(now_ms)
            if self.screen is not screen:
                wait = 0  # a screen shown by the tick (the ranking after a computer's last
                # box) gets its own tick at once: its wait, not the one it replaced
        start = self.pending
        if start is not None:  # the game the press asked for, now that its screen returned
            self.pending = None
            start.run(self)
        self.render()
        self._save_due_now()
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

    def _power(self, now):
        """The battery gauge's decisions, on a tick after the level changed: redraw the
        gauge; warn once when low; when empty, save the game, show why, then sleep (a press
        shows the message again; once the level is back, the title, with the game to
        continue). Returns the ms until the next tick while empty."""
        b, p = self.battery, self._bat
        if b != p[0]:
            p[0] = b
            self.changed()
            if b is None or b > 1:
                p[1] = False
        if p[2]:
            if b is None or b >= 0:  # charged (or USB): start afresh, as at power-up
                p[2] = 0
                self.start(now)
                return None
            if now < p[2]:
                return p[2] - now
            self.asleep = True  # the shell powers the panel off: nothing is saved again
            return None
        if b == 0 and not p[1]:
            s = self.screen
            if hasattr(s, "toast"):  # the play screen's foot, else a list screen's note
                s.toast = T["battery_low"]
            elif hasattr(s, "note"):
                s.note = T["battery_low"]
            else:
                return None  # shown on the next screen that can
            p[1] = True
        if b is not None and b < 0:
            self.save_now()  # above the voltage a flash write needs (hardware/README.md)
            self.game = None  # nothing left to save: sleep and power-down save nothing
            p[2] = now + _EMPTY_MS
            cv = self.cv
            cv.fill(0)
            cv.text_center(8, T["battery_empty"], MEDIUM)
            y = 22
            for line in wrap(T["battery_saved"], 31)[:5]:
                cv.text_center(y, line, SMALL)
                y += 7
            self.screen = None
            self.pusher.push()
            return _EMPTY_MS
        return None

    def wake(self, now_ms):
        """Leave sleep: the same screen comes back (sent in full, the panel was off)."""
        if self._bat[2]:  # the empty battery's message, still on the panel: shown again
            self._bat[2] = now_ms + _EMPTY_MS
        self.asleep = False
        self.now = self.last_input = now_ms
        self.pusher.invalidate()
        self.damage.reset()
        self.render()

    def render(self):
        """Redraw what changed (self.damage) and push the changed windows."""
        d = self.damage
        screen = self.screen
        frame, part, parts = d.frame, d.part, d.parts
        if screen is None or not (frame or part is not None or parts is not None):
            return 0
        d.clear()
        cv = self.cv
        sent = 0
        if frame:
            if part is not None:
                # the part the press changed first, on the frame on the panel: its bytes go
                # out before the whole frame is drawn (about 25 ms of Python on the Pico)
                screen.draw_part(cv, part)
                sent = self.pusher.push()
            cv.fill(0)
            screen.draw(cv)
        elif parts is not None:  # parts in the order they are drawn and sent
            last = len(parts) - 1
            for i in range(last):
                screen.draw_part(cv, parts[i])
                sent += self.pusher.push()
            screen.draw_part(cv, parts[last])
        else:
            screen.draw_part(cv, part)
        self._frames += 1
        return sent + self.pusher.push()

    def save_soon(self, setup=None):
        """Save the game in progress once this press's (or tick's) frame is on the panel:
        the player sees the result a flash write earlier, and the save is still made before
        the next press or tick is handled. `setup`: a new game's set-up, saved before it."""
        self._save_due = True
        if setup is not None:
            self._setup_due = setup

    def after_frame(self, fn):
        """Call fn() once this press's (or tick's) frame is on the panel, before the next
        press or tick is handled: slow work (a flash write) the frame need not wait for."""
        if self._later is not None:
            self._later()  # (one at a time: an earlier one is done first)
        self._later = fn

    def _unload_now(self):
        """The play screen came back from a menu and its frame is on the panel: the menus
        go now (heap.drop collects: 60-80 ms on the Pico before that frame, rp2 bench)."""
        self._unload_due = False
        if getattr(self.screen, "plays", False):  # (not left again in the same press)
            self.unload()
            self._unloaded = False

    def _save_due_now(self):
        """The work after the frame, in the order docs/CONTRACTS.md, "A press", gives."""
        if self._unload_due:
            self._unload_now()
        fn = self._later
        if fn is not None:
            self._later = None
            fn()
        s = self._setup_due
        if s is not None:  # a new game's first frame is out: what START dropped is collected
            import heap

            heap.drop()
        n = self.tables_due
        if n:
            self.tables_due = 0
            from yatzy import strategy

            strategy.tables(n)
        if s is not None:
            self._setup_due = None
            self.store.save_setup(s)
        if self._save_due:
            self._save_due = False
            self.save_now()
            self.render()  # a failed save's toast

    def save_now(self):
        """Save the game in progress (the shell calls this before sleep and power-down)."""
        self._save_due = False
        g = self.game
        if g is not None and self.store is not None:
            if not self.store.save_game(g, self.levels):
                screen = self.screen
                if hasattr(screen, "toast"):
                    screen.toast = T["save_failed"]
                    self.damage.invalidate()

    def fatal(self, message):
        """Draw an error screen with `message` (used by the shell for uncaught errors)."""
        cv = self.cv
        cv.fill(0)
        cv.fill_rect(0, 0, 128, 9, 1)
        cv.text(2, 1, T.get("error", "ERROR"), MEDIUM, 0)
        for i, line in enumerate(wrap(upper(str(message)), 31)[:6]):
            cv.text(1, 12 + 7 * i, line, SMALL)
        softkeys(cv, (None, None, None, None, None, T.get("k_reset", "RESET")))
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
