# The viper byte loops (the Pico's) give the results of the plain Python loops (everywhere else).
# SPDX-License-Identifier: MIT
"""gfx.native compiles the canvas's fill loop and the pusher's changed-byte search with the
native emitter where the runtime has one; the MicroPython unix port has it, so both run
there and are compared: random rectangles in every colour (clipped at every edge, every
page offset) and every window the pusher plans between random frames."""

import os
import subprocess

import pytest

from tools.emu import mp_run
from tools.paths import ROOT

MP = mp_run.micropython_binary()

SCRIPT = """
from gfx import canvas, native
from gfx.pusher import FramePusher

def lcg(s):
    return (s * 1103515245 + 12345) & 0x7FFFFFFF

class Panel:
    width = 128
    height = 64
    def __init__(self):
        self.buffer = bytearray(1024)
    def show(self):
        pass
    def show_window(self, *a):
        pass

def run(nat):
    fill, same = native.loops(nat)
    canvas._fill[0] = fill
    out = []
    s = 11
    buf = bytearray(1024)
    cv = canvas.Canvas(buf, 128, 64)
    for case in range(600):
        vals = []
        for _ in range(5):
            s = lcg(s)
            vals.append(s >> 8)
        x, y = vals[0] % 150 - 10, vals[1] % 80 - 8
        w, h = vals[2] % 70, vals[3] % 30
        cv.fill_rect(x, y, w, h, vals[4] % 3)
        out.append(bytes(buf))
    d = Panel()
    p = FramePusher(d)
    p._same = same
    p.push()
    for case in range(200):
        for _ in range(1 + case % 40):
            s = lcg(s)
            d.buffer[(s >> 8) % 1024] ^= 1 << ((s >> 4) & 7)
        n = p.plan()
        out.append([p.window(r) for r in range(n)] if n > 0 else n)
        if n > 0:
            p.send(n)
    return out, fill is not native._fill

plain, p = run(False)
fast, f = run(True)
print("native", f, "plain", p)
print("same", plain == fast, sum(1 for a, b in zip(plain, fast) if a != b))
"""


@pytest.mark.skipif(MP is None, reason="MicroPython unix port not installed here")
def test_the_viper_loops_equal_the_plain_loops_on_the_unix_port():
    env = dict(mp_run.mp_env(), MICROPYPATH=os.path.join(ROOT, "firmware"))
    res = subprocess.run([MP, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "native True plain False" in res.stdout  # both paths really ran
    assert "same True 0" in res.stdout, res.stdout


def test_cpython_has_no_viper_and_runs_the_plain_loops():
    from gfx import native

    assert native.loops() == (native._fill, native._same)
