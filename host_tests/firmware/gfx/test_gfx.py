# Tests for the project fonts, the Canvas drawing calls and the FramePusher.
# SPDX-License-Identifier: MIT
import hashlib
import os
import random

import pytest
from gfx import canvas as gfx
from gfx import font
from gfx.pusher import FULL, FramePusher
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tools.emu import mp_run
from tools.gen import font as gen_font
from tools.sim.canvas import HostCanvas

W, H = 128, 64


def canvas(height=H, guard=0, fill=0):
    buf = bytearray([fill]) * (W * ((height + 7) // 8) + guard)
    return HostCanvas(buf, W, height), buf


# --- a naive per-pixel reference model -----------------------------------------------------


class Ref:
    """Set of lit pixels, drawn one pixel at a time (the obviously-right way)."""

    def __init__(self, width=W, height=H):
        self.w = width
        self.h = height
        self.on = set()

    def px(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            if c == 1:
                self.on.add((x, y))
            elif c == 0:
                self.on.discard((x, y))
            else:
                self.on ^= {(x, y)}

    def fill_rect(self, x, y, w, h, c):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.px(xx, yy, c)

    def text(self, x, y, s, fnt, glyphs, c):
        start = x
        for ch in s:
            spec = SPECS[fnt.name]
            code = gen_font.slot(ch)
            code = fnt_alias(fnt, code if code in spec.glyphs or code in spec.aliases else 0)
            cols = glyphs[code]
            for k, col in enumerate(cols):
                for r in range(fnt.height):
                    if col >> r & 1:
                        self.px(x + k, y + r, c)
            x += len(cols) + fnt.spacing
        return x - fnt.spacing if x != start else x


def fnt_alias(fnt, code):
    spec = SPECS[fnt.name]
    return spec.aliases.get(code, code)


with open(gen_font.SOURCE) as _f:
    SPECS = {s.name: s for s in gen_font.parse(_f.read())}


def lit(cv):
    return {(x, y) for y in range(cv.height) for x in range(cv.width) if cv.get_pixel(x, y)}


# --- font ----------------------------------------------------------------------------------


def test_font_module_is_current():
    with open(gen_font.SOURCE) as f:
        src = gen_font.generate(f.read())
    with open(gen_font.TARGET) as f:
        assert f.read() == src, "firmware/gfx/font.py is stale: run python -m tools.gen.font"


@pytest.mark.parametrize("name", ["SMALL", "MEDIUM"])
def test_font_covers_the_ui_characters(name):
    fnt = getattr(font, name)
    needed = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz :.,-+/()!?'%#<>="
    needed += font.UP + font.DOWN + font.LEFT + font.RIGHT + font.CHECK + font.HELD + font.STAR
    for ch in needed:
        assert fnt.has(ch), "%s lacks %r" % (name, ch)
        assert fnt.code(ch) == ord(ch)


LATIN1_LETTERS = [chr(c) for c in range(0xC0, 0x100) if c not in (0xD7, 0xF7)]


@pytest.mark.parametrize("name", ["SMALL", "MEDIUM"])
def test_every_latin1_letter_has_a_glyph_that_fits_its_cell(name):
    fnt = getattr(font, name)
    spec = SPECS[name]
    for ch in LATIN1_LETTERS:
        assert fnt.has(ch), "%s lacks %r" % (name, ch)
    for code, cols in spec.glyphs.items():
        assert 1 <= len(cols) <= 7
        assert all(0 <= col < 1 << fnt.height for col in cols), (name, code)  # no row below
        # drawn on a canvas just one cell tall, nothing is lost
        cv, _ = canvas(height=fnt.height)
        ch = [k for k in SLOT_NAMES if gen_font.slot(k) == code][0]
        assert cv.text(0, 0, ch, fnt) == len(cols)
        assert len(lit(cv)) == sum(bin(c).count("1") for c in cols)


SLOT_NAMES = [chr(c) for c in list(range(128)) + list(range(0xC0, 0x100))]


@pytest.mark.parametrize("name", ["SMALL", "MEDIUM"])
def test_a_marked_letter_takes_the_width_of_its_plain_letter(name):
    import unicodedata

    fnt = getattr(font, name)
    checked = 0
    for ch in LATIN1_LETTERS:
        base = unicodedata.normalize("NFD", ch)[0]
        if base == ch:  # Æ Ð Ø Þ ß and their small letters have no plain letter
            continue
        assert fnt.width(ch) == fnt.width(base), (name, ch, base)
        checked += 1
    assert checked >= 50
    # O-slash is as wide as O
    assert fnt.width("\u00d8") == fnt.width("O")


def test_small_draws_latin1_small_letters_as_its_capitals():
    for ch in LATIN1_LETTERS:
        up = ch.upper()
        if up == ch or len(up) != 1 or not "\u00c0" <= up <= "\u00de":
            continue  # capitals, and the letters with no Latin-1 capital (ß, ÿ)
        assert font.SMALL.code(ch) != font.SMALL.code(up)  # its own slot...
        a, _ = canvas()
        b, _ = canvas()
        a.text(0, 0, ch, font.SMALL)
        b.text(0, 0, up, font.SMALL)
        assert lit(a) == lit(b)  # ...drawn as the capital


def test_the_placeholder_is_a_hollow_box_unlike_any_letter():
    for name in ("SMALL", "MEDIUM"):
        spec = SPECS[name]
        box = spec.glyphs[0]
        w, h = len(box), spec.height
        rows = [[(box[x] >> y) & 1 for x in range(w)] for y in range(h)]
        top = [y for y in range(h) if any(rows[y])]
        # a closed outline: full top and bottom rows, both sides, nothing inside
        assert all(rows[top[0]]) and all(rows[top[-1]])
        for y in range(top[0] + 1, top[-1]):
            assert rows[y][0] and rows[y][-1] and not any(rows[y][1:-1])
        others = [cols for code, cols in spec.glyphs.items() if code != 0]
        assert box not in others


def test_font_sizes_fit_the_screen():
    # SMALL: at least 8 scorecard rows on 64 px plus room for a label line
    assert font.SMALL.height <= 6 and font.SMALL.pitch * 10 <= 64
    assert font.MEDIUM.height <= 8 and font.MEDIUM.pitch == 8
    assert font.SMALL.width("0") <= 4 and font.MEDIUM.width("0") <= 5
    # digits share one width so numbers line up in columns
    for fnt in (font.SMALL, font.MEDIUM):
        assert len({fnt.width(d) for d in "0123456789"}) == 1


# In an eight-row cell a capital O under a two-row grave, acute, circumflex or tilde has
# only the five rows of the small o left: those four pairs share one glyph, nothing else does.
SAME_AS_SMALL = {"MEDIUM": "\u00d2\u00d3\u00d4\u00d5"}


def test_glyphs_are_distinct():
    names = {gen_font.slot(chr(c)): chr(c) for c in list(range(128)) + list(range(0xC0, 0x100))}
    for spec in SPECS.values():
        seen = {}
        for code, cols in spec.glyphs.items():
            if code == 32:
                continue
            ch = names[code]
            key = tuple(cols)
            if ch.lower() != ch and ch in SAME_AS_SMALL.get(spec.name, ""):
                assert spec.glyphs[gen_font.slot(ch.lower())] == cols
                continue
            assert key not in seen, "%s: %r looks like %r" % (spec.name, ch, seen[key])
            seen[key] = ch


def test_unknown_characters_draw_as_the_placeholder_box():
    box = font.BOX
    assert font.MEDIUM.code("\u20ac") == 0 and not font.MEDIUM.has("\u20ac")
    assert font.MEDIUM.width("\u20ac") == font.MEDIUM.width(box) > 0
    assert font.SMALL.width("a") == font.SMALL.width("A")  # SMALL has capitals only
    # one slot per character, whatever its UTF-8 length (codes() is per character)
    assert font.codes("a\u00e9\u20ac\U0001f3b2b") == bytes([97, 0xE9 - 64, 0, 0, 98])
    assert font.MEDIUM.width("a\u20ac\U0001f3b2") == font.MEDIUM.width("a" + box + box)
    assert font.codes("ROLL 3") == b"ROLL 3"
    # control characters have no glyph either: a newline draws the box
    assert font.SMALL.code("\n") == 0 and font.SMALL.width("\n") == font.SMALL.width(box)


@pytest.mark.parametrize(
    "text, message",
    [
        ("glyphs A\n#", "before any font"),
        ("font F height=9\n", "height must be 1..8"),
        ("font F height=2\nglyphs A B\n#. ##\n#.\n", "row 2 has 1 glyphs"),
        ("font F height=2\nglyphs A\n#.\n#\n", "row 2 is 1 wide"),
        ("font F height=1\nglyphs A\nx\n", "has 'x'"),
        ("font F height=1\nglyphs nosuch\n#\n", "unknown glyph name"),
        ("font F height=1\nglyphs A A\n# #\n", "drawn twice"),
        ("font F height=1\nglyphs ?\n#\nbogus\n", "unknown directive"),
    ],
)
def test_glyph_file_errors_name_the_problem(text, message):
    with pytest.raises(ValueError, match=message):
        gen_font.generate(text)


def test_generate_needs_the_placeholder_glyph():
    with pytest.raises(ValueError, match="placeholder"):
        gen_font.generate("font F height=1\nglyphs A\n#\n")


# --- canvas against the reference ----------------------------------------------------------

coord = st.integers(-40, 170)
size = st.integers(-5, 140)
colour = st.sampled_from([0, 1, gfx.INVERT])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(coord, coord, size, size, colour), min_size=1, max_size=6))
def test_fill_rect_matches_per_pixel_reference(rects):
    cv, _ = canvas()
    ref = Ref()
    for x, y, w, h, c in rects:
        cv.fill_rect(x, y, w, h, c)
        ref.fill_rect(x, y, w, h, c)
    assert lit(cv) == ref.on


@settings(max_examples=80, deadline=None)
@given(
    st.integers(-30, 140),
    st.integers(-12, 70),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x2FF), max_size=12),
    st.sampled_from(["SMALL", "MEDIUM"]),
    colour,
)
def test_text_matches_glyph_source(x, y, s, name, c):
    fnt = getattr(font, name)
    cv, _ = canvas(fill=0xA5)  # a patterned background: only glyph pixels may change
    ref = Ref()
    ref.on = lit(cv)
    end = cv.text(x, y, s, fnt, c)
    assert end == ref.text(x, y, s, fnt, SPECS[name].glyphs, c)
    assert end == x + fnt.width(s)
    assert lit(cv) == ref.on


def test_text_helpers_place_text():
    cv, _ = canvas()
    left = cv.text_center(0, "Yatzy", font.MEDIUM)
    assert left == (W - font.MEDIUM.width("Yatzy")) // 2
    xs = [x for (x, y) in lit(cv)]
    assert min(xs) >= left and max(xs) < left + font.MEDIUM.width("Yatzy")
    cv.fill(0)
    left = cv.text_right(100, 10, "374", font.SMALL)
    assert left == 100 - font.SMALL.width("374")
    assert max(x for (x, y) in lit(cv)) == 99


def test_blit_draws_lit_bits_only():
    cv, _ = canvas()
    bits = bytes([0b101, 0b010, 0xFF, 0xFF, 0x01, 0x00])  # 3 wide, 10 high (2 bands)
    cv.blit(bits, 5, 3, 3, 10)
    ref = Ref()
    for band in range(2):
        for k in range(3):
            for r in range(8):
                if band * 8 + r < 10 and bits[band * 3 + k] >> r & 1:
                    ref.px(5 + k, 3 + band * 8 + r, 1)
    assert lit(cv) == ref.on
    with pytest.raises(ValueError, match="too small"):
        cv.blit(b"\x00", 0, 0, 3, 10)


def test_outlines_and_lines():
    cv, _ = canvas()
    cv.rect(2, 3, 10, 6)
    ref = Ref()
    for xx in range(2, 12):
        ref.px(xx, 3, 1)
        ref.px(xx, 8, 1)
    for yy in range(3, 9):
        ref.px(2, yy, 1)
        ref.px(11, yy, 1)
    assert lit(cv) == ref.on
    cv.fill(0)
    cv.rect(0, 0, 20, 20, gfx.INVERT)  # each pixel flipped once: same as drawing lit
    assert len(lit(cv)) == 4 * 19
    cv.fill(0)
    cv.line(0, 0, 9, 3)
    pts = lit(cv)
    assert (0, 0) in pts and (9, 3) in pts and len(pts) == 10
    assert len({x for x, _ in pts}) == 10  # one pixel per column on a shallow line


@pytest.mark.parametrize("r", [0, 1, 2, 3, 4, 5, 8])
def test_round_rect_outline_is_the_border_of_the_fill(r):
    a, _ = canvas()
    b, _ = canvas()
    a.fill_round_rect(10, 5, 30, 24, r)
    b.round_rect(10, 5, 30, 24, r)
    filled = lit(a)
    border = {
        (x, y)
        for (x, y) in filled
        if not all((x + dx, y + dy) in filled for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    }
    assert lit(b) == border
    if r >= 2:
        assert (10, 5) not in filled  # corners really are rounded
    assert (25, 5) in filled and (10, 17) in filled


def _components(points):
    points = set(points)
    n = 0
    while points:
        n += 1
        todo = [points.pop()]
        while todo:
            x, y = todo.pop()
            for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                q = (x + d[0], y + d[1])
                if q in points:
                    points.remove(q)
                    todo.append(q)
    return n


@pytest.mark.parametrize("size", [16, 18, 20, 22, 24, 26])
@pytest.mark.parametrize("value", range(0, 7))
@pytest.mark.parametrize("held", [False, True])
def test_dice_face_has_value_pips(size, value, held):
    cv, _ = canvas(fill=0x5A)
    cv.dice_face(30, 20, size, value, held)
    inner = [(x, y) for y in range(23, 20 + size - 3) for x in range(33, 30 + size - 3)]
    pips = [p for p in inner if cv.get_pixel(*p) == (0 if held else 1)]
    assert _components(pips) == value
    if held:
        assert cv.get_pixel(30 + size // 2, 20)  # solid die: top edge lit, inside lit
    # the die covers exactly its square: outside pixels keep the background
    ref, _ = canvas(fill=0x5A)
    outside = {(x, y) for x in range(W) for y in range(H)} - {
        (x, y) for x in range(30, 30 + size) for y in range(20, 20 + size)
    }
    assert {p for p in outside if cv.get_pixel(*p)} == {p for p in outside if ref.get_pixel(*p)}


@settings(max_examples=60, deadline=None)
@given(
    st.integers(-30, 140),
    st.integers(-30, 70),
    st.sampled_from([7, 15, 16, 18, 22, 24, 31]),
    st.integers(0, 6),
    st.booleans(),
)
def test_cached_dice_equal_direct_drawing(x, y, size, value, held):
    a, _ = canvas(fill=0xC3)
    b, _ = canvas(fill=0xC3)
    a.dice_face(x, y, size, value, held)
    a.dice_face(x, y, size, value, held)  # second time from the cache
    b._draw_die(x, y, size, value, held)
    assert lit(a) == lit(b)


@settings(max_examples=80, deadline=None)
@given(
    st.integers(-12, 130),
    st.integers(-20, 66),
    st.integers(1, 12),
    st.integers(1, 20),
    st.binary(min_size=36, max_size=36),
    st.binary(min_size=36, max_size=36),
)
def test_blit_masked_matches_reference(x, y, w, h, ink, mask):
    cv, _ = canvas(fill=0x96)
    ref = Ref()
    ref.on = lit(cv)
    cv.blit_masked(ink, mask, x, y, w, h)
    for band in range((h + 7) // 8):
        for k in range(w):
            for r in range(8):
                if band * 8 + r < h and mask[band * w + k] >> r & 1:
                    ref.px(x + k, y + band * 8 + r, ink[band * w + k] >> r & 1)
    assert lit(cv) == ref.on


def test_dice_face_rejects_bad_values():
    cv, _ = canvas()
    with pytest.raises(ValueError, match="die value"):
        cv.dice_face(0, 0, 20, 7, False)
    with pytest.raises(ValueError, match="die size"):
        cv.dice_face(0, 0, 4, 1, False)
    with pytest.raises(ValueError, match="too small"):
        cv.blit_masked(b"\x00", b"\x00", 0, 0, 3, 3)


def test_canvas_rejects_small_buffers():
    with pytest.raises(ValueError, match="too small"):
        gfx.Canvas(bytearray(100), 128, 64)
    with pytest.raises(ValueError, match="positive"):
        gfx.Canvas(bytearray(100), 0, 64)


# --- clipping: nothing outside the canvas ever changes ---------------------------------------

op = st.one_of(
    st.tuples(st.just("pixel"), coord, coord, colour),
    st.tuples(st.just("hline"), coord, coord, size, colour),
    st.tuples(st.just("vline"), coord, coord, size, colour),
    st.tuples(st.just("rect"), coord, coord, size, size, colour),
    st.tuples(st.just("fill_rect"), coord, coord, size, size, colour),
    st.tuples(st.just("round_rect"), coord, coord, size, size, st.integers(0, 9), colour),
    st.tuples(st.just("fill_round_rect"), coord, coord, size, size, st.integers(0, 9), colour),
    st.tuples(st.just("invert_rect"), coord, coord, size, size),
    st.tuples(
        st.just("blit_masked"),
        st.just(b"\xff" * 12),
        st.just(b"\x5a" * 12),
        coord,
        coord,
        st.integers(1, 6),
        st.integers(1, 16),
    ),
    st.tuples(st.just("line"), coord, coord, coord, coord, colour),
    st.tuples(st.just("text"), coord, coord, st.text(max_size=20), st.sampled_from([0, 1])),
    st.tuples(
        st.just("dice_face"), coord, coord, st.integers(7, 30), st.integers(0, 6), st.booleans()
    ),
    st.tuples(st.just("fill"), colour),
)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from([64, 60, 32, 13]), st.lists(op, min_size=1, max_size=12))
# found by the search: a sprite straddling into the last, partial page of a 60-row canvas
@example(60, [("blit_masked", b"\xff" * 12, b"\x5a" * 12, 0, 54, 1, 7)])
def test_nothing_is_drawn_outside_the_canvas(height, ops):
    guard = 16
    cv, buf = canvas(height, guard=guard, fill=0x00)
    nbytes = W * ((height + 7) // 8)
    buf[nbytes:] = b"\x5a" * guard
    for o in ops:
        name, args = o[0], o[1:]
        if name == "text":
            x, y, s, c = args
            for fnt in (font.SMALL, font.MEDIUM):
                cv.text(x, y, s, fnt, c)
        else:
            getattr(cv, name)(*args)
    assert bytes(buf[nbytes:]) == b"\x5a" * guard
    if height % 8:
        mask = 0xFF << (height % 8) & 0xFF
        last = nbytes - W
        assert not any(buf[i] & mask for i in range(last, nbytes)), "drew below the canvas"


# --- FramePusher -------------------------------------------------------------------------


class PanelDisplay:
    """Buffer + a model of the panel's RAM that only show()/show_window() update."""

    def __init__(self, windowed=True):
        self.width = W
        self.height = H
        self.buffer = bytearray(W * H // 8)
        self.ram = bytearray(W * H // 8)
        self.calls = []
        self.broken = False
        if windowed:
            self.show_window = self._show_window

    def show(self):
        self.calls.append(("show",))
        self.ram[:] = self.buffer

    def _show_window(self, x0, x1, p0, p1):
        if self.broken:
            raise OSError(5, "I2C error")
        assert 0 <= x0 <= x1 < W and 0 <= p0 <= p1 < H // 8
        self.calls.append(("window", x0, x1, p0, p1))
        for p in range(p0, p1 + 1):
            self.ram[p * W + x0 : p * W + x1 + 1] = self.buffer[p * W + x0 : p * W + x1 + 1]


def _cost(pusher, calls):
    total = 0
    for c in calls:
        if c[0] == "show":
            total += pusher.cost(0, W - 1, 0, H // 8 - 1)
        else:
            total += pusher.cost(c[1], c[2], c[3], c[4])
    return total


def _data(calls):
    return sum(
        W * H // 8 if c[0] == "show" else (c[2] - c[1] + 1) * (c[4] - c[3] + 1) for c in calls
    )


def _best_one_range_per_page(pusher, old, new):
    """Brute force: the cheapest plan that sends one column range per changed page, with
    consecutive changed pages grouped into windows in every possible way."""
    spans = []
    for p in range(H // 8):
        cols = [x for x in range(W) if old[p * W + x] != new[p * W + x]]
        if cols:
            spans.append((p, min(cols), max(cols)))
    if not spans:
        return 0
    best = None
    n = len(spans)
    for mask in range(1 << (n - 1)):  # bit i set: cut after span i
        total = 0
        start = 0
        for i in range(n):
            if i == n - 1 or mask >> i & 1:
                grp = spans[start : i + 1]
                x0 = min(s[1] for s in grp)
                x1 = max(s[2] for s in grp)
                total += pusher.cost(x0, x1, grp[0][0], grp[-1][0])
                start = i + 1
        best = total if best is None else min(best, total)
    return min(best, pusher.cost(0, W - 1, 0, H // 8 - 1))


def test_pusher_first_push_is_full_then_nothing_when_unchanged():
    d = PanelDisplay()
    pusher = FramePusher(d)
    assert pusher.push() == 1024
    assert d.calls == [("show",)]
    assert pusher.push() == 0
    assert d.calls == [("show",)]
    d.buffer[5] = 1
    assert pusher.push() == 1
    assert d.calls[-1] == ("window", 5, 5, 0, 0)
    assert pusher.push_full() == 1024 and d.calls[-1] == ("show",)
    pusher.invalidate()
    assert pusher.push() == 1024


def test_pusher_falls_back_to_show_without_windows():
    d = PanelDisplay(windowed=False)
    pusher = FramePusher(d)
    pusher.push()
    assert pusher.push() == 0 and len(d.calls) == 1
    d.buffer[700] = 3
    assert pusher.push() == 1024 and d.calls[-1] == ("show",)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1023), st.integers(1, 255)), max_size=12), st.data())
def test_pusher_sends_exactly_the_changes_and_never_more_than_the_best_span_plan(changes, data):
    d = PanelDisplay()
    rnd = random.Random(data.draw(st.integers(0, 1000)))
    d.buffer[:] = bytes(rnd.getrandbits(8) for _ in range(1024))
    pusher = FramePusher(d)
    pusher.push()
    old = bytes(d.buffer)
    for i, v in changes:
        d.buffer[i] ^= v
    d.calls.clear()
    sent = pusher.push()
    assert d.ram == d.buffer  # the panel shows the new frame
    assert _cost(pusher, d.calls) <= _best_one_range_per_page(pusher, old, bytes(d.buffer))
    assert sent == _data(d.calls)
    if old == bytes(d.buffer):
        assert d.calls == []
    for c in d.calls:  # no window is sent without a change in it
        if c[0] == "window":
            assert any(
                old[p * W + x] != d.buffer[p * W + x]
                for p in range(c[3], c[4] + 1)
                for x in range(c[1], c[2] + 1)
            )


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1023), st.integers(1, 255)), max_size=40), st.data())
def test_plan_touches_no_display_and_push_sends_exactly_the_plan(changes, data):
    d = PanelDisplay()
    rnd = random.Random(data.draw(st.integers(0, 1000)))
    d.buffer[:] = bytes(rnd.getrandbits(8) for _ in range(1024))
    pusher = FramePusher(d)
    assert pusher.plan() == FULL and d.calls == []  # nothing shown yet
    pusher.push()
    old = bytes(d.buffer)
    for i, v in changes:
        d.buffer[i] ^= v
    d.calls.clear()
    n = pusher.plan()
    assert d.calls == []
    assert (n == 0) == (bytes(d.buffer) == old)
    planned = [pusher.window(r) for r in range(max(n, 0))]
    assert pusher.plan() == n and [pusher.window(r) for r in range(max(n, 0))] == planned
    full = pusher.cost(0, W - 1, 0, H // 8 - 1)
    if n > 0:
        assert sum(pusher.cost(*w) for w in planned) < full
        covered = {(p, x) for x0, x1, p0, p1 in planned for p in range(p0, p1 + 1)
                   for x in range(x0, x1 + 1)}  # fmt: skip
        assert {(i // W, i % W) for i in range(1024) if old[i] != d.buffer[i]} <= covered
    sent = pusher.push()
    if n == 0:
        assert d.calls == [] and sent == 0
    elif n == FULL:
        assert d.calls == [("show",)] and sent == 1024
    else:
        assert d.calls == [("window",) + w for w in planned]
        assert sent == sum((x1 - x0 + 1) * (p1 - p0 + 1) for x0, x1, p0, p1 in planned)
    assert pusher.plan() == 0


def test_send_writes_the_planned_windows_and_remembers_the_frame():
    d = PanelDisplay()
    pusher = FramePusher(d)
    pusher.push()
    d.buffer[0:3] = b"\x01\x02\x03"
    d.buffer[5 * W + 120] = 9
    n = pusher.plan()  # the two plans tie: the spans one is sent, last page first
    assert [pusher.window(r) for r in range(n)] == [(120, 120, 5, 5), (0, 2, 0, 0)]
    d.calls.clear()
    assert pusher.send(n) == 4
    assert d.calls == [("window", 120, 120, 5, 5), ("window", 0, 2, 0, 0)]
    assert d.ram == d.buffer and pusher.plan() == 0
    assert (pusher.pushes, pusher.windows, pusher.data_bytes) == (2, 3, 1028)


def test_plan_is_full_without_windows_and_when_most_of_the_frame_changed():
    d = PanelDisplay(windowed=False)
    pusher = FramePusher(d)
    pusher.push()
    assert pusher.plan() == 0
    d.buffer[9] = 1
    assert pusher.plan() == FULL
    d = PanelDisplay()
    pusher = FramePusher(d)
    pusher.push()
    d.buffer[:] = b"\x55" * 1024
    assert pusher.plan() == FULL and d.calls == [("show",)]


def test_pusher_sends_separate_blocks_as_separate_windows():
    d = PanelDisplay()
    pusher = FramePusher(d)
    pusher.push()
    cv = gfx.Canvas(d.buffer, W, H)
    cv.fill_rect(0, 16, 10, 16, 1)
    cv.fill_rect(100, 16, 10, 16, 1)
    d.calls.clear()
    assert pusher.push() == 2 * 10 * 2
    assert sorted(d.calls) == [("window", 0, 9, 2, 3), ("window", 100, 109, 2, 3)]


def test_pusher_beats_the_span_plan_on_a_row_of_dice():
    d = PanelDisplay()
    cv = gfx.Canvas(d.buffer, W, H)
    for i in range(5):
        cv.dice_face(3 + 25 * i, 48, 16, 2, False)
    pusher = FramePusher(d)
    pusher.push()
    old = bytes(d.buffer)
    d.calls.clear()
    for i in range(5):
        cv.dice_face(3 + 25 * i, 48, 16, 5, i == 2)
    pusher.push()
    assert d.ram == d.buffer
    assert len(d.calls) >= 5
    assert _cost(pusher, d.calls) < _best_one_range_per_page(pusher, old, bytes(d.buffer))


def test_pusher_error_during_send_forces_full_push_next():
    d = PanelDisplay()
    pusher = FramePusher(d)
    pusher.push()

    d.broken = True
    d.buffer[10] = 1
    with pytest.raises(OSError):
        pusher.push()
    d.broken = False
    assert pusher.push() == 1024


# --- MicroPython: same pixels, no allocation per push ---------------------------------------

FRAME_SCRIPT = """
from gfx import font
from gfx import canvas as gfx
from gfx.pusher import FramePusher
buf = bytearray(1024)
cv = gfx.Canvas(buf, 128, 64)
cv.fill(0)
cv.text(0, 0, "Pocket Yatzy 1-6 ?!", font.MEDIUM)
cv.text(3, 11, "ONES 3  FULL HOUSE 25 " + font.CHECK + font.STAR, font.SMALL)
cv.text(-5, 59, "clipped text at the edge", font.MEDIUM)
for i in range(5):
    cv.dice_face(2 + i * 25, 20, 23, i + 2, i % 2 == 0)
cv.fill_round_rect(100, 50, 30, 20, 4, 1)
cv.invert_rect(0, 0, 64, 9)
cv.round_rect(-3, 44, 40, 30, 5, 2)
print("FRAME", bytes(buf).hex())
"""


def _draw_on_cpython():
    ns = {}
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(FRAME_SCRIPT, ns)
    return out.getvalue().split()[1]


def _need_micropython():
    if mp_run.micropython_binary() is None:
        pytest.skip("MicroPython unix port not installed (make venv installs it on x86_64)")


def test_micropython_draws_the_same_frame():
    _need_micropython()
    rc, out = mp_run.run_script(FRAME_SCRIPT)
    assert rc == 0, out
    mp_frame = out.split("FRAME ")[1].split()[0]
    cp_frame = _draw_on_cpython()
    assert (
        hashlib.sha256(mp_frame.encode()).hexdigest()
        == hashlib.sha256(cp_frame.encode()).hexdigest()
    )
    assert cp_frame.count("0") < 2000  # something was drawn


PUSH_ALLOC_SCRIPT = """
import gc
from gfx import canvas as gfx
from gfx.pusher import FramePusher

class D:
    width = 128
    height = 64
    def __init__(self):
        self.buffer = bytearray(1024)
        self.n = 0
    def show(self):
        self.n += 1
    def show_window(self, x0, x1, p0, p1):
        self.n += 1

d = D()
p = FramePusher(d)
p.push()
buf = d.buffer
sent = 0
for k in range(3):   # warm-up
    buf[(k * 37) % 1024] ^= 0xFF
    sent += p.push()
gc.collect()
gc.disable()
before = gc.mem_free()
for k in range(N):
    buf[(k * 131) % 1024] ^= 0x81
    buf[(k * 7 + 500) % 1024] ^= 0x18
    sent += p.push()
    p.push()
after = gc.mem_free()
print("ALLOC", before - after, "SENT", sent, "CALLS", d.n)
"""


def test_micropython_push_allocates_nothing():
    """Heap used over N pushes does not grow with N (the script's own set-up is constant)."""
    _need_micropython()
    allocs = []
    for n in (20, 400):
        rc, out = mp_run.run_script(PUSH_ALLOC_SCRIPT.replace("range(N)", "range(%d)" % n))
        assert rc == 0, out
        words = out.split()
        allocs.append(int(words[words.index("ALLOC") + 1]))
        calls = int(words[words.index("CALLS") + 1])
        assert calls > n  # the pushes really sent windows
    assert allocs[0] == allocs[1], "FramePusher.push allocates per push: %r" % allocs


def test_specimen_renders(tmp_path):
    path = os.path.join(tmp_path, "spec.png")
    gen_font.specimen(path)
    from PIL import Image

    img = Image.open(path)
    assert img.size[0] > 128 and img.getextrema()[1] > 0


@pytest.mark.parametrize("step", [7, 13, 29])
def test_pusher_with_more_runs_than_window_slots(step):
    d = PanelDisplay()
    pusher = FramePusher(d)
    pusher.push()
    old = bytes(d.buffer)
    for i in range(0, 1024, step):  # scattered single-byte changes: many runs per page
        d.buffer[i] ^= 0x81
    d.calls.clear()
    pusher.push()
    assert d.ram == d.buffer
    assert _cost(pusher, d.calls) <= _best_one_range_per_page(pusher, old, bytes(d.buffer))


def test_pusher_on_a_128x32_panel():
    d = PanelDisplay()
    d.height = 32
    d.buffer = bytearray(512)
    d.ram = bytearray(512)
    pusher = FramePusher(d)
    assert pusher.push() == 512 and d.calls == [("show",)]
    d.buffer[3 * 128 + 9] = 1
    assert pusher.push() == 1 and d.calls[-1] == ("window", 9, 9, 3, 3)
