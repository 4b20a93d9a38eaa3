# Button debouncer: latched edges, short and long presses, as (button, kind, t_ms) events.
# SPDX-License-Identifier: MIT
#
# How it works
# - Each button is read through a zero-argument callable or a Pin (anything with .value()),
#   with active_low saying which level means "pressed". The logic never reads a clock:
#   every call takes now_ms.
# - Observations come from two places: poll(now_ms) samples every input, and edge(i, level,
#   now_ms) records one pin-IRQ edge into a small preallocated ring (safe from a soft IRQ;
#   poll() drains it first). With IRQs on both edges every change is seen with its time, so a
#   tap that starts and ends between two polls is still a press (latched, never lost).
# - Debounce: a level counts once it has been seen unchanged for debounce_ms (default 20).
#   Contact bounce shorter than that (the brief allows up to 10 ms) never makes two presses.
# - Short vs long: a press that is released before long_ms gives ("short") at release. One
#   held for long_ms gives ("long") at that moment, while still held, and nothing at release:
#   a long press never also gives a short one.
# - Several buttons at once: each button is debounced on its own and reports its own events
#   in the order they were decided, so a chord gives one event per button (the app decides
#   what a chord means). The queue holds 16 events; older ones are kept if it overflows.
# - resync(now_ms) adopts the current levels without events and ignores presses already
#   under way: the shell calls it on wake so the waking press is not also acted on.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from ui.keys import LONG_PRESS_MS  # noqa: E402  (the press contract's threshold)

SHORT = "short"
LONG = "long"

_IDLE = const(0)  # released (debounced)
_DOWN = const(1)  # pressed (debounced), long not yet fired
_LONG = const(2)  # pressed, long already fired
_IGNORE = const(3)  # pressed when resync() ran: no event for this press

_RING = const(32)
_QUEUE = const(16)


class _Input:
    """One button's reader and debounce state."""

    def __init__(self, name, source, active_low):
        self.name = name
        value = getattr(source, "value", None)
        self.read = value if value is not None else source
        self.active_low = active_low
        self.state = _IDLE
        self.cand = False  # candidate level (pressed?)
        self.cand_t = 0  # when the candidate level was first seen
        self.down_t = 0  # when the current press became stable

    def pressed_level(self, level):
        return (not level) if self.active_low else bool(level)


class Buttons:
    """Debounces a set of buttons. inputs: sequence of (name, source)."""

    def __init__(self, inputs, active_low=True, debounce_ms=20, long_ms=LONG_PRESS_MS):
        if debounce_ms < 0 or long_ms <= debounce_ms:
            raise ValueError(
                "need 0 <= debounce_ms < long_ms, got %r, %r" % (debounce_ms, long_ms)
            )
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
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

    def poll(self, now_ms):
        """Process latched edges, sample every input, return the list of new events."""
        r = self._r
        while r != self._w:
            inp = self.inputs[self._ring_i[r]]
            self._observe(inp, inp.pressed_level(self._ring_l[r]), self._ring_t[r])
            r = (r + 1) % _RING
            self._r = r
        for inp in self.inputs:
            self._observe(inp, inp.pressed_level(inp.read()), now_ms)
        events = self._events
        self._events = []
        return events

    def resync(self, now_ms):
        """Drop latched edges and queued events; presses under way give no event."""
        self._r = self._w
        self._events = []
        for inp in self.inputs:
            level = inp.pressed_level(inp.read())
            inp.cand = level
            inp.cand_t = now_ms
            inp.state = _IGNORE if level else _IDLE

    def any_pressed(self):
        """True if any input reads pressed right now, or an edge is waiting (wake check)."""
        if self._r != self._w:
            return True
        for inp in self.inputs:
            if inp.pressed_level(inp.read()):
                return True
        return False

    def held(self):
        """Names of the buttons that are down (debounced)."""
        return [inp.name for inp in self.inputs if inp.state != _IDLE]

    def next_deadline(self, now_ms):
        """ms until a held button turns into a long press (or None): when to poll again."""
        best = None
        for inp in self.inputs:
            if inp.state == _DOWN:
                left = inp.down_t + self.long_ms - now_ms
                if left < 0:
                    left = 0
                if best is None or left < best:
                    best = left
        return best

    # -- logic -----------------------------------------------------------------
    def _observe(self, inp, level, t):
        self._settle(inp, t)
        if level != inp.cand:
            inp.cand = level
            inp.cand_t = t
            self._settle(inp, t)
        if inp.state == _DOWN and t - inp.down_t >= self.long_ms:
            inp.state = _LONG
            self._emit(inp.name, LONG, t)

    def _settle(self, inp, t):
        """Commit the candidate level once it has lasted debounce_ms."""
        if t - inp.cand_t < self.debounce_ms:
            return
        pressed = inp.state != _IDLE
        if inp.cand == pressed:
            return
        if inp.cand:
            inp.state = _DOWN
            inp.down_t = inp.cand_t
        else:
            if inp.state == _DOWN:
                self._emit(inp.name, SHORT, t)
            inp.state = _IDLE

    def _emit(self, name, kind, t):
        if len(self._events) >= _QUEUE:
            self.dropped_events += 1
            return
        self._events.append((name, kind, t))
