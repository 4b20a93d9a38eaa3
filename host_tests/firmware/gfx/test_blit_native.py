# The viper blit (the Pico's) draws the pixels of the plain Python loop (everywhere else).
# SPDX-License-Identifier: MIT
"""gfx.canvas compiles blit_masked's column loop with the native emitter where the runtime
has one (gfx/blit.py's VIPER), else gfx.blit.col; the MicroPython unix port has both, so it runs
both there and compares: random
sprites at random places (clipped at every edge, every shift) and every die face."""

import os
import subprocess

import pytest

from tools.emu import mp_run
from tools.paths import ROOT

MP = mp_run.micropython_binary()

SCRIPT = """
from array import array
from gfx import blit, canvas

def lcg(s):
    return (s * 1103515245 + 12345) & 0x7FFFFFFF

def run(native):
    canvas._native[0] = None if native else (blit.col, array("i", [0] * 8))
    out = []
    s = 7
    for case in range(400):
        buf = bytearray(1024)
        for i in range(1024):
            s = lcg(s)
            buf[i] = s >> 16 & 0xFF
        s = lcg(s)
        w = 1 + (s >> 8) % 20
        s = lcg(s)
        h = 1 + (s >> 8) % 20
        n = w * ((h + 7) >> 3)
        ink = bytearray(n)
        mask = bytearray(n)
        for i in range(n):
            s = lcg(s)
            ink[i] = s >> 16 & 0xFF
            s = lcg(s)
            mask[i] = s >> 8 & 0xFF
        s = lcg(s)
        x = (s >> 8) % 150 - 20
        s = lcg(s)
        y = (s >> 8) % 90 - 20
        cv = canvas.Canvas(buf, 128, 64 if case % 3 else 61)
        cv.blit_masked(bytes(ink), mask, x, y, w, h)
        out.append(bytes(buf))
    buf = bytearray(1024)
    cv = canvas.Canvas(buf, 128, 64)
    for v in range(7):
        for held in (False, True):
            for size in (7, 9, 15, 16):
                cv.dice_face(v * 18 - 2, (size * 3 + v) % 60 - 3, size, v, held)
    out.append(bytes(buf))
    return out, canvas._native[0][0] is not blit.col

plain, p = run(False)
fast, f = run(True)
print("native", bool(f), "plain", bool(p))
print("same", plain == fast, sum(1 for a, b in zip(plain, fast) if a != b))
"""


@pytest.mark.skipif(MP is None, reason="MicroPython unix port not installed here")
def test_the_viper_blit_equals_the_plain_loop_on_the_unix_port():
    env = dict(mp_run.mp_env(), MICROPYPATH=os.path.join(ROOT, "firmware"))
    res = subprocess.run([MP, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "native True plain False" in res.stdout  # both paths really ran
    assert "same True 0" in res.stdout, res.stdout


def test_cpython_has_no_viper_and_draws_with_the_plain_loop():
    from gfx import canvas

    cv = canvas.Canvas(bytearray(1024), 128, 64)
    cv.dice_face(10, 10, 15, 5)
    from gfx import blit

    assert canvas._native[0][0] is blit.col
