# README pictures and golden screens from the simulator (make media, make goldens).
# SPDX-License-Identifier: MIT
"""
    tools/sim/media.py docs/img            screenshots + session.gif for the README
    python -m tools.sim.media --goldens DIR       1-bit golden screens for host_tests

Every picture comes from a seeded, scripted session on CPython, so reruns give the same
files unless the app's drawing changed.
"""

import os
import sys

from tools.sim.bot import autoplay, new_game  # noqa: E402
from tools.sim.render import save_gif, save_png  # noqa: E402
from tools.sim.session import Session, parse_keys, run_steps  # noqa: E402

# name: (rules, players, cpu, keys) played from the title screen with seed 4
GOLDEN_SHOTS = {
    "title": (None, None, None, None),
    "setup": (None, None, None, "r"),
    "turn": ("yatzy", 1, 0, "r w 2 4 r w"),
    "card": ("yahtzee", 1, 0, "r w R"),
}


def shot(rules, players, cpu, keys, seed=4, runtime="cpython", lang=None):
    """The settled panel pixels after a scripted session (in language `lang`)."""
    with Session(runtime, seed=seed, lang=lang) as s:
        s.start()
        s.wait_idle(60000)
        if rules is not None:
            new_game(s, rules, players, cpu)
        if keys:
            run_steps(s, parse_keys(keys))
        s.wait_idle(60000)
        return s.last


def golden_frame(name, runtime="cpython"):
    return shot(*GOLDEN_SHOTS[name], runtime=runtime)


def save_bitmap(pixels, path):
    """The panel as a 128x64 1-bit PNG (lit = white): the golden format."""
    from PIL import Image

    img = Image.new("1", (128, 64))
    img.putdata([255 if v else 0 for v in pixels])
    img.save(path, optimize=True)


def write_goldens(folder):
    os.makedirs(folder, exist_ok=True)
    for name in sorted(GOLDEN_SHOTS):
        path = os.path.join(folder, "sim_%s.png" % name)
        save_bitmap(golden_frame(name), path)
        print("wrote", path)


def write_media(folder, seed=7):
    os.makedirs(folder, exist_ok=True)
    shots = {
        "title.png": (None, None, None, None),
        "turn.png": ("yatzy", 1, 0, "r w 1 2 r w"),
        "card.png": ("yatzy", 1, 0, "r w 1 2 r w R"),
        "maxi.png": ("maxi", 1, 0, "r w 6 r w"),
        "setup.png": (None, None, None, "r"),
    }
    for name, args in shots.items():
        path = os.path.join(folder, name)
        save_png(shot(*args, seed=seed), path, scale=4)
        print("wrote", path)
    # the README's Nordic row, beside the English screens of docs/img/app (3x)
    nordic = {
        "turn_sv.png": ("sv", "yatzy", 1, 0, "r w 1 2 r w"),
        "card_sv.png": ("sv", "yatzy", 1, 0, "r w 1 2 r w R"),
        "maxi_fi.png": ("fi", "maxi", 1, 0, "r w 6 r w"),
        "menu_nb.png": ("nb", "yatzy", 1, 0, "r w L1"),
    }
    for name, args in nordic.items():
        path = os.path.join(folder, name)
        save_png(shot(*args[1:], seed=seed, lang=args[0]), path, scale=3)
        print("wrote", path)
    # a whole session: menus, then a bot-played 2-player game, as the README GIF
    with Session("cpython", seed=seed) as s:
        s.start()
        s.wait_idle(60000)
        new_game(s, "yatzy", 2, 0)
        autoplay(s)
        s.wait(3000)
        save_png(s.last, os.path.join(folder, "end.png"), scale=4)
        print("wrote", os.path.join(folder, "end.png"))
        path = os.path.join(folder, "session.gif")
        save_gif(s.frames, path, scale=3, max_ms=700)
        print("wrote %s (%d frames)" % (path, len(s.frames)))


def main(argv):
    if len(argv) == 3 and argv[1] == "--goldens":
        write_goldens(argv[2])
    elif len(argv) == 2 and not argv[1].startswith("-"):
        write_media(argv[1])
    else:
        print("usage: sim_media.py FOLDER | sim_media.py --goldens FOLDER", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
