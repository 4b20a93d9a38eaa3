# The paths that must allocate nothing, run with MicroPython's heap locked (unix port).
# SPDX-License-Identifier: MIT
"""Run as `micropython -c "from support import mp_alloc_free as s; s.run_all()"` with
firmware/ and host_tests/ on MICROPYPATH. Each check prints "ok NAME" or raises.

- irq: the buttons' hard pin IRQ path as pico.runner.main wires it on a (fake) board: the
  pin_irq closure, Parts.edge, the runner's edge, Runner.irq_time and Buttons.edge. A hard IRQ runs
  with the heap locked on the Pico; pin_irq swallows what is raised (an uncaught exception
  would switch the IRQ off), so an allocation shows as an edge missing from the ring, not
  as an error: the check counts the ring's edges.
- pusher: gfx.pusher.FramePusher's push (plan and send) of frames that changed, the way the
  app's frames change (dice, a card column, a full-width bar), to a display whose
  show_window only counts (the driver's bus writes are not the pusher's).
- damage: ui.widgets.Damage, the app's record of what a press changed (App.changed, and
  App.render's reading and clearing it), marked the ways the screens mark it."""

import micropython


def irq():
    from pico import board, runner
    from support.hw_fakes import FakeClock, FakeDisplay, FakeMachine, FakeSelect, FakeTime

    clock = FakeClock()
    machine = FakeMachine(clock, record_i2c=False)
    b = board.Board(machine=machine, time=FakeTime(clock, machine), select=FakeSelect(machine))
    parts = runner.Parts(b)
    loop = runner.main(parts, FakeDisplay(), randbytes=bytes, root="", steps=1)
    buttons = loop.buttons
    pins = [machine.pins[board.gpio(name.upper())] for name in board.BUTTONS]
    handlers = [p.handler for p in pins]
    assert all(h is not None for h in handlers), "a button pin has no IRQ handler"
    buttons.poll(loop.now())  # an empty ring to start from
    b._edge.up = 0
    w0, dropped0 = buttons._w, buttons.dropped_edges
    n = 0
    micropython.heap_lock()
    try:
        for k in range(6):  # fewer edges than the ring holds
            pin = pins[k % len(pins)]
            pin.idle = k & 1  # the level the handler reads (attribute store: no allocation)
            clock.t += 3
            handlers[k % len(pins)](pin)
            n += 1
    finally:
        micropython.heap_unlock()
    got = (buttons._w - w0) % len(buttons._ring_t)
    assert buttons.dropped_edges == dropped0, "the ring dropped edges"
    assert got == n, "%d of %d edges reached the ring: the IRQ path allocated" % (got, n)
    assert b._edge.up == 1, "the edges did not flag the idle wait's waker"
    print("ok irq")


class _Counting:
    """A display: a framebuffer and a show_window that counts (allocates nothing)."""

    def __init__(self):
        import framebuf

        self.width, self.height = 128, 64
        self.buffer = bytearray(128 * 64 // 8)
        self.fb = framebuf.FrameBuffer(self.buffer, 128, 64, framebuf.MONO_VLSB)
        self.windows = 0
        self.shown = 0

    def show(self):
        self.shown += 1

    def show_window(self, x0, x1, p0, p1):
        self.windows += 1


def pusher():
    from gfx.pusher import FramePusher

    d = _Counting()
    p = FramePusher(d)
    p.push()  # the first push is a full frame
    changes = (
        lambda: d.fb.fill_rect(4, 40, 20, 20, 1),  # a die
        lambda: d.fb.fill_rect(90, 0, 30, 64, 1),  # a card column
        lambda: d.fb.fill_rect(0, 56, 128, 8, 1),  # a full-width bar
        lambda: d.fb.fill_rect(4, 40, 20, 20, 0),  # the die again, and the others stay
        lambda: d.fb.fill(1),  # everything
    )
    sent = []
    for change in changes:
        change()
        micropython.heap_lock()
        try:
            n = p.push()
        finally:
            micropython.heap_unlock()
        sent.append(n)
    assert all(n > 0 for n in sent), sent
    assert d.windows > 0, "no push was sent as windows"
    micropython.heap_lock()
    try:
        n = p.push()  # nothing changed
    finally:
        micropython.heap_unlock()
    assert n == 0
    print("ok pusher")


def damage():
    from ui.widgets import Damage

    d = Damage()
    rows = (3,)
    parts = [(3,), (1, 2), "keys"]  # a list screen's parts, built by the screen beforehand
    cases = (("dice", None), ("dice", "info"), (rows, rows), (parts, None))
    seen = [None] * len(cases)
    micropython.heap_lock()
    try:
        for k in range(len(cases)):
            d.clear()
            for part in cases[k]:
                d.mark(part)
            seen[k] = d.frame
        d.clear()
        d.mark()
        d.invalidate()
        d.reset()
    finally:
        micropython.heap_unlock()
    assert seen == [True, True, False, True], seen
    print("ok damage")


CHECKS = (irq, pusher, damage)


def run_all():
    for check in CHECKS:
        check()
