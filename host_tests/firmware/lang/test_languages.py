# The languages' data: the same ids everywhere, the sheets' box names, the loader's heap rules.
# SPDX-License-Identifier: MIT

import importlib
import os
import re
import sys

import heap
import lang
import pytest
import settings
from yatzy import rules

from tools.paths import ROOT

CODES = lang.CODES
OTHERS = [c for c in CODES if c != "en"]


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
@pytest.mark.parametrize("table", ["BOXES", "TEXT", "MENU", "HELP"])
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


def test_the_play_words_and_the_menu_words_do_not_share_an_id():
    en = module("en")
    assert not set(en.TEXT) & set(en.MENU)


def test_every_text_is_drawn_in_capitals():
    """The screens draw what the module holds (MicroPython's upper() is ASCII only)."""
    for code in CODES:
        m = module(code)
        texts = list(m.TEXT.values()) + list(m.MENU.values())
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


# ---- the loader ---------------------------------------------------------------------------
def test_settings_offer_every_language_and_the_heap_group_names_every_module():
    assert settings.choices("lang") == CODES
    assert settings.DEFAULTS["lang"] == lang.DEFAULT
    assert len(lang.NAMES) == len(CODES) == len(set(lang.NAMES))
    assert heap.GROUPS["lang"] == tuple("lang." + c for c in CODES)
    assert set(heap.GROUPS["lang"]) <= set(heap.GROUPS["menus"])


def test_only_the_chosen_language_is_kept_and_a_change_refills_in_place():
    before = lang.current()
    T, B = lang.T, lang.B
    try:
        for code in CODES:
            lang.use(code)
            m = module(code)  # imported again here, to compare
            for name in ["lang." + c for c in CODES]:
                sys.modules.pop(name, None)
            assert lang.current() == code and lang.T is T and lang.B is B
            shorts = {k: v[0] for k, v in m.BOXES.items()}
            assert T == dict(m.TEXT, **m.MENU) and B == shorts
            lang.words(False)
            assert T == m.TEXT and B == shorts
            lang.words(True)
            assert T == dict(m.TEXT, **m.MENU)
            assert not [c for c in CODES if "lang." + c in sys.modules]
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
