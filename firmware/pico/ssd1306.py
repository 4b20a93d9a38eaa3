# SSD1306/SSD1309 OLED driver on MicroPython's framebuf: init, full and windowed pushes over I2C.
# SPDX-License-Identifier: MIT
#
# Usage (board.py builds the bus):  oled = SSD1306_I2C(128, 64, i2c)  # addr=0x3C
# The object is a framebuf.FrameBuffer (MONO_VLSB) over `oled.buffer`; draw, then call
# show() for the whole frame or show_window(x0, x1, page0, page1) for a rectangle of pages.
#
# Panels: 128x64 and 128x32 SSD1306 modules, and the 2.42" 128x64 SSD1309 modules, which
# take the SSD1306 command set with these differences (pass chip="ssd1309"):
# - no charge pump: the SSD1309 needs an external VCC (its modules carry a boost converter)
#   and its command table has no 0x8D, so the init leaves 0x8D out (many SSD1309 inits send
#   it anyway, harmlessly); an SSD1306 module on internal VCC stays dark without 0x8D 0x14;
# - VCOMH 0x34 (~0.78 Vcc, the SSD1309's own step) instead of 0x30; pre-charge as SSD1306.
# 128x32 modules wire their COM pins sequentially (0xDA 0x02) and use 32 multiplex lines.
# Every push uses horizontal addressing mode with a column (0x21) and page (0x22) window, so
# the RAM pointer wraps inside the window and one stream of data bytes fills it.
#
# Memory: the frame buffer and the command scratch are allocated once here. show() allocates
# nothing; show_window() allocates only small memoryview headers, never a copy of the frame.

import framebuf
from micropython import const

_SET_CONTRAST = const(0x81)
_SET_ENTIRE_ON = const(0xA4)  # | 1: all pixels on, ignoring RAM
_SET_NORM_INV = const(0xA6)  # | 1: inverted
_SET_DISP = const(0xAE)  # | 1: display on
_SET_MEM_ADDR = const(0x20)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SET_DISP_START_LINE = const(0x40)
_SET_SEG_REMAP = const(0xA0)  # | 1: column 127 drives SEG0
_SET_MUX_RATIO = const(0xA8)
_SET_COM_OUT_DIR = const(0xC0)  # | 8: scan COM[N-1] to COM0
_SET_DISP_OFFSET = const(0xD3)
_SET_COM_PIN_CFG = const(0xDA)
_SET_DISP_CLK_DIV = const(0xD5)
_SET_PRECHARGE = const(0xD9)
_SET_VCOM_DESEL = const(0xDB)
_SET_CHARGE_PUMP = const(0x8D)

_CTRL_CMD = const(0x00)  # Co=0, D/C#=0: a stream of command bytes follows
_DATA_PREFIX = const(b"\x40")  # Co=0, D/C#=1: a stream of GDDRAM bytes follows


class SSD1306_I2C(framebuf.FrameBuffer):
    """SSD1306 (or SSD1309) on a ready-made I2C object with writeto (and ideally writevto)."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False, chip="ssd1306"):
        if width != 128 or height not in (32, 64):
            raise ValueError("panel must be 128x64 or 128x32, not %dx%d" % (width, height))
        if chip not in ("ssd1306", "ssd1309"):
            raise ValueError("chip must be 'ssd1306' or 'ssd1309', not %r" % (chip,))
        self.width = width
        self.height = height
        self.pages = height // 8
        self.i2c = i2c
        self.addr = addr
        self.external_vcc = external_vcc
        self.chip = chip
        self.rotated = False
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._mv = memoryview(self.buffer)
        self._has_writev = hasattr(i2c, "writevto")
        # command scratch: control byte + up to 6 command bytes, reused by every call
        self._cmd = bytearray(7)
        self._cmd[0] = _CTRL_CMD
        self._cmd1 = memoryview(self._cmd)[:2]
        self._cmd2 = memoryview(self._cmd)[:3]
        self._win = memoryview(self._cmd)  # 0x21 x0 x1 0x22 p0 p1
        self._full_vec = (_DATA_PREFIX, self._mv)
        self._vec = [_DATA_PREFIX, None]
        # fallback for buses without writevto: control byte + one page, copied into scratch
        self._row = bytearray(width + 1)
        self._row[0] = 0x40
        self._rowmv = memoryview(self._row)
        self.init_display()

    # -------------------------------------------------------------- bus primitives
    def _command(self, c):
        self._cmd[1] = c
        self.i2c.writeto(self.addr, self._cmd1)

    def _command_arg(self, c, a):
        self._cmd[1] = c
        self._cmd[2] = a
        self.i2c.writeto(self.addr, self._cmd2)

    def _data(self, mv):
        if self._has_writev:
            self._vec[1] = mv
            self.i2c.writevto(self.addr, self._vec)
            self._vec[1] = None
        else:
            n = len(mv)
            w = self.width
            i = 0
            while i < n:  # page-sized chunks through the preallocated row scratch
                k = n - i if n - i < w else w
                self._rowmv[1 : k + 1] = mv[i : i + k]
                self.i2c.writeto(self.addr, self._rowmv[: k + 1])
                i += k

    def _window(self, x0, x1, p0, p1):
        c = self._cmd
        c[1] = _SET_COL_ADDR
        c[2] = x0
        c[3] = x1
        c[4] = _SET_PAGE_ADDR
        c[5] = p0
        c[6] = p1
        self.i2c.writeto(self.addr, self._win)

    # -------------------------------------------------------------- set-up
    def init_display(self):
        """Send the power-on sequence (datasheet application example) and clear the panel."""
        ssd1309 = self.chip == "ssd1309"
        seq = (
            _SET_DISP,  # display off while configuring
            _SET_MEM_ADDR,
            0x00,  # horizontal addressing: pointer wraps inside the window
            _SET_DISP_START_LINE,  # start line 0
            _SET_SEG_REMAP | (0 if self.rotated else 1),
            _SET_MUX_RATIO,
            self.height - 1,
            _SET_COM_OUT_DIR | (0 if self.rotated else 8),
            _SET_DISP_OFFSET,
            0x00,
            _SET_COM_PIN_CFG,
            0x12 if self.height == 64 else 0x02,  # alternative vs sequential
            _SET_DISP_CLK_DIV,
            0x80,  # divide 1, oscillator mid-range (reset value)
            _SET_PRECHARGE,
            0x22 if self.external_vcc else 0xF1,
            _SET_VCOM_DESEL,
            0x34 if ssd1309 else 0x30,
            _SET_CONTRAST,
            0xFF,
            _SET_ENTIRE_ON,  # output follows RAM
            _SET_NORM_INV,  # not inverted
        )
        # one transaction: control byte 0x00, then every command and argument byte
        init = bytearray(1 + len(seq))
        init[1:] = bytes(seq)
        self.i2c.writeto(self.addr, init)
        if not ssd1309:
            self._command_arg(_SET_CHARGE_PUMP, 0x10 if self.external_vcc else 0x14)
        self.fill(0)
        self.show()
        self._command(_SET_DISP | 1)

    # -------------------------------------------------------------- contract
    def show(self):
        """Push the whole frame buffer."""
        self._window(0, self.width - 1, 0, self.pages - 1)
        if self._has_writev:
            self.i2c.writevto(self.addr, self._full_vec)
        else:
            self._data(self._mv)

    def show_window(self, x0, x1, page0, page1):
        """Push columns x0..x1 of pages page0..page1 (inclusive) only."""
        w = self.width
        if not (0 <= x0 <= x1 < w and 0 <= page0 <= page1 < self.pages):
            raise ValueError(
                "window x %d..%d pages %d..%d is outside the %dx%d panel"
                % (x0, x1, page0, page1, w, self.height)
            )
        self._window(x0, x1, page0, page1)
        mv = self._mv
        if x0 == 0 and x1 == w - 1:  # whole rows are contiguous in the buffer
            self._data(mv[page0 * w : (page1 + 1) * w])
            return
        for p in range(page0, page1 + 1):  # the pointer wraps to x0 on the next page
            self._data(mv[p * w + x0 : p * w + x1 + 1])

    def contrast(self, value):
        if not 0 <= value <= 255:
            raise ValueError("contrast %d is outside 0..255" % value)
        self._command_arg(_SET_CONTRAST, value)

    def invert(self, flag):
        self._command(_SET_NORM_INV | (1 if flag else 0))

    def rotate(self, flag):
        """Turn the picture by 180 degrees (True) or back (False), then re-push the frame.

        The COM scan direction acts at once, the segment remap only on data written after it
        (datasheet), hence the full push.
        """
        self.rotated = bool(flag)
        self._command(_SET_COM_OUT_DIR | (0 if flag else 8))
        self._command(_SET_SEG_REMAP | (0 if flag else 1))
        self.show()

    def poweroff(self):
        """Display off (sleep mode, RAM kept; ~10 uA on the panel side)."""
        self._command(_SET_DISP)

    def poweron(self):
        self._command(_SET_DISP | 1)
