# Host-side Canvas: the device's drawing calls plus the ones only tools and tests use.
# SPDX-License-Identifier: MIT
"""`HostCanvas` is `gfx.canvas.Canvas` (what the firmware draws with) plus drawing calls
that no screen makes and so are not flashed: reading a pixel back, single pixels, lines
and plain bitmaps. They work a pixel at a time, which is plenty on a host; everything is
clipped to the canvas like the device's calls."""

from gfx.canvas import Canvas


class HostCanvas(Canvas):
    """A Canvas for tests and host tools (same buffer format and clipping)."""

    def pixel(self, x, y, c=1):
        """Set (1), clear (0) or flip (INVERT) one pixel; nothing outside the canvas."""
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y >> 3) * self.width + x
            bit = 1 << (y & 7)
            if c == 1:
                self.buf[i] |= bit
            elif c == 0:
                self.buf[i] &= ~bit
            else:
                self.buf[i] ^= bit

    def get_pixel(self, x, y):
        """1 when the pixel is lit, 0 when dark or outside the canvas."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return (self.buf[(y >> 3) * self.width + x] >> (y & 7)) & 1
        return 0

    def line(self, x0, y0, x1, y1, c=1):
        """Straight line from (x0, y0) to (x1, y1), both ends included (Bresenham)."""
        dx = abs(x1 - x0)
        dy = abs(y1 - y0)
        sx = 1 if x0 < x1 else -1
        sy = 1 if y0 < y1 else -1
        err = dx - dy
        while True:
            self.pixel(x0, y0, c)
            if x0 == x1 and y0 == y1:
                return
            e2 = 2 * err
            if e2 > -dy:
                err -= dy
                x0 += sx
            if e2 < dx:
                err += dx
                y0 += sy

    def blit(self, bits, x, y, w, h, c=1):
        """Draw the lit pixels of a w x h MONO_VLSB bitmap (w bytes per 8-row band) at (x, y)
        in colour c; its dark pixels leave the canvas as it is."""
        if w <= 0 or h <= 0:
            return
        bands = (h + 7) >> 3
        if len(bits) < w * bands:
            raise ValueError("bitmap of %d bytes is too small for %dx%d" % (len(bits), w, h))
        for row in range(h):
            for k in range(w):
                if bits[(row >> 3) * w + k] >> (row & 7) & 1:
                    self.pixel(x + k, y + row, c)
