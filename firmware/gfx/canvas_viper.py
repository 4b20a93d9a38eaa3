# The dice blit's column loop as viper source, compiled on the device by gfx.canvas.
# SPDX-License-Identifier: MIT
"""The text of gfx.canvas' viper blit. ``canvas._native_blit`` imports this module,
compiles ``VIPER`` and drops the module again at once: a string constant stays on the heap
for as long as its module is loaded (0.7 KB here, for good when it lived in canvas).

``col`` draws the columns of one page of a masked sprite. prm: first byte in buf, first in
the sprite, 0, columns, keep, clip, shift, part (viper takes at most 4 arguments)."""

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
