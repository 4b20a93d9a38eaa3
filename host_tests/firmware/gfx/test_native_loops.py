# The viper byte loops (the Pico's) give the results of the plain Python loops (everywhere else).
# SPDX-License-Identifier: MIT
"""gfx.native compiles the canvas's fill and text loops and the pusher's changed-byte search
with the native emitter where the runtime has one; the MicroPython unix port has it, so both run
there and are compared: random rectangles and strings (ASCII, Latin-1, symbols, a
character without a glyph) in every colour, clipped at every edge, at every page offset,
and every window the pusher plans between random frames."""

import os
import subprocess

import pytest

from tools.emu import mp_run
from tools.paths import ROOT

MP = mp_run.micropython_binary()

SCRIPT = """
from gfx import canvas, native
from gfx.font import SMALL
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

PLAIN = native.loops(False)
FAST = native.loops(True)
print("native", FAST[0] is not PLAIN[0] and FAST[2] is not PLAIN[2])

def both(draw):
    # draw(canvas) with the plain loops into one buffer, the compiled ones into another
    out = []
    for loops, buf in ((PLAIN, bufs[0]), (FAST, bufs[1])):
        canvas._fill[0] = loops[0]
        canvas._text[0] = loops[2]
        canvas._text[1] = PLAIN[2]
        out.append(draw(buf))
    return out[0] == out[1] and bufs[0] == bufs[1]

bufs = [bytearray(1024), bytearray(1024)]
bad = 0
s = 11
for case in range(600):
    vals = []
    for _ in range(5):
        s = lcg(s)
        vals.append(s >> 8)
    x, y = vals[0] % 150 - 10, vals[1] % 80 - 8
    w, h = vals[2] % 70, vals[3] % 30
    bad += not both(lambda buf: canvas.Canvas(buf, 128, 64).fill_rect(x, y, w, h, vals[4] % 3))
chars = "AZ az09+-:%?" + chr(0xC4) + chr(0xE5) + chr(0xD6) + chr(0x2603) + chr(1) + chr(0x18)
for case in range(1500):
    vals = []
    for _ in range(6):
        s = lcg(s)
        vals.append(s >> 8)
    x, y = vals[0] % 170 - 30, vals[1] % 80 - 12
    word = "".join(chars[(vals[2] >> (3 * k)) % len(chars)] for k in range(1 + vals[3] % 9))
    h = 64 if case % 4 else 59
    font = canvas.MEDIUM if case % 3 == 0 else SMALL
    c = vals[4] % 3
    bad += not both(lambda buf: canvas.Canvas(buf, 128, h).text(x, y, word, font, c))
plans = []
for loops in (PLAIN, FAST):
    d = Panel()
    p = FramePusher(d)
    p._same = loops[1]
    p.push()
    s = 5
    got = []
    for case in range(200):
        for _ in range(1 + case % 40):
            s = lcg(s)
            d.buffer[(s >> 8) % 1024] ^= 1 << ((s >> 4) & 7)
        n = p.plan()
        got.append([p.window(r) for r in range(n)] if n > 0 else n)
        if n > 0:
            p.send(n)
    plans.append(got)
print("bad", bad, "plans", plans[0] == plans[1])
"""


@pytest.mark.skipif(MP is None, reason="MicroPython unix port not installed here")
def test_the_viper_loops_equal_the_plain_loops_on_the_unix_port():
    env = dict(mp_run.mp_env(), MICROPYPATH=os.path.join(ROOT, "firmware"))
    res = subprocess.run([MP, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "native True" in res.stdout  # both paths really ran
    assert "bad 0 plans True" in res.stdout, res.stdout


def test_cpython_has_no_viper_and_runs_the_plain_loops():
    from gfx import native

    assert native.loops() == (native._fill, native._same, native._text)
