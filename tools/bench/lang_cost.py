# What one language costs the Pico's heap: the rp2 heap run with the words and without any.
# SPDX-License-Identifier: MIT
"""Language cost on the emulated Pico (tools/bench/rp2.py's heap run, twice).

    python -m tools.bench.lang_cost [--game4-rounds 2] [--lang en] [--json FILE]

1. The heap run as ``python -m tools.bench.rp2 --only heap`` makes it: the build's `.mpy`
   files on LittleFS, the 4-player game (two bot humans, two `best` computers) planned on
   CPython, gc.collect() and mem_free() after every press and computer decision; the
   language `--lang` chosen in the settings file.
2. The same run with no language data: lang/ replaced by a loader whose every message is its
   own id (:func:`no_words_source`; a message with % fields keeps only its fields, so the
   screens still format it), box labels their box ids, no language module at all. The
   screens then draw the ids where the words were: a different picture, the same presses.
3. Prints both runs' lowest free heap and free heap after start-up and the differences: what
   the language (its loaded words, the loader, the names it interns) adds at the lowest
   point of the game. The target: at most 4 KB (``LIMIT``); exit status 1 above it.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from tools.bench import rp2 as bench
from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

LIMIT = 4096  # bytes a language may add at the lowest point of the game
_FIELD = re.compile(r"%[-+ 0#]*\d*(?:\.\d+)?[a-zA-Z%]")

NO_WORDS = """\
# The language cost bench's baseline: no language data, every message is its id.
# SPDX-License-Identifier: MIT
CODES = %(codes)r
NAMES = %(names)r
DEFAULT = "en"
_FMT = %(fmt)r


class _Ids:
    def get(self, k, default=None):
        return _FMT.get(k, k)

    def __getitem__(self, k):
        return _FMT.get(k, k)

    def __contains__(self, k):
        return True


T = _Ids()


def current():
    return DEFAULT


def use(code, menus=True):
    pass


def words(menus):
    pass


def help_text(k, *default):
    return _FMT.get(k, k)


def box(c):
    return c
"""


def no_words_source():
    """lang/__init__.py for the baseline: the loader's functions, no words. A message with %
    fields is only its fields ("%d/%d"), the rest their ids; made from lang/en.py."""
    import importlib

    import lang

    en = importlib.import_module("lang.en")
    fmt = {}
    for table in (en.TEXT, en.GAME, en.MENU, en.HELP):
        for k, v in table.items():
            if isinstance(v, str) and _FIELD.search(v):
                fmt[k] = " ".join(_FIELD.findall(v))
    return NO_WORDS % {"codes": lang.CODES, "names": lang.NAMES, "fmt": fmt}


def without_words(files, work):
    """The board's files with lang/ replaced by the baseline loader (compiled as the build
    compiles)."""
    from tools.flash import flash

    src = os.path.join(work, "lang_none.py")
    mpy = os.path.join(work, "lang_none.mpy")
    with open(src, "w") as f:
        f.write(no_words_source())
    cmd = flash.mpy_cross_cmd(src, mpy, "lang")
    subprocess.run(cmd, check=True, capture_output=True)
    out = {k: v for k, v in files.items() if not k.startswith("lang/")}
    with open(mpy, "rb") as f:
        out["lang/__init__.mpy"] = f.read()
    return out


def heap_run(uf2, bootrom, files, presses, frames, log):
    """The rp2 bench's heap run on these files: {"start", "lowest", "samples", "errors"}."""
    w0 = time.monotonic()
    pico, start = bench.boot(uf2, bootrom, files)
    with pico:
        play.settle(pico)
        bench.replay(pico, presses, frames, log)
        text = pico.text()
    heaps, _decisions, errors = bench.parse_probe(text)
    lows = [v for _, v in heaps]
    return {
        "start": start,
        "lowest": min(lows) if lows else None,
        "samples": len(lows),
        "errors": errors,
        "wall_s": round(time.monotonic() - w0, 1),
    }


def table(res):
    """The markdown table of both runs."""
    w, n = res["words"], res["none"]
    rows = [
        ("figure", "no language data", "language `%s`" % res["lang"], "the language adds"),
        ("---", "---", "---", "---"),
    ]
    for key, label in (
        ("lowest", "lowest free heap, " + res["game"]),
        ("start", "free heap after start-up"),
    ):
        rows.append((label, "%d B" % n[key], "%d B" % w[key], "%d B" % (n[key] - w[key])))
    return "\n".join("| " + " | ".join(r) + " |" for r in rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description="language cost on the emulated Pico")
    ap.add_argument("--game4-rounds", type=int, default=2, help="rounds of the game (0: all)")
    ap.add_argument("--lang", default="en", help="the language measured")
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    uf2, bootrom, why = rp2.find_firmware()
    if why:
        print("language cost bench skipped: %s" % why)
        return 0
    log = (lambda s: None) if a.quiet else (lambda s: print(s, flush=True))
    presses, frames = bench.plan_game("yatzy", 4, 2, "best", max_rounds=a.game4_rounds)
    game = "4-player Yatzy, 2 `best`, %s" % (
        "%d rounds" % a.game4_rounds if a.game4_rounds else "whole game"
    )
    log("%s: %d presses" % (game, len(presses)))
    files = bench.probe_files()
    from save.records import SETTINGS_FILE, Settings
    from save.storage import MemoryStorage

    st = MemoryStorage()
    Settings.save(st, {"lang": a.lang})
    files[SETTINGS_FILE] = st.read(SETTINGS_FILE)
    res = {"lang": a.lang, "game": game}
    with tempfile.TemporaryDirectory() as work:
        log("heap run with the words of %r" % a.lang)
        res["words"] = heap_run(uf2, bootrom, files, presses, frames, None)
        log("heap run without language data")
        res["none"] = heap_run(uf2, bootrom, without_words(files, work), presses, None, None)
    for key in ("words", "none"):
        if res[key]["errors"] or res[key]["lowest"] is None:
            print("language cost bench: the %s run failed: %s" % (key, res[key]["errors"]))
            return 2
    res["cost"] = res["none"]["lowest"] - res["words"]["lowest"]
    print(table(res))
    print(
        "\nthe language adds %d B at the lowest point (target at most %d B)" % (res["cost"], LIMIT)
    )
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=1)
    return 0 if res["cost"] <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
