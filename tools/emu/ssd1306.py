# Emulated SSD1306/SSD1309 OLED: decodes I2C write transactions into GDDRAM and panel pixels.
# SPDX-License-Identifier: MIT
"""An SSD1306 as a driver sees it on the I2C bus, and the picture its panel would show.

Feed it write transactions (``write(addr, data)``), exactly the bytes a driver puts on the
bus after the address byte. The first byte of a transaction is a control byte; per the
datasheet (8.1.5.2) bit 7 is Co (1: one more byte follows, then another control byte) and bit
6 is D/C# (0: command, 1: GDDRAM data). So ``0x00`` starts a command stream, ``0x40`` a data
stream, ``0x80``/``0xC0`` a single command/data byte followed by a new control byte.

The emulator keeps every register the datasheet's command table defines (addressing mode,
column/page windows, start line, offset, multiplex, remaps, contrast, invert, entire-on,
display on/off, charge pump, clock, precharge, VCOMH, IREF) and computes the pixels of a
module mounted the usual way (segment remap 0xA1 plus COM scan 0xC8 shows the frame
upright). It reports problems instead of guessing: unknown commands, data written before the
panel was set up, writes to another address, malformed control bytes, and multi-byte
commands whose argument bytes never arrive. In strict mode (the default) the first problem
raises ``EmulatorError``; otherwise problems are collected in ``problems``.

Model notes (what a real module does, simplified where the datasheet leaves room):
- Segment remap acts when data is written (datasheet: "only affects subsequent data input"),
  so the RAM is kept per segment; COM scan direction acts at once.
- Scan row r shows RAM row (r + start line + offset) mod 64 on COM r (0xC0) or COM mux-1-r
  (0xC8); COM outputs at or beyond the multiplex ratio stay dark.
- The module's wiring expects COM pins configuration 0x12 (64-row panels) or 0x02 (32-row
  panels); a mismatch shows interlaced rows, as on a real module, and is reported.
- With an internal-VCC SSD1306 module the panel stays dark unless the charge pump is on
  (0x8D 0x14). The SSD1309 has no charge pump (its modules carry a boost converter) and
  ignores 0x8D; choose it with ``chip="ssd1309"``.
- Scrolling commands are decoded (so their argument bytes are consumed) but not animated;
  activating a scroll is reported as unsupported.
"""

__all__ = ["EmulatorError", "SSD1306Emulator"]

# Number of argument bytes after each multi-byte command.
_ARGS = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column start/end (horizontal/vertical mode)
    0x22: 2,  # page start/end (horizontal/vertical mode)
    0x26: 6,  # right horizontal scroll set-up
    0x27: 6,  # left horizontal scroll set-up
    0x29: 5,  # vertical and right horizontal scroll set-up
    0x2A: 5,  # vertical and left horizontal scroll set-up
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA3: 2,  # vertical scroll area
    0xA8: 1,  # multiplex ratio
    0xAD: 1,  # IREF selection (SSD1306B/SSD1315; harmless elsewhere)
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide ratio / oscillator frequency
    0xD9: 1,  # pre-charge period
    0xDA: 1,  # COM pins hardware configuration
    0xDB: 1,  # VCOMH deselect level
}

_MODES = {0: "horizontal", 1: "vertical", 2: "page"}


class EmulatorError(ValueError):
    """A byte stream the emulated panel cannot accept (message names the problem)."""


class SSD1306Emulator:
    """Emulated SSD1306 (or SSD1309) at an I2C address, with the module's panel.

    >>> emu = SSD1306Emulator()
    >>> emu.write(0x3C, bytes([0x00, 0xA8, 0x3F, 0xDA, 0x12, 0x8D, 0x14, 0x20, 0x00,
    ...                        0xA1, 0xC8, 0xAF]))
    >>> emu.write(0x3C, bytes([0x40, 0xFF]))  # horizontal mode: column 0, page 0
    >>> emu.pixel(0, 7), emu.pixel(1, 0)
    (1, 0)
    """

    def __init__(
        self, width=128, height=64, addr=0x3C, chip="ssd1306", strict=True, external_vcc=False
    ):
        if (width, height) not in ((128, 64), (128, 32)):
            raise ValueError("panel size %dx%d not supported (128x64 or 128x32)" % (width, height))
        if chip not in ("ssd1306", "ssd1309"):
            raise ValueError("chip must be 'ssd1306' or 'ssd1309', not %r" % (chip,))
        self.width = width
        self.height = height
        self.addr = addr
        self.chip = chip
        self.strict = strict
        self.external_vcc = external_vcc or chip == "ssd1309"
        self.problems = []
        self.warnings = []
        self.bytes_total = 0
        self.transactions = 0
        self.frame_bytes = 0
        self.frame_log = []
        self.commands_seen = 0
        self._pending = None  # (command, [args]) waiting for argument bytes
        self.reset()

    # ------------------------------------------------------------------ registers
    def reset(self):
        """Power-on reset values (datasheet command table, 'Reset' column)."""
        self.ram = bytearray(8 * 128)  # [page * 128 + segment]
        self.display_on = False
        self.contrast = 0x7F
        self.inverted = False
        self.entire_on = False
        self.mode = 2  # page addressing
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.col = 0
        self.page = 0
        self.page_mode_col_start = 0
        self.start_line = 0
        self.seg_remap = False
        self.com_remap = False
        self.mux = 64
        self.offset = 0
        self.com_pins = 0x12
        self.clock = 0x80
        self.precharge = 0x22
        self.vcomh = 0x20
        self.charge_pump = False
        self.iref = 0x00
        self.scroll_active = False
        self._set = set()  # which set-up registers a driver has written

    @property
    def initialised(self):
        """True once the driver set multiplex, COM pins and (where needed) the charge pump."""
        need = {"mux", "com_pins"}
        if not self.external_vcc:
            need.add("charge_pump")
        return need <= self._set

    @property
    def powered(self):
        """The panel emits light: display on and, on internal-VCC modules, charge pump on."""
        return self.display_on and (self.external_vcc or self.charge_pump)

    # ------------------------------------------------------------------ reporting
    def _problem(self, message):
        self.problems.append(message)
        if self.strict:
            raise EmulatorError(message)

    # ------------------------------------------------------------------ the bus
    def write(self, addr, data):
        """One I2C write transaction: ``data`` is every byte after the address byte."""
        data = bytes(data)
        self.transactions += 1
        self.bytes_total += len(data) + 1  # the address byte is on the wire too
        self.frame_bytes += len(data) + 1
        if addr != self.addr:
            self._problem(
                "write to I2C address 0x%02X, but the panel answers at 0x%02X" % (addr, self.addr)
            )
            return
        if not data:
            return  # an address-only probe (Adafruit's I2CDevice does one): ACK, nothing else
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            if control & 0x3F:
                self._problem(
                    "bad control byte 0x%02X at offset %d (only Co and D/C# bits may be set)"
                    % (control, i)
                )
                return
            co = control & 0x80
            dc = control & 0x40
            i += 1
            if i >= n:
                self._problem(
                    "control byte 0x%02X ends the transaction with no byte after it" % control
                )
                return
            if co:
                if dc:
                    self._data(data[i : i + 1])
                else:
                    self._command_byte(data[i])
                i += 1
            else:
                if dc:
                    self._data(data[i:])
                else:
                    for b in data[i:]:
                        self._command_byte(b)
                return

    def end_frame(self):
        """Close the current frame: returns (and logs) the bus bytes it took."""
        count = self.frame_bytes
        self.frame_log.append(count)
        self.frame_bytes = 0
        return count

    def finish(self):
        """Check the stream ended cleanly (no multi-byte command left without arguments)."""
        if self._pending is not None:
            cmd, args = self._pending
            self._pending = None
            self._problem(
                "truncated command 0x%02X: %d of %d argument bytes arrived"
                % (cmd, len(args), _ARGS[cmd])
            )

    # ------------------------------------------------------------------ commands
    def _command_byte(self, b):
        self.commands_seen += 1
        if self._pending is not None:
            cmd, args = self._pending
            args.append(b)
            if len(args) == _ARGS[cmd]:
                self._pending = None
                self._execute(cmd, args)
            return
        if b in _ARGS:
            self._pending = (b, [])
            return
        self._execute(b, ())

    def _execute(self, cmd, args):
        if cmd <= 0x0F:
            self.page_mode_col_start = (self.page_mode_col_start & 0xF0) | cmd
            self.col = self.page_mode_col_start
        elif cmd <= 0x1F:
            self.page_mode_col_start = ((cmd & 0x07) << 4) | (self.page_mode_col_start & 0x0F)
            self.col = self.page_mode_col_start
        elif cmd == 0x20:
            mode = args[0] & 0x03
            if mode == 3:
                self._problem("memory addressing mode 0x%02X is invalid (0, 1 or 2)" % args[0])
                return
            self.mode = mode
            self._set.add("mode")
        elif cmd == 0x21:
            a, b = args[0] & 0x7F, args[1] & 0x7F
            if a > b:
                self._problem("column window %d..%d: start after end" % (a, b))
                return
            self.col_start, self.col_end, self.col = a, b, a
        elif cmd == 0x22:
            a, b = args[0] & 0x07, args[1] & 0x07
            if a > b:
                self._problem("page window %d..%d: start after end" % (a, b))
                return
            self.page_start, self.page_end, self.page = a, b, a
        elif cmd in (0x26, 0x27, 0x29, 0x2A, 0xA3):
            pass  # scroll set-up: arguments consumed; nothing moves until 0x2F
        elif cmd == 0x2E:
            self.scroll_active = False
        elif cmd == 0x2F:
            self.scroll_active = True
            self._problem("scrolling (0x2F) is not emulated")
        elif 0x40 <= cmd <= 0x7F:
            self.start_line = cmd & 0x3F
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd == 0x8D:
            if self.chip == "ssd1309":
                self.warnings.append("0x8D (charge pump) has no effect on an SSD1309")
            elif args[0] & 0x04:
                self.charge_pump = True
            else:
                self.charge_pump = False
            self._set.add("charge_pump")
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif cmd in (0xA4, 0xA5):
            self.entire_on = cmd == 0xA5
        elif cmd in (0xA6, 0xA7):
            self.inverted = cmd == 0xA7
        elif cmd == 0xA8:
            mux = (args[0] & 0x3F) + 1
            if mux < 16:
                self._problem("multiplex ratio %d is invalid (16..64)" % mux)
                return
            self.mux = mux
            self._set.add("mux")
        elif cmd == 0xAD:
            self.iref = args[0]
        elif cmd in (0xAE, 0xAF):
            self.display_on = cmd == 0xAF
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 0x07
        elif cmd in (0xC0, 0xC8):
            self.com_remap = cmd == 0xC8
        elif cmd == 0xD3:
            self.offset = args[0] & 0x3F
        elif cmd == 0xD5:
            self.clock = args[0]
        elif cmd == 0xD9:
            if not args[0] & 0x0F or not args[0] & 0xF0:
                self._problem("pre-charge 0x%02X: a phase of 0 clocks is invalid" % args[0])
                return
            self.precharge = args[0]
        elif cmd == 0xDA:
            if args[0] & 0xCF != 0x02:
                self._problem(
                    "COM pins configuration 0x%02X is invalid (0x02, 0x12, 0x22, 0x32)" % args[0]
                )
                return
            self.com_pins = args[0]
            self._set.add("com_pins")
            wanted = 0x12 if self.height == 64 else 0x02
            if (args[0] ^ wanted) & 0x10:
                self.warnings.append(
                    "COM pins 0x%02X on a 128x%d module (wired for 0x%02X): picture interlaced"
                    % (args[0], self.height, wanted)
                )
        elif cmd == 0xDB:
            self.vcomh = args[0]
        elif cmd == 0xE3:
            pass  # NOP
        else:
            self._problem("unknown command 0x%02X" % cmd)

    # ------------------------------------------------------------------ GDDRAM data
    def _data(self, data):
        if self._pending is not None:
            cmd, args = self._pending
            self._pending = None
            self._problem(
                "truncated command 0x%02X: data arrived after %d of %d argument bytes"
                % (cmd, len(args), _ARGS[cmd])
            )
            return
        if not self.initialised:
            missing = sorted({"mux", "com_pins", "charge_pump"} - self._set)
            if self.external_vcc and "charge_pump" in missing:
                missing.remove("charge_pump")
            self._problem("GDDRAM write before init (not yet set: %s)" % ", ".join(missing))
            return
        ram = self.ram
        remap = self.seg_remap
        for b in data:
            seg = 127 - self.col if remap else self.col
            ram[self.page * 128 + seg] = b
            self._advance()

    def _advance(self):
        if self.mode == 0:  # horizontal: along the columns, then the next page
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif self.mode == 1:  # vertical: down the pages, then the next column
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:  # page mode: along the page, back to the column start; the page stays
            self.col = self.page_mode_col_start if self.col >= 127 else self.col + 1

    # ------------------------------------------------------------------ the picture
    def _row_sources(self):
        """For each panel row (top to bottom): the RAM row it shows, or None (dark)."""
        rows = self.height
        wanted = 0x12 if rows == 64 else 0x02
        sources = []
        for y in range(rows):
            com = rows - 1 - y  # the module is wired with COM0 at the bottom edge
            if (self.com_pins & 0x10) != (wanted & 0x10):
                # the wrong COM pin layout for this module's wiring interlaces the picture
                half = rows // 2
                com = (
                    (com % 2) * half + com // 2
                    if wanted & 0x10
                    else (2 * com if com < half else 2 * (com - half) + 1)
                )
            if self.com_pins & 0x20:  # COM left/right remap swaps the two halves
                com = (com + 32) % 64
            r = (self.mux - 1 - com) if self.com_remap else com
            if not 0 <= r < self.mux:
                sources.append(None)
            else:
                sources.append((r + self.start_line + self.offset) % 64)
        return sources

    def frame(self):
        """The panel as rows of 0/1 bytes (``height`` rows of ``width``), top row first."""
        w = self.width
        off = bytes(w)
        if not self.powered:
            return [off] * self.height
        if self.entire_on:
            return [b"\x01" * w] * self.height
        inv = 1 if self.inverted else 0
        segs = [127 - x for x in range(w)]  # SEG0 sits at the right edge of the module
        ram = self.ram
        out = []
        for src in self._row_sources():
            if src is None:
                out.append(bytes([inv]) * w)
                continue
            base = (src >> 3) * 128
            bit = src & 7
            out.append(bytes(((ram[base + s] >> bit) & 1) ^ inv for s in segs))
        return out

    def pixel(self, x, y):
        """The pixel the panel shows at (x, y): 1 lit, 0 dark."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(
                "pixel (%d, %d) is off the %dx%d panel" % (x, y, self.width, self.height)
            )
        return self.frame()[y][x]

    def snapshot(self):
        """The whole picture as one bytes object (row-major 0/1): cheap to compare and store."""
        return b"".join(self.frame())

    def state(self):
        """The registers as a dict (for tests, debugging and the simulator's status line)."""
        return {
            "display_on": self.display_on,
            "powered": self.powered,
            "contrast": self.contrast,
            "inverted": self.inverted,
            "entire_on": self.entire_on,
            "mode": _MODES[self.mode],
            "columns": (self.col_start, self.col_end),
            "pages": (self.page_start, self.page_end),
            "pointer": (self.col, self.page),
            "start_line": self.start_line,
            "seg_remap": self.seg_remap,
            "com_remap": self.com_remap,
            "mux": self.mux,
            "offset": self.offset,
            "com_pins": self.com_pins,
            "clock": self.clock,
            "precharge": self.precharge,
            "vcomh": self.vcomh,
            "charge_pump": self.charge_pump,
            "initialised": self.initialised,
        }
