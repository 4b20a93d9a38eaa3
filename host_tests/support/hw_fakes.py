# Tiny duck-typed hardware fakes (clock, pins, I2C, PWM, WDT, machine, time, storage, app).
# SPDX-License-Identifier: MIT
#
# Runs on CPython and on the MicroPython unix port (the heap figure and the runner lane), so
# it keeps to the MicroPython subset. Pins follow a script of (t_ms, level) changes against a
# FakeClock, so a bouncing contact is a list of numbers and nothing ever sleeps.


class FakeClock:
    def __init__(self, t=0, wrap=None):
        self.t = t
        self.wrap = wrap  # e.g. 1 << 30 to behave like ticks_ms

    def ticks_ms(self):
        return self.t % self.wrap if self.wrap else self.t

    def ticks_diff(self, a, b):
        if not self.wrap:
            return a - b
        half = self.wrap // 2
        return ((a - b + half) % self.wrap) - half

    def advance(self, ms):
        self.t += ms


class FakePin:
    """A pin whose level follows `script`: a list of (t_ms, level), sorted by time."""

    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, clock=None, idle=1, script=None, name=None):
        self.clock = clock
        self.idle = idle
        self.script = list(script or [])
        self.name = name
        self.out = None
        self.mode = None
        self.handler = None
        self.trigger = 0
        self.writes = []

    def value(self, v=None):
        if v is not None:
            self.out = v
            self.writes.append(v)
            return None
        if self.out is not None:
            return self.out
        level = self.idle
        now = self.clock.t if self.clock else 0
        for t, lv in self.script:
            if t <= now:
                level = lv
        return level

    def irq(self, handler=None, trigger=0, hard=False):
        self.handler = handler
        self.trigger = trigger
        self.hard = hard

    def press(self, t0, t1):
        """Script a clean press from t0 to t1 (active low)."""
        self.script.append((t0, 0))
        self.script.append((t1, 1))
        self.script.sort()

    def changes_between(self, t0, t1):
        """Times of scripted changes in (t0, t1]."""
        return [t for t, _ in self.script if t0 < t <= t1]


class FakeI2C:
    """machine.I2C look-alike that records writes; I2C(id) is a per-id singleton as on rp2."""

    def __init__(self, freq=400000, record=True):
        self.freq = freq
        self.record = record  # False: count only (long runs on the unix port)
        self.writes = []
        self.count = 0
        self.bytes = 0
        self.inits = 0

    def writeto(self, addr, buf, stop=True):
        self.count += 1
        self.bytes += len(buf)
        if self.record:
            self.writes.append((addr, bytes(buf)))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        n = 0
        for v in vector:
            n += len(v)
        self.count += 1
        self.bytes += n
        if self.record:
            self.writes.append((addr, b"".join(bytes(v) for v in vector)))
        return n

    def scan(self):
        return [0x3C]


class FakePWM:
    def __init__(self, pin=None):
        self.pin = pin
        self.log = []
        self._freq = 0
        self._duty = 0

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        self.log.append(("freq", f))

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        self.log.append(("duty", d))


class FakeADC:
    """machine.ADC for ADC3 (VSYS/3 against 3.3 V): read_u16() of `vsys(t_ms)` mV (a number
    or a callable of the clock's time), plus uniform noise of +-`noise` counts of the
    RP2040's 12 bits (xorshift32 from `seed`), scaled to 16 bits as MicroPython's rp2 port
    does. `reads` counts the conversions."""

    def __init__(self, clock, vsys, noise=0, seed=1):
        self.clock = clock
        self.vsys = vsys
        self.noise = noise
        self.state = seed or 1
        self.reads = 0

    def read_u16(self):
        self.reads += 1
        millivolts = self.vsys(self.clock.t) if callable(self.vsys) else self.vsys
        raw = millivolts * 4096 // 9900
        if self.noise:
            x = self.state
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            self.state = x
            raw += x % (2 * self.noise + 1) - self.noise
        raw = 0 if raw < 0 else 4095 if raw > 4095 else raw
        return raw << 4 | raw >> 8


class FakeWDT:
    def __init__(self, clock=None, timeout=8000):
        self.clock = clock
        self.timeout = timeout
        self.feeds = 0
        self.last = clock.t if clock else 0
        self.longest_gap = 0

    def feed(self):
        self.feeds += 1
        if self.clock is not None:
            gap = self.clock.t - self.last
            if gap > self.longest_gap:
                self.longest_gap = gap
            self.last = self.clock.t


class FakeMachine:
    """Enough of `machine` for board.Board: Pin, I2C, PWM, WDT, lightsleep, reset."""

    def __init__(self, clock, scripts=None, wdt=True, record_i2c=True, adc=None):
        machine = self
        self.clock = clock
        self.pins = {}
        self.scripts = scripts or {}
        self.i2c_bus = {}
        self.pwms = []
        self.wdts = []
        self.sleeps = []
        self.resets = 0

        class PinFactory:
            """Pin(ident, mode, pull, value=) returning one FakePin per ident, as hardware."""

            IN = FakePin.IN
            OUT = FakePin.OUT
            PULL_UP = FakePin.PULL_UP
            IRQ_FALLING = FakePin.IRQ_FALLING
            IRQ_RISING = FakePin.IRQ_RISING

            def __call__(self, ident, mode=None, pull=None, value=None):
                p = machine.pins.get(ident)
                if p is None:
                    p = FakePin(clock, 1, machine.scripts.get(ident), ident)
                    machine.pins[ident] = p
                if mode is not None:
                    p.mode = mode
                    if mode == FakePin.OUT:
                        p.out = 0 if value is None else value
                return p

        def i2c(bus_id, sda=None, scl=None, freq=400000):
            bus = machine.i2c_bus.get(bus_id)
            if bus is None:
                bus = FakeI2C(freq, record_i2c)
                machine.i2c_bus[bus_id] = bus
            bus.freq = freq
            bus.inits += 1
            bus.pins = (sda, scl)
            return bus

        def pwm(pin):
            p = FakePWM(pin)
            machine.pwms.append(p)
            return p

        self.Pin = PinFactory()
        if adc is not None:  # ADC(29): ADC3, VSYS/3 (board.Board.battery)
            self.adc_made = []

            def make_adc(channel):
                machine.adc_made.append(channel)
                return adc

            self.ADC = make_adc
        self.I2C = i2c
        self.PWM = pwm
        if wdt:

            def make_wdt(timeout=5000):
                w = FakeWDT(clock, timeout)
                machine.wdts.append(w)
                return w

            self.WDT = make_wdt

    def lightsleep(self, ms):
        """Sleep until the next scripted change of a pin with an IRQ (firing it) or for ms."""
        t0 = self.clock.t
        first = None
        for t in self._changes(t0, t0 + ms):
            first = t
            break
        self.sleeps.append(ms)
        if first is None:
            self.clock.t = t0 + ms
        else:
            self.run_until(first)

    def _changes(self, t0, t1):
        times = []
        for p in self.pins.values():
            if p.handler is not None:
                times.extend(p.changes_between(t0, t1))
        times.sort()
        return times

    def run_until(self, t1):
        """Advance the clock to t1, calling each pin IRQ at the moment its level changes."""
        for t in self._changes(self.clock.t, t1):
            self.clock.t = t
            for p in list(self.pins.values()):
                if p.handler is not None and t in [ct for ct, _ in p.script]:
                    p.handler(p)
        self.clock.t = t1

    def reset(self):
        self.resets += 1


class FakeTime:
    def __init__(self, clock, machine=None):
        self.clock = clock
        self.machine = machine

    def ticks_ms(self):
        return self.clock.ticks_ms()

    def ticks_diff(self, a, b):
        return self.clock.ticks_diff(a, b)

    def sleep_ms(self, ms):
        if self.machine is not None:
            self.machine.run_until(self.clock.t + ms)
        else:
            self.clock.advance(ms)


class FakeSelect:
    """The `select` module as board.Board.wait_ms uses it: poll(ms) runs the fake clock to
    the next pin change with an IRQ (firing it) and returns once a registered stream reads
    ready (a button edge marked it), else after ms. ``horizon``: a poll never runs the clock
    past it (a test that scripts more presses once the clock got there sets it)."""

    POLLIN = 1

    def __init__(self, machine):
        self.machine = machine
        self.polls = []  # the ms of every poll() call (None: not kept)
        self.horizon = None

    def poll(self):
        return _FakePoller(self)


class _FakePoller:
    def __init__(self, select):
        self.select = select
        self.streams = []

    def register(self, stream, mask):
        self.streams.append((stream, mask))

    def _ready(self):
        return [(s, m) for s, m in self.streams if s.ioctl(3, m)]

    def poll(self, ms):
        machine = self.select.machine
        if self.select.polls is not None:
            self.select.polls.append(ms)
        clock = machine.clock
        end = clock.t + ms
        horizon = self.select.horizon
        if horizon is not None and horizon < end:
            end = horizon if horizon > clock.t else clock.t
        for t in machine._changes(clock.t, end):
            machine.run_until(t)
            ready = self._ready()
            if ready:
                return ready
        clock.t = end
        return self._ready()


class MemStorage:
    """storage contract in memory."""

    def __init__(self):
        self.files = {}
        self.fail_writes = False

    def read(self, name):
        return self.files.get(name)

    def write(self, name, data):
        if self.fail_writes:
            raise OSError(28, "no space")
        self.files[name] = bytes(data)

    def remove(self, name):
        self.files.pop(name, None)


class FakeDisplay:
    width = 128
    height = 64

    def __init__(self):
        self.on = True
        self.buffer = bytearray(1024)
        self.shows = 0
        self.texts = []

    def fill(self, c):
        for i in range(len(self.buffer)):
            self.buffer[i] = 0xFF if c else 0

    def text(self, s, x, y, c=1):
        self.texts.append(s)

    def show(self):
        self.shows += 1

    def poweroff(self):
        self.on = False

    def poweron(self):
        self.on = True


class FakeApp:
    """App contract look-alike that records calls; sleeps after sleep_ms without presses."""

    def __init__(self, display=None, storage=None, dice=None, sound=None, sleep_ms=60000):
        self.display = display
        self.storage = storage
        self.sound = sound
        self.settings = {"sound": True, "volume": 5, "i2c_khz": 400, "sleep_s": sleep_ms // 1000}
        self.sleep_ms = sleep_ms
        self.asleep = False
        self.presses = []
        self.ticks = 0
        self.started = None
        self.last_input = 0
        self.saves = 0
        self.wakes = []
        self.fatals = []
        self.screen = "title"
        self.fail_on = None  # button name that raises

    def start(self, now_ms):
        self.started = now_ms
        self.last_input = now_ms
        data = self.storage.read("game.dat") if self.storage else None
        self.screen = "game" if data else "title"

    def press(self, button, kind, now_ms):
        if button == self.fail_on:
            raise ValueError("boom on %s" % button)
        self.presses.append((button, kind, now_ms))
        self.last_input = now_ms
        if button == "roll":
            self.screen = "game"
            if self.storage:
                self.storage.write("game.dat", b"saved")
            if self.sound:
                self.sound.play("roll")

    def tick(self, now_ms):
        """As the contract says: the ms until the sleep countdown ends (then asleep)."""
        self.ticks += 1
        left = self.sleep_ms - (now_ms - self.last_input)
        if left <= 0:
            self.asleep = True
            return None
        return left

    def wake(self, now_ms):
        self.asleep = False
        self.last_input = now_ms
        self.wakes.append((now_ms, self.screen))

    def save_now(self):
        self.saves += 1

    def fatal(self, message):
        self.fatals.append(message)
        self.screen = "error"
