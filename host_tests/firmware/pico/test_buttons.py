# Debouncer tests: bouncing contacts on a fake clock, latched taps, short/long, chords, resync.
# SPDX-License-Identifier: MIT
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pico.buttons import LONG, SHORT, Buttons
from support.hw_fakes import FakeClock, FakePin

DEBOUNCE = 20
LONG_MS = 600


def make(n=1, clock=None, **kw):
    clock = clock or FakeClock()
    pins = [FakePin(clock) for _ in range(n)]
    names = ["b%d" % i for i in range(n)]
    btns = Buttons(list(zip(names, pins)), debounce_ms=DEBOUNCE, long_ms=LONG_MS, **kw)
    return clock, pins, btns


def simulate(clock, pins, btns, until, poll_every, irq=True, start=0):
    """Walk the fake clock 1 ms at a time; IRQ edges as the script changes; poll on schedule."""
    events = []
    for t in range(start, until + 1):
        clock.t = t
        if irq:
            for i, pin in enumerate(pins):
                if t in [ct for ct, _ in pin.script]:
                    btns.edge(i, pin.value(), t)
        if t % poll_every == 0:
            events.extend(btns.poll(t))
    return events


def bouncy(t0, t1, bounce_down, bounce_up):
    """Script of a press from t0 to t1 with chatter: offsets (ms) of extra flips after each
    edge; the contact always settles (pressed after t0's chatter, released after t1's)."""
    script = []
    for start, settle, flips in ((t0, 0, bounce_down), (t1, 1, bounce_up)):
        level = settle
        offs = [0] + sorted(flips)
        for off in offs:
            script.append((start + off, level))
            level ^= 1
        if script[-1][1] != settle:
            script.append((start + offs[-1] + 1, settle))
    return script


offsets = st.lists(st.integers(min_value=1, max_value=9), max_size=8, unique=True)


@settings(max_examples=150, deadline=None)
@given(
    down=offsets,
    up=offsets,
    held=st.integers(min_value=DEBOUNCE + 15, max_value=LONG_MS - 30),
    poll=st.integers(min_value=1, max_value=15),
    irq=st.booleans(),
)
def test_bounce_up_to_10ms_gives_one_short_press(down, up, held, poll, irq):
    clock, pins, btns = make()
    pins[0].script = bouncy(50, 50 + held, down, up)
    events = simulate(clock, pins, btns, 50 + held + 100, poll, irq)
    assert [(b, k) for b, k, _ in events] == [("b0", SHORT)]


@settings(max_examples=60, deadline=None)
@given(down=offsets, up=offsets, held=st.integers(min_value=LONG_MS + 20, max_value=2000))
def test_bounce_on_a_long_press_gives_one_long_and_no_short(down, up, held):
    clock, pins, btns = make()
    pins[0].script = bouncy(10, 10 + held, down, up)
    events = simulate(clock, pins, btns, 10 + held + 100, 5)
    assert [(b, k) for b, k, _ in events] == [("b0", LONG)]
    # the long press fires at the threshold, while the button is still held
    assert events[0][2] < 10 + held


def test_long_fires_at_threshold_while_held():
    clock, pins, btns = make()
    pins[0].press(100, 5000)
    events = simulate(clock, pins, btns, 4000, 10)
    assert events == [("b0", LONG, 100 + LONG_MS)]
    assert btns.held() == ["b0"]


def test_tap_between_polls_is_latched_by_irq_edges():
    clock, pins, btns = make()
    pins[0].press(110, 150)  # 40 ms tap, polls only at 100 and 200
    events = simulate(clock, pins, btns, 300, 100, irq=True)
    assert [(b, k) for b, k, _ in events] == [("b0", SHORT)]


def test_same_tap_without_edges_is_lost_which_is_why_they_are_latched():
    clock, pins, btns = make()
    pins[0].press(110, 150)
    assert simulate(clock, pins, btns, 300, 100, irq=False) == []


def _release_bounce(pin, btns, clock, lose_last):
    """A press 0..100 ms whose release bounces (up 100, down 101, up 102), its edges fed as
    the IRQs would and polled as the runner does: when an edge arrives, and then at the
    deadline the debouncer asks for (20 ms after the bounce's "down"). ``lose_last``: the
    last flip's IRQ never comes (a full scheduler queue)."""
    pin.script += [(0, 0), (100, 1), (101, 0), (102, 1)]
    events = []
    for t, level in ((0, 0), (100, 1), (101, 0)):
        btns.edge(0, level, t)
        clock.t = t
        events += btns.poll(t)
    if not lose_last:
        btns.edge(0, 1, 102)
        clock.t = 102
        events += btns.poll(102)
    deadline = 101 + btns.next_deadline(101) if lose_last else 125
    for t in (deadline, 200, 300):
        clock.t = t
        events += btns.poll(t)
    return events


@pytest.mark.parametrize("lose_last", [False, True])
def test_a_lost_release_edge_in_the_bounce_is_no_second_press(lose_last):
    """The emulated Pico (ROMFS UF2) lost the last IRQ of a release's bounce while the app
    changed screens; the next poll, 20 ms after the bounce's last "down", read the pin "up"
    and counted a second press. A sample that contradicts the edges means a lost edge:
    no press, counted in lost_edges."""
    clock, pins, btns = make(irq=True)
    events = _release_bounce(pins[0], btns, clock, lose_last)
    assert [(b, k) for b, k, _ in events] == [("b0", SHORT)]
    assert btns.lost_edges == (1 if lose_last else 0)
    pins[0].press(400, 500)  # the next press is one, as ever
    events = simulate(clock, pins, btns, 700, 10, start=301)
    assert [(b, k) for b, k, _ in events] == [("b0", SHORT)]


def test_without_edges_a_down_seen_by_samples_lasts_until_the_sample_that_reads_up():
    """irq=False has only samples: a down seen at one poll and up at a poll 30 ms later is a
    press (the edge rule above is only for when edges are wired)."""
    clock, pins, btns = make(irq=False)
    pins[0].press(0, 25)
    events = []
    for t in (0, 30):
        clock.t = t
        events += btns.poll(t)
    assert [(b, k) for b, k, _ in events] == [("b0", SHORT)]
    assert btns.lost_edges == 0


def test_glitch_shorter_than_debounce_is_not_a_press():
    clock, pins, btns = make()
    pins[0].press(100, 100 + DEBOUNCE - 5)
    assert simulate(clock, pins, btns, 400, 1) == []


@pytest.mark.parametrize("poll", [1, 7, 20, 50])
def test_press_release_press_gives_two_presses(poll):
    clock, pins, btns = make()
    pins[0].press(100, 200)
    pins[0].press(300, 400)
    events = simulate(clock, pins, btns, 600, poll)
    assert [k for _, k, _ in events] == [SHORT, SHORT]


def test_chord_each_button_reports_its_own_events_in_order():
    clock, pins, btns = make(3)
    pins[0].press(100, 300)  # short
    pins[1].press(150, 1000)  # long at 750, while 0 and 2 also act
    pins[2].press(200, 260)  # short, released first
    events = simulate(clock, pins, btns, 1200, 5)
    assert [(b, k) for b, k, _ in events] == [("b2", SHORT), ("b0", SHORT), ("b1", LONG)]
    times = [t for _, _, t in events]
    assert times == sorted(times)


def test_resync_ignores_press_under_way_and_queued_edges():
    clock, pins, btns = make()
    pins[0].press(100, 300)
    simulate(clock, pins, btns, 150, 10)
    btns.resync(150)  # e.g. this press woke the gadget
    assert simulate(clock, pins, btns, 1000, 10, start=151) == []
    pins[0].press(1100, 1200)
    assert [k for _, k, _ in simulate(clock, pins, btns, 1400, 10, start=1001)] == [SHORT]


def test_callables_and_active_high_sources():
    level = {"v": 0}
    btns = Buttons([("roll", lambda: level["v"])], active_low=False)
    assert btns.poll(0) == []
    level["v"] = 1
    btns.poll(10)
    btns.poll(40)
    level["v"] = 0
    assert btns.poll(50) == [("roll", SHORT, 50)]  # the release decides, at once
    assert btns.poll(80) == []


def test_next_deadline_points_at_long_threshold():
    clock, pins, btns = make()
    pins[0].press(100, 2000)
    simulate(clock, pins, btns, 200, 10)
    assert btns.next_deadline(200) == 100 + LONG_MS - 200
    simulate(clock, pins, btns, 900, 10, start=201)
    assert btns.next_deadline(900) is None


def test_edge_ring_overflow_counts_drops_and_poll_recovers_level():
    clock, pins, btns = make()
    for k in range(100):
        btns.edge(0, k % 2, k)
    assert btns.dropped_edges > 0
    clock.t = 100
    pins[0].press(0, 10**6)
    events = btns.poll(100) + btns.poll(130) + btns.poll(2000)
    assert [k for _, k, _ in events] == [LONG]


def test_any_pressed_sees_level_and_pending_edges():
    clock, pins, btns = make()
    assert not btns.any_pressed()
    btns.edge(0, 0, 5)
    assert btns.any_pressed()
    btns.poll(6)
    pins[0].press(10, 20)
    clock.t = 15
    assert btns.any_pressed()


@pytest.mark.parametrize(
    "inputs, kw, message",
    [
        ([("a", lambda: 1), ("a", lambda: 1)], {}, "given twice"),
        ([("a", 5)], {}, "callable"),
        ([("a", lambda: 1)], {"debounce_ms": 50, "long_ms": 40}, "debounce_ms"),
    ],
)
def test_bad_construction_is_a_clear_value_error(inputs, kw, message):
    with pytest.raises(ValueError, match=message):
        Buttons(inputs, **kw)


@settings(max_examples=80, deadline=None)
@given(down=offsets, up=offsets, held=st.integers(min_value=DEBOUNCE + 15, max_value=LONG_MS - 30))
def test_the_first_release_edge_decides_a_short_press(down, up, held):
    """No debounce wait at the release: the event carries the release's first edge time,
    and with IRQ edges it is out at the poll that follows that edge."""
    clock, pins, btns = make(irq=True)
    pins[0].script = bouncy(50, 50 + held, down, up)
    events = simulate(clock, pins, btns, 50 + held, 1000)  # edges only, one late poll
    events += btns.poll(50 + held)
    assert events == [("b0", SHORT, 50 + held)]
    assert simulate(clock, pins, btns, 50 + held + 100, 1, start=51 + held) == []


@pytest.mark.parametrize("at", [k / 10 for k in range(0, 40)])
def test_resync_anywhere_in_a_press_bounce_gives_no_event_for_it(at):
    """resync() may sample the pin while the contact bounces and reads released: the rest of
    that bounce must not become a press (the press that woke the Pico)."""
    level = [0]
    btns = Buttons([("b0", lambda: level[0])], debounce_ms=DEBOUNCE, long_ms=LONG_MS)
    flips = (0.3, 0.7, 1.5, 2.6)  # ms after the first edge, ending pressed (low)
    script = [(0, 0)] + [(f, 1 - i % 2) for i, f in enumerate(flips)]
    script += [(80, 1), (80.4, 0), (81, 1)]  # released at 80, with bounce

    def level_at(t):
        return [lv for ct, lv in script if ct <= t][-1]

    level[0] = level_at(at)
    btns.resync(at)
    events = []
    for ct, lv in script:
        if ct > at:
            level[0] = lv
            btns.edge(0, lv, ct)
            events += btns.poll(ct)
    for t in range(82, 400, 7):
        events += btns.poll(t)
    assert events == []
    level[0] = 0  # the next press counts
    btns.edge(0, 0, 500)
    level[0] = 1
    btns.edge(0, 1, 560)
    assert btns.poll(560) == [("b0", SHORT, 560)]


@pytest.mark.parametrize("start", [(1 << 30) - 700, (1 << 30) - 30, (1 << 30) - 5])
def test_raw_ticks_across_the_wrap_give_the_same_presses(start):
    """Fed raw ticks_ms values (they wrap at 2**30) it works as on monotonic ms."""
    period = 1 << 30
    clock = FakeClock(start, wrap=period)
    pin = FakePin(clock)
    btns = Buttons([("b0", pin)], debounce_ms=DEBOUNCE, long_ms=LONG_MS)
    pin.press(start + 10, start + 90)  # short
    pin.press(start + 200, start + 1000)  # long
    events = []
    for t in range(start, start + 1200, 3):
        clock.t = t
        events += btns.poll(clock.ticks_ms())
    assert [k for _, k, _ in events] == [SHORT, LONG]
    assert events[0][2] == (start + 90) % period
