# The build's files change only by renames: a reader or a second build never sees half a file.
# SPDX-License-Identifier: MIT
"""`make test` runs on two workers, and several tests build build/mpy and build/romfs.img
(tools.flash, the emulated Pico, the web page, `make flash`): a build must leave an
unchanged file alone and put a changed one in place by a rename, never write it in place."""

import os
import shutil

import pytest

from tools.flash import flash


@pytest.fixture()
def built(firmware_build):
    return firmware_build  # read only: the tests build again into copies of it


def stats(base):
    out = {}
    for d, _dirs, files in os.walk(base):
        for name in files:
            st = os.stat(os.path.join(d, name))
            out[os.path.relpath(os.path.join(d, name), base)] = (st.st_ino, st.st_mtime_ns)
    return out


def test_a_build_again_rewrites_nothing_and_replaces_what_changed(built, tmp_path):
    out = str(tmp_path / "mpy")
    shutil.copytree(built, out)
    first = stats(out)
    assert "main.py" in first and "yatzy/engine.mpy" in first
    flash.build(out=out, quiet=True)
    assert stats(out) == first  # the same files, not one written again
    engine = os.path.join(out, "yatzy", "engine.mpy")
    good = open(engine, "rb").read()
    with open(engine, "wb") as f:
        f.write(b"damaged")
    damaged = os.stat(engine).st_ino
    with open(os.path.join(out, "stale.mpy"), "wb") as f:
        f.write(b"its source is gone")
    flash.build(out=out, quiet=True)
    assert open(engine, "rb").read() == good
    assert os.stat(engine).st_ino != damaged  # a new file renamed over the old one
    now = stats(out)
    assert sorted(now) == sorted(first)  # the stale output is gone
    assert {k: v for k, v in now.items() if k != "yatzy/engine.mpy"} == {
        k: v for k, v in first.items() if k != "yatzy/engine.mpy"
    }
    assert sorted(os.listdir(tmp_path)) == ["mpy"]  # no work folder left beside it


def test_the_romfs_image_is_renamed_into_place(built, tmp_path):
    img = str(tmp_path / "romfs.img")
    size = flash.romfs_image(build_dir=built, out=img, quiet=True)
    assert os.path.getsize(img) == size
    before = os.stat(img)
    flash.romfs_image(build_dir=built, out=img, quiet=True)
    assert (os.stat(img).st_ino, os.stat(img).st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    with open(img, "r+b") as f:
        f.write(b"\0")
    flash.romfs_image(build_dir=built, out=img, quiet=True)
    assert os.stat(img).st_ino != before.st_ino and os.path.getsize(img) == size
    assert sorted(os.listdir(tmp_path)) == ["romfs.img"]


def test_the_shared_build_is_keyed_by_every_file_of_the_tree(tmp_path, monkeypatch):
    """flash.cached_build's folder name: the same tree gives the same key, and any change of
    a file's bytes, a new file or MPY_OPT gives another (so a stale build is never shared)."""
    src = tmp_path / "fw"
    shutil.copytree(flash.FIRMWARE, src, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setenv("MPY_OPT", "3")
    key = flash.source_key(str(src))
    assert flash.source_key(str(src)) == key == flash.source_key()
    help_py = src / "ui" / "help.py"
    text = help_py.read_bytes()
    help_py.write_bytes(text + b"\n")
    assert flash.source_key(str(src)) != key
    help_py.write_bytes(text)
    assert flash.source_key(str(src)) == key
    (src / "yatzy" / "new.py").write_bytes(b"")
    assert flash.source_key(str(src)) != key
    os.remove(src / "yatzy" / "new.py")
    monkeypatch.setenv("MPY_OPT", "2")
    assert flash.source_key(str(src)) != key
