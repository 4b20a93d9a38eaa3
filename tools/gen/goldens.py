#!/usr/bin/env python3
# Regenerate the golden screen images of the app (host_tests/golden/*.png): `make goldens`.
# SPDX-License-Identifier: MIT
"""Every scene of tools/sim/scenes.py is played through button events and the panel saved
as a 128x64 1-bit PNG. host_tests/firmware/ui/test_app_screens.py compares the app against them.
The main screens (LANG_SCENES) are also played in every other language, into
host_tests/golden/<code>/ (host_tests/firmware/ui/test_app_languages.py compares them).
With --docs DIR the same scenes are also written 3x enlarged for docs/controls.md (the other
languages' into DIR/<code>/).
Usage: tools/gen/goldens.py [--out DIR] [--scale N] [--docs DIR] [--lang CODE] [scene ...]"""

import argparse
import os
import sys

from tools.paths import ROOT
from tools.sim import scenes as app_scenes

# the main screens, golden in every language: title, menu, settings, play, card, game over,
# high scores
LANG_SCENES = (
    "title",
    "menu",
    "settings",
    "turn",
    "card",
    "gameover",
    "highscores",
    "battery_low",
    "battery_empty",
)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "host_tests", "golden"))
    ap.add_argument("--scale", type=int, default=1, help="pixel scale (goldens use 1)")
    ap.add_argument("--docs", help="also write 3x pictures for the docs into this folder")
    ap.add_argument(
        "--lang", help="only this language (default: English, then the others' main screens)"
    )
    ap.add_argument("scenes", nargs="*", help="scene names (default: all)")
    args = ap.parse_args(argv)
    import lang

    if args.lang is not None and args.lang not in lang.CODES:
        ap.error("unknown language %r (known: %s)" % (args.lang, ", ".join(lang.CODES)))
    known = [name for name, _ in app_scenes.SCENES]
    for name in args.scenes:
        if name not in known:
            ap.error("unknown scene %r (known: %s)" % (name, ", ".join(known)))
    if args.scale < 1:
        ap.error("--scale must be at least 1")
    os.makedirs(args.out, exist_ok=True)
    if args.docs:
        os.makedirs(args.docs, exist_ok=True)
    for code in lang.CODES:
        if args.lang is not None and code != args.lang:
            continue
        app_scenes.LANG = code
        out = args.out if code == "en" else os.path.join(args.out, code)
        os.makedirs(out, exist_ok=True)
        for name, scene in app_scenes.SCENES:
            if args.scenes and name not in args.scenes:
                continue
            if code != "en" and name not in LANG_SCENES:
                continue
            d = scene()
            path = os.path.join(out, name + ".png")
            app_scenes.save_png(d.display, path, args.scale)
            print(path)
            if args.docs:
                docs = args.docs if code == "en" else os.path.join(args.docs, code)
                os.makedirs(docs, exist_ok=True)
                path = os.path.join(docs, name + ".png")
                app_scenes.save_png(d.display, path, 3)
                print(path)
    app_scenes.LANG = "en"
    return 0


if __name__ == "__main__":
    sys.exit(main())
