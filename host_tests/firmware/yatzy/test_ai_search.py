# The turn search's shortcuts give the plain definitions' numbers at every position of real games.
# SPDX-License-Identifier: MIT
"""``yatzy.ai`` builds a turn's keep values in one array, a roll at a time in place, and
values the boxes without filling the card (``future.choice_values``).
Here every shortcut is checked against the definitions written out the long way (a list
per level, ``box_value`` with the card filled, a table per box): at each decision of
seeded games in rulesets with one and three columns, five and six dice, saved rolls,
compulsory rolls, Joker rules and extra Yatzy rows, the numbers must be the same."""

import pytest
from yatzy import ai, keeps, strategy
from yatzy import rules as R
from yatzy.dice import SeededDice
from yatzy.engine import Game
from yatzy.future import _flag, _worth, choice_values
from yatzy.rounds import TURN

VARIANTS = [
    ("yatzy", {}),
    ("yatzy", {"all_rolls": True}),
    ("yahtzee", {}),
    ("maxi", {}),
    ("maxi", {"triple": True}),
    ("yahtzee", {"all_rolls": True}),
    ("forced", {"bonus_threshold": 30, "triple": True}),
    ("triple", {}),
    ("yatzy", {"order": "up_or_down", "extra_rows": 2}),
    ("yahtzee", {"upper_first": True, "bonus_threshold": 50}),
]


def positions(rules, options, level, seed, limit=60):
    """Each position of a seeded two-player game where a computer decides with dice up."""
    g = Game(rules, ["A", "B"], options, SeededDice(seed), [True, True])
    n = 0
    while not g.is_over() and n < limit:
        if g.rolls_used and g.phase == TURN:
            n += 1
            yield g
        g.apply(strategy.decide(g, level))


def _now_values(game, model):
    """Each column's future value now."""
    p = game.current
    out = []
    for col in range(game.rules.columns):
        card = game.players[p].card[col]
        out.append(model.value(card, game.upper_total(p, col), _flag(game, p, col)))
    return out


def box_value(game, model, now, c, col, pts, dice_extra=0):
    """UNIT value of filling (c, col) with ``pts``, the card filled to see it (the
    definition): points, bonus, change of the column's future value, the dice's extra."""
    r = game.rules
    p = game.current
    card = game.players[p].card[col]
    have = game.upper_total(p, col)
    flag = _flag(game, p, col)
    upper = have + pts if c in R.FACE else have
    if r.joker and c in r.yatzy_boxes and pts:
        flag = 1
    card[c] = pts
    try:
        after = model.value(card, upper, flag)
    finally:
        card[c] = None
    change = after - now[col]
    return _worth(r, r.factors[col], c, pts, have, change, model.future) + dice_extra * ai.UNIT


def old_final_values(game, model):
    """The final values as a table per box, merged over the columns (the definition)."""
    r = game.rules
    t = keeps.tables(r.dice)
    p = game.current
    best = [ai.NEG] * t.nrolls
    now = _now_values(game, model)
    for col in range(r.columns):
        for c in game.open_boxes(p, col):
            row = keeps.score_table(r, c)
            f = R.FACE.get(c, 1)
            for i in range(t.nrolls):
                v = box_value(game, model, now, c, col, row[i])
                if v > best[i]:
                    best[i] = v
            assert all(s % f == 0 for s in row)
    for face in range(1, 7):
        dice = [face] * r.dice
        extra = game.extra_for(p, dice)
        if not extra and not game.joker_active(p, dice):
            continue
        top = ai.NEG
        for c, col, pts in game.choices_for(p, dice):
            top = max(top, box_value(game, model, now, c, col, pts, extra))
        if top > ai.NEG:
            best[t.index_of_roll(dice)] = top
    return best


def old_levels(game, model, need):
    """Keep values with 1..need rolls to come, each level a new list (the definition)."""
    t = keeps.tables(game.rules.dice)
    off = t.first_full
    fin = old_final_values(game, model)
    out = []
    prev = fin
    for j in range(1, need + 1):
        e = [0] * off + list(prev)
        for i in range(off - 1, -1, -1):
            e[i] = sum(e[t.add[6 * i + d]] for d in range(6)) // 6
        out.append(e)
        # the rolls' values with j rolls left: best sub-keep (not the whole roll when
        # rolls are compulsory), or stopping with j rolls saved
        prev = []
        for r in range(t.nrolls):
            subs = keeps.sub_keeps(t, t.roll(r))
            if game.rules.all_rolls:
                prev.append(max(e[k] for k, _ in subs[1:]))
            else:
                v = max(e[k] for k, _ in subs)
                prev.append(max(v, fin[r] + j * model.saved_roll))
    return fin, out


@pytest.mark.parametrize("rules,options", VARIANTS)
def test_choice_values_are_box_value_with_the_card_filled(rules, options):
    seen = 0
    for g in positions(rules, options, "best", 4):
        for level in ("good", "best"):
            m = ai._model(g, level)
            now = _now_values(g, m)
            extra = g.extra_for(g.current, g.dice)
            want = [
                (box_value(g, m, now, c, col, pts, extra), c, col) for c, col, pts in g.choices()
            ]
            assert choice_values(g, m, extra * ai.UNIT) == want
            seen += len(want)
    assert seen > 100


@pytest.mark.parametrize("rules,options", VARIANTS)
def test_final_values_and_levels_in_place_equal_the_definitions(rules, options, monkeypatch):
    monkeypatch.setattr(ai, "CACHE_LIMIT", 1)  # the game's setting: the arrays are reused
    checked = 0
    for g in positions(rules, options, "best", 2, limit=12):
        t = keeps.tables(g.rules.dice)
        m = ai._model(g, "best")
        fin, levels = old_levels(g, m, ai.MAX_LOOKAHEAD)
        assert list(ai.final_values(g, m)) == fin
        # every level asked for in every order (up, down, the same again): one array
        for need in (1, 3, 2, 4, 4, 1, 2):
            ai._cache.clear()
            ai._levels(g, "best", m, 2)  # a turn state built before the one asked for
            lv = ai._levels(g, "best", m, need)
            assert list(lv[0]) == fin
            assert list(lv[1][: t.first_full]) == levels[need - 1][: t.first_full], need
            assert lv[2] == need
            assert lv[0] is keeps.work(t)[0] and lv[1] is keeps.work(t)[1]  # no new array
        checked += 1
    ai._cache.clear()
    assert checked >= 5


@pytest.mark.parametrize("rules,options", [("yahtzee", {}), ("yatzy", {"extra_rows": 2})])
def test_choice_values_for_every_roll_of_five_dice(rules, options):
    """Every one of the 252 rolls at positions through a game (the Yahtzee box open, holding
    50 or 0, Joker rules, extra Yatzy rows): the shortcut's values are box_value's."""
    t = keeps.tables(5)
    states = 0
    for k, g in enumerate(positions(rules, options, "good", 6, limit=200)):
        if k % 9:
            continue
        dice = g.dice
        m = ai._model(g, "best")
        now = _now_values(g, m)
        try:
            for r in range(t.nrolls):
                g.dice = t.roll(r)
                extra = g.extra_for(g.current, g.dice)
                want = [
                    (box_value(g, m, now, c, col, pts, extra), c, col)
                    for c, col, pts in g.choices()
                ]
                assert choice_values(g, m, extra * ai.UNIT) == want, (g.dice, g.players)
        finally:
            g.dice = dice
        states += 1
    assert states >= 4
