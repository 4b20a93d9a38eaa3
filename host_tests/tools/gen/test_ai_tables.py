# The generated search tables equal a computation from first principles, and are up to date.
# SPDX-License-Identifier: MIT
"""``yatzy/tables/keeps.bin`` and ``scores_<family>`` (tools/gen/ai_tables.py) against keeps
and scores worked out here without the generator or the firmware's own numbering code, for
every keep and every roll; the files on disk equal what the generator writes now; and the
computer players make the same choices as when the tables were built on the device
(host_tests/golden/ai_decisions.json, recorded with that code)."""

import json
import os
from array import array
from itertools import combinations_with_replacement

import pytest
from support.ai_games import CASES, key, play
from yatzy import future, keeps, tables
from yatzy import rules as R
from yatzy.scoring import counts_of

from tools.gen import ai_tables as gen
from tools.paths import ROOT

GOLDEN = os.path.join(ROOT, "host_tests", "golden", "ai_decisions.json")
TABLES = os.path.join(ROOT, "firmware", "yatzy", "tables")


def reference_keeps(n):
    """Sorted dice tuples of every keep of 0..n dice: by size, then by the face counts read
    from face 6 down (the firmware's order)."""
    out = []
    for size in range(n + 1):
        block = list(combinations_with_replacement(range(1, 7), size))
        block.sort(key=lambda k: tuple(k.count(v) for v in range(6, 0, -1)))
        out += block
    return out


@pytest.mark.parametrize("n", [5, 6])
def test_every_keep_plus_every_die_is_the_table_entry(n):
    ks = reference_keeps(n)
    index = {k: i for i, k in enumerate(ks)}
    t = keeps.tables(n)
    assert (t.nkeeps, t.first_full, t.nrolls) == (
        len(ks),
        ks.index((1,) * n),
        len(ks) - ks.index((1,) * n),
    )
    assert len(t.add) == 6 * t.first_full
    for i, k in enumerate(ks[: t.first_full]):
        for d in range(1, 7):
            assert t.add[6 * i + d - 1] == index[tuple(sorted(k + (d,)))]
    for i, k in enumerate(ks):
        assert t.keep(i) == list(k)
        assert t.keep_index(list(reversed(k))) == i
    for r in range(t.nrolls):
        assert t.index_of_roll(t.roll(r)) == r


@pytest.mark.parametrize("n", [5, 6])
def test_sub_keeps_list_every_sub_multiset_largest_first(n):
    t = keeps.tables(n)
    for r in range(t.nrolls):
        roll = t.roll(r)
        subs = keeps.sub_keeps(t, roll[::-1])
        want = {c for s in range(n + 1) for c in combinations_with_replacement(roll, s)}
        want = {tuple(sorted(c)) for c in want if all(c.count(v) <= roll.count(v) for v in c)}
        assert sorted(tuple(d) for _, d in subs) == sorted(want)
        assert [len(d) for _, d in subs] == sorted((len(d) for _, d in subs), reverse=True)
        for k, d in subs:
            assert t.keep(k) == d
        assert subs[0][1] == roll and subs[-1] == (0, [])


@pytest.mark.parametrize("rid", sorted(R.RULESET_IDS))
def test_generated_score_rows_equal_the_scorers_for_every_roll(rid):
    rs = R.configure(rid)
    rolls = [list(c) for c in combinations_with_replacement(range(1, 7), rs.dice)]
    keeps.release()
    t = keeps.tables(rs.dice)
    for c in rs.categories:
        row = keeps.score_table(rs, c)
        assert isinstance(row, bytes)  # from the generated file, not computed
        for dice in rolls:
            want = rs.scorers[R.split_extra(c)[0]](counts_of(dice), sum(dice))
            assert row[t.index_of_roll(dice)] == want, (c, dice)


def test_a_ruleset_the_files_do_not_cover_gets_computed_rows():
    rs = R.configure("yatzy")

    class Other:
        id = "house"
        dice = 5
        scorers = rs.scorers

    keeps.release()
    for c in rs.categories:
        assert bytes(keeps.score_table(Other, c)) == bytes(keeps.score_table(rs, c))


def test_the_files_hold_what_the_generator_writes_now():
    with open(os.path.join(TABLES, "keeps.bin"), "rb") as f:
        data = f.read()
    assert list(array("H", data)) == gen.add_table(6), "regenerate: keeps.bin"
    # the numbering makes the 5-dice table the first part of the 6-dice one (keeps.tables(5)
    # reads only that part)
    five = gen.add_table(5)
    assert gen.add_table(6)[: len(five)] == five
    files = gen.search_modules()
    assert files["keeps.bin"] == data
    assert sorted(files) == sorted(
        ["keeps.bin", "scores.py"] + ["scores_%s.bin" % f for f in ("maxi", "nordic", "yahtzee")]
    )
    mod = tables.load("scores")
    assert sorted(mod.ROWS) == ["maxi", "nordic", "yahtzee"]
    for fam in ("nordic", "yahtzee", "maxi"):
        rows = gen.score_rows(fam)
        assert mod.ROWS[fam] == tuple(rows), "regenerate: yatzy.tables.scores"
        with open(os.path.join(TABLES, "scores_%s.bin" % fam), "rb") as f:
            data = f.read()
        assert data == files["scores_%s.bin" % fam] == b"".join(rows.values())


def test_each_exact_data_file_has_the_shape_fitted_gives_it():
    shapes = tables.load("fitted").EXACT
    assert sorted(shapes) == ["forced", "yahtzee", "yatzy"]
    for rid in ("yatzy", "yahtzee", "forced"):
        lower, thr, flags, lsize = shapes[rid]
        assert lsize == 2 * (flags << len(lower))  # an int16 per open-box mask and flag
        assert tables.size("exact_" + rid) == lsize + 2 * 64 * (thr + 1)


def test_read_gives_the_file_s_bytes_and_names_a_short_file():
    with open(os.path.join(TABLES, "scores_nordic.bin"), "rb") as f:
        data = f.read()
    assert tables.read("scores_nordic", 252, 252) == data[252:504]
    with pytest.raises(
        ValueError, match="scores_nordic.bin: 10 bytes at %d, 4 there" % (len(data) - 4)
    ):
        tables.read("scores_nordic", len(data) - 4, 10)
    assert tables.size("no_such_table") == 0
    with pytest.raises(OSError):
        tables.read("no_such_table", 0, 1)


def test_missing_data_files_mean_the_generic_model_and_computed_rows(monkeypatch):
    """A broken install (no exact_ or scores_ .bin files): `best` plays with the generic model
    instead of failing each decision, and the score rows are computed, equal to the files'
    rows. (keeps.bin, the search's own numbering, is needed as its code is.)"""
    from yatzy.engine import Game

    g = Game("yatzy", ["a"])
    want = {c: bytes(keeps.score_table(g.rules, c)) for c in g.rules.categories}
    keeps.release()
    real = tables._path
    gone = lambda name: real(name) if name == "keeps" else os.path.join(TABLES, "gone_" + name)  # noqa: E731
    monkeypatch.setattr(tables, "_path", gone)
    assert future.Model(g.rules, "best").exact is None
    for c in g.rules.categories:
        assert bytes(keeps.score_table(g.rules, c)) == want[c]
    keeps.release()


def test_best_sub_is_the_best_over_every_sub_keep():
    import random

    rnd = random.Random(5)
    for n in (5, 6):
        t = keeps.tables(n)
        e = [rnd.randrange(-1000, 1000) for _ in range(t.nkeeps)]
        b = keeps.best_sub(t, e[:])
        m = keeps.best_sub(t, e[:], must_roll=True)
        for k in range(t.nkeeps):  # every keep: the best of its sub-keeps, itself included
            subs = keeps.sub_keeps(t, t.keep(k))
            assert b[k] == max(e[s] for s, _ in subs)
        for r in range(t.nrolls):
            subs = keeps.sub_keeps(t, t.roll(r))
            assert m[t.first_full + r] == max(e[k] for k, _ in subs[1:])


def test_computer_players_choose_as_before():
    """84 whole seeded games over every ruleset, Maxi with Triple, compulsory rolls and every
    level: every action the same as with the tables the device used to build itself."""
    with open(GOLDEN) as fh:
        golden = json.load(fh)
    assert sorted(golden) == sorted(key(c) for c in CASES)
    for c in CASES:
        assert list(play(*c)) == golden[key(c)], key(c)
