# Power cuts, short slice: every step of one life, four tears; a non-atomic write is caught.
# SPDX-License-Identifier: MIT

from save.storage import FileStorage

from tools.core import soak_common as C
from tools.core import soak_power
from tools.core.faultstore import FlashFS, PowerCut


def test_power_cuts_at_every_step_of_one_life():
    res = soak_power.campaign(scale=1.0 / soak_power.GAMES, seed=3)  # a Yahtzee life
    assert res.cases > 200 and res.failures == 0, res.notes[:3]


def test_the_life_saves_after_rolls_and_boxes():
    _ops, timed, _n = soak_power.record(10007)
    games = [e[1] for _at, e in timed if e[0] == "game" and e[1] is not None]
    mid_turn = [g for g in games if g["rolls_used"]]
    assert mid_turn and len(mid_turn) < len(games)  # saves after rolls, and after boxes


def test_a_recorded_life_replays_to_the_flash_a_cut_leaves():
    # the campaign replays the recorded storage calls instead of running the life again:
    # the same flash and the same expectations as the life cut at that step
    s = 10008
    rec = soak_power.record(s)
    for cut in range(1, rec[2] + 2, 37):
        for tear in soak_power.TEARS:
            fs = FlashFS()
            soak_power._tear(fs, tear)
            fs.cut_at = cut
            expect = []
            try:
                soak_power.life(FileStorage("", fs=fs), s, expect)
            except PowerCut:
                pass
            fs.power_on()
            again = soak_power.replay_cut(rec[0], cut, tear)
            assert again.files == fs.files, (cut, tear)
            assert [e for at, e in rec[1] if at < cut] == expect


def test_a_continue_with_other_dice_is_seen():
    rec = soak_power.record(10007)
    at = [at for at, e in rec[1] if e[0] == "game" and e[1] and e[1]["rolls_used"]][0]
    ops = rec[0]
    # in the middle of the save after that one (a save's steps: create, its pieces' writes,
    # flush, close, rename)
    after = [i for i in range(at + 1, len(ops)) if ops[i][:2] == ("create", "game.dat.tmp")]
    cut = after[0] + 3
    obs = soak_power.observe(soak_power.replay_cut(rec[0], cut, 0.0))
    expect = [e for at, e in rec[1] if at < cut]
    assert soak_power.judge(obs, expect) is None
    assert obs["game"]["rolls_used"] and obs["resumed"]["dice"] == obs["game"]["dice"]
    obs["resumed"] = dict(obs["resumed"], dice=[1, 1, 1, 1, 1])  # a fresh roll on Continue
    assert "Continue resumed dice" in soak_power.judge(obs, expect)


def test_a_cut_that_loses_the_save_is_seen():
    # the life with the write in place: a cut mid-write leaves a damaged game.dat
    undo = soak_power.plant_in_place()
    try:
        rec = soak_power.record(10007)
        seen = {}
        msgs = C.quick(lambda: [soak_power.recorded_case(rec, c, 0.5, seen) for c in range(1, 40)])
    finally:
        undo()
    assert [m for m in msgs if m and "last two saves" in m]


def test_planted_fault_is_caught():
    res = soak_power.planted()
    assert res.failures == 0, res.notes
