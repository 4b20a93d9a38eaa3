# Power cuts, short slice: every step of one life, four tears; a non-atomic write is caught.
# SPDX-License-Identifier: MIT

from tools.core import soak_power


def test_power_cuts_at_every_step_of_one_life():
    res = soak_power.campaign(scale=1.0 / soak_power.GAMES)
    assert res.cases > 200 and res.failures == 0, res.notes[:3]


def test_a_cut_that_loses_the_save_is_seen():
    # the life with the write in place: a cut mid-write leaves a damaged game.dat
    undo = soak_power.plant_in_place()
    try:
        s = 10007
        msgs = [soak_power.run_case(s, cut, 0.5) for cut in range(1, soak_power.steps_of(s))]
    finally:
        undo()
    assert [m for m in msgs if m and "last two saves" in m]


def test_planted_fault_is_caught():
    res = soak_power.planted()
    assert res.failures == 0, res.notes
