# The build moves the messages of raise statements into why.bin; the board raises the same text.
# SPDX-License-Identifier: MIT
import os
import subprocess
import sys
import textwrap
import types

import pytest

from tools.emu import mp_run
from tools.flash import flash, messages
from tools.paths import FIRMWARE

SOURCE = textwrap.dedent(
    '''\
    # a header comment
    """A docstring
    of two lines."""

    LIMIT = 3


    def check(n, name):
        if n > LIMIT:
            raise ValueError("n must be at most %d, got %r" % (LIMIT, n))
        if n < 0:
            raise ValueError("short")
        if name == "é":
            raise KeyError(
                "a name of one letter with an accent: "
                "%r (é)" % (name,)
            )
        if name == "f":
            raise TypeError(f"an f-string with {name} stays as it is")
        if n == 2:
            raise ValueError("n must be at most %d, got %r" % (2, n))
        return "a long string outside a raise"
    '''
)


def _raised(text, table, *args):
    """(type name, message) that check(*args) of module text raises, or its return value;
    `why` is a stand-in that reads `table`, as firmware/why.py reads why.bin."""
    fake = types.ModuleType("why")
    fake.text = lambda n: table[n]
    sys.modules["why"] = fake
    try:
        ns = {}
        exec(compile(text, "<t>", "exec"), ns)
        try:
            return ns["check"](*args)
        except Exception as e:  # noqa: BLE001 - the test compares whatever was raised
            return type(e).__name__, str(e)
    finally:
        del sys.modules["why"]


def test_each_long_message_of_a_raise_moves_and_the_module_raises_the_same_text():
    table = ["a message of another module, already in the table"]
    out, n = messages.extract(SOURCE, table, "t.py")
    assert n == 3  # the two "at most" raises and the accented one; not "short", not the f-string
    assert table[1:] == [
        "n must be at most %d, got %r",
        "a name of one letter with an accent: %r (é)",
    ]
    assert "n must be at most" not in out and "accent" not in out
    assert out.count("_E_(1)") == 2 and out.count("_E_(2)") == 1  # one entry for one text
    assert '"short"' in out and "f-string with {name}" in out and "outside a raise" in out
    lines = out.splitlines()
    assert lines[:4] == SOURCE.splitlines()[:3] + [messages.IMPORT.strip()]  # after the docstring
    for args in ((5, "x"), (-1, "x"), (1, "é"), (1, "f"), (2, "x"), (1, "x")):
        assert _raised(out, table, *args) == _raised(SOURCE, [], *args), args


def test_a_module_without_a_docstring_gets_the_import_first_and_one_without_messages_stays():
    text = 'def f():\n    raise ValueError("a message that is long")\n'
    out, n = messages.extract(text, [], "t.py")
    assert n == 1 and out.startswith(messages.IMPORT) and "_E_(0)" in out
    same = 'def f():\n    raise ValueError("short")\n'
    assert messages.extract(same, [], "t.py") == (same, 0)


def test_a_module_that_has_the_name_already_is_refused_by_name():
    text = '_E_ = 1\ndef f():\n    raise ValueError("a message that is long")\n'
    with pytest.raises(messages.MessageError, match="t.py: already has the name _E_"):
        messages.extract(text, [], "t.py")


def _why(path):
    """firmware/why.py as the board has it, `path` its file (why.bin beside it)."""
    ns = {"__file__": path, "__name__": "why"}
    with open(os.path.join(FIRMWARE, "why.py"), encoding="utf-8") as f:
        exec(compile(f.read(), "why.py", "exec"), ns)
    return ns["text"]


def test_why_reads_every_entry_back_and_names_a_missing_or_short_table(tmp_path):
    table = ["first %d", "Ääni ja näyttö: %s", "", "x" * 300]
    blob = messages.table_bytes(table)
    (tmp_path / "why.bin").write_bytes(blob)
    text = _why(str(tmp_path / "why.mpy"))
    assert [text(i) for i in range(len(table))] == table
    assert [messages.read(blob, i) for i in range(len(table))] == table
    assert text(4) == "message 4 of why.bin (not readable)"
    (tmp_path / "why.bin").write_bytes(blob[:3])
    assert text(0) == "message 0 of why.bin (not readable)"
    (tmp_path / "why.bin").unlink()
    assert text(1) == "message 1 of why.bin (not readable)"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("built") / "mpy")
    flash.build(out=out, quiet=True)
    return out


def _raise_messages():
    """Every long message of a raise in the compiled firmware modules (why.py aside)."""
    import ast

    found = set()
    for rel in flash.firmware_files():
        if not rel.endswith(".py") or flash.built_name(rel) == rel or rel == "why.py":
            continue
        with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                found |= {c.value for c in messages._messages(node.exc)}
    return found


def test_the_build_has_every_raised_message_in_why_bin_and_none_in_a_module(built):
    with open(os.path.join(built, messages.TABLE), "rb") as f:
        blob = f.read()
    table = [messages.read(blob, i) for i in range(int.from_bytes(blob[:2], "little"))]
    want = _raise_messages()
    assert len(want) > 100 and sorted(table) == sorted(want)
    for base, _dirs, files in os.walk(built):
        for name in files:
            if name.endswith(".mpy"):
                with open(os.path.join(base, name), "rb") as f:
                    data = f.read()
                left = [m for m in want if m.encode() in data]
                assert not left, (name, left)


def test_the_built_modules_raise_the_sources_messages_on_micropython(built):
    binary = mp_run.micropython_binary()
    if binary is None:
        pytest.skip("the MicroPython unix port is not installed (make venv)")
    script = textwrap.dedent(
        """\
        from yatzy import engine, rules
        for call in (lambda: engine.Game(players="Ann"), lambda: engine.Game(players=[]),
                     lambda: rules.get("nope"), lambda: engine.Game().undo()):
            try:
                call()
            except Exception as e:
                print(type(e).__name__, e)
        """
    )
    env = dict(os.environ, MICROPYPATH=built + ":.frozen")
    proc = subprocess.run([binary, "-c", script], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    from yatzy import engine, rules

    want = []
    for call in (
        lambda: engine.Game(players="Ann"),
        lambda: engine.Game(players=[]),
        lambda: rules.get("nope"),
        lambda: engine.Game().undo(),
    ):
        with pytest.raises(Exception) as info:
            call()
        want.append("%s %s" % (type(info.value).__name__, info.value))
    assert proc.stdout.splitlines() == want
    assert "why.bin" not in proc.stdout
