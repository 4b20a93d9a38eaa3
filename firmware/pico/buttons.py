# Button debouncer: latched edges, short and long presses, as (button, kind, t_ms) events.
# SPDX-License-Identifier: MIT
#
# How it works
# - Each button is read through a zero-argument callable or a Pin (anything with .value()),
#   with active_low saying which level means "pressed". The logic never reads a clock:
#   every call takes now_ms, and times are compared on the ticks_ms circle (ticks_diff), so
#   raw time.ticks_ms() values work across their 2**30 ms wrap as well as monotonic ms.
# - Observations come from two places: poll(now_ms) samples the inputs, and edge(i, level,
#   now_ms) records one pin-IRQ edge into a small preallocated ring (safe from a soft IRQ;
#   poll() drains it first). With IRQs on both edges every change is seen with its time, so a
#   tap that starts and ends between two polls is still a press (latched, never lost).
# - A press counts once the button has been down for debounce_ms (default 20) without a
#   release that lasted: a glitch shorter than that is no press, and the press's own contact
#   bounce is absorbed. It starts at its first edge (the long-press clock runs from there).
# - The release decides: the first edge back up ends the press at once ("short", at that
#   edge's time); the bounce after it looks like a press that does not last, so it is none.
# - Short vs long: a press released before long_ms gives ("short"). One held for long_ms
#   gives ("long") at that moment, while still held, and nothing at release: a long press
#   never also gives a short one. next_deadline() says when the next poll must happen.
# - Several buttons at once: each button is debounced on its own and reports its own events
#   in the order they were decided, so a chord gives one event per button (the app decides
#   what a chord means). The queue holds 16 events; older ones are kept if it overflows.
# - resync(now_ms) drops latched edges and queued events, and every button then waits for a
#   release that lasts debounce_ms before it can give a press: the shell calls it on wake,
#   so the press that woke the device is not acted on wherever its bounce happens to be when
#   resync() samples the pins (a sample that reads "released" in the middle of the bounce
#   must not turn the rest of that bounce into a new press).
# - irq=True (the Pico's runner, with both edges wired): poll() samples only the buttons
#   whose state is not settled, plus all of them every _SAMPLE_MS and after a ring overflow;
#   the edges carry everything else. irq=False samples every button on every poll.
# - A lost edge: MicroPython runs a pin's soft IRQ through its scheduler, whose queue (4 on
#   the rp2 port) drops what does not fit, e.g. the last flip of a release's bounce while
#   the app is in C code. A button the edges left "down" that a sample then reads "up" had
#   its release edge lost: when is unknown, so that down is no press (lost_edges counts
#   them). Without this, the bounce after a release became a second press (the emulated
#   Pico with the ROMFS UF2, at the title's NEW GAME: set-up's first row changed too).
#   Known limit: a soft IRQ that runs late (the app in one C call longer than debounce_ms,
#   e.g. a whole frame on the I2C bus, right after a bouncing release) stamps its edge late,
#   so a bounce's "down" can still look like a press; recording edges in a hard IRQ would
#   stamp them on time (open work, docs/rp2_emulator.md).

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from ui.keys import LONG_PRESS_MS  # noqa: E402  (the press contract's threshold)

SHORT = "short"
LONG = "long"

_IDLE = const(0)  # released; a press may be under way (cand) but does not count yet
_DOWN = const(1)  # pressed (counted), long not yet fired
_LONG = const(2)  # pressed, long already fired
_IGNORE = const(3)  # since resync(): no event until a release has lasted debounce_ms

_RING = const(32)
_QUEUE = const(16)
_PERIOD = const(0x40000000)  # MicroPython's ticks_ms wraps at 2**30
_HALF = const(0x20000000)
_SAMPLE_MS = const(250)  # irq=True: every button is sampled at least this often while polled


def ticks_diff(a, b):
    """a - b on the ticks_ms circle, as time.ticks_diff (this module never imports time)."""
    return ((a - b + _HALF) % _PERIOD) - _HALF


class _Input:
    """One button's reader and debounce state."""

    def __init__(self, name, source, active_low):
        self.name = name
        value = getattr(source, "value", None)
        self.read = value if value is not None else source
        self.active_low = active_low
        self.state = _IDLE
        self.cand = False  # the level last seen (pressed?)
        self.cand_t = 0  # when that level was first seen
        self.first_t = None  # _IDLE: first edge of the press under way (None: none)
        self.down_t = 0  # _DOWN/_LONG: when the press began

    def pressed_level(self, level):
        return (not level) if self.active_low else bool(level)


class Buttons:
    """Debounces a set of buttons. inputs: sequence of (name, source)."""

    def __init__(self, inputs, active_low=True, debounce_ms=20, long_ms=LONG_PRESS_MS, irq=False):
        if debounce_ms < 0 or long_ms <= debounce_ms:
            raise ValueError(
                "need 0 <= debounce_ms < long_ms, got %r, %r" % (debounce_ms, long_ms)
            )
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.irq = irq
        self.inputs = []
        names = []
        for name, source in inputs:
            if name in names:
                raise ValueError("button %r given twice" % (name,))
            if not callable(source) and getattr(source, "value", None) is None:
                raise ValueError("button %r: source must be callable or have .value()" % name)
            names.append(name)
            self.inputs.append(_Input(name, source, active_low))
        self.names = tuple(names)
        self._ring_i = [0] * _RING
        self._ring_l = [0] * _RING
        self._ring_t = [0] * _RING
        self._w = 0  # written by edge() only
        self._r = 0  # advanced by poll() only
        self.dropped_edges = 0
        self.lost_edges = 0  # release edges found missing by a sample (_observe)
        self._dropped_seen = 0
        self._sample_t = None  # irq=True: when every input was last sampled
        self._events = []
        self.dropped_events = 0

    # -- inputs ----------------------------------------------------------------
    def edge(self, index, level, now_ms):
        """Record one pin edge (call from a pin IRQ; allocates nothing)."""
        w = self._w
        nxt = (w + 1) % _RING
        if nxt == self._r:
            self.dropped_edges += 1  # poll() re-samples the level, so only timing is lost
            return
        self._ring_i[w] = index
        self._ring_l[w] = 1 if level else 0
        self._ring_t[w] = now_ms
        self._w = nxt

    def pending(self):
        """True when edges wait in the ring (the shell's idle wait may end on this)."""
        return self._r != self._w

    def poll(self, now_ms):
        """Process latched edges, sample the inputs, return the list of new events (valid
        until the next poll: an empty one is reused)."""
        r = self._r
        while r != self._w:
            inp = self.inputs[self._ring_i[r]]
            self._observe(inp, inp.pressed_level(self._ring_l[r]), self._ring_t[r])
            r = (r + 1) % _RING
            self._r = r
        every = not self.irq
        if not every:
            last = self._sample_t
            if (
                last is None
                or ticks_diff(now_ms, last) >= _SAMPLE_MS
                or self.dropped_edges != self._dropped_seen
            ):
                every = True
                self._sample_t = now_ms
                self._dropped_seen = self.dropped_edges
        lost = self.irq  # with edges wired, a sample that contradicts them means one was lost
        for inp in self.inputs:
            if every or inp.state != _IDLE or inp.cand:
                self._observe(inp, inp.pressed_level(inp.read()), now_ms, lost)
        events = self._events
        if events:
            self._events = []
        return events

    def resync(self, now_ms):
        """Drop latched edges and queued events; from now on every button first waits for a
        release that lasts debounce_ms, so presses under way (however they bounce) give no
        event."""
        self._r = self._w
        self._events = []
        for inp in self.inputs:
            inp.cand = inp.pressed_level(inp.read())
            inp.cand_t = now_ms
            inp.first_t = None
            inp.state = _IGNORE

    def any_pressed(self):
        """True if any input reads pressed right now, or an edge is waiting (wake check)."""
        if self._r != self._w:
            return True
        for inp in self.inputs:
            if inp.pressed_level(inp.read()):
                return True
        return False

    def held(self):
        """Names of the buttons that are down (counted, or down since resync())."""
        return [
            inp.name
            for inp in self.inputs
            if inp.state == _DOWN or inp.state == _LONG or (inp.state == _IGNORE and inp.cand)
        ]

    def next_deadline(self, now_ms):
        """ms until a poll is needed to decide something (a press reaching debounce_ms, a
        held button reaching long_ms), or None: edges bring everything else."""
        best = None
        for inp in self.inputs:
            if inp.state == _DOWN:
                left = ticks_diff(inp.down_t, now_ms) + self.long_ms
            elif inp.state == _IDLE and inp.cand:
                left = ticks_diff(inp.cand_t, now_ms) + self.debounce_ms
            else:
                continue
            if left < 0:
                left = 0
            if best is None or left < best:
                best = left
        return best

    # -- logic -----------------------------------------------------------------
    def _observe(self, inp, level, t, lost=False):
        st = inp.state
        if st == _IGNORE:
            if inp.cand or ticks_diff(t, inp.cand_t) < self.debounce_ms:
                if level != inp.cand:
                    inp.cand = level
                    inp.cand_t = t
                return
            st = inp.state = _IDLE  # released long enough: the ignored press is over
        if st == _IDLE:
            if inp.cand and ticks_diff(t, inp.cand_t) >= self.debounce_ms:
                if lost and not level:
                    # the edges said down and no edge came since, yet the pin reads up: its
                    # release edge was lost (MicroPython drops a soft IRQ when its scheduler
                    # queue is full: a contact bouncing while the app is busy in C code).
                    # When it came is unknown, so this down is no press (else a bounce
                    # after a release would be one: a phantom press, seen on the Pico)
                    self.lost_edges += 1
                    inp.cand = False
                    inp.cand_t = t
                    inp.first_t = None
                    return
                st = inp.state = _DOWN  # down for debounce_ms: the press counts
                inp.down_t = inp.first_t if inp.first_t is not None else inp.cand_t
            elif level != inp.cand:
                if level and (
                    inp.first_t is None or ticks_diff(t, inp.cand_t) >= self.debounce_ms
                ):
                    inp.first_t = t  # a new press begins
                inp.cand = level
                inp.cand_t = t
                return
            else:
                return
        # _DOWN or _LONG
        if level:
            if st == _DOWN and ticks_diff(t, inp.down_t) >= self.long_ms:
                inp.state = _LONG
                self._emit(inp.name, LONG, t)
            return
        if st == _DOWN:  # the first release edge decides
            held_long = ticks_diff(t, inp.down_t) >= self.long_ms
            self._emit(inp.name, LONG if held_long else SHORT, t)
        inp.state = _IDLE
        inp.cand = False
        inp.cand_t = t
        inp.first_t = None

    def _emit(self, name, kind, t):
        if len(self._events) >= _QUEUE:
            self.dropped_events += 1
            return
        self._events.append((name, kind, t))


# ---- edges that end an idle wait (board.Board.irq_on_buttons, runner.Parts) -----------------
try:
    from io import IOBase as _Stream  # what select.poll accepts on MicroPython
except ImportError:  # CPython without it: the fakes' poll only calls ioctl
    _Stream = object


class Waker(_Stream):
    """Idle waits that a button edge ends at once: wait(ms) blocks in select.poll on this
    stream, which reads ready while `up` is set; the pin IRQ handlers (pin_irq) set it and
    MicroPython runs them while it waits. Lives here, not in pico/board.py, so that the IRQ
    handlers and the loop's waits do not keep the board builder in the heap."""

    up = 0

    def ioctl(self, req, arg):
        if req == 3:  # MP_STREAM_POLL: report the asked-for events while flagged
            return arg if self.up else 0
        return 0

    def wait(self, ms):
        if not self.up:
            self.poller.poll(ms)
        self.up = 0


def waker(select):
    """A Waker registered with a new poller of the `select` module."""
    w = Waker()
    w.up = 0  # its own attribute now: a hard IRQ's `up = 1` must not allocate one
    w.poller = select.poll()
    w.poller.register(w, select.POLLIN)
    return w


def pin_irq(handler, index, pin, wake):
    """A hard pin IRQ callback: handler(index, level), then mark `wake` (a Waker or None).
    It runs with the heap locked, so the whole path allocates nothing (Parts.edge, the runner's
    edge, Runner.irq_time, Buttons.edge); should it raise all the same (a time past the
    small ints, after 12 days awake), the edge is dropped and poll() finds the level, as
    for an edge the ring had no room for: an uncaught exception would switch the IRQ off."""

    def irq(_p):
        try:
            handler(index, pin.value())
        except Exception:  # noqa: BLE001 - nothing may escape a hard IRQ (see above)
            pass
        if wake is not None:
            wake.up = 1

    return irq
