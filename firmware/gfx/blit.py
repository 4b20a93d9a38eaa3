# The dice blit's column loop: viper source for the device, the same loop in plain Python.
# SPDX-License-Identifier: MIT
"""``col`` draws the columns of one page of a masked sprite (gfx.canvas.blit_masked), twice.
``VIPER`` is its source as text: ``canvas._native_blit`` imports this module, compiles it
with the native emitter (5 dice in about 1 ms instead of 10 ms on the Pico at 125 MHz) and
drops the module again at once (a string constant stays on the heap for as long as its
module is loaded). ``col`` below is the same loop in plain Python, with the same arguments
and pixels, for a runtime without viper (CPython, the WebAssembly port); only then does the
module stay loaded. prm: first byte in buf, first in the sprite, 0, columns, keep, clip,
shift, part (viper takes at most 4 arguments)."""

VIPER = """
@micropython.viper
def col(buf, ink, mask, prm) -> int:
    b = ptr8(buf)
    s = ptr8(ink)
    q = ptr8(mask)
    p = ptr32(prm)
    base = p[0]
    src = p[1]
    k = p[2]
    k1 = p[3]
    keep = p[4]
    clip = p[5]
    sh = p[6]
    part = p[7]
    while k < k1:
        m = q[src + k] & keep
        if m:
            v = s[src + k] & m
            if part:
                m = (m >> (8 - sh)) & clip
                v = (v >> (8 - sh)) & clip
            else:
                m = (m << sh) & clip
                v = (v << sh) & clip
            i = base + k
            b[i] = (b[i] & (0xFF ^ m)) | v
        k += 1
    return 0
"""


def col(buf, ink, mask, prm):
    """The columns of one page of a masked sprite (prm: first byte in buf, first in the
    sprite, 0, columns, keep, clip, shift, part)."""
    base, src, k, k1, keep, clip, sh, part = prm
    while k < k1:
        m = mask[src + k] & keep
        if m:
            v = ink[src + k] & m
            if part:
                m = (m >> (8 - sh)) & clip
                v = (v >> (8 - sh)) & clip
            else:
                m = (m << sh) & clip
                v = (v << sh) & clip
            i = base + k
            buf[i] = (buf[i] & (0xFF ^ m)) | v
        k += 1
    return 0
