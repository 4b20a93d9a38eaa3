# The dice blit's column loop in plain Python, where the runtime has no viper.
# SPDX-License-Identifier: MIT
"""``col`` of gfx/canvas_viper.py in plain Python, with the same arguments and the same
pixels (CPython, the WebAssembly port): gfx.canvas loads this module only where the viper
source does not compile, so the Pico never has it on the heap."""


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
