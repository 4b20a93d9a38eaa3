# UF2 files for the RP2040: read a base image's blocks, write one file from address ranges.
# SPDX-License-Identifier: MIT
"""The UF2 format as the RP2040's boot ROM takes it (Microsoft's UF2 specification; the
RP2040 datasheet, "USB Mass Storage Interface"):

- 512-byte blocks: magic 0x0A324655, 0x9E5D5157; flags; target address; payload size;
  block number; block count; family id (flag 0x2000); 476 data bytes; magic 0x0AB16F30.
- The boot ROM writes 256-byte pages: every block carries 256 bytes at a 256-aligned
  address in the flash's XIP window (0x10000000 + offset), the family id is the RP2040's,
  and every block of the file names the same block count (the drive reboots the chip once
  that many distinct blocks have arrived).

    ranges = read(base_bytes)                  # [(flash offset, bytes)], merged, sorted
    data = write([(0, firmware), (0x60000, romfs)])
"""

import struct

MAGIC0, MAGIC1, MAGIC_END = 0x0A324655, 0x9E5D5157, 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY = 0x00002000
RP2040_FAMILY = 0xE48BFF56
XIP_BASE = 0x10000000
FLASH_BYTES = 2 * 1024 * 1024  # the Pico's W25Q16JV
PAGE = 256
BLOCK = 512
_HEAD = struct.Struct("<8I")  # magic0, magic1, flags, addr, size, block, count, family


class UF2Error(ValueError):
    """A UF2 file or a range that the Pico's boot ROM would not take; the message says which."""


def read(data, family=RP2040_FAMILY, what="the UF2 file"):
    """[(flash offset, bytes)] of a UF2 file's blocks for `family` in the RP2040's flash,
    adjacent blocks merged, sorted by offset. Raises UF2Error naming the problem: not a UF2
    file, no block for the family, a block outside the flash, or two blocks that overlap."""
    if len(data) % BLOCK or not data:
        raise UF2Error("%s is not a UF2 file: %d bytes is no multiple of 512" % (what, len(data)))
    pages = []
    families = set()
    for at in range(0, len(data), BLOCK):
        m0, m1, flags, addr, size, _n, _count, fam = _HEAD.unpack_from(data, at)
        (end,) = struct.unpack_from("<I", data, at + BLOCK - 4)
        if m0 != MAGIC0 or m1 != MAGIC1 or end != MAGIC_END:
            raise UF2Error("%s is not a UF2 file: block %d has no UF2 magic" % (what, at // BLOCK))
        if flags & FLAG_NOT_MAIN_FLASH:
            continue
        families.add(fam if flags & FLAG_FAMILY else None)
        if not flags & FLAG_FAMILY or fam != family:
            continue
        offset = addr - XIP_BASE
        if size > 476 or offset < 0 or offset + size > FLASH_BYTES:
            raise UF2Error(
                "%s: block %d writes %d bytes at 0x%08x, outside the Pico's 2 MiB flash"
                % (what, at // BLOCK, size, addr)
            )
        pages.append((offset, bytes(data[at + 32 : at + 32 + size])))
    if not pages:
        seen = ", ".join("none" if f is None else "0x%08x" % f for f in sorted(families, key=str))
        raise UF2Error(
            "%s has no block for the RP2040 (family id 0x%08x); its family ids: %s"
            % (what, family, seen or "none")
        )
    return merge(pages, what)


def merge(ranges, what="the ranges"):
    """Sort (offset, bytes) ranges and join adjacent ones; UF2Error when two overlap."""
    out = []
    for offset, chunk in sorted(ranges, key=lambda r: r[0]):
        if out:
            last_off, last = out[-1]
            last_end = last_off + len(last)
            if offset < last_end:
                raise UF2Error(
                    "%s overlap: 0x%06x..0x%06x and 0x%06x..0x%06x of the flash"
                    % (what, last_off, last_end, offset, offset + len(chunk))
                )
            if offset == last_end:
                out[-1] = (last_off, last + chunk)
                continue
        out.append((offset, bytes(chunk)))
    return out


def write(ranges, family=RP2040_FAMILY):
    """One UF2 file (bytes) that writes every (flash offset, bytes) range, in 256-byte pages
    at 256-aligned addresses (a range's partial first or last page is padded with 0xFF, as
    erased flash reads). Raises UF2Error when ranges overlap, share a page, or leave the
    flash."""
    pages = {}
    for offset, chunk in merge(ranges, "the image's ranges"):
        if offset < 0 or offset + len(chunk) > FLASH_BYTES:
            raise UF2Error(
                "0x%06x..0x%06x is outside the Pico's 2 MiB flash" % (offset, offset + len(chunk))
            )
        start = offset - offset % PAGE
        for page in range(start, offset + len(chunk), PAGE):
            if page in pages:
                raise UF2Error(
                    "two ranges share the flash page at 0x%06x (they must be 256-byte aligned)"
                    % page
                )
            buf = bytearray(b"\xff" * PAGE)
            lo, hi = max(page, offset), min(page + PAGE, offset + len(chunk))
            buf[lo - page : hi - page] = chunk[lo - offset : hi - offset]
            pages[page] = bytes(buf)
    count = len(pages)
    out = bytearray()
    for n, page in enumerate(sorted(pages)):
        out += _HEAD.pack(MAGIC0, MAGIC1, FLAG_FAMILY, XIP_BASE + page, PAGE, n, count, family)
        out += pages[page] + bytes(476 - PAGE)
        out += struct.pack("<I", MAGIC_END)
    return bytes(out)


def flash_image(ranges, under=None):
    """The 2 MiB flash after the boot ROM wrote `ranges` onto a chip that held `under` (None:
    erased): each 4 KiB sector a range touches is erased first, as the boot ROM does."""
    flash = bytearray(under if under is not None else b"\xff" * FLASH_BYTES)
    erased = set()
    for offset, chunk in ranges:
        for sector in range(offset - offset % 4096, offset + len(chunk), 4096):
            if sector not in erased:
                flash[sector : sector + 4096] = b"\xff" * 4096
                erased.add(sector)
        flash[offset : offset + len(chunk)] = chunk
    return bytes(flash)
