# Pocket Yatzy's hardware builder: the one firmware module the board's GPIO numbers are in.
# SPDX-License-Identifier: MIT
#
# The wiring (the pin table, power pins, panels) is data in pico/pins.py, which tools and
# tests read (board.PINS, board.POWER, board.PANELS and board.gpio() are served from there on
# first use); this module has the same GPIO numbers as constants, so that the firmware never
# loads that table (host_tests/firmware/pico/test_board.py checks they agree).
#
# Nothing here touches hardware at import time: Board() builds each part when asked.

try:
    from micropython import const
except ImportError:  # CPython (host tools and tests)

    def const(x):
        return x


import settings as _settings
from ui import keys as _keys

# Panel: 128x64 either way (pico/pins.py PANELS: the two supported modules), its address and
# bus (pico/pins.py OLED_ADDR, I2C_ID)
_WIDTH = const(128)
_HEIGHT = const(64)
_OLED_ADDR = const(0x3C)
PANEL = "ssd1309"  # the recommended layout: five dice sit right above five buttons

_I2C_ID = const(0)
I2C_KHZ_DEFAULT = _settings.DEFAULTS["i2c_khz"]  # the one table: settings.py
I2C_KHZ_CHOICES = _settings.choices("i2c_khz")
del _settings  # the app drops settings.py while a game is played (heap.py, "menus")

# GPIO numbers (pico/pins.py PINS)
_SDA = const(4)
_SCL = const(5)
_OLED_RES = const(6)
_BUZZER = const(15)
_VBUS = const(24)  # high while USB powers the Pico (Pico, Pico 2; the radio's WL_GPIO2 on a W)
_WL_CS = const(25)  # Pico W: the radio's SPI select; high connects VSYS/3 to GPIO29
_VSYS = const(29)  # ADC3: VSYS through the Pico's own divider (VSYS/3)
_BUTTON_GPIO = const((8, 9, 10, 11, 12, 13, 14))  # in BUTTONS order: hold1..hold6, roll
# Button names as the app knows them (contract: "hold1".."hold6", "roll"), in PINS order.
BUTTONS = _keys.NAMES

# Watchdog: RP2040 accepts at most 8388 ms. 8 s lets a slow frame or a save finish.
WDT_TIMEOUT_MS = const(8000)
# Longest single lightsleep; the loop feeds the watchdog between naps.
SLEEP_CHUNK_MS = const(2000)


def __getattr__(name):
    """PINS, POWER, PANELS, OLED_ADDR, I2C_ID and gpio(signal) from pico/pins.py (the
    wiring as data)."""
    from pico import pins

    return getattr(pins, name)


class Board:
    """Builds the hardware on request. machine/time are injectable for host tests."""

    def __init__(
        self, machine=None, time=None, panel=PANEL, maxi_button=True, buzzer=True, select=None
    ):
        if panel != "ssd1306" and panel != PANEL:
            raise ValueError("unknown panel %r (choose from ssd1306, ssd1309)" % (panel,))
        if select is None and machine is None:
            import select  # the real board: wait_ms() ends on a button edge
        if machine is None:
            import machine
        if time is None:
            import time
        self.machine = machine
        self.time = time
        self.select = select  # None (fakes without one): wait_ms() is a plain sleep_ms()
        self._edge = None  # irq_on_buttons(): the pico.buttons.Waker wait_ms() blocks on
        self.panel = panel
        self.maxi_button = maxi_button
        self.has_buzzer = buzzer
        self._i2c = None
        self._pins = {}

    # -- clock ---------------------------------------------------------------
    def ticks_ms(self):
        return self.time.ticks_ms()

    def ticks_diff(self, a, b):
        return self.time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        self.time.sleep_ms(ms)

    def wait_ms(self, ms):
        """Idle up to ms with the CPU asleep (WFE); a button edge ends it at once. Blocks in
        select.poll on a stream that a button IRQ marks readable: MicroPython runs the IRQ
        callback while it waits and returns from the poll right after. Without button IRQs
        (or a select module) this is sleep_ms."""
        self.waiter()(ms)

    def waiter(self):
        """wait_ms as a callable that does not hold the Board (the loop keeps it after the
        board builder has left the heap: runner.Parts)."""
        return self.time.sleep_ms if self._edge is None else self._edge.wait

    # -- pins ----------------------------------------------------------------
    def pin_in(self, button):
        """The button's pin ("hold1".."hold6", "roll"; or in capitals, as in the pin map): an
        input with the internal pull-up (buttons are active low)."""
        g = _BUTTON_GPIO[BUTTONS.index(button.lower())]
        p = self._pins.get(g)
        if p is None:
            m = self.machine
            p = m.Pin(g, m.Pin.IN, m.Pin.PULL_UP)
            self._pins[g] = p
        return p

    def button_pins(self):
        """(name, pin) for every button in use: hold1..hold5, hold6 if fitted, roll."""
        out = []
        for name in BUTTONS:
            if name == "hold6" and not self.maxi_button:
                continue
            out.append((name, self.pin_in(name)))
        return out

    def held(self, button):
        """True while that button is down (power-up checks; names as for pin_in)."""
        return self.pin_in(button).value() == 0

    def roll_held(self):
        """True while the roll button is down (safe mode check at power-up)."""
        return self.held("roll")

    # -- display -------------------------------------------------------------
    def i2c(self, khz=I2C_KHZ_DEFAULT):
        """I2C0 on GP4/GP5. Calling again re-clocks the bus (the rp2 I2C object is shared)."""
        self._i2c = i2c_bus(self.machine, khz)
        return self._i2c

    def reset_panel(self):
        """Pulse RES low for modules that have the pin (many 2.42" SSD1309 boards lack an RC
        reset and stay dark without it). Harmless when the pin is not connected."""
        m = self.machine
        res = m.Pin(_OLED_RES, m.Pin.OUT, value=1)
        self.time.sleep_ms(1)
        res.value(0)
        self.time.sleep_ms(1)  # datasheet: RES low at least 3 us
        res.value(1)
        self.time.sleep_ms(1)

    def display(self, khz=I2C_KHZ_DEFAULT):
        """The panel driver on I2C0 (see firmware/pico/ssd1306.py)."""
        from pico import ssd1306

        i2c = self.i2c(khz)
        self.reset_panel()  # always: a RES pin left unconnected just ignores GP6
        return ssd1306.SSD1306_I2C(_WIDTH, _HEIGHT, i2c, addr=_OLED_ADDR, chip=self.panel)

    def set_i2c_khz(self, khz):
        """Re-clock the display bus after settings are loaded."""
        return self.i2c(khz)

    # -- sound, LED, system ----------------------------------------------------
    def buzzer(self):
        """A PWM on the buzzer pin (freq/duty_u16), or None when no buzzer is fitted."""
        if not self.has_buzzer:
            return None
        m = self.machine
        pwm = m.PWM(m.Pin(_BUZZER))
        pwm.duty_u16(0)
        return pwm

    def battery(self):
        """The battery gauge (pico.battery.Gauge) on ADC3, GPIO29 (VSYS/3), and the VBUS
        input; on a Pico W, whose GPIO29 is also the radio's SPI clock, the ADC is made at
        each reading, inside the dance, with WL_CS (GPIO25), and VBUS is the radio's
        WL_GPIO2. Without an ADC (the host's fakes) it never reads a level."""
        from pico.battery import Gauge

        m = self.machine
        if getattr(m, "ADC", None) is None:
            return Gauge()
        try:
            import sys

            w = " W with RP2" in sys.implementation._machine  # Pico W, Pico 2 W
        except (ImportError, AttributeError):
            w = False
        if w:
            return Gauge(m, (None, m.Pin("WL_GPIO2", m.Pin.IN), m.Pin(_WL_CS), _VSYS))
        return Gauge(m, (m.ADC(_VSYS), m.Pin(_VBUS, m.Pin.IN), None, _VSYS))

    def led(self):
        m = self.machine
        try:
            return m.Pin("LED", m.Pin.OUT)  # Pico, Pico W, Pico 2 all name it "LED"
        except (TypeError, ValueError):
            return None

    def watchdog(self, timeout_ms=WDT_TIMEOUT_MS):
        """machine.WDT or None where the port has none."""
        wdt_class = getattr(self.machine, "WDT", None)
        if wdt_class is None:
            return None
        try:
            return wdt_class(timeout=timeout_ms)
        except (TypeError, ValueError, OSError):
            return None

    def stop_watchdog(self):
        """Stop a running RP2040/RP2350 watchdog (MicroPython has no API for it): clear the
        ENABLE bit (30) of WATCHDOG_CTRL so the REPL stays usable after Ctrl-C."""
        return stop_watchdog(self.machine)

    def lightsleep(self, ms):
        """Sleep up to ms; a button pin IRQ (handler set) wakes it early on rp2."""
        fn = getattr(self.machine, "lightsleep", None)
        if fn is None:
            self.time.sleep_ms(ms)
        else:
            fn(ms)

    def reset(self):
        self.machine.reset()

    def irq_on_buttons(self, handler):
        """handler(index, level) on both edges of every button pin; wakes lightsleep and
        ends wait_ms()."""
        from pico.buttons import pin_irq, waker

        m = self.machine
        trig = m.Pin.IRQ_FALLING | m.Pin.IRQ_RISING
        if self.select is not None:
            self._edge = waker(self.select)
        pins = self.button_pins()
        for i in range(len(pins)):
            pin = pins[i][1]
            # hard: the handler runs at the edge, not when the scheduler gets to it (a soft
            # IRQ waits out a long C call such as a frame on the bus, and a release's bounce
            # stamped late looked like a new press); it allocates nothing (pico/buttons.py)
            pin.irq(pin_irq(handler, i, pin, self._edge), trig, hard=True)


def i2c_bus(machine, khz):
    """I2C0 on GP4/GP5 at khz (one of I2C_KHZ_CHOICES)."""
    if khz not in I2C_KHZ_CHOICES:
        raise ValueError("i2c_khz must be one of %s, not %r" % (I2C_KHZ_CHOICES, khz))
    return machine.I2C(_I2C_ID, sda=machine.Pin(_SDA), scl=machine.Pin(_SCL), freq=khz * 1000)


def stop_watchdog(machine):
    """Board.stop_watchdog for `machine` (the loop calls it after the Board has gone)."""
    mem32 = getattr(machine, "mem32", None)
    if mem32 is None:
        return False
    base = _watchdog_base()
    if base is None:
        return False
    mem32[base] = mem32[base] & ~(1 << 30)
    return True


def _watchdog_base():
    """WATCHDOG_CTRL address: RP2040 0x40058000, RP2350 0x400D8000 (datasheets, ch. Watchdog)."""
    try:
        import sys

        mach = sys.implementation._machine
    except (ImportError, AttributeError):
        return None
    if "RP2040" in mach:
        return 0x40058000
    if "RP2350" in mach:
        return 0x400D8000
    return None
