# Pure-Python drawing on a MONO_VLSB frame buffer: the canvas every screen draws on.
# SPDX-License-Identifier: MIT
"""Drawing for the 128x64 OLED, identical pixels on CPython and MicroPython.

`Canvas(buf, width, height)` draws into a MONO_VLSB bytearray (byte = 8 vertical pixels of
one page, bit 0 on top), normally `display.buffer`. Colour `c` is 1 (lit), 0 (dark) or
`INVERT` (2, flip). Everything is clipped to the canvas: any coordinates are accepted and
nothing outside the buffer is ever touched. Fills and text work a byte (8 pixels of a
column) at a time, not pixel by pixel.

The frame pusher (`gfx.pusher.FramePusher`) sends what changed to the display. Only calls
a screen makes live here; tests and host tools draw with `tools.sim.canvas.HostCanvas`, this
class plus pixel reads, single pixels, lines and plain bitmaps.
"""

from gfx.font import MEDIUM, codes

INVERT = 2
_DIE_CACHE_MAX = 16  # die faces kept (a 16 px face: 32 + 32 bytes); the tumble shows 12

_inset_cache = {}


def _isqrt(n):
    s = 0
    while (s + 1) * (s + 1) <= n:
        s += 1
    return s


def _insets(r):
    """Row insets of a rounded corner of radius r (row 0 = outermost); cached tuples."""
    t = _inset_cache.get(r)
    if t is None:
        t = tuple(r - (_isqrt(4 * r * r - (2 * r - 2 * i - 1) ** 2) + 1) // 2 for i in range(r))
        _inset_cache[r] = t
    return t


class Canvas:
    """Drawing calls over a MONO_VLSB buffer of `width` x `height` pixels (clipped)."""

    def __init__(self, buf, width, height):
        if width <= 0 or height <= 0:
            raise ValueError("canvas size must be positive, got %dx%d" % (width, height))
        pages = (height + 7) >> 3
        if len(buf) < width * pages:
            raise ValueError(
                "buffer of %d bytes is too small for %dx%d" % (len(buf), width, height)
            )
        self.buf = buf
        self.width = width
        self.height = height
        self.pages = pages
        # whole-row fills are one slice assignment (measured: fill(0) 200 -> 25 us, unix port)
        self._row0 = bytes(width)
        self._row1 = b"\xff" * width

    # --- pixels and rectangles -------------------------------------------------------------

    def fill(self, c):
        """Set every pixel to c (0 or 1), or flip every pixel with INVERT."""
        self.fill_rect(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c=1):
        """Fill the w x h rectangle whose top-left corner is (x, y)."""
        x0 = x if x > 0 else 0
        x1 = x + w
        if x1 > self.width:
            x1 = self.width
        y0 = y if y > 0 else 0
        y1 = y + h
        if y1 > self.height:
            y1 = self.height
        if x0 >= x1 or y0 >= y1:
            return
        buf = self.buf
        width = self.width
        p = y0 >> 3
        last = (y1 - 1) >> 3
        while p <= last:
            top = y0 - (p << 3) if p == y0 >> 3 else 0
            bot = y1 - 1 - (p << 3) if p == last else 7
            mask = ((0xFF << top) & (0xFF >> (7 - bot))) & 0xFF
            start = p * width + x0
            end = p * width + x1
            if mask == 0xFF and (c == 0 or c == 1):  # whole bytes: one slice assignment
                if x1 - x0 == width:
                    buf[start:end] = self._row1 if c == 1 else self._row0
                else:
                    buf[start:end] = memoryview(self._row1 if c == 1 else self._row0)[: x1 - x0]
            elif c == 1:
                for i in range(start, end):
                    buf[i] |= mask
            elif c == 0:
                mask ^= 0xFF
                for i in range(start, end):
                    buf[i] &= mask
            else:
                for i in range(start, end):
                    buf[i] ^= mask
            p += 1

    def hline(self, x, y, w, c=1):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c=1):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c=1):
        """Outline of the w x h rectangle (each pixel drawn once, so INVERT works)."""
        if w <= 0 or h <= 0:
            return
        self.fill_rect(x, y, w, 1, c)
        if h > 1:
            self.fill_rect(x, y + h - 1, w, 1, c)
        if h > 2:
            self.fill_rect(x, y + 1, 1, h - 2, c)
            if w > 1:
                self.fill_rect(x + w - 1, y + 1, 1, h - 2, c)

    def invert_rect(self, x, y, w, h):
        """Flip every pixel of the rectangle (highlight a menu row, a selected box)."""
        self.fill_rect(x, y, w, h, INVERT)

    def fill_round_rect(self, x, y, w, h, r, c=1):
        """Filled rectangle with corners rounded to radius r (clamped to fit)."""
        if w <= 0 or h <= 0:
            return
        r = min(r, w >> 1, h >> 1)
        if r <= 0:
            self.fill_rect(x, y, w, h, c)
            return
        ins = _insets(r)
        for i in range(r):
            k = ins[i]
            self.fill_rect(x + k, y + i, w - 2 * k, 1, c)
            self.fill_rect(x + k, y + h - 1 - i, w - 2 * k, 1, c)
        self.fill_rect(x, y + r, w, h - 2 * r, c)

    def round_rect(self, x, y, w, h, r, c=1):
        """Outline of a rectangle with corners rounded to radius r (clamped to fit)."""
        if w <= 0 or h <= 0:
            return
        r = min(r, w >> 1, h >> 1)
        if r <= 0:
            self.rect(x, y, w, h, c)
            return
        ins = _insets(r)
        k = ins[0]
        self.fill_rect(x + k, y, w - 2 * k, 1, c)
        self.fill_rect(x + k, y + h - 1, w - 2 * k, 1, c)
        for i in range(1, r):
            k = ins[i]
            n = ins[i - 1] - k
            if n < 1:
                n = 1
            for yy in (y + i, y + h - 1 - i):
                self.fill_rect(x + k, yy, n, 1, c)
                self.fill_rect(x + w - k - n, yy, n, 1, c)
        self.fill_rect(x, y + r, 1, h - 2 * r, c)
        self.fill_rect(x + w - 1, y + r, 1, h - 2 * r, c)

    # --- bitmaps and text ------------------------------------------------------------------

    def text(self, x, y, s, font=MEDIUM, c=1):
        """Draw s with its top-left at (x, y); only glyph pixels change. Returns the end x
        (x + font.width(s)), i.e. the first column after the last glyph."""
        index = font.index
        data = font.data
        sp = font.spacing
        width = self.width
        buf = self.buf
        shift = y & 7
        page = y >> 3
        base0 = page * width if 0 <= page < self.pages else -1
        base1 = (page + 1) * width if shift and -1 <= page < self.pages - 1 else -1
        keep0 = keep1 = 0xFF
        if base0 >= 0 and self.height < (page + 1) << 3:
            keep0 = 0xFF >> (((page + 1) << 3) - self.height)
        if base1 >= 0 and self.height < (page + 2) << 3:
            keep1 = 0xFF >> (((page + 2) << 3) - self.height)
        start = x
        if base0 < 0 and base1 < 0:
            return x + font.width(s)
        shl = 8 - shift
        for code in codes(s):
            hi = index[2 * code + 1]
            if hi < 32:  # no glyph of its own: slot 0, the placeholder box
                code = 0
                hi = index[1]
            w = hi >> 5
            if x < width and x + w > 0:
                o = index[2 * code] | ((hi & 31) << 8)
                j0 = x if x > 0 else 0
                j1 = x + w if x + w < width else width
                i = o + j0 - x
                if c == 1 and shift == 0 and keep0 == 0xFF:  # page-aligned: one byte a column
                    for j in range(base0 + j0, base0 + j1):
                        buf[j] |= data[i]
                        i += 1
                elif c == 1 and base0 >= 0 and base1 >= 0 and keep1 == 0xFF:  # two pages
                    for j in range(j0, j1):
                        b = data[i]
                        i += 1
                        if b:
                            buf[base0 + j] |= (b << shift) & keep0
                            buf[base1 + j] |= b >> shl
                elif c == 1:
                    for j in range(j0, j1):
                        b = data[i]
                        i += 1
                        if b:
                            if base0 >= 0:
                                buf[base0 + j] |= (b << shift) & keep0
                            if base1 >= 0:
                                buf[base1 + j] |= (b >> shl) & keep1
                else:
                    for j in range(j0, j1):
                        b = data[i]
                        i += 1
                        if not b:
                            continue
                        if base0 >= 0:
                            v = (b << shift) & keep0
                            if c == 0:
                                buf[base0 + j] &= ~v
                            else:
                                buf[base0 + j] ^= v
                        if base1 >= 0:
                            v = (b >> shl) & keep1
                            if c == 0:
                                buf[base1 + j] &= ~v
                            else:
                                buf[base1 + j] ^= v
            x += w + sp
        return x - sp if x != start else x

    def text_center(self, y, s, font=MEDIUM, c=1, x=0, w=None):
        """Draw s centred in the band of columns x .. x+w-1 (default: the whole width).
        Returns the left x used."""
        if w is None:
            w = self.width - x
        left = x + (w - font.width(s)) // 2
        self.text(left, y, s, font, c)
        return left

    def text_right(self, x_end, y, s, font=MEDIUM, c=1):
        """Draw s so that it ends just before column x_end (right-aligned numbers).
        Returns the left x used."""
        left = x_end - font.width(s)
        self.text(left, y, s, font, c)
        return left

    def blit_masked(self, ink, mask, x, y, w, h):
        """Opaque sprite: where `mask` is set, pixels become `ink` (both w x h MONO_VLSB,
        w bytes per 8-row band); elsewhere the canvas keeps its pixels."""
        if w <= 0 or h <= 0:
            return
        bands = (h + 7) >> 3
        if len(ink) < w * bands or len(mask) < w * bands:
            raise ValueError(
                "sprite of %d/%d bytes is too small for %dx%d" % (len(ink), len(mask), w, h)
            )
        width = self.width
        buf = self.buf
        pages = self.pages
        shift = y & 7
        k0 = -x if x < 0 else 0
        k1 = width - x if x + w > width else w
        if k0 >= k1:
            return
        nat = _native[0] or _native_blit()
        for band in range(bands):
            keep = 0xFF
            rows = h - (band << 3)
            if rows < 8:
                keep = 0xFF >> (8 - rows)
            page = (y >> 3) + band
            for part in (0, 1):
                p = page + part
                if p < 0 or p >= pages or (part and not shift):
                    continue
                clip = 0xFF
                if self.height < (p + 1) << 3:
                    clip = 0xFF >> (((p + 1) << 3) - self.height)
                base = p * width + x
                src = band * w
                prm = nat[1]  # the column loop, compiled or not (see _native_blit)
                prm[0] = base + k0  # every entry >= 0 (a 64-bit port reads them
                prm[1] = src + k0  # back unsigned)
                prm[2] = 0
                prm[3] = k1 - k0
                prm[4] = keep
                prm[5] = clip
                prm[6] = shift
                prm[7] = part
                nat[0](buf, ink, mask, prm)

    # --- dice ------------------------------------------------------------------------------

    def dice_face(self, x, y, size, value, held=False):
        """A size x size die at (x, y) showing value 1..6 with real pips (0/None: blank face).

        A free die is an outline with lit pips; a held die is solid with dark pips, so a
        glance tells which dice will stay. Faces are drawn once into a small cache and then
        copied a byte at a time (measured: 5 dice 520 -> 140 us on the unix port)."""
        if size < 7 or size > 40:
            raise ValueError("die size must be 7..40 pixels, got %d" % size)
        if value is None:
            value = 0
        if not 0 <= value <= 6:
            raise ValueError("die value must be 1..6 (or 0 for blank), got %r" % (value,))
        key = (size << 4) | (value << 1) | (1 if held else 0)
        sprite = _die_cache.get(key)
        if sprite is None:
            if len(_die_cache) >= _DIE_CACHE_MAX:
                _die_cache.clear()
                _die_masks.clear()
            sprite = _die_sprite(size, value, held)
            _die_cache[key] = sprite
        self.blit_masked(sprite[0], sprite[1], x, y, size, size)

    def _draw_die(self, x, y, size, value, held):
        r = size // 5
        if held:
            self.fill_round_rect(x, y, size, size, r, 1)
            pc = 0
        else:
            self.fill_round_rect(x, y, size, size, r, 0)
            self.round_rect(x, y, size, size, r, 1)
            pc = 1
        if not value:
            return
        d = (size + 1) // 6
        if d < 2:
            d = 2
        m = (size - 3 * d) // 4
        if m < 2:
            m = 2
        lo = m
        hi = size - m - d
        mid = (size - d) >> 1
        if value & 1:
            self._pip(x + mid, y + mid, d, pc)
        if value >= 2:
            self._pip(x + lo, y + lo, d, pc)
            self._pip(x + hi, y + hi, d, pc)
        if value >= 4:
            self._pip(x + hi, y + lo, d, pc)
            self._pip(x + lo, y + hi, d, pc)
        if value == 6:
            self._pip(x + lo, y + mid, d, pc)
            self._pip(x + hi, y + mid, d, pc)

    def _pip(self, x, y, d, c):
        if d >= 4:
            self.fill_round_rect(x, y, d, d, 1 if d < 6 else 2, c)
        else:
            self.fill_rect(x, y, d, d, c)


# blit_masked's column loop as viper: 5 dice drawn in about 1 ms instead of 10 ms on the
# Pico at 125 MHz (rp2 bench). Compiled at first use where the runtime has the native
# emitter (the Pico, the unix port); plain Python elsewhere (CPython, the WebAssembly port),
# with the same pixels (host_tests/firmware/gfx/test_blit_native.py checks both on the unix
# port). gfx/blit.py has the loop as viper source and in plain Python.
# (col, prm): the column loop compiled, or gfx.blit's plain one where the runtime has no
# viper (same arguments); found at the first die drawn, or earlier by the set-up screens in
# their idle time (ui/setup.py)
_native = [None]


def _native_blit():
    from array import array

    import gfx.blit as source

    try:
        d = {}
        exec(source.VIPER, d)
        col = d["col"]
        from unload import unload

        unload("gfx.blit")  # compiled: its text leaves the heap with the module
    except Exception:  # noqa: BLE001 - no micropython module, no native emitter, no room
        col = source.col
    k = _native[0] = (col, array("i", [0] * 8))
    return k


_die_cache = {}
_die_masks = {}  # size -> the mask (a rounded square) all the faces of that size share


def _die_sprite(size, value, held):
    """(ink, mask) MONO_VLSB bytes of one die face, drawn with the Canvas primitives."""
    n = size * ((size + 7) >> 3)
    ink = bytearray(n)
    Canvas(ink, size, size)._draw_die(0, 0, size, value, held)
    mask = _die_masks.get(size)
    if mask is None:
        mask = bytearray(n)
        Canvas(mask, size, size).fill_round_rect(0, 0, size, size, size // 5, 1)
        mask = _die_masks[size] = bytes(mask)
    return bytes(ink), mask
