# Fake `time` module on the fake clock of mp_board/machine.py (shadows the built-in).
# SPDX-License-Identifier: MIT
import gc

import machine

HEAP = []  # gc.mem_free() at the main loop's first idle (the free heap after start-up)
LOW = [None, 0]  # lowest gc.mem_free() seen at an idle (sampled every 25 idles), idle count


def ticks_ms():
    return machine.CLOCK.ticks_ms()


def ticks_diff(a, b):
    return machine.CLOCK.ticks_diff(a, b)


def idle(ms):
    """The runner's idle wait begins (time.sleep_ms here, select.poll in mp_board/select.py):
    sample the heap, and stop the run past FAKE_LIMIT_MS."""
    if ms >= 5:  # the runner's idle wait (the panel reset before start-up sleeps 1 ms)
        LOW[1] += 1
        if not HEAP or LOW[1] % 25 == 0:
            gc.collect()
            free = gc.mem_free()
            if not HEAP:
                HEAP.append(free)
                print("HEAP_FREE_AFTER_START", free)
            if LOW[0] is None or free < LOW[0]:
                LOW[0] = free
    if machine.CLOCK.t > machine.LIMIT_MS:
        raise KeyboardInterrupt


def sleep_ms(ms):
    idle(ms)
    machine.FAKE.run_until(machine.CLOCK.t + ms)


def ticks_us():
    return machine.CLOCK.t * 1000


def sleep(s):
    sleep_ms(int(s * 1000))
