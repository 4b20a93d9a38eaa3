# A Canvas that records every drawing call reaching outside the 128x64 panel (tests, soaks).
# SPDX-License-Identifier: MIT
from gfx import canvas as gfx
from gfx.font import MEDIUM


class BoundsCanvas(gfx.Canvas):
    """A Canvas that records every drawing call reaching outside the 128x64 panel."""

    def __init__(self, buf, width, height):
        gfx.Canvas.__init__(self, buf, width, height)
        self.outside = []

    def _check(self, what, x, y, w, h):
        if w > 0 and h > 0 and (x < 0 or y < 0 or x + w > self.width or y + h > self.height):
            self.outside.append((what, x, y, w, h))

    def fill_rect(self, x, y, w, h, c=1):
        self._check("rect", x, y, w, h)
        gfx.Canvas.fill_rect(self, x, y, w, h, c)

    def text(self, x, y, s, font=MEDIUM, c=1):
        self._check("text %r" % s, x, y, font.width(s), font.height)
        return gfx.Canvas.text(self, x, y, s, font, c)
