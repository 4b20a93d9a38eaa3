# The panel read by a new player (issue 28, items 8 and 10-15): each test failed before its fix.
# SPDX-License-Identifier: MIT
import pytest
from gfx.canvas import Canvas
from gfx.font import MEDIUM, SMALL
from support.drawn import redraw_texts

from tools.sim import scenes as S


@pytest.fixture
def in_lang():
    import lang

    def use(code):
        S.LANG = code
        lang.use(code)

    yield use
    S.LANG = "en"
    lang.use("en")


# ---- item 15: words ----------------------------------------------------------------------
def test_a_one_column_card_writes_the_finnish_box_names_in_full(in_lang):
    in_lang("fi")
    d = S.scene_turn()
    texts = redraw_texts(d.app)
    for word in ("YKKÖSET", "KAKKOSET", "KOLMOSET", "NELOSET", "VIITOSET", "KUUTOSET"):
        assert word in texts
    assert not [s for s in texts if s.endswith(".") and s[:-1].isalpha()], texts
    from ui.card import row_label

    g = d.app.game
    labels = [row_label(g, ("cat", c)) for c in ("full_house", "chance", "three_of_a_kind")]
    assert labels == ["TÄYSKÄSI", "SATTUMA", "KOLMOISLUKU"]


def test_the_swedish_card_key_is_a_word():
    from lang import sv

    assert sv.TEXT["k_card"] == "KORT"


def _lit(font, ch):
    buf = bytearray(128 * 8)
    Canvas(buf, 128, 64).text(0, 0, ch, font)  # page 0: one byte a column, bit y = row y
    return {(x, y) for x in range(8) for y in range(8) if buf[x] >> y & 1}


def test_o_slash_is_an_o_with_a_stroke_not_a_small_letter():
    o, slash = _lit(MEDIUM, "O"), _lit(MEDIUM, "\u00d8")
    assert o <= slash and len(slash) <= len(o) + 7  # all of O, and a stroke through it
    for font in (SMALL, MEDIUM):  # as tall as O
        assert {y for _, y in _lit(font, "\u00d8")} == {y for _, y in _lit(font, "O")}


def test_a_highlighted_last_list_row_keeps_clear_of_the_soft_keys():
    d = S.scene_settings()
    screen = d.app.screen
    from ui.keys import KEY_Y

    for _ in range(len(screen.items())):
        d.press("hold2")
        rows = S.frame_rows(d.display)
        assert rows[KEY_Y - 2] == "." * 128, screen.cur


# ---- item 13: the roll-off's attempts ------------------------------------------------------
@pytest.mark.parametrize("code", ["en", "fi", "sv", "nb"])
def test_the_roll_off_keeps_every_attempt_as_numbers(code, in_lang):
    from gfx.font import RIGHT
    from yatzy import engine as E

    in_lang(code)
    d = S.new_driver(seed=5)  # both players roll 1, then 3 and 5
    S.setup_game(d, players=2)
    g = d.app.game
    while g.phase == E.ROLLOFF:
        d.press("roll")
    assert [sum(r[2]) for r in g.rolloff_log] == [1, 1, 3, 5]
    texts = redraw_texts(d.app)
    assert "1" + RIGHT + "3" in texts and "1" + RIGHT + "5" in texts, texts


# ---- item 10: the final ranking ------------------------------------------------------------
def _last_box_scored_now():
    """A 2-player game at its end: the last box taken back with UNDO and scored again by a
    Roll, the ranking on screen since that press (d.t)."""
    d = S.new_driver(seed=21)
    S.setup_game(d, players=2)
    S.autoplay(d)
    d.press("hold5")  # UNDO: the card again, on the last open box
    assert d.screen_name() == "Play"
    d.press("roll", settle=False)  # scores it: the ranking appears at this press's time
    assert d.screen_name() == "End"
    return d


def test_a_roll_right_after_the_ranking_appears_does_not_dismiss_it():
    d = _last_box_scored_now()
    assert "OK" not in redraw_texts(d.app)
    d.press("roll", settle=False)  # 300 ms later: the double press of a hurried player
    assert d.screen_name() == "End"
    d.t += 1000
    d.settle()
    assert "OK" in redraw_texts(d.app)
    d.press("roll")
    assert d.screen_name() == "AfterGame"


def test_the_last_games_ranking_stays_reachable_after_the_game_and_from_the_title():
    d = _last_box_scored_now()
    g = d.app.game
    want = [str(t) for _, _, t in g.ranking()]
    d.t += 2000
    d.press("roll")
    S.go_menu(d, "LAST GAME")
    assert d.screen_name() == "Result"
    texts = redraw_texts(d.app)
    assert "LAST GAME" in texts and all(t in texts for t in want)
    d.press("hold5")
    assert d.screen_name() == "AfterGame"
    S.go_menu(d, "TITLE")
    S.go_menu(d, "LAST GAME")
    assert d.screen_name() == "Result" and all(t in redraw_texts(d.app) for t in want)
    d.press("roll")
    assert d.screen_name() == "Title"


def test_the_last_game_title_fits_beside_every_ruleset(in_lang):
    from lang import T

    for code in ("en", "fi", "sv", "nb"):
        in_lang(code)
        for rid in ("yatzy", "forced", "yahtzee", "maxi", "triple"):
            assert 2 + SMALL.width(T["last_game"]) + 4 + SMALL.width(T["r_" + rid]) <= 126


# ---- item 11: undo against a computer ------------------------------------------------------
def _human_scores_before_a_computer(pace):
    from yatzy import engine as E

    d = S.new_driver(seed=16, settings={"cpu_pace": pace})
    S.setup_game(d, players=2, cpu=(1,))
    g = d.app.game
    while g.phase == E.ROLLOFF or d.app.screen.rolloff_seen or g.players[g.current].cpu:
        if g.players[g.current].cpu and not d.app.screen.rolloff_seen:
            d.settle()
        else:
            d.press("roll")
    d.press("roll")
    d.long("roll")  # the card
    d.press("roll", settle=False)  # score the box under the cursor
    if d.app.screen.mode == 2:  # a 0: asked once more
        d.press("roll", settle=False)
    assert g.players[g.current].cpu and not g.dice and d.app.screen.can_undo()
    return d


@pytest.mark.parametrize("pace", [150, 500, 1000])
def test_the_humans_undo_stays_on_screen_before_the_computer_rolls(pace):
    d = _human_scores_before_a_computer(pace)
    app, g = d.app, d.app.game
    t0 = d.t
    while d.t < t0 + 2700:  # the computer waits, its dice row offers the human's UNDO
        w = app.tick(d.t)
        assert not g.dice and "UNDO" in redraw_texts(d.app)
        d.t += min(w or 100, 100)
    d.press("hold5", settle=False)
    assert not g.players[g.current].cpu and g.dice and d.screen_name() == "Play"
    assert d.app.screen.mode == 1  # the card again, the box taken back


def test_any_other_press_lets_the_computer_go_on_at_once():
    d = _human_scores_before_a_computer(150)
    g = d.app.game
    d.press("roll", settle=False)
    d.app.tick(d.t)
    assert g.dice or d.app.screen.cpu_holds is not None or d.app.screen.anim_end is not None


# ---- item 12: the hint follows the holds ---------------------------------------------------
def test_the_hint_follows_the_holds_and_says_yours_in_words_the_first_time():
    d = S.new_driver(seed=7)
    S.setup_game(d, players=1)
    play = d.app.screen
    d.press("roll")
    d.long("hold3")
    first = play.toast
    assert first and "\n" not in first or "YOUR CHOICE" in first
    seen = set()
    for b in ("hold1", "hold2", "hold3", "hold4", "hold5"):
        d.press(b)  # a die held: the hint says what these holds give away
        assert play.toast == play.hint_text(), b
        texts = redraw_texts(d.app)
        assert play.toast in texts or play.toast.split("\n")[0] in texts
        seen.add(play.toast)
    assert len(seen) > 1
    assert any("YOUR CHOICE" in t for t in seen)  # in words, the first time
    d.press("roll")  # a roll ends the hint
    assert play.toast == ""
    for b in ("hold1", "hold2", "hold3", "hold4", "hold5"):
        d.long("hold3")
        if "\n" in play.toast:
            break
        d.press(b)
    assert "YOURS -" in play.toast and "YOUR CHOICE" not in play.toast


@pytest.mark.parametrize("code", ["en", "fi", "sv", "nb"])
def test_the_hint_in_words_fits_the_info_panel(code, in_lang):
    from lang import T
    from ui import play_view as V
    from ui.widgets import fit_lines

    in_lang(code)
    import lang

    for best in (T["keep"] % "66666", T["score_in"] % lang.box("three_of_a_kind") + " X3"):
        lines = fit_lines(T["yours_first"] % (best, "99.9"), SMALL, 128 - V._INFO_X)
        assert len(lines) <= 4 and all(SMALL.width(s) <= 128 - V._INFO_X for s in lines)
        for w in (T["yours_first"] % (best, "99.9")).split():
            assert SMALL.width(w) <= 128 - V._INFO_X, w


# ---- item 8: the long presses found from the screen ----------------------------------------
def test_before_the_first_roll_a_soft_key_opens_the_game_menu():
    d = S.scene_turn_start()
    assert "MENU" in redraw_texts(d.app)
    d.press("hold1")
    assert d.screen_name() == "GameMenu"
    assert "SAVE AND QUIT" in [label for label, _ in d.app.screen.items()]
    d.press("hold5")  # BACK
    assert d.screen_name() == "Play"
    d.press("roll")
    assert "MENU" not in redraw_texts(d.app)  # the dice are there: HOLD1 holds the first die
    d.press("hold1")
    assert d.screen_name() == "Play" and d.app.game.held[0]


def _tips(rules="yatzy", games=0):
    """The toast after each round's first roll of a solo game (`games` played before it)."""
    d = S.new_driver(seed=3)
    d.app.setup["games"] = games
    S.setup_game(d, rules=rules, players=1)
    g = d.app.game
    out = []
    for _ in range(5):
        d.press("roll")
        out.append(d.app.screen.toast)
        d.press("roll")
        assert d.app.screen.toast == ""  # the next roll clears it
        d.long("roll")
        d.press("roll")
        if d.app.screen.mode == 2:
            d.press("roll")
        assert g.round == len(out) + 1
    return out


def test_the_first_game_teaches_one_long_press_a_round_then_stops():
    from lang import T

    tips = _tips()
    assert tips[:4] == [T["tip_round_%d" % r] for r in (1, 2, 3, 4)] and tips[4] == ""
    assert "HINT" in tips[0] and "MENU" in tips[1]
    assert _tips(games=1) == [""] * 5  # the second game plays without them


# ---- item 14: Maxi's sixth die without a HOLD6 button --------------------------------------
def test_maxi_shows_the_sixth_dies_long_hold5_on_its_first_turns():
    from lang import T

    tips = _tips("maxi", games=3)
    assert tips[:2] == [T["tip_maxi_die6"]] * 2 and tips[2:] == [""] * 3
    assert "5" in T["tip_maxi_die6"] and "6" in T["tip_maxi_die6"]


@pytest.mark.parametrize("code", ["en", "fi", "sv", "nb"])
def test_every_tip_fits_two_lines_of_the_info_panel(code, in_lang):
    from lang import T
    from ui import play_view as V
    from ui.keys import COLS
    from ui.widgets import fit_lines

    in_lang(code)
    panel = 128 - V._INFO_X
    for tip in [T["tip_round_%d" % r] for r in (1, 2, 3, 4)] + [T["tip_maxi_die6"]]:
        assert fit_lines(tip, SMALL, panel) == tip.split("\n"), tip
        for word in tip.split():
            assert SMALL.width(word) <= panel, word
    # the MENU key over HOLD1 keeps clear of UNDO over HOLD5
    w = SMALL.width(T["k_game_menu"]) + 4
    assert max(w, 15) < 2 * (COLS[4] - COLS[0]) - SMALL.width(T["k_undo"]) - 4


def test_the_ranking_after_a_computers_last_box_shows_its_ok_by_itself():
    d = S.new_driver(seed=21, settings={"cpu_pace": 150})
    S.setup_game(d, players=2, cpu=(1,))
    S.autoplay(d)  # the computer scores the last box in a tick
    g = d.app.game
    assert d.screen_name() == "End" and g.players[g.undo_player()].cpu
    assert "OK" in redraw_texts(d.app)  # no press needed to bring the OK
    d.press("roll")
    assert d.screen_name() == "AfterGame"


def test_a_hold_under_the_hint_sends_its_die_before_the_hint_is_worked_out_again():
    d = S.new_driver(seed=7)
    S.setup_game(d, players=1)
    play = d.app.screen
    d.press("roll")
    d.long("hold3")
    real = play.hint_text
    seen = []  # the panel each time the hint is worked out
    play.hint_text = lambda: (seen.append(bytes(d.display.panel)), real())[1]
    before = bytes(d.display.panel)
    d.press("hold1", settle=False)
    assert not seen and bytes(d.display.panel) != before  # the held die is out, no hint yet
    held = bytes(d.display.panel)
    d.app.tick(d.t)  # the runner's tick right after the press
    assert seen == [held] and play.toast == real()


def test_back_on_the_play_screen_its_dice_row_goes_out_first_and_the_menus_after_it():
    import sys

    d = S.new_driver(seed=7)
    S.setup_game(d, players=1)
    d.press("roll")
    d.long("hold4")  # the standings
    assert d.screen_name() == "Standings" and "ui.standings" in sys.modules
    pages, real, pusher = [], d.display.show_window, d.app.pusher
    pusher._show_window = lambda x0, x1, p0, p1: (pages.append((p0, p1)), real(x0, x1, p0, p1))
    d.press("hold5", settle=False)  # back
    assert d.screen_name() == "Play" and pages[0][0] >= 6  # the dice row (pages 6-7) first
    assert min(p0 for p0, _ in pages) == 0  # then the rest of the frame
    assert "ui.standings" not in sys.modules  # the menus went once the frame was out


@pytest.mark.parametrize(
    "scene", ["cardview", "standings", "menu", "gameover", "aftergame", "setup", "settings"]
)
def test_a_screen_s_first_part_is_its_soft_key_row_as_its_whole_frame_draws_it(scene):
    """App.show sends a screen's `first` part before the rest of its frame: that part must
    draw exactly the frame's soft-key row and nothing above it."""
    d = getattr(S, "scene_" + scene)()
    scr = d.app.screen
    assert scr.first == "keys"
    buf = bytearray(b"\xff" * len(d.display.buffer))
    scr.draw_part(Canvas(buf, 128, 64), scr.first)
    for y in range(64):
        for x in range(128):
            on = bool(buf[(y >> 3) * 128 + x] >> (y & 7) & 1)
            assert on == (d.display.pixel_on(x, y) if y >= 57 else True), (x, y)
