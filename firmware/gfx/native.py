# Viper versions of the canvas's and the frame pusher's byte loops, for the Pico.
# SPDX-License-Identifier: MIT
"""`loops()` compiles, at first use, where the runtime has MicroPython's native emitter (the
Pico, the unix port), the byte loops that the rp2 bench found hot:

- ``fill(buf, start, end, op)``: every byte of buf[start:end] ORed with the mask (``op``
  = mask | 1 << 8), ANDed with it (mask | 0 << 8, the mask already inverted) or XORed
  (mask | 2 << 8): a fill_rect or invert_rect row of a page;
- ``same(a, b, k, j)``: the first index in k..j where a and b differ, else j + 1 (the
  pusher's search for changed columns);
- ``text(buf, codes, font, prm)``: the glyph columns of a string (Canvas.text), lit text
  only (colour 1; the plain loop draws the rest: the compiled code stays small).

Where there is no native emitter (CPython, the WebAssembly port) it returns the same loops
in plain Python, with the same results (host_tests/firmware/gfx/test_native_loops.py runs
both on the unix port)."""

OFF = 4096  # added to text()'s x and width (viper compares unsigned)

_SRC = """
@micropython.viper
def fill(buf, start: int, end: int, op: int) -> int:
    b = ptr8(buf)
    m = op & 0xFF
    c = op >> 8
    i = start
    if c == 1:
        while i < end:
            b[i] = b[i] | m
            i += 1
    elif c == 0:
        while i < end:
            b[i] = b[i] & m
            i += 1
    else:
        while i < end:
            b[i] = b[i] ^ m
            i += 1
    return 0


@micropython.viper
def same(a, b, k: int, j: int) -> int:
    p = ptr8(a)
    q = ptr8(b)
    while k <= j:
        if p[k] != q[k]:
            return k
        k += 1
    return k

@micropython.viper
def text(buf, cs, font, prm) -> int:
    b = ptr8(buf)
    s = ptr8(cs)
    n = int(len(cs))
    ix = ptr8(font.index)
    dt = ptr8(font.data)
    p = ptr32(prm)
    x = p[0]
    width = p[1]
    on0 = p[2]
    on1 = p[3]
    shift = p[4]
    keep0 = p[5]
    keep1 = p[6]
    sp = p[8]
    base0 = on0 - 1
    base1 = on1 - 1
    shl = 8 - shift
    k = 0
    while k < n:
        code = s[k]
        hi = ix[2 * code + 1]
        if hi < 32:
            code = 0
            hi = ix[1]
        w = hi >> 5
        if x < width and x + w > 4096:
            o = ix[2 * code] | ((hi & 31) << 8)
            j = x
            if j < 4096:
                j = 4096
            j1 = x + w
            if j1 > width:
                j1 = width
            i = o + j - x
            j -= 4096
            j1 -= 4096
            while j < j1:
                v = dt[i]
                i += 1
                if v:
                    if on0:
                        b[base0 + j] = b[base0 + j] | ((v << shift) & keep0)
                    if on1:
                        b[base1 + j] = b[base1 + j] | ((v >> shl) & keep1)
                j += 1
        x += w + sp
        k += 1
    return x
"""


def _fill(buf, start, end, op):
    m = op & 0xFF
    c = op >> 8
    if c == 1:
        for i in range(start, end):
            buf[i] |= m
    elif c == 0:
        for i in range(start, end):
            buf[i] &= m
    else:
        for i in range(start, end):
            buf[i] ^= m
    return 0


def _same(a, b, k, j):
    while k <= j and a[k] == b[k]:
        k += 1
    return k


def _text(buf, cs, font, prm):
    """The columns of the glyphs of `cs` (gfx.font.codes) into buf; prm: x + OFF, canvas
    width + OFF, first byte of the top and of the second page plus one (0: off the canvas),
    shift in the page, the two pages' kept rows, colour, spacing (no negative numbers: the
    viper version reads them unsigned). Returns the end x + OFF (the spacing after the last
    glyph included)."""
    index = font.index
    data = font.data
    x, width, base0, base1, shift, keep0, keep1, c, sp = prm
    x -= OFF
    width -= OFF
    base0 -= 1
    base1 -= 1
    shl = 8 - shift
    for code in cs:
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
    return x + OFF


_loops = [None]  # (fill, same, text) once chosen


def loops(native=True):
    """(fill, same, text): compiled where the runtime can (and `native`), else plain."""
    if not native:
        return (_fill, _same, _text)
    got = _loops[0]
    if got is None:
        got = (_fill, _same, _text)
        try:
            d = {}
            exec(globals().pop("_SRC"), d)  # the source's RAM goes once compiled
            got = (d["fill"], d["same"], d["text"])
        except Exception:  # noqa: BLE001 - no micropython module, no native emitter, no room
            pass
        _loops[0] = got
    return got
