# runner.Parts: what the loop keeps of the Board, with pico/board.py gone from the heap.
# SPDX-License-Identifier: MIT
import sys

from support.hw_fakes import FakeClock, FakeMachine, FakeSelect, FakeTime


def _parts(scripts=None):
    from pico import board, runner

    clock = FakeClock()
    machine = FakeMachine(clock, scripts=scripts)
    b = board.Board(machine=machine, time=FakeTime(clock, machine), select=FakeSelect(machine))
    return runner.Parts(b), machine, clock


def test_the_board_builder_leaves_the_heap_and_the_loop_keeps_working_parts():
    from pico import board

    roll = board.gpio("ROLL")
    parts, machine, clock = _parts({roll: [(50, 0), (80, 1)]})  # ROLL down at 50 ms
    assert "pico.board" not in sys.modules
    assert [n for n, _ in parts.pins] == list(board.BUTTONS)
    edges = []
    parts.on_edge = lambda i, level: edges.append((clock.t, i, level))
    parts.idle(1000)  # the first edge ends the wait
    assert clock.t == 50 and edges == [(50, board.BUTTONS.index("roll"), 0)]
    parts.idle(1000)
    assert clock.t == 80 and edges[-1] == (80, board.BUTTONS.index("roll"), 1)
    parts.idle(100)  # no edge: the whole wait
    assert clock.t == 180
    assert parts.ticks_ms() == 180 and parts.ticks_diff(5, 7) == -2
    assert parts.wdt is not None and parts.hold1 is False and parts.khz_default == 400
    parts.reset()
    assert machine.resets == 1


def test_reclocking_the_bus_and_stopping_the_watchdog_load_the_builder_again():
    parts, machine, _ = _parts()
    bus = parts.set_i2c_khz(1000)
    assert bus.freq == 1000000 and [p.name for p in bus.pins] == [4, 5]
    assert parts.stop_watchdog() is False  # the fake machine has no mem32
    import heap

    assert "pico.board" in heap.GROUPS["menus"]  # dropped with the menus once loaded again
    heap.drop("board")
    assert "pico.board" not in sys.modules
