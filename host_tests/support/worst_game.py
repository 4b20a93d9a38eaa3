# The worst case the game allows, through the app on MicroPython: START, then computer moves.
# SPDX-License-Identifier: MIT
"""Run on the unix port (host_tests/firmware/yatzy/test_worst_case_heap.py starts it on the
``.mpy`` build with a bounded heap):

    micropython -X heapsize=N worst_game.py DECISIONS

Eight `best` computers, Maxi Yatzy with Triple columns, started through ``app.new_game``
like the set-up screen's START (the computers' tables and kernels are made then), then
ticks until the computers have taken ``DECISIONS`` decisions. Prints ``LOW <free bytes>``
(the lowest after gc.collect() at each step), ``FALLBACK <n>`` (moves that ran out of memory
at `best` and were played as `basic`) and ``DONE <decisions>``; a MemoryError ends the run
with its traceback."""

import gc
import sys

from tools.core import storm


def main(argv):
    want = int(argv[1])
    st = storm.Storm(5)
    s = {
        "rules": "maxi",
        "n": 8,
        "names": ["P%d" % (i + 1) for i in range(8)],
        "levels": ["best"] * 8,
        "options": {"triple": True},
        "games": 0,
    }
    from yatzy import strategy

    real = strategy.decide
    count = [0]

    def decide(game, level="basic", rand=None):
        count[0] += 1
        return real(game, level, rand)

    strategy.decide = decide
    fallbacks = [0]
    collect = strategy._collect

    def _collect():  # decide() calls it when a level ran out of memory and basic plays
        fallbacks[0] += 1
        collect()

    strategy._collect = _collect
    st.app.new_game(s)
    st._wait(st.shell.tick(st.now))
    low = None
    for _ in range(20 * want):
        if count[0] >= want:
            break
        st.advance(500)
        if type(st.app.screen).__name__ != "Play":
            st.press(6, "short")  # the roll-off's PLAY
        gc.collect()
        free = gc.mem_free()
        low = free if low is None or free < low else low
    print("LOW %d" % low)
    print("FALLBACK %d" % fallbacks[0])
    print("DONE %d" % count[0])


if __name__ == "__main__":
    main(sys.argv)
