# The rp2 bench's lanes: the project image (code in ROMFS), stock MicroPython (.mpy on LittleFS).
# SPDX-License-Identifier: MIT
"""How the game gets onto the emulated Pico, the two ways a maker can put it on a real one:

- ``image``: build/pocket-yatzy.uf2 (``make uf2``: the committed base MicroPython with the
  game's ROMFS image) dropped onto a blank Pico; the filesystem holds only the player's files
  (settings, the dice seed, a save). The code runs in place from flash.
- ``stock``: MicroPython's stock RPI_PICO UF2 and ``make flash``'s files: the .mpy build on
  LittleFS, loaded into the heap at import.

A run hands a lane the code ({path: bytes}: the build, or the build with the bench's probe as
main.py) and the data files; the code goes where main.py lives in that lane (the ROMFS image,
or the filesystem), so one run measures both lanes alike.

    lane = image_lane(bootrom)                    # None (and why) when the base is missing
    pico, heap = lane.boot(code, data)            # booted to the app's start-up line
"""

import hashlib
import os
import tempfile

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play


class Lane:
    """One way to run the game. ``name``: "image" or "stock"; ``label``: the table's column."""

    name = label = ""

    def __init__(self, bootrom, cpu_mhz=125):
        self.bootrom = bootrom
        self.cpu_mhz = cpu_mhz

    def firmware(self, code, data):
        """(UF2 path, filesystem files) for this code and data."""
        raise NotImplementedError

    def pico(self, code, data, **kw):
        uf2, files = self.firmware(code, data)
        return rp2.Pico(
            uf2, self.bootrom, fs=rp2.littlefs_image(files), cpu_mhz=self.cpu_mhz, **kw
        )

    def boot(self, code, data, max_ms=10000):
        """A Pico with this code and data, run to the app's start-up line: (pico, heap)."""
        pico = self.pico(code, data)
        _first, heap = play.boot_app(pico, max_ms=max_ms)
        return pico, heap


class StockLane(Lane):
    name = "stock"
    label = "stock UF2 + `make flash` (.mpy on LittleFS)"

    def __init__(self, uf2, bootrom, cpu_mhz=125):
        super().__init__(bootrom, cpu_mhz)
        self.uf2 = uf2

    def firmware(self, code, data):
        files = dict(code)
        files.update(data)
        return self.uf2, files


class ImageLane(Lane):
    name = "image"
    label = "project image (`make uf2`, code in ROMFS)"

    def __init__(self, base, prov, bootrom, cpu_mhz=125):
        super().__init__(bootrom, cpu_mhz)
        self.base, self.prov = base, prov
        self._tmp = tempfile.TemporaryDirectory(prefix="yatzy-image-")
        self._made = {}

    def firmware(self, code, data):
        """The project image with this code as its ROMFS (made once per distinct code)."""
        from tools.image import game

        key = hashlib.sha256(repr(sorted(code.items())).encode()).hexdigest()[:16]
        if key not in self._made:
            folder = os.path.join(self._tmp.name, key)
            for name, blob in code.items():
                path = os.path.join(folder, name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as f:
                    f.write(blob)
            rom = game.romfs_of(folder, os.path.join(self._tmp.name, key + ".img"))
            with open(self.base, "rb") as f:
                image = game.combine(f.read(), rom, self.prov)
            uf2 = os.path.join(self._tmp.name, key + ".uf2")
            with open(uf2, "wb") as f:
                f.write(image)
            self._made[key] = (uf2, len(rom))
        return self._made[key][0], dict(data)


def image_lane(bootrom, cpu_mhz=125):
    """(ImageLane, None) when the committed base image is there, else (None, why)."""
    from tools.image import game

    base, prov, why = game.find_base()
    if why:
        return None, why
    return ImageLane(base, prov, bootrom, cpu_mhz), None


def build_code():
    """{path: bytes} of today's build (``make build``)."""
    return rp2.folder_files(play.build())
