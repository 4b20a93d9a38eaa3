# Host display for the app: Adafruit's SSD1306_I2C extended to the project's Display contract.
# SPDX-License-Identifier: MIT
"""``AdafruitDisplay(width, height, i2c)``: the CPython twin of ``firmware/pico/ssd1306.py``.

It is ``adafruit_ssd1306.SSD1306_I2C`` (init sequence, ``show``, ``contrast``, ``invert``,
``poweroff``, ``poweron`` and every command byte go through Adafruit's code and its
``I2CDevice``), plus what the Display contract adds:

- ``show_window(x0, x1, page0, page1)``: column/page address window, then the window's bytes;
- ``rotate(flag)``: the contract's meaning (True = turned 180 degrees), which is the opposite
  of Adafruit's ``rotate`` (its True restores the default orientation), followed by a full push
  because the segment remap only acts on data written after it;
- ``buffer``: the MONO_VLSB frame (``width * height // 8`` bytes, a view that skips the
  driver's leading 0x40 control byte, so Adafruit's single-transaction ``show`` still works);
- the framebuf drawing calls (``fill``, ``pixel``, ``hline``, ``vline``, ``line``, ``rect``,
  ``fill_rect``, ``blit``, ``scroll``) with MicroPython's ``modframebuf.c`` semantics. Adafruit's
  ``adafruit_framebuf`` has no ``blit`` and draws some shapes differently; matching MicroPython
  keeps the frames pixel-identical across the two runtimes (a test compares them).
"""

import adafruit_ssd1306


class AdafruitDisplay(adafruit_ssd1306.SSD1306_I2C):
    """Adafruit's SSD1306_I2C with show_window, contract rotate and MicroPython drawing."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        if width != 128 or height not in (32, 64):
            raise ValueError("panel must be 128x64 or 128x32, not %dx%d" % (width, height))
        self.rotated = False
        super().__init__(width, height, i2c, addr=addr, external_vcc=external_vcc)

    @property
    def buffer(self):
        """The frame (MONO_VLSB), without the control byte that leads Adafruit's buffer."""
        return self._view

    @buffer.setter
    def buffer(self, value):
        # Adafruit's __init__ assigns 0x40 + frame here; keep it whole for its show()
        self._txbuf = value
        self._txbuf[0] = 0x40
        self._view = memoryview(value)[1:]

    # -------------------------------------------------------------- the bus
    def write_framebuf(self):
        self._txbuf[0] = 0x40  # Co=0, D/C#=1: the rest of the transaction is GDDRAM data
        with self.i2c_device:
            self.i2c_device.write(self._txbuf)

    def show_window(self, x0, x1, page0, page1):
        """Push columns x0..x1 of pages page0..page1 (inclusive) only."""
        w = self.width
        if not (0 <= x0 <= x1 < w and 0 <= page0 <= page1 < self.pages):
            raise ValueError(
                "window x %d..%d pages %d..%d is outside the %dx%d panel"
                % (x0, x1, page0, page1, w, self.height)
            )
        for c in (0x21, x0, x1, 0x22, page0, page1):
            self.write_cmd(c)
        data = bytearray([0x40])
        for p in range(page0, page1 + 1):
            data += self.buffer[p * w + x0 : p * w + x1 + 1]
        with self.i2c_device:
            self.i2c_device.write(data)

    def contrast(self, contrast):
        if not 0 <= contrast <= 255:
            raise ValueError("contrast %d is outside 0..255" % contrast)
        super().contrast(contrast)

    def rotate(self, rotate):
        """Turn the picture by 180 degrees (True) or back (False), then re-push the frame."""
        self.rotated = bool(rotate)
        super().rotate(not rotate)  # Adafruit's True = default orientation
        self.show()

    # -------------------------------------------------------------- drawing (modframebuf.c)
    def _set(self, x, y, c):
        i = (y >> 3) * self.width + x
        if c:
            self.buffer[i] |= 1 << (y & 7)
        else:
            self.buffer[i] &= ~(1 << (y & 7)) & 0xFF

    def _get(self, x, y):
        return (self.buffer[(y >> 3) * self.width + x] >> (y & 7)) & 1

    def fill(self, c):
        v = 0xFF if c else 0
        self.buffer[:] = bytes([v]) * len(self.buffer)

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        for yy in range(y, yend):
            for xx in range(x, xend):
                self._set(xx, yy, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False, *, fill=None):
        if fill is not None:
            f = fill
        if f:
            self.fill_rect(x, y, w, h, c)
        else:
            self.fill_rect(x, y, w, 1, c)
            self.fill_rect(x, y + h - 1, w, 1, c)
            self.fill_rect(x, y, 1, h, c)
            self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        sx = 1
        if dx <= 0:
            dx = -dx
            sx = -1
        dy = y2 - y1
        sy = 1
        if dy <= 0:
            dy = -dy
            sy = -1
        steep = False
        if dy > dx:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
            steep = True
        e = 2 * dy - dx
        w, h = self.width, self.height
        for _ in range(dx):
            if steep:
                if 0 <= y1 < w and 0 <= x1 < h:
                    self._set(y1, x1, c)
            elif 0 <= x1 < w and 0 <= y1 < h:
                self._set(x1, y1, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, c)

    def blit(self, source, x, y, key=-1, palette=None):
        """Copy a MONO_VLSB source: an object with buffer/width/height, or a tuple
        ``(buffer, width, height)`` as MicroPython's blit takes; ``key`` is transparent."""
        if isinstance(source, tuple):
            sbuf, sw, sh = source[0], source[1], source[2]
        else:
            sbuf, sw, sh = source.buffer, source.width, source.height
        if x >= self.width or y >= self.height or -x >= sw or -y >= sh:
            return
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = max(0, -x), max(0, -y)
        x0end = min(self.width, x + sw)
        y0end = min(self.height, y + sh)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = (sbuf[(y1 >> 3) * sw + cx1] >> (y1 & 7)) & 1
                if palette is not None:
                    col = palette.pixel(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1

    def scroll(self, xstep, ystep):
        w, h = self.width, self.height
        if xstep < 0:
            sx, xend, dx = 0, w + xstep, 1
            if xend <= 0:
                return
        else:
            sx, xend, dx = w - 1, xstep - 1, -1
            if xend >= sx:
                return
        if ystep < 0:
            y, yend, dy = 0, h + ystep, 1
            if yend <= 0:
                return
        else:
            y, yend, dy = h - 1, ystep - 1, -1
            if yend >= y:
                return
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, *args, **kwargs):
        raise NotImplementedError(
            "framebuf text() has no font on the host: draw text with the project's font"
        )
