# The play screen's computer-turn driver: one step of a computer player at a time.
# SPDX-License-Identifier: MIT
"""Computer turns on the play screen (`ui.play.Play` calls `cpu_step` from its tick when
`cpu_at` is due). Each step is shown for the player's pace setting before the next: the
holds it chose blink before they are set, the box it chose gets the card's cursor before it
is scored. Imported only when a computer plays (heap.py drops it with the play screen)."""

from yatzy import engine as E


def cpu_step(play, now):
    """The computer's next step, due now: end the roll-off view, show or set its holds,
    score the box it chose, roll, or ask the strategy what to do; sets play.cpu_at to when
    the next step is due. The whole screen is redrawn after it, and the part the step
    marked (a roll's dice row, a score's emptied dice) goes out first (App.changed): drawn
    whole first, the play screen held a hurried step's first byte back 40-50 ms."""
    _step(play, now)
    play.app.changed()


def _step(play, now):
    g = play.g
    app = play.app
    pace = play.pace()
    if play.rolloff_seen and g.phase != E.ROLLOFF:
        play.rolloff_seen = False
        play.sync(now)
        return
    if play.cpu_holds is not None:
        g.set_holds(play.cpu_holds)
        play.cpu_holds = None
        play.cpu_at = now + pace // 2
        return
    if play.cpu_score is not None:
        play.do_score(play.cpu_score[0], play.cpu_score[1], now)
        return
    if g.phase == E.ROLLOFF:
        from ui.play_rolloff import do_rolloff

        do_rolloff(play)
        play.sync(now)
        return
    from yatzy import strategy

    act = strategy.decide(g, app.level_of(g.current))
    kind = act[0]
    if kind == "direction":
        g.choose_direction(act[1])
    elif kind == "holds" and g.dice and act[1] != g.hold_mask():
        play.cpu_holds = act[1]
        play.blink_end = now + pace
        play.blink_on = True
        play.cpu_at = now + pace
        return
    elif kind == "roll" or kind == "holds":
        play.do_roll(now)
        play.cpu_at = play.anim_end + pace  # the next step once the dice have settled
        return
    elif kind == "score":
        play.open_card((act[1], act[2]))
        play.cpu_score = (act[1], act[2])
    play.cpu_at = now + pace
    if g.is_over():
        play.sync(now)
