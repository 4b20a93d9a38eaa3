# A ROMFS partition for the unix-port stand-in board (tools/emu/unix_board.py --romfs SIZE).
# SPDX-License-Identifier: MIT
"""Run by the unix port before its REPL (`micropython -i tools/emu/unix_board_romfs.py`).

MicroPython builds with a ROMFS partition have `vfs.rom_ioctl`, which `mpremote romfs
deploy` uses to erase and write the partition, and mount it at /rom when they start. The
unix port has `vfs.VfsRom` but no partition, so this gives the REPL a `vfs` module with a
`rom_ioctl` over the file `.romfs0` in the board's flash folder (UNIX_BOARD_ROMFS bytes,
erased to 0xFF), implementing the operations mpremote uses: 1 (number of partitions),
2 (the partition's memory), 3 (erase a range), 4 (write), 5 (end of writing), 6 (erase
block size). At power-up (each connection starts a new process) a valid image in the
partition is mounted at /rom and /rom goes on sys.path after the filesystem, as on a board.
"""

import builtins
import os
import sys

import vfs as _vfs

PART = ".romfs0"
BLOCK = 4096
SIZE = int(os.getenv("UNIX_BOARD_ROMFS") or "0")
HEADER = b"\xd2\xcd\x31"


def _read():
    try:
        with open(PART, "rb") as f:
            data = bytearray(f.read())
    except OSError:
        data = bytearray()
    if len(data) < SIZE:
        data.extend(b"\xff" * (SIZE - len(data)))
    return data


_part = [None]  # the partition while it is being written


def rom_ioctl(op, *args):
    if op == 1:
        return 1
    if args and args[0] != 0:
        return -19  # ENODEV: only partition 0
    if op == 2:
        return memoryview(_part[0] if _part[0] is not None else _read())
    if op == 3:  # erase (id, length) or (id, offset, length)
        offset, length = (0, args[1]) if len(args) == 2 else (args[1], args[2])
        if offset < 0 or offset + length > SIZE:
            return -22
        if _part[0] is None:
            _part[0] = _read()
        _part[0][offset : offset + length] = b"\xff" * length
        return 4  # smallest write
    if op == 4:
        offset, buf = args[1], args[2]
        if _part[0] is None or offset < 0 or offset + len(buf) > SIZE:
            return -22
        _part[0][offset : offset + len(buf)] = buf
        return 0
    if op == 5:
        if _part[0] is not None:
            with open(PART + ".part", "wb") as f:
                f.write(_part[0])
            os.rename(PART + ".part", PART)
            _part[0] = None
        return 0
    if op == 6:
        return BLOCK
    return -22


class _Vfs:
    """The built-in vfs module plus rom_ioctl."""


fake = _Vfs()
for _name in dir(_vfs):
    if not _name.startswith("__"):
        setattr(fake, _name, getattr(_vfs, _name))
fake.rom_ioctl = rom_ioctl
_import = builtins.__import__


def _hook(name, *rest):
    if name == "vfs":
        return fake
    return _import(name, *rest)


builtins.__import__ = _hook


def _power_up():
    data = _read()
    if SIZE and data[:3] == HEADER:
        _vfs.mount(_vfs.VfsRom(memoryview(data)), "/rom")
        sys.path.insert(1 if sys.path and sys.path[0] == "" else 0, "/rom")


_power_up()
del _name, _power_up
