# Fake `time` module on the fake clock of mp_board/machine.py (shadows the built-in).
# SPDX-License-Identifier: MIT
import gc

import machine

HEAP = []  # gc.mem_free() at the first idle of the loop: the free heap after start-up


def ticks_ms():
    return machine.CLOCK.ticks_ms()


def ticks_diff(a, b):
    return machine.CLOCK.ticks_diff(a, b)


def sleep_ms(ms):
    if not HEAP:
        gc.collect()
        HEAP.append(gc.mem_free())
        print("HEAP_FREE_AFTER_START", HEAP[0])
    if machine.CLOCK.t > machine.LIMIT_MS:
        raise KeyboardInterrupt
    machine.FAKE.run_until(machine.CLOCK.t + ms)


def ticks_us():
    return machine.CLOCK.t * 1000


def sleep(s):
    sleep_ms(int(s * 1000))
