# The button IRQ path, the frame pusher and the app's damage record allocate nothing: run
# with the heap locked.
# SPDX-License-Identifier: MIT
"""MicroPython's micropython.heap_lock() makes any allocation fail, as inside a hard IRQ on
the Pico; the checks live in host_tests/support/mp_alloc_free.py and run on the unix port.
Each is also shown to fail when the path allocates (a planted allocation)."""

import os
import subprocess

import pytest

from tools.emu.mp_run import micropython_binary
from tools.paths import ROOT

MP = micropython_binary()
pytestmark = pytest.mark.skipif(MP is None, reason="MicroPython unix port not installed here")


def run(code):
    paths = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tests"), ".frozen"]
    env = dict(os.environ, MICROPYPATH=":".join(paths))
    return subprocess.run([MP, "-c", code], env=env, capture_output=True, text=True, timeout=60)


def test_the_button_irq_path_the_frame_pusher_and_marking_damage_allocate_nothing():
    res = run("from support import mp_alloc_free as s\ns.run_all()\n")
    assert res.returncode == 0, res.stdout + res.stderr
    done = [line for line in res.stdout.splitlines() if line.startswith("ok ")]
    assert done == ["ok irq", "ok pusher", "ok damage"]


def test_an_allocation_in_the_irq_path_is_caught():
    # Buttons.edge made to allocate (a list per edge): the check must fail
    res = run(
        "from pico import buttons\n"
        "_edge = buttons.Buttons.edge\n"
        "def edge(self, i, level, t):\n"
        "    [i, level]\n"
        "    _edge(self, i, level, t)\n"
        "buttons.Buttons.edge = edge\n"
        "from support import mp_alloc_free as s\n"
        "s.irq()\n"
    )
    assert res.returncode != 0
    assert "edges reached the ring: the IRQ path allocated" in res.stdout + res.stderr


def test_an_allocation_in_the_pusher_is_caught():
    res = run(
        "from gfx import pusher\n"
        "_send = pusher.FramePusher.send\n"
        "def send(self, n):\n"
        "    [n]\n"
        "    return _send(self, n)\n"
        "pusher.FramePusher.send = send\n"
        "from support import mp_alloc_free as s\n"
        "s.pusher()\n"
    )
    assert res.returncode != 0
    assert "MemoryError" in res.stdout + res.stderr


def test_an_allocation_in_marking_damage_is_caught():
    res = run(
        "from ui import widgets\n"
        "_mark = widgets.Damage.mark\n"
        "def mark(self, part=None):\n"
        "    [part]\n"
        "    _mark(self, part)\n"
        "widgets.Damage.mark = mark\n"
        "from support import mp_alloc_free as s\n"
        "s.damage()\n"
    )
    assert res.returncode != 0
    assert "MemoryError" in res.stdout + res.stderr
