# Fake I2C buses feeding the emulated SSD1306: Adafruit/busio style, machine.I2C style, and a pipe.
# SPDX-License-Identifier: MIT
"""Three fakes, one emulator.

- ``BusioI2C(emu)``: what ``adafruit_ssd1306.SSD1306_I2C`` needs from ``busio.I2C``
  (``try_lock``/``unlock``/``writeto(addr, buf, start=, end=)``), CPython only.
- ``MachineI2C(sink)`` and ``MachineI2CNoWritev(sink)``: what the firmware driver needs from
  ``machine.I2C`` (``writeto(addr, buf)`` returning the ACK count, ``writevto(addr, vector)``,
  or no writevto at all); ``sink`` is any
  object with ``write(addr, data)`` (the emulator itself, or ``PipeSink``).
- ``PipeSink(stream)``: writes each transaction as one text line ``W <addr> <hex>`` to a stream
  (MicroPython's stdout in the simulator); ``feed_line(line, emu)`` decodes such a line on the
  CPython side.

This file runs on MicroPython too (the simulator's runner imports ``MachineI2C`` and
``PipeSink``), so it keeps to the MicroPython subset.
"""

import binascii


class BusioI2C:
    """busio.I2C look-alike for Adafruit drivers; every write goes to ``emu.write``."""

    def __init__(self, emu):
        self.emu = emu
        self._locked = False

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        if not self._locked:
            raise RuntimeError("unlock() without try_lock()")
        self._locked = False

    def scan(self):
        return [self.emu.addr]

    def writeto(self, address, buffer, *, start=0, end=None):
        if not self._locked:
            raise RuntimeError("writeto() on an I2C bus that is not locked")
        if end is None:
            end = len(buffer)
        self.emu.write(address, bytes(memoryview(buffer)[start:end]))

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        raise OSError(19, "the emulated SSD1306 is write-only over I2C")


class MachineI2C:
    """machine.I2C look-alike for the firmware driver."""

    def __init__(self, sink):
        self.sink = sink

    def writeto(self, addr, buf, stop=True):
        self.sink.write(addr, bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        data = b"".join(bytes(v) for v in vector)
        self.sink.write(addr, data)
        return len(data)


class MachineI2CNoWritev:
    """machine.I2C look-alike with writeto only (exercises the driver's fallback path)."""

    def __init__(self, sink):
        self.sink = sink

    def writeto(self, addr, buf, stop=True):
        self.sink.write(addr, bytes(buf))
        return len(buf)


class PipeSink:
    """Serialises transactions as ``W <addr hex> <data hex>`` lines on a text stream."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, addr, data):
        self.stream.write("W %02x %s\n" % (addr, binascii.hexlify(data).decode()))


def feed_line(line, emu):
    """Apply one ``W`` line to the emulator; returns False for lines that are not bus writes."""
    if not line.startswith("W "):
        return False
    parts = line.split()
    if len(parts) == 2:
        parts.append("")
    if len(parts) != 3:
        raise ValueError("malformed bus line %r" % line[:60])
    emu.write(int(parts[1], 16), binascii.unhexlify(parts[2]))
    return True
