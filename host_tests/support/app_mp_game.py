# One scripted game through the app's buttons; prints totals and the final frame (both runtimes).
# SPDX-License-Identifier: MIT
"""Run with CPython or the MicroPython unix port (firmware/ and tools/ on the path):
    app_mp_game.py [RULES [PLAYERS [SEED [CPU]]]]   (CPU: seats played by the computer, e.g. 13)
Prints `totals ...`, `presses N`, `sent N` and `frame HEX` lines; the cross-runtime test
compares them, so both runtimes must play and draw the very same game."""

import sys

from tools.sim import scenes as S


def main(argv):
    rules = argv[1] if len(argv) > 1 else "yatzy"
    players = int(argv[2]) if len(argv) > 2 else 1
    seed = int(argv[3]) if len(argv) > 3 else 5
    cpu = tuple(int(c) - 1 for c in argv[4]) if len(argv) > 4 else ()
    d = S.new_driver(seed=seed)
    S.setup_game(d, rules=rules, players=players, cpu=cpu)
    S.autoplay(d)
    g = d.app.game
    print("totals", " ".join(str(t) for t in g.totals()))
    print("presses", d.presses)
    print("sent", d.display.sent)
    panel = d.display.panel
    for page in range(8):  # a line per page: small strings, fits a small heap
        print("page%d" % page, "".join("%02x" % b for b in panel[page * 128 : page * 128 + 128]))
    try:
        import gc

        gc.collect()
        print("free", gc.mem_free())
    except (ImportError, AttributeError):
        pass


if __name__ == "__main__":
    main(sys.argv)
