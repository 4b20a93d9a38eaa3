# The Pico main loop, testable on the host: buttons -> app, ticks, sound, sleep, watchdog, crashes.
# SPDX-License-Identifier: MIT
#
# Runner takes every part as an argument (app factory, Buttons, display, clock, watchdog,
# sleep functions, error log), so host tests drive it with fakes and a fake clock; main()
# below wires the Parts of a board.Board and is what firmware/main.py calls.
#
# Loop (step): feed the watchdog, poll the buttons, hand presses to the app; tick the app
# after a press and when the wait it asked for is over (never otherwise: an idle step is a
# button poll and a wait), sound.tick; then idle until the earliest deadline (the app's, the
# sound's, the debouncer's; at most poll_ms) with `idle`, Board.wait_ms on the Pico: the CPU
# sleeps (WFE) and a button edge ends the wait at once, so a press is acted on right after
# its deciding edge rather than at the next poll. Every 2 s (and right after a wake) a battery
# reading (pico.battery.Gauge) sets app.battery; a new level ticks the app at once.
# Sleep: when app.asleep turns True the runner saves, powers the display off and naps in
# lightsleep chunks (feeding the watchdog between them) until a button is down; then it
# powers the display on, drops that press (buttons.resync: every button must first be seen
# released for the debounce time, however the waking press bounces) and calls app.wake: the
# same screen comes back and the waking press is not acted on.
# Crash: any exception from the app is appended to a bounded log on flash, the app's error
# screen is shown (a plain text fallback if that fails too) and a roll press builds a fresh
# app from the factory, which loads the settings and the last saved game from flash: saves
# survive. The state the crash left behind is never saved. If building the fresh app fails
# too, the next roll press hard-resets the board (machine.reset) for a clean heap.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from save.errlog import LOG_MAX, ErrorLog  # noqa: F401 (the crash log; tools import it here)

POLL_MS = const(1000)  # longest idle wait while awake (a button edge ends it early)
_ERROR_IDLE_MS = const(300000)  # an unattended error screen powers down after 5 minutes
_BATTERY_MS = const(2000)  # a battery reading (6 ADC conversions) this often while awake


def format_exception(exc):
    """Traceback text on MicroPython (sys.print_exception) and CPython (traceback)."""
    import sys

    printer = getattr(sys, "print_exception", None)
    if printer is not None:
        import io

        buf = io.StringIO()
        printer(exc, buf)
        return buf.getvalue()
    import traceback

    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


class Runner:
    """Runs an app on real or fake hardware. See the file header for the loop."""

    def __init__(
        self,
        make_app,
        buttons,
        display,
        ticks_ms,
        ticks_diff=None,
        sound=None,
        wdt=None,
        idle=None,
        lightsleep=None,
        log=None,
        led=None,
        on_settings=None,
        reset=None,
        poll_ms=POLL_MS,
        sleep_chunk_ms=None,
        battery=None,
    ):
        if sleep_chunk_ms is None:
            from pico.board import SLEEP_CHUNK_MS as sleep_chunk_ms
        self.make_app = make_app
        self.buttons = buttons
        self.display = display
        self._ticks = ticks_ms
        self._diff = ticks_diff if ticks_diff is not None else _sub
        self.sound = sound
        self.wdt = wdt
        self.idle = idle
        self.lightsleep = lightsleep if lightsleep is not None else idle
        self.log = log
        self.led = led
        self.on_settings = on_settings
        self.reset = reset  # machine.reset: used when restarting the app itself failed
        self.poll_ms = poll_ms
        self.sleep_chunk_ms = sleep_chunk_ms
        self.battery = battery  # pico.battery.Gauge (its read() and add()), or None
        self._bat_at = 0  # monotonic ms of the next battery reading
        raw = ticks_ms()
        self._base = (0, raw)  # (monotonic ms, raw ticks) replaced as one object: IRQ-safe
        self.app = None
        self.error = None  # message of the crash on screen, or None
        self.error_t = 0
        self.crashes = 0
        self.start_failed = False  # the last crash happened while starting the app
        self.sleeps = 0
        self._applied = None
        self._tick_at = 0  # monotonic ms when the app wants its next tick (None: idle)

    # -- time ------------------------------------------------------------------
    def now(self):
        """Monotonic ms since the runner began (ticks_ms wraps; this does not)."""
        mono, raw0 = self._base
        raw = self._ticks()
        mono = mono + self._diff(raw, raw0)
        self._base = (mono, raw)
        return mono

    def irq_time(self):
        """now() for a pin IRQ: same time base, but leaves the shared base untouched."""
        mono, raw0 = self._base
        return mono + self._diff(self._ticks(), raw0)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def _led(self, on):
        if self.led is not None:
            self.led.value(1 if on else 0)

    # -- life cycle ------------------------------------------------------------
    def start(self):
        """Build and start the app (crashes are handled like any other)."""
        self._led(True)
        try:
            self._start_app()
            self.start_failed = False
        except Exception as exc:  # noqa: BLE001 - every crash goes to the log and screen
            self.crashed(exc)
            self.start_failed = True
        self._led(self.error is not None)

    def _start_app(self):
        now = self.now()
        self.app = None
        self.app = self.make_app()
        self.app.start(now)
        if self.sound is not None:
            self.sound.settings = self.app.settings
        self._applied = None
        self.apply_settings()
        self.buttons.resync(now)
        self._tick_at = now
        self.error = None

    def apply_settings(self):
        """Pass hardware settings (i2c_khz, ...) to the shell when they changed."""
        if self.on_settings is None or self.app is None:
            return
        settings = self.app.settings
        key = tuple(sorted(settings.items()))
        if key != self._applied:
            self._applied = key
            self.on_settings(settings)

    def run(self, steps=None):
        """Loop forever (or for `steps` iterations, for tests)."""
        n = 0
        while steps is None or n < steps:
            n += 1
            try:
                self.step()
            except KeyboardInterrupt:
                raise
            except Exception as exc:  # noqa: BLE001
                self.crashed(exc)

    def step(self):
        now = self.now()
        self.feed()
        if self.error is not None:
            self._error_step(now)
            return
        if self.app is None:
            self.start()
            return
        app = self.app
        level = self._battery(now, app)
        pressed = False
        for button, kind, t in self.buttons.poll(now):
            app.press(button, kind, t)
            pressed = True
        if pressed:
            self.apply_settings()
        due = self._tick_at
        if pressed or level or (due is not None and now >= due):
            wait = app.tick(now)
            if app.asleep:
                self.sleep()
                return
            due = self._tick_at = None if wait is None else now + wait
        delay = self.poll_ms
        if due is not None:
            delay = _min(delay, due - now)
        if self.sound is not None:
            delay = _min(delay, self.sound.tick(now))
        delay = _min(delay, self.buttons.next_deadline(now))
        if delay > 0 and self.idle is not None:
            self.idle(delay)

    def _battery(self, now, app):
        """A battery reading every _BATTERY_MS while awake, its level to the app (docs/
        CONTRACTS.md, "Battery"); True when the level changed: the app ticks at once."""
        g = self.battery
        if g is None or now < self._bat_at:
            return False
        self._bat_at = now + _BATTERY_MS
        level = g.add(g.read())
        if level == app.battery:
            return False
        app.battery = level
        return True

    # -- sleep -----------------------------------------------------------------
    def _nap_until_press(self):
        self.display.poweroff()
        self._led(False)
        while True:
            self.feed()
            if self.buttons.any_pressed():
                break
            self.lightsleep(self.sleep_chunk_ms)
        self.display.poweron()
        now = self.now()
        self.buttons.resync(now)
        return now

    def sleep(self):
        """Save, display off, nap until a button is down, then wake to the same screen."""
        self.sleeps += 1
        self.app.save_now()
        if self.sound is not None:
            self.sound.stop()
        now = self._nap_until_press()
        self.app.wake(now)
        self._tick_at = self._bat_at = now  # a reading before a press acts: a save needs it
        if self.battery is not None:
            self.battery.reset()  # charged (or not) while asleep: the average starts afresh

    # -- crashes ---------------------------------------------------------------
    def crashed(self, exc):
        self.crashes += 1
        message = "%s: %s" % (type(exc).__name__, exc)
        if self.log is not None:
            try:
                mono = self._base[0]
                self.log.append(
                    "--- crash %d at %d ms\n%s" % (self.crashes, mono, format_exception(exc))
                )
            except Exception:  # noqa: BLE001 - a full or broken flash must not hide the screen
                pass
        shown = False
        if self.app is not None:
            try:
                self.app.fatal(message)
                shown = True
            except Exception:  # noqa: BLE001
                pass
        if not shown:
            _plain_error(self.display, message)
        self.error = message
        self.error_t = self._base[0]
        if self.sound is not None:
            self.sound.stop()
        self._led(True)
        self.buttons.resync(self._base[0])

    def _error_step(self, now):
        restart = False
        for button, _kind, _t in self.buttons.poll(now):
            if button == "roll":
                restart = True
        if not restart and now - self.error_t >= _ERROR_IDLE_MS:
            self._nap_until_press()
            restart = True
        if restart and self.start_failed and self.reset is not None:
            # starting a fresh app failed already (e.g. a heap too fragmented after the
            # crash): a hard reset gives a clean heap; saves are on flash
            self.reset()
        elif restart:
            self.start()
        elif self.idle is not None:
            self.idle(_min(self.poll_ms, self.buttons.next_deadline(now)))


def _sub(a, b):
    return a - b


def _min(a, b):
    if b is None:
        return a
    return b if b < a else a


def _plain_error(display, message):
    """Last-resort error screen with framebuf text (used when the app cannot draw)."""
    try:
        display.fill(0)
        text = getattr(display, "text", None)
        if text is not None:
            text("ERROR", 0, 0, 1)
            for i in range(4):
                part = message[i * 16 : (i + 1) * 16]
                if part:
                    text(part, 0, 12 + 10 * i, 1)
            text("ROLL: restart", 0, 56, 1)
        display.show()
    except Exception:  # noqa: BLE001 - nothing more can be done without a display
        pass


def dice_seed(storage):
    """The seed in the storage's "dice_seed" file (a number: replayable dice instead of
    os.urandom), or None (no file, or not a number 0..2**32-1):
    with one, every game rolls SeededDice(seed) as the host simulator does with that seed."""
    data = storage.read("dice_seed")
    try:
        seed = int(data) if data is not None else None
    except ValueError:
        return None
    return seed if seed is not None and 0 <= seed <= 0xFFFFFFFF else None


class Parts:
    """What the loop keeps of a board.Board (main.py): its parts, clock, waits and reset,
    none of which holds the Board: pico/board.py leaves the heap (heap.py "board"), loaded
    again only to re-clock the display bus or stop the watchdog."""

    def __init__(self, board):
        from pico.board import I2C_KHZ_DEFAULT, SLEEP_CHUNK_MS

        self.khz_default = I2C_KHZ_DEFAULT
        self.sleep_chunk_ms = SLEEP_CHUNK_MS
        self.pins = board.button_pins()
        self.buzzer = board.buzzer()
        self.wdt = board.watchdog()
        self.hold1 = board.held("hold1")
        self.led = board.led()
        self.battery = board.battery()  # pico.battery.Gauge on the board's ADC3 and VBUS
        self.on_edge = None  # _start_and_run(): handler(index, level) of every button edge
        board.irq_on_buttons(self.edge)
        t, m = board.time, board.machine
        self.machine, self.ticks_ms, self.ticks_diff = m, t.ticks_ms, t.ticks_diff
        self.idle = board.waiter()
        self.lightsleep = getattr(m, "lightsleep", None) or t.sleep_ms
        self.reset = m.reset
        import heap

        heap.drop("board", collect=False)  # collected by start-up's own drop (App.start)

    def edge(self, index, level):
        if self.on_edge is not None:  # (an edge before the loop is wired is not needed)
            self.on_edge(index, level)

    def set_i2c_khz(self, khz):
        from pico.board import i2c_bus

        return i2c_bus(self.machine, khz)

    def stop_watchdog(self):
        from pico.board import stop_watchdog

        return stop_watchdog(self.machine)


def _app_factory(parts, display, storage, sound, randbytes):
    """The Runner's app factory: a fresh App on this board, called at start-up and after a
    crash. Dice from `randbytes` (os.urandom on the Pico), or seeded from the flash's
    dice_seed file when there is one (the rp2 tests and bench); a test's own `randbytes`
    always wins."""
    import gc

    seed = None
    if randbytes is None:
        import os

        randbytes = os.urandom
        seed = dice_seed(storage)

    def make_app():
        from app import App
        from yatzy.dice import FairDice, SeededDice

        gc.collect()
        dice = FairDice(randbytes) if seed is None else SeededDice(seed)
        return App(display, storage, dice, sound, ask_lang=True, feed=parts.wdt and parts.wdt.feed)

    return make_app


def _bus_speed(parts):
    """The Runner's on_settings: move the I2C bus to the speed the settings ask for."""
    default = parts.khz_default
    # the display was made at the default bus speed; HOLD1 held at power-up keeps it whatever
    # the settings say (a panel that garbles at 1 MHz would hide the menu to change it back)
    khz = [default, parts.hold1]

    def on_settings(settings):
        want = default if khz[1] else settings.get("i2c_khz", default)
        if want != khz[0]:
            khz[0] = want
            try:
                parts.set_i2c_khz(want)
            except ValueError:
                pass  # an unknown speed keeps the bus as it is

    return on_settings


def _start_and_run(runner, buttons, parts, steps):
    """Route the pins' edges to the debouncer, start the loop, report the heap and run it."""
    import gc

    def edge(index, level):
        buttons.edge(index, level, runner.irq_time())

    parts.on_edge = edge
    runner.start()
    gc.collect()
    print("Pocket Yatzy: heap free after start-up %d bytes" % gc.mem_free())
    try:
        runner.run(steps)
    except KeyboardInterrupt:
        # mpremote and Ctrl-C land here: stop the watchdog so the REPL stays usable.
        parts.stop_watchdog()
        print("Pocket Yatzy stopped; watchdog off, REPL ready")


def main(parts, display, randbytes=None, root="", steps=None):
    """Wire the app loop from the Parts of a board.Board (or a fake one) and run it: the
    storage, buttons and sound, the app factory, the bus speed the settings choose, then the
    Runner with the board's clock, watchdog, sleep, LED and battery."""
    from save.storage import FileStorage

    from pico.buttons import Buttons
    from pico.sound import Sound

    storage = FileStorage(root)
    buttons = Buttons(parts.pins, active_low=True, irq=True)
    sound = Sound(parts.buzzer)
    runner = Runner(
        _app_factory(parts, display, storage, sound, randbytes),
        buttons,
        display,
        parts.ticks_ms,
        parts.ticks_diff,
        sound=sound,
        wdt=parts.wdt,
        idle=parts.idle,
        lightsleep=parts.lightsleep,
        log=ErrorLog(storage),
        led=parts.led,
        on_settings=_bus_speed(parts),
        reset=parts.reset,
        sleep_chunk_ms=parts.sleep_chunk_ms,
        battery=parts.battery,
    )
    _start_and_run(runner, buttons, parts, steps)
    return runner
