# The language cost bench's baseline: a lang/ with no words that the game still runs on.
# SPDX-License-Identifier: MIT
import importlib
import re
import types

import lang

from tools.bench import lang_cost

FIELD = re.compile(r"%[-+ 0#]*\d*(?:\.\d+)?[a-zA-Z%]")


def baseline():
    ns = {}
    exec(compile(lang_cost.no_words_source(), "lang_none", "exec"), ns)
    return ns


def test_the_baseline_offers_everything_the_loader_does():
    ns = baseline()
    public = [
        n
        for n in dir(lang)
        if not n.startswith("_") and not isinstance(getattr(lang, n), types.ModuleType)
    ]
    assert [n for n in public if n not in ns] == []
    assert ns["CODES"] == lang.CODES and ns["NAMES"] == lang.NAMES


def test_every_message_is_its_id_or_its_fields():
    """No word of any language; a message with % fields keeps them, so a screen formats it."""
    ns = baseline()
    en = importlib.import_module("lang.en")
    T = ns["T"]
    for table in (en.TEXT, en.MENU):
        for k, v in table.items():
            f = FIELD.findall(v)
            assert T[k] == (" ".join(f) if f else k) and k in T and T.get(k) == T[k], k
            if f:
                T[k] % tuple(1 if x[-1] == "d" else "S" for x in f if x != "%%")
    assert ns["box"]("full_house") == "full_house"
    ns["use"]("sv")
    assert ns["current"]() == "en"
