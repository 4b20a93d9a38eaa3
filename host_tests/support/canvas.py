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


def _meet(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


class FitCanvas(BoundsCanvas):
    """A BoundsCanvas that also records every text drawn over another text of the same frame
    (`overlaps`) and every soft-key label box drawn over or touching another one: what a
    longer word would do. A filled rectangle forgets the texts it covers (erased or boxed over)."""

    def __init__(self, buf, width, height):
        BoundsCanvas.__init__(self, buf, width, height)
        self.overlaps = []
        self._texts = []
        self._keys = []
        self._inner = False

    def fill(self, c):
        self._texts = []
        self._keys = []
        gfx.Canvas.fill(self, c)

    def fill_rect(self, x, y, w, h, c=1):
        if not self._inner:
            r = (x, y, w, h)
            self._texts = [t for t in self._texts if not _meet(t[1], r)]
            self._keys = [k for k in self._keys if not _meet(k, r)]
        BoundsCanvas.fill_rect(self, x, y, w, h, c)

    def fill_round_rect(self, x, y, w, h, r, c=1):
        from ui.keys import KEY_Y

        if y == KEY_Y - 1:  # a soft-key label's box (ui.widgets.softkeys)
            box = (x, y, w, h)
            wider = (x - 1, y, w + 2, h)  # boxes that touch read as one label
            for k in self._keys:
                if _meet(k, wider):
                    self.overlaps.append(("soft key", k, box))
            self._keys.append(box)
        self._inner = True  # its own fills draw the box, they erase nothing
        gfx.Canvas.fill_round_rect(self, x, y, w, h, r, c)
        self._inner = False

    def text(self, x, y, s, font=MEDIUM, c=1):
        r = (x, y, font.width(s), font.height)
        for t in self._texts:
            if _meet(t[1], r):
                self.overlaps.append((t[0], s))
        self._texts.append((s, r))
        return BoundsCanvas.text(self, x, y, s, font, c)
