# Pictures of the emulated panel: braille text for terminals, PNG screenshots and animated GIFs.
# SPDX-License-Identifier: MIT
"""Renderers for 128x64 panel pixels (``bytes`` of 0/1, row-major, as ``Session`` frames).

- ``braille_rows(pixels)``: 16 strings of 64 braille characters (2x4 pixels per character),
  so the whole panel fits an 80x24 terminal with room for a frame, a status line and help.
- ``halfblock_rows(pixels)``: 32 strings of 128 half-block characters (1x2 pixels per
  character: upper half, lower half, both or neither), for a terminal of 132x40 or more,
  where every pixel is a whole character cell wide and the panel's small text reads as text.
- ``panel_image(pixels, scale)``: a Pillow image that looks like the module: near-black
  glass, a visible pixel grid, lit pixels in the panel's colour (ice white by default; the
  blue and yellow/blue modules are options).
- ``save_png`` / ``save_gif``: files from those images; GIF frame times follow the
  simulated clock.
"""

W, H = 128, 64

# Braille: dot bits for (dx, dy) in a 2x4 cell (Unicode pattern U+2800 + bits).
_DOTS = (
    (0, 0, 0x01),
    (0, 1, 0x02),
    (0, 2, 0x04),
    (1, 0, 0x08),
    (1, 1, 0x10),
    (1, 2, 0x20),
    (0, 3, 0x40),
    (1, 3, 0x80),
)

COLOURS = {
    # lit pixel, unlit pixel, glass between pixels, bezel
    "white": ((226, 240, 255), (22, 26, 32), (8, 9, 12), (30, 30, 34)),
    "blue": ((96, 200, 255), (14, 24, 34), (6, 9, 14), (28, 30, 36)),
    "yellow-blue": ((96, 200, 255), (14, 24, 34), (6, 9, 14), (28, 30, 36)),
}
_YELLOW = (255, 214, 64)  # the top 16 rows of a two-colour module


def braille_rows(pixels, width=W, height=H):
    """Panel pixels -> list of ``height // 4`` strings of ``width // 2`` braille characters."""
    rows = []
    for cy in range(0, height, 4):
        chars = []
        for cx in range(0, width, 2):
            bits = 0
            for dx, dy, bit in _DOTS:
                if pixels[(cy + dy) * width + cx + dx]:
                    bits |= bit
            chars.append(chr(0x2800 + bits))
        rows.append("".join(chars))
    return rows


# Half blocks: (upper pixel, lower pixel) -> the character that lights those halves.
_HALVES = (" ", "\u2584", "\u2580", "\u2588")  # none, lower, upper, both


def halfblock_rows(pixels, width=W, height=H):
    """Panel pixels -> list of ``height // 2`` strings of ``width`` half-block characters."""
    rows = []
    for y in range(0, height, 2):
        top = pixels[y * width : (y + 1) * width]
        bottom = pixels[(y + 1) * width : (y + 2) * width]
        rows.append("".join([_HALVES[2 * (a != 0) + (b != 0)] for a, b in zip(top, bottom)]))
    return rows


def panel_image(pixels, scale=4, colour="white", border=None, grid=True):
    """Pillow RGB image of the panel; each pixel is a (scale-1)-square on a dark grid, or
    without ``grid`` a solid scale-square (the browser page's look)."""
    import numpy as np
    from PIL import Image

    if colour not in COLOURS:
        raise ValueError("panel colour must be one of %s, not %r" % (", ".join(COLOURS), colour))
    if scale < (2 if grid else 1):
        raise ValueError("scale must be at least 2 (one pixel plus the grid line)")
    lit, unlit, glass, bezel = COLOURS[colour]
    if border is None:
        border = 2 * scale
    on = np.frombuffer(bytes(pixels), dtype=np.uint8).reshape(H, W).astype(bool)
    lit_rgb = np.empty((H, W, 3), dtype=np.uint8)
    lit_rgb[:] = lit
    if colour == "yellow-blue":
        lit_rgb[:16] = _YELLOW
    cells = np.where(on[:, :, None], lit_rgb, np.array(unlit, dtype=np.uint8))
    big = np.repeat(np.repeat(cells, scale, axis=0), scale, axis=1)
    if grid:
        big[scale - 1 :: scale, :, :] = glass  # grid lines between pixel rows
        big[:, scale - 1 :: scale, :] = glass
    out = np.empty((H * scale + 2 * border, W * scale + 2 * border, 3), dtype=np.uint8)
    out[:] = bezel
    out[border : border + H * scale, border : border + W * scale] = big
    return Image.fromarray(out, "RGB")


def save_png(pixels, path, scale=4, colour="white"):
    panel_image(pixels, scale, colour).save(path, optimize=True)


def save_gif(frames, path, scale=3, colour="white", min_ms=40, max_ms=2000, hold_last_ms=3000):
    """Animated GIF of ``frames`` (objects with ``t`` in ms and ``pixels``), loops forever.

    Each frame stays up until the next one (clamped to min_ms..max_ms, so long thinking
    pauses do not make a dull GIF); the last frame stays ``hold_last_ms``."""
    if not frames:
        raise ValueError("no frames to write into %s" % path)
    images = []
    durations = []
    for i, f in enumerate(frames):
        if i + 1 < len(frames):
            d = frames[i + 1].t - f.t
            d = max(min_ms, min(max_ms, d))
        else:
            d = hold_last_ms
        if images and d and f.pixels == frames[i - 1].pixels:
            durations[-1] += d
            continue
        images.append(panel_image(f.pixels, scale, colour).quantize(colors=16))
        durations.append(int(d))
    images[0].save(
        path,
        save_all=True,
        append_images=images[1:],
        duration=durations,
        loop=0,
        optimize=True,
        disposal=1,
    )
