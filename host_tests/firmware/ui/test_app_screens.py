# Every app screen against its golden PNG, inside 128x64, and pushed completely to the panel.
# SPDX-License-Identifier: MIT
#
# Regenerate the goldens after an intended change of the drawing: `make goldens`
# (tools/gen/goldens.py writes host_tests/golden/<scene>.png).

import os

import pytest
from support.canvas import BoundsCanvas
from support.drawn import Drawn, redraw, redraw_texts

from tools.paths import HOST_TESTS
from tools.sim import scenes as app_scenes

GOLDEN = os.path.join(HOST_TESTS, "golden")
NAMES = [name for name, _ in app_scenes.SCENES]


def golden_rows(name):
    from PIL import Image

    img = Image.open(os.path.join(GOLDEN, name + ".png")).convert("1")
    assert img.size == (128, 64)
    px = img.load()
    return ["".join("#" if px[x, y] else "." for x in range(128)) for y in range(64)]


@pytest.mark.parametrize("name", NAMES)
def test_screen_matches_golden(name):
    d = dict(app_scenes.SCENES)[name]()
    got = app_scenes.frame_rows(d.display)
    want = golden_rows(name)
    bad = [y for y in range(64) if got[y] != want[y]]
    assert not bad, "%s differs from its golden in rows %s (make goldens if intended):\n%s" % (
        name,
        bad[:8],
        "\n".join("%2d %s\n   %s" % (y, want[y], got[y]) for y in bad[:4]),
    )
    # what the panel shows is what the app drew: no change was left unpushed
    assert bytes(d.display.panel) == bytes(d.display.buffer)


def test_every_golden_belongs_to_a_scene():
    # one golden tree: sim_*.png are the simulator's (host_tests/tools/sim/test_sim_app.py)
    files = sorted(
        f[:-4] for f in os.listdir(GOLDEN) if f.endswith(".png") and not f.startswith("sim_")
    )
    assert files == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_screen_stays_inside_the_panel(name, monkeypatch):
    monkeypatch.setattr(app_scenes, "CANVAS", BoundsCanvas)
    d = dict(app_scenes.SCENES)[name]()
    assert isinstance(d.app.cv, BoundsCanvas)
    assert d.app.cv.outside == []


def test_the_upper_bonus_reads_one_way_on_every_screen():
    """'63 TO GO', '+50' earned, 'NO BONUS' (or '-' where narrow) out of reach: the card,
    the info panel and the standings say it the same way, with no '-63' or 'B-63'."""
    d = app_scenes.scene_card()  # round 1: 63 to go
    on_play = redraw_texts(d.app)
    assert on_play.count("63 TO GO") == 2  # the info panel and the card's row labelled BONUS
    d.press("hold5")
    d.long("hold4")  # the standings
    assert d.screen_name() == "Standings"
    assert "63 TO GO" in redraw_texts(d.app)
    from ui.card import bonus_text

    g = d.app.game
    card = g.players[0].card[0]
    for c, v in (("ones", 5), ("twos", 10), ("threes", 15), ("fours", 20), ("fives", 25)):
        card[c] = v  # 75: earned
    assert bonus_text(g, 0, 0, 128) == "BONUS +50" and bonus_text(g, 0, 0, 20) == "+50"
    assert "+50" in redraw_texts(d.app)
    for c in ("ones", "twos", "threes", "fours", "fives"):
        card[c] = 0  # 0 with only sixes open: out of reach
    assert bonus_text(g, 0, 0, 128) == "NO BONUS" and bonus_text(g, 0, 0, 20) == "-"
    assert "NO BONUS" in redraw_texts(d.app)  # the standings have room for it
    for s in redraw_texts(d.app) + on_play:
        assert not s.startswith("B-") and s != "-63" and "BONUS IN" not in s


def test_maxi_shows_roll_and_its_rolls_clear_of_the_sixth_die_and_counts_banked_rolls():
    from gfx.font import SMALL
    from ui import play_view

    d = app_scenes.scene_maxi()  # a Maxi turn after its first roll
    app = d.app
    g = app.game

    def shown():
        with Drawn(app.cv) as d:
            redraw(app)
        rows = [(x, y, SMALL.width(s), 5, s) for x, y, s in d.texts]
        return rows + [(x, y, w, h, "dot") for x, y, w, h in d.rects if w == h == 3]

    def overlaps(a, x, y, w, h):
        return a[0] < x + w and x < a[0] + a[2] and a[1] < y + h and y < a[1] + a[3]

    rows = shown()
    label = [r for r in rows if r[4] == "ROLL"]
    dots = [r for r in rows if r[4] == "dot"]
    assert label and len(dots) == g.rolls_left() == 2
    for i in range(6):  # no die covers the label or a dot
        x, y, size = play_view.die_x(i), play_view._DICE_Y, play_view._DIE
        for r in label + dots:
            assert not overlaps(r, x, y, size, size), (i, r)
    g.players[g.current].saved_rolls = 2  # two rolls banked from earlier turns
    rows = shown()
    assert "+2" in [r[4] for r in rows] and len([r for r in rows if r[4] == "dot"]) == 2


def test_the_triple_card_keeps_its_x1_x2_x3_headings_when_scrolled():
    from gfx.font import TIMES

    d = app_scenes.scene_triple()  # the card open on a box far down: scrolled
    assert d.app.screen.top > 0
    heads = [s for s in redraw_texts(d.app) if s.startswith(TIMES)]
    assert heads == [TIMES + "1", TIMES + "2", TIMES + "3"]
    from ui.standings import CardView

    d.app.show(CardView(d.app, d.app.game, d.app.screen))  # the card view, scrolled down
    for _ in range(5):
        d.press("hold2", "long")
    assert d.screen_name() == "CardView" and d.app.screen.top > 0
    assert [s for s in redraw_texts(d.app) if s.startswith(TIMES)] == heads


def test_the_card_views_scroll_bar_keeps_clear_of_right_aligned_scores():
    from ui.standings import CardView

    d = app_scenes.new_driver(seed=3)
    app_scenes.setup_game(d, players=1)
    app_scenes.autoplay(d)  # every box filled: scores in every row
    app = d.app
    app.show(CardView(app, app.game, app.screen))
    app.render()
    rows = app_scenes.frame_rows(d.display)
    assert any(rows[y][127] == "#" for y in range(8, 56))  # the bar
    for top in range(0, len(app.screen.rows) - 7, 2):
        app.screen.top = top
        app.changed()
        app.render()
        rows = app_scenes.frame_rows(d.display)
        for y in range(8, 56):  # a dark column between the digits and the bar
            assert rows[y][126] == ".", (top, y, rows[y][100:])


def test_rules_help_has_a_joker_rules_page_where_the_joker_rules_apply():
    from ui.help import Help
    from yatzy import rules

    for rid in rules.RULESET_IDS:
        h = Help(None, None, rid)
        titles = []
        for page in range(h.pages()):
            h.page = page
            title, lines = h.lines()
            assert 0 < len(lines) <= 6  # all of it on the panel
            titles.append(title)
        assert ("JOKER RULES" in titles) == bool(rules.RULESETS[rid].joker)
        assert len(titles) == 1 + bool(rules.RULESETS[rid].joker) + len(
            rules.RULESETS[rid].categories
        )
    h = Help(None, None, "yahtzee")
    h.page = 1
    text = " ".join(h.lines()[1])
    for words in ("MATCHING UPPER BOX", "FULL HOUSE 25", "STRAIGHTS 30/40", "UPPER BOX FOR 0"):
        assert words in text
