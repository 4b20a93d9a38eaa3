# A name with Å, Ø and É typed with the buttons, played, saved, reloaded (both runtimes).
# SPDX-License-Identifier: MIT
"""Run with CPython or the MicroPython unix port (firmware/ and tools/ on the path):
    names_game.py [NAME [SEED]]
The name is typed on the name entry with the hold buttons, a one-player game is played to a
third, the app is rebooted on the same storage and continues it, finishes it, and the high
scores are opened, then the app is rebooted again and the high scores opened once more.
Prints one `check WHAT VALUE` line per fact and `ok` at the end; the test compares them."""

import sys

from gfx.canvas import Canvas
from gfx.font import MEDIUM, SMALL
from save.storage import MemoryStorage

from tools.sim import scenes as S

NAME = "\u00c5S\u00d8R\u00c9"  # ÅSØRÉ


def shows(display, text, font=SMALL):
    """True when the panel holds `text` drawn in `font` somewhere, as it is or inverted
    (a highlighted row): every pixel of its box as the font draws it."""
    w = font.width(text)
    h = font.height
    buf = bytearray(128 * 8)
    Canvas(buf, 128, 64).text(0, 0, text, font)
    want = [[(buf[x] >> y) & 1 for x in range(w)] for y in range(h)]
    for y0 in range(display.height - h + 1):
        for x0 in range(display.width - w + 1):
            for inv in (0, 1):
                ok = True
                for y in range(h):
                    row = want[y]
                    for x in range(w):
                        if display.pixel_on(x0 + x, y0 + y) ^ inv != row[x]:
                            ok = False
                            break
                    if not ok:
                        break
                if ok:
                    return True
    return False


def type_name(d, name):
    """On the name entry: clear, then step each letter in with HOLD3 (long: the next group
    when the letter is further than the group start) and move on with HOLD4."""
    from ui import names

    d.long("hold5")
    for letter in name:
        want = names.CHARS.find(letter)
        screen = d.app.screen
        for _ in range(len(names.CHARS) * 2):
            have = names.CHARS.find(screen.char())
            if have == want:
                break
            nxt = [g for g in names.GROUPS if have < g <= want]
            d.press("hold3", "long" if nxt else "short")
        d.press("hold4")


def check(what, value):
    print("check", what, value)


def main(argv):
    name = argv[1] if len(argv) > 1 else NAME
    seed = int(argv[2]) if len(argv) > 2 else 5
    st = MemoryStorage()
    d = S.new_driver(seed=seed, storage=st)
    S.go_menu(d, "NEW GAME")
    s = d.app.setup
    d.press("hold2")  # PLAYERS
    while s["n"] != 1:
        d.press("hold4")
    d.press("hold2")  # player 1
    d.press("roll")
    check("entry", d.screen_name())
    type_name(d, name)
    check("typed", d.app.screen.name() == name)
    check("entry-shows", all(shows(d.display, ch, MEDIUM) for ch in name))
    d.press("roll")  # done: back on the set-up screen
    check("setup-name", s["names"][0] == name)
    d.press("hold2")  # HOUSE RULES
    d.press("hold2")  # START GAME
    d.press("roll")
    g = d.app.game
    check("game-name", g.players[0].name == name)
    S.play_turns(d, g.rounds // 3)
    rnd = d.app.game.round

    d = S.new_driver(seed=seed + 1, storage=st)  # reboot: the same flash
    check("reboot-setup-name", d.app.setup["names"][0] == name)
    S.go_menu(d, "CONTINUE")
    g = d.app.game
    check("continued", g is not None and g.round == rnd and g.players[0].name == name)
    S.autoplay(d)
    check("over", g.is_over())
    check("gameover-shows", shows(d.display, name))
    total = g.total(0)
    check("total", total)
    d.press("roll")  # the after-game menu
    S.go_menu(d, "HIGH SCORES")
    check("highscores", d.screen_name())
    check("highscores-shows", shows(d.display, name))
    check("table", d.app.store.scores("yatzy")[0][:2] == (name, total))

    d = S.new_driver(seed=seed + 2, storage=st)  # reboot again
    check("reboot-table", d.app.store.scores("yatzy")[0][:2] == (name, total))
    S.go_menu(d, "HIGH SCORES")
    check("reboot-highscores-shows", shows(d.display, name))
    check("reboot-setup-name", d.app.setup["names"][0] == name)
    print("ok")


if __name__ == "__main__":
    main(sys.argv)
