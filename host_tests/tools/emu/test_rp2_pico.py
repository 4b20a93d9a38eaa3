# The real firmware on MicroPython's rp2 port in the emulated Pico: flash, play, save, cut, sleep.
# SPDX-License-Identifier: MIT
"""A short slice (about a minute on 2 cores): everything here runs in emulated time, so the
assertions never depend on the host's speed. Skips with a message naming where to get the
UF2 and the boot ROM when they are missing (RP2_UF2 / RP2_BOOTROM, default ../shared/rp2/)."""

import os
import subprocess
import sys

import pytest

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

UF2, BOOTROM, WHY = rp2.find_firmware()
pytestmark = pytest.mark.skipif(WHY is not None, reason="emulated Pico: %s" % WHY)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SEED = 9  # its two turns below score boxes worth points (no zero question)
# title -> NEW GAME; PLAYERS 2 -> 1; START GAME; then one whole turn: roll, hold die 1, roll,
# roll, the card opens on the best box, score it (the game saves)
SETUP = "r 2 3 L2 r"
TURN = "r 1 r r r r"


def files_of(folder):
    return rp2.folder_files(str(folder))


def pico_with(files, **kw):
    return rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(files), **kw)


def frame(pico):
    return bytes(pico.screen.snapshot())


@pytest.fixture(scope="module")
def turn(tmp_path_factory):
    """One Pico played from power-up through SETUP and TURN with the dice seeded, then reset;
    what the tests below look at (the flash image after the turn, frames, flash ops)."""
    presses = play.keys(SETUP + " " + TURN)
    files = play.firmware_files(seed=SEED)
    out = {"presses": presses, "files": files}
    with pico_with(files) as pico:
        play.boot_app(pico)
        play.settle(pico)
        frames = [frame(pico)]
        measured = []
        for button, kind in presses:
            measured.append(play.press(pico, button, kind))
            frames.append(frame(pico))
        out["frames"], out["measured"] = frames, measured
        out["image"] = pico.flash()
        pico.reset()
        play.boot_app(pico)
        play.settle(pico)
        out["title_after_reset"] = frame(pico)
        out["files_after_reset"] = pico.files()
    sim_dir = tmp_path_factory.mktemp("cpython")
    out["cpython"] = play.cpython_frames(presses, sim_dir, SEED)
    out["cpython_files"] = files_of(sim_dir)
    return out


def test_make_flash_over_mpremote_then_power_up_starts_the_game(tmp_path):
    # a blank Pico (MicroPython formats its filesystem at first boot), flashed the way a
    # maker does it: `make flash PORT=...` with the real mpremote over the USB CDC bridge
    with rp2.Pico(UF2, BOOTROM) as pico:
        pico.run_ms(1500)  # first boot: MicroPython formats the blank filesystem
        with pico.free_running():
            result = subprocess.run(
                ["make", "-s", "--no-print-directory", "flash"]
                + ["PORT=socket://127.0.0.1:%d" % pico.cdc_port],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=240,
            )
        assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
        assert "flashed" in result.stdout
        # mpremote's closing `reset` is machine.reset(): a watchdog reboot into the game
        assert pico.resets and pico.resets[-1][2] == "watchdog"
        play.boot_app(pico)
        play.settle(pico)
        on_flash = pico.files()
        # the first start asks for the language: Roll takes the first, English
        ask = frame(pico)
        play.press(pico, "roll", "short")
        play.settle(pico)
        title = frame(pico)
    build = rp2.folder_files(play.build())
    assert {name: on_flash.get(name) for name in build} == build
    assert ask != title and "settings.dat" not in on_flash
    assert title == play.cpython_frames([], tmp_path, SEED)[0]


def test_one_whole_turn_through_the_buttons_is_pixel_identical_to_cpython(turn):
    assert len(turn["frames"]) == len(turn["cpython"]) == len(turn["presses"]) + 1
    for i, (pico_frame, sim_frame) in enumerate(zip(turn["frames"], turn["cpython"])):
        step = "power-up" if i == 0 else "press %d %s" % (i, turn["presses"][i - 1])
        assert pico_frame == bytes(sim_frame), "frames differ after %s" % step
    # every press reached the panel (none was lost to bounce or debounce)
    assert all(m.writes for m in turn["measured"])


def test_the_save_survives_a_reset(turn, tmp_path):
    saved = turn["files_after_reset"]
    assert saved.get("game.dat"), sorted(saved)
    # the Pico saved what CPython saved after the same presses with the same dice
    assert saved["game.dat"] == turn["cpython_files"]["game.dat"]
    # and after the reset the title offers to continue it, drawn as CPython draws that title
    for name, data in saved.items():
        if name.endswith(".dat"):
            (tmp_path / name).write_bytes(data)
    assert turn["title_after_reset"] == play.cpython_frames([], tmp_path, SEED)[0]
    assert turn["title_after_reset"] != turn["frames"][0]  # (not the fresh title)


def _continue_files(turn):
    """The build, the seed and the .dat files the Pico had after the first turn."""
    files = dict(turn["files"])
    files.update({k: v for k, v in turn["files_after_reset"].items() if k.endswith(".dat")})
    return files


SECOND = play.keys("r " + TURN)  # CONTINUE, then the second turn (its rolls and its box)
ROLL_PRESS = 3  # SECOND's second roll: holding die 1, it re-rolls the other four


BOX_PRESS = len(SECOND) - 1  # the scoring press


def _play_second_turn(turn, cut=None, at=BOX_PRESS):
    """From the first turn's save: CONTINUE, then the next turn; ``cut`` = ("flash", n),
    ("cycle", c) or ("torn", n, done, seed) cuts the power during press ``at`` of SECOND
    (the box, unless told). A dict: "saves" (game.dat after each press that ran), "files"
    after the last one, "ops" (the flash ops of press ``at``), "resets", "text" (the
    REPL's); with a torn cut also "before" and "after", the filesystem region's bytes before
    the press and right after the cut."""
    with pico_with(_continue_files(turn)) as pico:
        play.boot_app(pico)
        play.settle(pico)
        saves = []
        for button, kind in SECOND[:at]:
            play.press(pico, button, kind)
            saves.append(pico.files().get("game.dat"))
        n0 = len(pico.flash_ops)
        extra = {}
        if cut is not None and cut[0] == "flash":
            pico.cut_after_flash_ops(cut[1])
        elif cut is not None and cut[0] == "torn":
            extra["before"] = pico.flash()
            pico.cut_torn(*cut[1:])
        elif cut is not None:
            pico.cut_at_cycle(cut[1])
        resets = len(pico.resets)
        button, kind = SECOND[at]
        pico.press(button, play.LONG_MS if kind == "long" else play.SHORT_MS)
        for _ in range(100):  # until the cut (or 2 s after the press when there is none)
            pico.run_ms(20)
            if len(pico.resets) > resets:
                break
        pico.run_ms(0 if cut is not None else 2000)
        ops = pico.flash_ops[n0:]
        if "before" in extra:
            extra["after"] = pico.flash()
        files = pico.files()  # littlefs-python mounts it, or raises on a broken filesystem
        saves.append(files.get("game.dat"))
        if cut is not None:
            play.boot_app(pico)  # and the firmware boots from it
            play.settle(pico)
        return {
            "saves": saves,
            "files": files,
            "ops": ops,
            "resets": list(pico.resets),
            "text": pico.text(),
            **extra,
        }


@pytest.fixture(scope="module")
def second_turn(turn, tmp_path_factory):
    out = _play_second_turn(turn)
    sim_dir = tmp_path_factory.mktemp("cpython2")
    for name, data in turn["files_after_reset"].items():
        if name.endswith(".dat"):
            (sim_dir / name).write_bytes(data)
    play.cpython_frames(SECOND, sim_dir, SEED)
    out["cpython_files"] = files_of(sim_dir)
    return out


@pytest.fixture(scope="module")
def second_turn_to_the_roll(turn):
    """The second turn up to its re-roll (ROLL_PRESS), no cut: what the roll's cuts compare
    with (played once for all of them)."""
    return _play_second_turn(turn, None, ROLL_PRESS)


def _game(data):
    import tempfile

    from save.records import SavedGame
    from save.storage import FileStorage

    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "game.dat"), "wb") as f:
            f.write(data)
        game, _meta, msg = SavedGame.load_game(FileStorage(d))
    assert msg is None and game is not None, msg
    return game


def test_the_second_turn_saves_what_cpython_saves(turn, second_turn):
    assert second_turn["files"]["game.dat"] == second_turn["cpython_files"]["game.dat"]
    assert second_turn["files"]["game.dat"] != turn["files_after_reset"]["game.dat"]
    assert len(second_turn["ops"]) >= 2  # the save is more than one flash operation


def test_every_roll_is_saved_with_its_dice(second_turn):
    """After each roll of the turn the flash holds a game with that roll's dice (so a cut
    resumes them); holding a die writes nothing."""
    saves = second_turn["saves"]
    for i, (button, _kind) in enumerate(SECOND):
        if i == 0 or button != "roll" or i == len(SECOND) - 1:
            continue  # CONTINUE, a hold, or the box
        before, after = _game(saves[i - 1]), _game(saves[i])
        if before.rolls_left() == 0:
            assert saves[i] == saves[i - 1]  # no roll left: Roll opens the card
        else:
            assert after.rolls_used == before.rolls_used + 1 and after.dice
    hold = [i for i, (button, _k) in enumerate(SECOND) if button == "hold1"][0]
    assert saves[hold] == saves[hold - 1]


@pytest.mark.parametrize(
    "press, where",
    [
        ("box", "first flash op"),
        ("box", "middle flash op"),
        ("box", "between two ops"),
        ("roll", "first flash op"),
        ("roll", "middle flash op"),
        ("box", "torn middle op"),
        ("roll", "torn first op"),
    ],
)
def test_a_power_cut_during_a_save_leaves_a_readable_game(
    turn, second_turn, press, where, request
):
    """A cut at any point of a save (the box's, or a roll's) leaves the previous game or the
    new one on the flash, and the firmware boots from it: never a torn file, never a fresh
    roll of dice already on the panel."""
    at = BOX_PRESS if press == "box" else ROLL_PRESS
    ref = second_turn if press == "box" else request.getfixturevalue("second_turn_to_the_roll")
    ops = ref["ops"]
    assert len(ops) >= 2, ops  # the press saves
    mid = len(ops) // 2
    if where == "first flash op":
        cut = ("flash", 1)
    elif where == "middle flash op":
        cut = ("flash", mid)
    elif where == "torn first op":
        cut = ("torn", 1, 0.5, 12345)
    elif where == "torn middle op":
        cut = ("torn", mid, 0.3, 777)
    else:  # a CPU cycle halfway between two flash operations (the run is deterministic)
        cut = ("cycle", (ops[mid - 1][1] + ops[mid][1]) // 2)
    out = _play_second_turn(turn, cut, at)
    assert out["resets"] and out["resets"][-1][2] == "cut", out["resets"]
    if cut[0] == "torn":  # the operation the power went in is left part done
        _t, _c, kind, addr, length = out["ops"][-1]
        assert kind.endswith(" torn") and len(out["ops"]) == cut[1], out["ops"]
        lo = addr - rp2.FS_OFFSET
        a = out["before"][lo : lo + length]
        b = out["after"][lo : lo + length]
        if kind.startswith("erase"):  # bits only rise, and not all of them
            assert all(x | y == y for x, y in zip(a, b)) and b != b"\xff" * length
        else:  # bits only fall
            assert all(x & y == y for x, y in zip(a, b))
        assert a != b
    old, new = ref["saves"][at - 1], ref["saves"][at]
    assert old != new
    now = out["files"].get("game.dat")
    # never torn: the previous save, or the whole new one, and it decodes
    assert now in (old, new)
    game = _game(now)
    if now == new and press == "roll":
        assert game.dice == _game(new).dice and game.dice
    if where == "first flash op":
        assert now == old
    assert "Traceback" not in out["text"]


def test_a_watchdog_reset_recovers_the_same_game(turn):
    with pico_with(_continue_files(turn)) as pico:
        play.boot_app(pico)
        play.settle(pico)
        play.press(pico, "roll")  # CONTINUE
        in_game = frame(pico)
        # Ctrl-C stops the app (and its watchdog); a short watchdog that nobody feeds
        pico.send(b"\r\x03\x03")
        assert pico.run_until_text(">>> ", 5000)
        pico.send(b"import machine\rw = machine.WDT(timeout=300)\rwhile True: pass\r\r")
        pico.run_ms(2000)
        assert pico.resets and pico.resets[-1][2] == "watchdog"
        play.boot_app(pico)
        play.settle(pico)
        play.press(pico, "roll")
        assert frame(pico) == in_game


def test_lightsleep_and_a_button_wakes_it_to_the_same_screen():
    from save.records import Settings

    class Mem:
        def __init__(self):
            self.files = {}

        def write(self, name, data):
            self.files[name] = bytes(data)

    mem = Mem()
    Settings.save(mem, {"sleep_s": 30, "lang": "en"})  # the shortest sleep the menu offers
    with pico_with(play.firmware_files(seed=SEED, extra=mem.files)) as pico:
        play.boot_app(pico)
        play.press(pico, "roll")  # NEW GAME: the setup screen
        before = frame(pico)
        pico.run_ms(31000)
        assert not pico.screen.display_on  # the panel is off: asleep
        c0, t0 = pico.cycles, pico.t
        pico.run_ms(4000)
        busy = (pico.cycles - c0) / ((pico.t - t0) / rp2.NS_PER_MS * rp2.CYCLES_PER_MS)
        assert busy < 0.001  # the CPU sleeps between naps (a busy wait would be 1.0)
        pico.press("hold1")
        pico.run_ms(1000)
        assert pico.screen.display_on
        assert frame(pico) == before
        assert "Traceback" not in pico.text()


def test_safe_mode_when_roll_is_held_at_power_up_and_absent_i2c_addresses_nack():
    with pico_with(play.firmware_files()) as pico:
        pico.hold("roll")
        assert pico.run_until_text("safe mode", 5000)
        pico.hold("roll", down=False)
        pico.run_ms(200)
        assert not pico.oled_writes()  # the app (and its display) never started
        out = pico.repl_exec(
            "from machine import I2C, Pin\n"
            "i2c = I2C(0, sda=Pin(4), scl=Pin(5), freq=400000)\n"
            "try:\n i2c.writeto(0x3D, b'\\x00')\nexcept OSError as e:\n print('nack', e.errno)\n"
            "print('ack', i2c.writeto(0x3C, b'\\x00\\xae'))\n"
        )
    assert "nack 5" in out  # EIO, as on a real Pico
    assert "ack 2" in out  # and the bus still works after the NACK
    assert [tx.addr for tx in pico.i2c if not tx.ack] == [0x3D]


def test_the_sim_front_end_runs_the_rp2_runtime(tmp_path):
    env = dict(os.environ)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.sim",
            "--runtime",
            "rp2",
            "--seed",
            "7",
            "--keys",
            "r",
            "--temp",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "x real time" in result.stdout
