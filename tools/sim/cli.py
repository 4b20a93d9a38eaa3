#!/usr/bin/env python3
# Pocket Yatzy without a board: the firmware app on an emulated SSD1306, in a terminal or pictures.
# SPDX-License-Identifier: MIT
"""Command line of the host simulator (``make sim``; docs/simulator.md has the full guide).

    python -m tools.sim                       play in the terminal (80x24 or larger)
    python -m tools.sim --rules maxi --players 2 --cpu 1
    python -m tools.sim --keys "r 13 r w" --screenshot out.png
    python -m tools.sim --autoplay --rules yahtzee --record game.json --gif game.gif
    python -m tools.sim --runtime micropython --heap 384k
    python -m tools.sim --runtime rp2 --keys "r w"   the real firmware on an emulated Pico

The same firmware app runs on CPython (Adafruit's SSD1306_I2C driver on a fake busio bus) or
in the MicroPython unix port (the firmware's own driver, its I2C traffic piped back here);
both feed the same emulated SSD1306, whose pixels every front end shows.
"""

import argparse
import os
import re
import sys

from tools.sim.session import KEY_HELP, RUNTIMES, Session, SimError, parse_keys, run_steps  # noqa: E402

PROG = "python -m tools.sim"


class OneLineParser(argparse.ArgumentParser):
    """argparse with one-line errors (``python -m tools.sim: error: ...``) and exit status 2."""

    def error(self, message):
        self.exit(2, "%s: error: %s (see --help)\n" % (PROG, message))


def _heap(text):
    if not re.fullmatch(r"[1-9][0-9]*[kKmM]?", text):
        raise argparse.ArgumentTypeError(
            "heap size %r: give bytes, or a number with k or m (e.g. 192k)" % text
        )
    return text


def _seed(text):
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError("seed %r is not a whole number" % text) from None
    if not 0 <= value < 2**32:
        raise argparse.ArgumentTypeError("seed %d is outside 0..4294967295" % value)
    return value


def _count(lo, hi, what):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                "%s %r is not a whole number" % (what, text)
            ) from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError("%s %d is outside %d..%d" % (what, value, lo, hi))
        return value

    return parse


def rule_ids():
    try:
        from yatzy.rules import RULESETS
    except ImportError:
        return ("yatzy", "forced", "yahtzee", "maxi", "triple")
    return tuple(RULESETS)


def build_parser():
    p = OneLineParser(
        prog=PROG,
        description="Play Pocket Yatzy on an emulated 128x64 OLED: the firmware app runs "
        "unchanged on CPython or the MicroPython unix port.",
        epilog=KEY_HELP + "\n\nTerminal keys: 1-5 (6 in Maxi) hold, Space/Enter roll, "
        "shift+digit (!@#$%^) or R = long press, or l then a key; q quits.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--rules", metavar="ID", help="ruleset for a new game: " + ", ".join(rule_ids())
    )
    p.add_argument(
        "--players", metavar="N", type=_count(1, 30, "players"), help="number of players, 1..30"
    )
    p.add_argument(
        "--cpu",
        metavar="N",
        type=_count(0, 30, "computer players"),
        help="how many of the players are computer players (the last seats)",
    )
    p.add_argument(
        "--seed",
        metavar="S",
        type=_seed,
        help="dice seed: the same seed rolls the same dice on every runtime (default: a "
        "random one, printed at the end)",
    )
    p.add_argument("--keys", metavar="KEYS", help="scripted button presses (syntax below)")
    p.add_argument(
        "--screenshot",
        metavar="FILE.png",
        help="PNG of the last frame; a folder (or a path ending in /) gets every frame",
    )
    p.add_argument("--gif", metavar="FILE.gif", help="animated GIF of the whole session")
    p.add_argument("--record", metavar="FILE.json", help="write the game record (core format)")
    p.add_argument(
        "--autoplay",
        action="store_true",
        help="every player is a computer player, driven through button presses",
    )
    p.add_argument(
        "--runtime",
        choices=RUNTIMES,
        default="cpython",
        help="run the app on CPython (Adafruit driver) or MicroPython (own driver)",
    )
    p.add_argument(
        "--heap",
        metavar="SIZE",
        type=_heap,
        help="MicroPython heap size, e.g. 384k (only with --runtime micropython)",
    )
    p.add_argument(
        "--scale",
        type=_count(2, 16, "scale"),
        default=4,
        help="screen pixels per panel pixel in PNG/GIF (default 4 PNG, GIF uses 3/4 of it)",
    )
    p.add_argument(
        "--colour",
        choices=("white", "blue", "yellow-blue"),
        default="white",
        help="panel colour in pictures",
    )
    p.add_argument(
        "--storage",
        metavar="DIR",
        help="keep settings, scores and the saved game in DIR (default: %s)"
        % data_dir(shown=True),
    )
    p.add_argument(
        "--temp",
        action="store_true",
        help="keep nothing: a throwaway folder, emptied on quit, instead of the data folder",
    )
    p.add_argument(
        "--lang",
        metavar="CODE",
        help="the language of every screen: %s (default: the saved one, else English)"
        % ", ".join(_lang_codes()),
    )
    p.add_argument("--quiet", action="store_true", help="do not print the final screen")
    return p


def data_dir(shown=False):
    """The user's data folder for the simulator's storage: $XDG_DATA_HOME/pocket-yatzy, or
    ~/.local/share/pocket-yatzy (``shown``: as the help prints it)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):  # unset or relative: the XDG default
        base = "$HOME/.local/share" if shown else os.path.expanduser("~/.local/share")
    elif shown:
        base = "$XDG_DATA_HOME"
    return os.path.join(base, "pocket-yatzy")


def _lang_codes():
    from lang import CODES

    return CODES


def check_args(p, a):
    """Cross-argument checks; each failure is one line and exit status 2."""
    if a.lang is not None and a.lang not in _lang_codes():
        p.error("unknown language %r (one of %s)" % (a.lang, ", ".join(_lang_codes())))
    if a.rules is not None and a.rules not in rule_ids():
        p.error("unknown ruleset %r (one of %s)" % (a.rules, ", ".join(rule_ids())))
    if a.cpu is not None and a.players is not None and a.cpu > a.players:
        p.error("--cpu %d is more than --players %d" % (a.cpu, a.players))
    if a.heap and a.runtime != "micropython":
        p.error("--heap only applies to --runtime micropython")
    if a.autoplay and a.keys:
        p.error("--autoplay and --keys both drive the buttons: give one")
    if a.keys is not None:
        try:
            a.steps = parse_keys(a.keys)
        except ValueError as e:
            p.error(str(e))
        if a.rules is not None and a.rules != "maxi":
            if [1 for s in a.steps if s[0] == "press" and s[1] == "hold6"]:
                p.error(
                    "--keys: 6 (HOLD6) is Maxi Yatzy's sixth die; --rules %s has five" % a.rules
                )
    else:
        a.steps = None
    if a.screenshot and not (a.screenshot.endswith("/") or os.path.isdir(a.screenshot)):
        if not a.screenshot.lower().endswith(".png"):
            p.error("--screenshot %r: give a .png file or a folder" % a.screenshot)
    if a.gif and not a.gif.lower().endswith(".gif"):
        p.error("--gif %r: the file name must end in .gif" % a.gif)
    for opt in ("gif", "record"):  # files only (a screenshot may be a folder of frames)
        path = getattr(a, opt)
        if path and (path.endswith("/") or os.path.isdir(path)):
            p.error("--%s %r is a folder: give a file name" % (opt, path))
    for opt in ("screenshot", "gif", "record"):
        path = getattr(a, opt)
        if path and not path.endswith("/"):
            folder = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(folder):
                p.error("--%s %r: folder %s does not exist" % (opt, path, folder))
    if a.storage and a.temp:
        p.error("--storage and --temp both say where to keep the files: give one")
    if a.storage and not os.path.isdir(a.storage):
        p.error("--storage %r is not a folder" % a.storage)
    if a.runtime == "rp2" and (a.autoplay or a.rules or a.players or a.cpu is not None):
        p.error("--runtime rp2 plays through the buttons only: set a game up with --keys")
    if a.runtime == "micropython":
        from tools.emu.mp_run import micropython_binary

        if micropython_binary() is None:
            p.error("--runtime micropython: the unix port is not installed (make venv)")


def write_outputs(a, session):
    from tools.sim.render import save_gif, save_png

    frames = session.frames
    if a.screenshot:
        if a.screenshot.endswith("/") or os.path.isdir(a.screenshot):
            os.makedirs(a.screenshot, exist_ok=True)
            for i, f in enumerate(frames):
                save_png(
                    f.pixels, os.path.join(a.screenshot, "frame_%05d.png" % i), a.scale, a.colour
                )
        else:
            save_png(session.last, a.screenshot, a.scale, a.colour)
    if a.gif:
        save_gif(frames, a.gif, max(2, a.scale * 3 // 4), a.colour)
    if a.record:
        import json

        rec = session.record()
        if rec is None:
            raise SimError("--record: no game was started, so there is no record to write")
        with open(a.record, "w") as f:
            json.dump(rec, f, indent=1)
            f.write("\n")


def print_screen(session, out=None, seed=None):
    from tools.sim.render import braille_rows

    out = sys.stdout if out is None else out
    rows = braille_rows(session.last or bytes(128 * 64))
    out.write("\u250c" + "\u2500" * 64 + "\u2510\n")
    for r in rows:
        out.write("\u2502" + r + "\u2502\n")
    out.write("\u2514" + "\u2500" * 64 + "\u2518\n")
    out.write(
        "t %.1f s, %d frames, %d bytes on the I2C bus (%s)%s\n"
        % (
            session.now / 1000.0,
            session.frame_count,
            session.emu.bytes_total,
            session.note() or session.runtime,
            "" if seed is None else ", dice seed %d" % seed,
        )
    )


def main(argv=None):
    p = build_parser()
    a = p.parse_args(argv)
    check_args(p, a)
    interactive = a.steps is None and not a.autoplay
    if interactive and not (sys.stdin.isatty() and sys.stdout.isatty()):
        p.error("no terminal to play in: run it in a terminal, or give --keys or --autoplay")
    keep = bool(
        a.gif or (a.screenshot and (a.screenshot.endswith("/") or os.path.isdir(a.screenshot)))
    )
    seed = a.seed
    if seed is None:  # random dice, and the seed said at the end so they can be played again
        import secrets

        seed = secrets.randbits(32)
    storage = a.storage
    if storage is None and not a.temp:
        storage = data_dir()
        try:
            os.makedirs(storage, exist_ok=True)
        except OSError as e:
            print(
                "%s: error: cannot make the data folder %s: %s" % (PROG, storage, e),
                file=sys.stderr,
            )
            return 1
    setup = a.autoplay or a.rules or a.players or a.cpu is not None
    # a person at the terminal who named no language nor a game: the first start asks
    ask = interactive and a.lang is None and not setup
    try:
        session = Session(
            a.runtime, seed, storage, a.heap, keep_frames=keep, lang=a.lang, ask_lang=ask
        )
    except (SimError, OSError) as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return 1
    try:
        from tools.sim import bot as sim_bot

        # autoplay: every seat is human in the app, and the bot presses the buttons for it
        cpu = 0 if a.autoplay else a.cpu
        if interactive:
            from tools.sim.term import run_terminal

            def hook():
                if setup:
                    sim_bot.new_game(session, a.rules, a.players, cpu)

            run_terminal(session, after_start=hook)
            write_outputs(a, session)
            print(
                "dice seed %d (--seed %d rolls them again); %s"
                % (
                    seed,
                    seed,
                    "nothing kept (--temp)" if storage is None else "games kept in " + storage,
                )
            )
        else:
            session.start()
            if setup:
                sim_bot.new_game(session, a.rules, a.players, cpu)
            if a.autoplay:
                sim_bot.autoplay(session)
            else:
                run_steps(session, a.steps)
                session.wait_idle(limit_ms=60000)
            write_outputs(a, session)
            if not a.quiet:
                print_screen(session, seed=seed if a.seed is None else None)
    except SimError as e:  # anything else is a bug: its traceback is printed as usual
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return 1
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
