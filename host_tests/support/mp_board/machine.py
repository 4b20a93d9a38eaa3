# Fake `machine` module for booting the flashed main.py on the unix port (shadows the built-in).
# SPDX-License-Identifier: MIT
#
# Button presses come from the environment: FAKE_PRESSES='[[gpio, t0_ms, t1_ms], ...]'.
# When the app sleeps and no scripted press is left, lightsleep raises KeyboardInterrupt:
# the same way Ctrl-C from mpremote ends the loop on a real board.
import json
import os

from support.hw_fakes import FakeClock, FakeMachine

CLOCK = FakeClock(0, 1 << 30)
_scripts = {}
for _g, _t0, _t1 in json.loads(os.getenv("FAKE_PRESSES") or "[]"):
    _scripts.setdefault(_g, []).extend([(_t0, 0), (_t1, 1)])
for _s in _scripts.values():
    _s.sort()
LIMIT_MS = int(os.getenv("FAKE_LIMIT_MS") or "36000000")
FAKE = FakeMachine(CLOCK, _scripts, record_i2c=False)
Pin = FAKE.Pin
I2C = FAKE.I2C
WDT = FAKE.WDT


class _Tail:
    """The last entries of a fake's log: a whole game booted on a small heap must not grow
    a list of every buzzer change (that would measure the fake, not the firmware)."""

    def __init__(self, n=8):
        self.items = []
        self.n = n

    def append(self, item):
        if len(self.items) >= self.n:
            self.items.pop(0)
        self.items.append(item)


def PWM(pin):  # noqa: N802 (machine.PWM)
    p = FAKE.PWM(pin)
    p.log = _Tail()
    return p


def pending():
    return [t for s in _scripts.values() for t, _ in s if t > CLOCK.t]


def lightsleep(ms):
    if not pending():
        raise KeyboardInterrupt
    FAKE.lightsleep(ms)


def reset():
    FAKE.reset()
    raise SystemExit("machine.reset()")
