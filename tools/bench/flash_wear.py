# Flash writes per game on the Pico's LittleFS (modelled with littlefs-python) and the flash life.
# SPDX-License-Identifier: MIT
"""How much one game writes to the Pico's flash, and how many games the flash lasts.

A whole game is played through the app's buttons (``tools.sim.scenes``) on a
``save.storage.FileStorage`` whose file system is littlefs-python configured as
MicroPython's rp2 port mounts its flash: 4 KiB blocks (one W25Q16 erase sector each), 352
of them at 0xA0000, read size 32, program size 256, cache 1024 (``4 * max(read, prog)``),
lookahead 32 bytes, ``block_cycles`` 100 (``extmod/vfs_lfsx.c``). The file system starts
with the firmware's ``build/mpy`` files on it, as ``make flash`` leaves it, so the free
blocks are the ones a real board has. Every program and erase the file system issues is
counted. The real port's figure for comparison: ``python -m tools.bench.rp2 --only stock``
prints the erases per save in the emulated Pico (0.33 over the first two rounds of its
4-player game, whose files are still small; this model gives 1.15 over a whole 4-player
game).

The flash life: a NOR sector survives about 100 000 erase cycles (W25Q16 data sheet).
LittleFS levels wear dynamically: a new file or a file's copy-on-write goes to the next
free block in a sweep over the whole device, and a metadata pair is moved to fresh blocks
after ``block_cycles`` erases, so the erases spread over the blocks no file holds (the
firmware's own files are written once and never move). The estimate is therefore

    games = free blocks x endurance / blocks erased per game

which assumes the spread is even over the free blocks. Static data (the firmware) is not
levelled, so the blocks it holds take no part and no share of the wear.

``python -m tools.bench.flash_wear [--rules yatzy] [--players 1] [--cpu 0] [--json]``
"""

import argparse
import json
import os
import sys

BLOCK = 4096
BLOCKS = 352  # RPI_PICO: the 1408 KiB LittleFS partition
ENDURANCE = 100_000  # erase cycles per sector (W25Q16JV data sheet: "more than 100,000")


def _lfs(context):
    from littlefs import LittleFS

    return LittleFS(
        context=context,
        block_size=BLOCK,
        block_count=BLOCKS,
        read_size=32,
        prog_size=256,
        cache_size=1024,
        lookahead_size=32,
        block_cycles=100,
    )


class CountingFlash:
    """littlefs-python's block device with every erase and program counted."""

    def __init__(self):
        from littlefs import UserContext

        flash = self

        class Context(UserContext):
            def prog(self, cfg, block, off, data):
                flash.progs += 1
                flash.prog_bytes += len(data)
                return UserContext.prog(self, cfg, block, off, data)

            def erase(self, cfg, block):
                flash.erases += 1
                flash.erased[block] = flash.erased.get(block, 0) + 1
                return UserContext.erase(self, cfg, block)

        self.progs = 0
        self.prog_bytes = 0
        self.erases = 0
        self.erased = {}  # block -> erases
        self.fs = _lfs(Context(BLOCK * BLOCKS))

    def reset_counts(self):
        self.progs = self.prog_bytes = self.erases = 0
        self.erased = {}

    def used_blocks(self):
        return self.fs.used_block_count


class LfsOs:
    """The os calls FileStorage makes (open, rename, remove, listdir, mkdir) on a LittleFS,
    with the bytes the app hands to each write counted."""

    def __init__(self, fs):
        self._fs = fs
        self.writes = 0
        self.bytes = 0

    def open(self, path, mode="rb"):
        f = self._fs.open(path, mode)
        if "w" in mode:
            self.writes += 1
            os_ = self
            real = f.write

            def write(data):
                os_.bytes += len(data)
                return real(data)

            f.write = write
        return f

    def rename(self, old, new):
        self._fs.rename(old, new)

    def remove(self, path):
        try:
            self._fs.remove(path)
        except FileNotFoundError as e:
            raise OSError(2, str(e)) from None

    def listdir(self, path=""):
        return self._fs.listdir(path or "/")

    def mkdir(self, path):
        self._fs.mkdir(path)


def load_firmware(flash):
    """The build/mpy files on the file system, as `make flash` leaves it."""
    from tools.emu.rp2 import play

    folder = play.build()
    for base, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            path = os.path.join(base, name)
            rel = os.path.relpath(path, folder).replace(os.sep, "/")
            parent = os.path.dirname(rel)
            if parent:
                flash.fs.makedirs(parent, exist_ok=True)
            with open(path, "rb") as src, flash.fs.open(rel, "wb") as dst:
                dst.write(src.read())


def measure(rules="yatzy", players=1, cpu=0, seed=5, firmware=True):
    """Play one whole game (set-up to the high-score entry) and count what it writes; a dict."""
    from save.storage import FileStorage
    from save.store import Store

    from tools.sim import scenes as S

    flash = CountingFlash()
    if firmware:
        load_firmware(flash)
    fw_blocks = flash.used_blocks()
    flash.reset_counts()  # the game's writes only
    lfs_os = LfsOs(flash.fs)
    storage = FileStorage("", fs=lfs_os)
    saves = [0]
    real = Store.save_game

    def save_game(self, g, levels):
        saves[0] += 1
        return real(self, g, levels)

    Store.save_game = save_game
    try:
        d = S.new_driver(seed=seed, storage=storage)
        S.setup_game(d, rules=rules, players=players, cpu=tuple(range(players - cpu, players)))
        S.autoplay(d)
        d.press("roll")  # the game-over screen's OK: high scores written, the save cleared
    finally:
        Store.save_game = real
    free = BLOCKS - flash.used_blocks()
    out = {
        "rules": rules,
        "players": players,
        "cpu": cpu,
        "game_saves": saves[0],
        "file_writes": lfs_os.writes,
        "bytes_written": lfs_os.bytes,
        "flash_programs": flash.progs,
        "bytes_programmed": flash.prog_bytes,
        "blocks_erased": flash.erases,
        "distinct_blocks_erased": len(flash.erased),
        "most_erases_one_block": max(flash.erased.values()) if flash.erased else 0,
        "firmware_blocks": fw_blocks,
        "free_blocks": free,
    }
    out["games"] = free * ENDURANCE // max(1, flash.erases)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="yatzy")
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--cpu", type=int, default=0, help="how many of the seats are computers")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = measure(args.rules, args.players, args.cpu, args.seed)
    if args.json:
        print(json.dumps(r))
        return 0
    for k, v in r.items():
        print("%-24s %s" % (k, v))
    return 0


if __name__ == "__main__":
    sys.exit(main())
