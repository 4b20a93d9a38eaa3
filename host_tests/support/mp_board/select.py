# Fake `select` on the fake clock of mp_board/machine.py (shadows the built-in): the idle wait.
# SPDX-License-Identifier: MIT
"""pico.board.Board.wait_ms blocks in select.poll until a button edge or the timeout; here
that runs the fake clock to the next scripted pin change (see support.hw_fakes.FakeSelect)."""

import time

import machine
from support.hw_fakes import FakeSelect

POLLIN = FakeSelect.POLLIN
_FAKE = FakeSelect(machine.FAKE)
_FAKE.polls = None  # no log of every wait: a whole game runs on a small heap here


class _Poller:
    def __init__(self):
        self._poller = _FAKE.poll()

    def register(self, stream, mask=POLLIN):
        self._poller.register(stream, mask)

    def poll(self, ms):
        time.idle(ms)
        return self._poller.poll(ms)


def poll():
    return _Poller()
