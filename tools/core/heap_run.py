# Many games in one MicroPython process: the free heap after each game, and the error log.
# SPDX-License-Identifier: MIT
"""Run on the unix port (tools/core/soak_heap.py starts it on the ``.mpy`` build):

    micropython -X heapsize=N heap_run.py GAMES LOG_DIR [leak]

Each game is started through ``app.new_game`` with a computer player (the ruleset cycles
through every one, so the heap sees every kind of game), played to its end by ticks, the
game-over screens left with OK and BACK until the title is back; then an error-log line is
appended to the error log (pico.runner.ErrorLog, in files under LOG_DIR: off the heap).
After each game, once back at the title: ``G <game> <ruleset> <free bytes after
gc.collect()> <error-log bytes>``; at the end ``DONE``. ``leak`` plants the fault the
campaign must catch: every game keeps 2 KB more. Keeps to the MicroPython subset.
"""

import gc
import os
import sys

from tools.core import storm

RULESETS = ("yatzy", "maxi", "yahtzee", "forced", "triple")
_KEPT = []


def main(argv):
    games = int(argv[1])
    leak = len(argv) > 3 and argv[3] == "leak"
    from pico.runner import ErrorLog
    from save.storage import FileStorage

    st = storm.Storm(3)
    logs = FileStorage(argv[2])
    log = ErrorLog(logs)
    for k in range(games):
        rid = RULESETS[k % len(RULESETS)]
        s = {
            "rules": rid,
            "n": 1,
            "names": ["P%d" % (i + 1) for i in range(8)],
            "levels": ["basic"] * 8,
            "options": {},
            "games": k,
        }
        st.app.new_game(s)
        st._wait(st.shell.tick(st.now))
        for _ in range(2000):
            st.advance(2000)
            name = type(st.app.screen).__name__
            if name == "Title":
                break
            if name == "AfterGame":
                st.press(4, "short")  # BACK: the title
            elif name != "Play" or not st.playable() or st.idle():
                st.press(6, "short")  # PLAY after the roll-off, OK through the game-over
        else:
            g = st.app.game
            print("STUCK %d %s %r %r" % (k, type(st.app.screen).__name__, g, st.next_tick))
            return
        if leak:
            _KEPT.append(bytearray(2048))
        log.append("game %d %s: no error, a line of the kind the runner logs" % (k, rid))
        gc.collect()
        # the log's size from the file system: reading the log here would leave its bytes
        # referenced from a stale slot of this loop's frame (MicroPython does not clear
        # them), which the next game's gc.collect() keeps: a "drift" the size of the log
        print("G %d %s %d %d" % (k, rid, gc.mem_free(), os.stat(argv[2] + "/error.log")[6]))
    print("DONE")


if __name__ == "__main__":
    main(sys.argv)
