# Every screen in every language: inside the panel, no word over another, the goldens, whole
# games, the longest value of each field, a game continued in another language, the first start.
# SPDX-License-Identifier: MIT

import os

import lang
import pytest
from gfx.font import MEDIUM, SMALL
from support.canvas import FitCanvas
from yatzy import rules

from tools.gen.goldens import LANG_SCENES
from tools.paths import HOST_TESTS
from tools.sim import scenes as S

CODES = lang.CODES
OTHERS = [c for c in CODES if c != "en"]
SCENES = dict(S.SCENES)
GOLDEN = os.path.join(HOST_TESTS, "golden")


@pytest.fixture
def in_lang(monkeypatch):
    """Play the scenes in a language, drawn on a FitCanvas; English again afterwards."""

    def use(code):
        monkeypatch.setattr(S, "LANG", code)
        monkeypatch.setattr(S, "CANVAS", FitCanvas)

    yield use
    lang.use("en")


def fits(d):
    cv = d.app.cv
    assert isinstance(cv, FitCanvas)
    assert cv.outside == [], cv.outside[:4]
    assert cv.overlaps == [], cv.overlaps[:4]


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("name", [n for n, _ in S.SCENES])
def test_every_screen_fits_in_every_language(code, name, in_lang):
    """Every frame a scene draws (not only its last): inside the panel, no text over another
    text, no soft-key label touching its neighbour."""
    in_lang(code)
    fits(SCENES[name]())


def golden_rows(path):
    from PIL import Image

    img = Image.open(path).convert("1")
    px = img.load()
    return ["".join("#" if px[x, y] else "." for x in range(128)) for y in range(64)]


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("name", LANG_SCENES)
def test_main_screens_match_their_goldens(code, name, in_lang):
    in_lang(code)
    d = SCENES[name]()
    want = golden_rows(os.path.join(GOLDEN, code, name + ".png"))
    got = S.frame_rows(d.display)
    bad = [y for y in range(64) if got[y] != want[y]]
    assert not bad, "%s/%s differs from its golden in rows %s (make goldens if intended)" % (
        code,
        name,
        bad[:8],
    )


def test_every_language_golden_belongs_to_a_main_screen():
    for code in OTHERS:
        files = sorted(f[:-4] for f in os.listdir(os.path.join(GOLDEN, code)))
        assert files == sorted(LANG_SCENES), code
    dirs = [d for d in os.listdir(GOLDEN) if os.path.isdir(os.path.join(GOLDEN, d))]
    assert sorted(dirs) == sorted(OTHERS)


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize(
    "rid,players,options",
    [
        ("yatzy", 2, {"tie_break": True}),
        ("forced", 1, None),
        ("yahtzee", 2, None),
        ("maxi", 1, None),
        ("triple", 1, {"extra_rows": 1}),
    ],
)
def test_whole_game_in_every_language(code, rid, players, options, in_lang):
    """A whole game of each ruleset, every frame checked, to the high-score table."""
    in_lang(code)
    d = S.new_driver(seed=21)
    S.setup_game(d, rules=rid, players=players, options=options)
    g = d.app.game
    S.autoplay(d)
    assert g.is_over() and d.screen_name() == "End"
    d.long("hold2")  # standings
    d.press("hold5")
    d.press("roll")  # the high scores are entered: the after-game menu
    assert d.screen_name() == "AfterGame"
    S.go_menu(d, "HIGH SCORES")
    assert d.screen_name() == "HighScores"
    fits(d)


# ---- the longest value each field can take --------------------------------------------------
def widest_name():
    return "W" * 6  # MAX letters of the widest glyph


def most_rounds():
    top = 0
    for rid in rules.RULESET_IDS:
        opts = {"extra_rows": rules.MAX_EXTRA_ROWS}
        if rid not in ("triple",) and rid in rules.OPTIONS["triple"]["rulesets"]:
            opts["triple"] = True
        r = rules.configure(rid, opts)
        top = max(top, len(r.categories) * r.columns)
    return top


@pytest.fixture(params=CODES)
def T(request):
    from ui import keys

    keys.COLS[:] = keys.RIGHT_HANDED  # a left-handed scene before leaves them mirrored
    lang.use(request.param)
    yield lang.T
    lang.use("en")


def test_play_screen_fields_fit_with_their_longest_values(T):
    from ui import play_view as V
    from ui.card import col_right
    from ui.keys import COLS, ROLL

    panel = 128 - V._INFO_X  # the info panel right of the card
    n = most_rounds()
    for s in (
        T["total_n"] % 9999,
        T["bonus_got"] % 100,
        T["no_bonus"],
        T["to_go"] % 84,  # ui.card.bonus_text: "BONUS 84 TO GO" only where it fits
        T["tie_break"],
        T["round_n"] % (n, n),
        T["rolls_n"] % 99,
        T["no_rolls"],
        T["beat"] % 9999,
        T["place"] % (8, 8),
        T["zero_q"],
    ):
        assert SMALL.width(s) <= panel, s
    for c in rules.LABELS:
        for k in ("", "_2", "_4"):
            if k and c not in ("yatzy", "maxi_yatzy", "yahtzee"):
                continue
            assert SMALL.width(lang.box(c + k) + "?") <= panel, c + k
    # a computer's name bar: a six-letter name of average letters, the computer mark right
    assert V._INFO_X + 1 + SMALL.width("AAAAAA") < 127 - SMALL.width(T["cpu"])
    # the card's label column, narrowest in Triple: x 1 up to the first value column
    from yatzy.engine import Game

    g = Game("triple", ["A"])
    label_px = col_right(g, 0, V._CARD_W) - 18 - 1
    for c in rules.LABELS:
        assert SMALL.width(lang.box(c)) <= label_px, lang.box(c)
    # the other rows' labels, up to their value in the first column (the weighted total
    # has four digits)
    first = col_right(g, 0, V._CARD_W) - 1
    for k, v in (("sum", "999"), ("bonus", "100"), ("y_bonus", "999"), ("total", "999")):
        assert 1 + SMALL.width(T[k]) < first - SMALL.width(v), T[k]
    assert 1 + SMALL.width(T["score_all"]) < first - SMALL.width("9999")
    # the card's own questions and headings, left of the info panel
    for k in ("fill_q1", "fill_q2", "fill_q3", "tb_sum"):
        assert 1 + SMALL.width(T[k]) < V._CARD_W, T[k]
    assert 1 + SMALL.width(T["sum_plus"] % 36) < V._CARD_W
    # Roll's label in the dice row: right of the fifth die
    for k in ("k_roll", "k_score"):
        w = SMALL.width(T[k])
        x = min(COLS[ROLL] - w // 2, 127 - w)
        assert x > V.die_x(4) + V._DIE, T[k]
    # the roll-off's title bar and the end screen's columns
    assert 2 + SMALL.width(T["who_starts"]) <= 126
    assert 2 + SMALL.width(T["starts"] % widest_name()) <= 126
    assert 104 + SMALL.width(T["win"]) <= 128
    assert 17 + SMALL.width(T["more"] % 99) <= 128


def test_the_bonus_line_fits_the_panel_in_every_column_state(T):
    # every ruleset with upper boxes, with and without Triple, every column earned, at the
    # most points still to go, or out of reach: the line ends inside the panel (drawn at
    # x = 82 the Maxi Triple "+100+100+100" ended at 129)
    import itertools

    from ui import play_view as V
    from yatzy.engine import Game

    for rid in rules.RULESET_IDS:
        for triple in (False, True):
            try:
                g = Game(rid, ["A"], {"triple": True} if triple else {})
            except ValueError:  # Triple is not an option of this ruleset
                continue
            r = g.rules
            if not r.upper:
                continue
            for states in itertools.product(("got", "most", "none"), repeat=r.columns):
                for col, st in enumerate(states):
                    card = g.players[0].card[col]
                    for c in r.upper:
                        card[c] = {"got": r.dice * rules.FACE[c], "most": None, "none": 0}[st]
                s = V.bonus_line(g, 0, 128 - V._INFO_X)
                w = SMALL.width(s)
                x = min(V._INFO_X, max(V._INFO_X - 1, 128 - w))
                assert x + w <= 128 and x >= V._INFO_X - 1, (rid, triple, states, s)


def test_toasts_break_into_lines_the_info_panel_holds(T):
    """A toast is split at spaces into lines of the info panel's width: no word is cut."""
    from ui import play_view as V

    panel = 128 - V._INFO_X
    words = []
    for k in ("undone", "roll_one", "save_failed", "hint_roll", "roll_all", "sum"):
        words += T[k].split()
    words += (T["roll_all_n"] % 3).split() + (T["keep"] % "66666").split()
    words += (T["score_in"] % lang.box("three_of_a_kind")).split()
    words += (T["yours"] % ("X", "99.9")).split()
    for w in words:
        assert SMALL.width(w) <= panel, w


def title_fits(left, right):
    return 2 + SMALL.width(left) < 126 - SMALL.width(right) - 2


def test_title_bars_fit_their_longest_right_hand_text(T):
    from ui.help import box_name

    n = most_rounds()
    for rid in rules.RULESET_IDS:
        name = T["r_" + rid]
        for k in ("high_scores", "game_over", "house_rules"):
            assert title_fits(T[k], name), (T[k], name)
        assert title_fits(name, "%d/%d" % (40, 40))  # the help's overview page
    assert title_fits(T["standings"], T["round_n"] % (n, n))
    assert title_fits(T["standings"], T["final"])
    for c in rules.LABELS:
        assert title_fits(box_name(c + ("_4" if c == "maxi_yatzy" else "")), "40/40"), c


def row_fits(label, value):
    return 3 + SMALL.width(label) + 3 <= 125 - SMALL.width(value)


def test_menu_rows_fit_with_every_value_they_offer(T):
    import settings as st
    from ui import menu, options, setup

    app = S.new_driver().app
    screen = menu.Settings(app, None)
    for i, key in enumerate(menu.KEYS):
        for v in st.choices(key):
            app.settings[key] = v
            label, value = screen.items()[i]
            assert row_fits(label, value), (label, value)
    app.settings.update(st.DEFAULTS)
    lang.use(lang.current())
    # set-up: the ruleset, each seat's kind, the house rules count
    for rid in rules.RULESET_IDS:
        assert row_fits(T["rules"], T["r_" + rid])
    for lv in setup.levels():
        assert row_fits("8 " + widest_name(), setup.kind_name(lv))
    assert row_fits(T["house_rules"], T["n_on"] % len(rules.OPTION_KEYS))
    # house rules: every option with every value it can show
    for k in rules.OPTION_KEYS:
        values = set()
        for rid in rules.OPTIONS[k]["rulesets"]:
            values.update(options.option_values(rid, k))
        for v in values:
            shown = options.show_value("upper" if isinstance(v, list) else v)
            assert row_fits(T["opt_" + k], shown), (T["opt_" + k], shown)
    # the name of a seat in the name entry's title bar
    assert 2 + SMALL.width(T["name_of"] % 8) <= 126
    assert 2 + SMALL.width(T["name_help"]) <= 126


def lines_fit(text, most):
    from ui.widgets import wrap

    lines = wrap(text, 31)
    return len(lines) <= most and max(SMALL.width(x) for x in lines) <= 126


def test_notes_help_and_questions_fit_where_they_are_shown(T):
    from ui import help as H

    for k in rules.OPTION_KEYS:  # a long Roll on a house rule: two lines above the keys
        assert lines_fit(lang.help_text(k), 2), lang.help_text(k)
    assert lines_fit(T["opt_clash"] or "X", 2)
    for k in (  # the title's notes (two lines)
        "no_mem_continue",
        "no_mem_save",
        "flash_error",
        "names_damaged",
        "settings_damaged",
        "settings_reset",
        "save_old",
        "save_new",
        "save_damaged",
        "scores_damaged",
        "scores_repaired",
        "scores_cleared",
    ):
        assert lines_fit(T[k], 2), T[k]
    for a, b in (("reset_q1", "reset_q2"), ("abandon_q1", "abandon_q2")):  # a yes/no box
        assert SMALL.width(T[a]) <= 116 and SMALL.width(T[b]) <= 116, (T[a], T[b])
    for k in ("house_card", "no_entry", "new_hss", "cpu_only", "no_hs"):
        assert 2 + SMALL.width(T[k]) <= 126, T[k]
    assert 2 + SMALL.width(T["top_needs"] % 999) <= 126
    assert 2 + SMALL.width(T["saved_round"] % (T["r_triple"], 60, 60)) <= 126
    assert SMALL.width(T["no_scores"]) <= 128
    assert 81 + SMALL.width(T["game_n"] % "9999") <= 126  # right of the scores column
    assert SMALL.width(T["app"]) < 128 and MEDIUM.width(T["app"]) <= 128
    # every page of the rules help, every ruleset: six lines of the panel's width
    app = S.new_driver().app
    for rid in rules.RULESET_IDS:
        page = H.Help(app, None, rid)
        for p in range(len(rules.RULESETS[rid].categories) + 1):
            page.page = p
            title, lines = page.lines()
            assert len(lines) <= 6, (rid, p, lines)
            for line in lines:
                assert 1 + SMALL.width(line) <= 127, line
            assert title_fits(title, "%d/%d" % (p + 1, p + 1))


# ---- saves keep ids, not words --------------------------------------------------------------
def words_of(code):
    import importlib

    m = importlib.import_module("lang." + code)
    out = set(m.TEXT.values()) | set(m.GAME.values()) | set(m.MENU.values())
    for short, full in m.BOXES.values():
        out |= {short, full}
    return out


def test_a_game_continues_in_another_language(in_lang):
    in_lang("en")
    d = S.scene_turn()
    S.play_turns(d, 2)
    g = d.app.game
    before = (g.round, [dict(col) for col in g.players[0].card])
    d.long("hold1")
    S.go_menu(d, "SAVE AND QUIT")
    saved = d.storage.read("game.dat")
    for code in CODES:  # no word of any language in the save
        for w in words_of(code):
            if len(w) > 3 and not w.isdigit():
                assert w.encode() not in saved, (code, w)
    # Swedish from the settings menu; the choice is saved and the game goes on
    S.go_menu(d, "SETTINGS")
    while d.app.settings["lang"] != "sv":
        d.press("hold4")  # the cursor is on the language
    d.press("hold5")
    assert lang.current() == "sv"
    S.go_menu(d, "FORTSÄTT")
    g2 = d.app.game
    assert d.screen_name() == "Play"
    assert (g2.round, [dict(col) for col in g2.players[0].card]) == before
    d.long("roll") if g2.dice else d.press("roll")
    fits(d)
    # the next start keeps Swedish, and the save says the same in English again
    from yatzy.dice import SeededDice

    d2 = S.Driver(d.storage, SeededDice(1), lang=None)
    assert lang.current() == "sv" and d2.app.settings["lang"] == "sv"
    assert [e[0] for e in d2.app.screen.items()][0] == "FORTSÄTT"


def test_the_first_start_asks_for_the_language_in_its_own_words():
    from app import App
    from save.storage import MemoryStorage
    from yatzy.dice import SeededDice

    st = MemoryStorage()
    d = S.Driver(st, SeededDice(1), start=False)
    d.app = App(d.display, st, SeededDice(1), d.sound, ask_lang=True)
    d.start()
    try:
        assert d.screen_name() == "Pick"
        assert [e[0] for e in d.app.screen.items()] == list(lang.NAMES)
        while d.app.screen.cur != CODES.index("nb"):
            d.press("hold2")
        d.press("roll")
        assert d.screen_name() == "Title" and lang.current() == "nb"
        assert d.app.screen.items()[0][0] == "NYTT SPILL"
        again = App(d.display, st, SeededDice(1), d.sound, ask_lang=True)
        again.start(5000)
        assert type(again.screen).__name__ == "Title" and again.settings["lang"] == "nb"
    finally:
        lang.use("en")


def test_a_stored_language_the_game_does_not_know_is_reset():
    from save.records import Settings
    from save.storage import MemoryStorage

    st = MemoryStorage()
    Settings.save(st, {"lang": "de", "volume": 3})
    got, note = Settings.load(st)
    assert got["lang"] == "en" and got["volume"] == 3 and note


@pytest.mark.parametrize("code", CODES)
def test_a_game_in_play_keeps_only_the_play_words(code, in_lang):
    import importlib
    import sys

    in_lang(code)
    m = importlib.import_module("lang." + code)
    for name in [n for n in sys.modules if n.startswith("lang.")]:
        sys.modules.pop(name)  # the sources, imported by the tests to compare

    def has(table):  # "all" or "none" of a table's words are readable (else which)
        got = [k for k in table if k in lang.T]
        return "all" if got == list(table) else "none" if got == [] else got

    def held():  # the menus', the in-game menu's and the play words; a module left
        left = [n for n in sys.modules if n.startswith("lang.")]
        return has(m.MENU), has(m.GAME), has(m.TEXT), left

    d = S.scene_turn()
    assert held() == ("none", "none", "all", [])
    d.long("hold1")  # the game menu: its own words come back, not the other menus'
    assert d.screen_name() == "GameMenu" and held() == ("none", "all", "all", [])
    S.go_menu(d, "SETTINGS")  # a menu with the menus' words
    assert d.screen_name() == "Settings" and held() == ("all", "all", "all", [])
    d.press("hold5")
    assert d.screen_name() == "GameMenu" and held() == ("none", "all", "all", [])
    d.press("hold5")
    assert d.screen_name() == "Play" and held() == ("none", "none", "all", [])
    S.play_turns(d, 1)
    fits(d)
