# The page's app icons: the firmware's own die (gfx.canvas dice_face), scaled up pixel for pixel.
# SPDX-License-Identifier: MIT
"""``python -m tools.web`` writes the icons of the installable page from the firmware's
drawing, never by hand: :func:`die_pixels` draws a held die showing five with the very
``Canvas.dice_face`` the panel uses, and :func:`icon` scales it by a whole number onto the
panel's glass, in the simulator's colours (tools/sim/render.py). Example::

    icon(192).size == (192, 192)   # the die 160 px wide, 4 screen pixels per panel pixel
"""

DIE = 40  # the firmware's largest die face, in panel pixels
FACE = 5
# name: (size in pixels, screen pixels per panel pixel, manifest purpose). The maskable one
# keeps the die inside the middle 80% circle that a launcher's mask always shows.
ICONS = {
    "icon-192.png": (192, 4, "any"),
    "icon-512.png": (512, 12, "any"),
    "icon-maskable-512.png": (512, 7, "maskable"),
}


def die_pixels(size=DIE, value=FACE):
    """The die as the firmware draws it: ``size`` rows of ``size`` 0/1 values."""
    from gfx.canvas import Canvas

    w, h = 128, 64
    buf = bytearray(w * h // 8)
    Canvas(buf, w, h).dice_face(0, 0, size, value, True)
    return [[(buf[(y >> 3) * w + x] >> (y & 7)) & 1 for x in range(size)] for y in range(size)]


def icon(size, scale=None, colour="white"):
    """A ``size`` x ``size`` RGB icon: the die centred, ``scale`` pixels per panel pixel."""
    from PIL import Image

    from tools.sim.render import COLOURS

    if scale is None:
        scale = max(1, size * 5 // (6 * DIE))
    lit, unlit, _glass, _bezel = COLOURS[colour]
    img = Image.new("RGB", (size, size), unlit)
    die = die_pixels()
    side = DIE * scale
    if side > size:
        raise ValueError("a %d px die does not fit a %d px icon" % (side, size))
    x0 = y0 = (size - side) // 2
    for y, row in enumerate(die):
        for x, v in enumerate(row):
            if v:
                img.paste(
                    lit,
                    (x0 + x * scale, y0 + y * scale, x0 + (x + 1) * scale, y0 + (y + 1) * scale),
                )
    return img


def write_icons(out):
    """Write every icon into ``out``; returns the manifest's ``icons`` list."""
    import os

    listed = []
    for name, (size, scale, purpose) in ICONS.items():
        icon(size, scale).save(os.path.join(out, name), optimize=True)
        listed.append(
            {"src": name, "sizes": "%dx%d" % (size, size), "type": "image/png", "purpose": purpose}
        )
    return listed
