# `make uf2`: the project image, one UF2 = the pinned base MicroPython + the game's ROMFS image.
# SPDX-License-Identifier: MIT
"""Usage:

    python -m tools.image [--base F.uf2] [--romfs F.img] [--provenance F.json] [--out F.uf2]

Builds the firmware (`make build`: build/mpy), its ROMFS image (build/romfs.img, main.py
included) and writes build/pocket-yatzy.uf2: every block of the base image (MicroPython
for the project's board: ../shared/rp2/pocket-yatzy-base.uf2 and its provenance
pocket-yatzy-base.json, or $RP2_IMAGE_BASE; tools/image/README.md) and the ROMFS image at
the board's ROMFS partition, in one file a maker drags onto the Pico's RPI-RP2 drive. The
filesystem region (saves, settings, high scores) is in neither, so flashing keeps it.

Refused, each with a message that names the problem: a base that is no RP2040 UF2, a base
of another board (it does not carry the project board's name, so it has no ROMFS partition
where this one writes), a base that writes into the ROMFS partition or the filesystem, and
a ROMFS image that is no ROMFS image or is larger than its partition.
"""

import argparse
import hashlib
import json
import os
import sys

from tools.image import uf2
from tools.paths import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
# The base image comes from beside the repository (the steering side's shared/rp2/, as the
# stock UF2 and the boot ROM do; tools/image/README.md says what it must be), or from
# $RP2_IMAGE_BASE: a folder with pocket-yatzy-base.uf2 and pocket-yatzy-base.json.
BASE_DIR = os.environ.get("RP2_IMAGE_BASE") or os.path.join(os.path.dirname(ROOT), "shared", "rp2")
PROVENANCE = os.path.join(BASE_DIR, "pocket-yatzy-base.json")
OUT = os.path.join(ROOT, "build", "pocket-yatzy.uf2")
ROMFS_MAGIC = b"\xd2\xcd\x31"  # mpremote.romfs.VfsRomWriter.ROMFS_HEADER


class ImageError(ValueError):
    """The image cannot be made from these parts; the message says why."""


def provenance(path=PROVENANCE):
    """The base image's provenance (dict), checked for what the writer needs."""
    try:
        with open(path, encoding="utf-8") as f:
            prov = json.load(f)
    except (OSError, ValueError) as e:
        raise ImageError("cannot read the base image's provenance %s: %s" % (path, e)) from e
    for key in ("uf2", "sha256", "board_name", "flash"):
        if key not in prov:
            raise ImageError("%s names no %r" % (path, key))
    for region in ("romfs", "fs"):
        if region not in prov["flash"]:
            raise ImageError("%s names no %s partition under 'flash'" % (path, region))
    return prov


def base_path(prov, base_dir=BASE_DIR):
    return os.path.join(base_dir, prov["uf2"])


def region(prov, name):
    offset, size = prov["flash"][name]
    return int(offset), int(size)


def _hex(a, b):
    return "0x%06x..0x%06x" % (a, b)


def combine(base, romfs, prov, base_name="the base image"):
    """The project image (UF2 bytes) from the base UF2's bytes, the ROMFS image's bytes and
    the base's provenance; raises ImageError or uf2.UF2Error naming what is wrong."""
    ranges = uf2.read(base, what=base_name)
    name = prov["board_name"].encode()
    if not any(name in chunk for _, chunk in ranges):
        raise ImageError(
            "%s is not a %s image: it does not carry the board name %r, so its flash has "
            "no ROMFS partition at 0x%06x (a stock RPI_PICO UF2 has none)"
            % (
                base_name,
                prov.get("board", "project"),
                prov["board_name"],
                region(prov, "romfs")[0],
            )
        )
    r_off, r_size = region(prov, "romfs")
    f_off, f_size = region(prov, "fs")
    for offset, chunk in ranges:
        end = offset + len(chunk)
        for label, lo, hi in (
            ("ROMFS partition", r_off, r_off + r_size),
            ("filesystem (saves)", f_off, f_off + f_size),
        ):
            if offset < hi and lo < end:
                raise ImageError(
                    "%s writes %s, inside the %s %s: the game's image would overlap it"
                    % (base_name, _hex(offset, end), label, _hex(lo, hi))
                )
    if not romfs.startswith(ROMFS_MAGIC):
        raise ImageError("the game's image is no ROMFS image (it does not start with d2 cd 31)")
    if len(romfs) > r_size:
        raise ImageError(
            "the game's ROMFS image is %d bytes, larger than the %d-byte ROMFS partition "
            "at 0x%06x (by %d bytes)" % (len(romfs), r_size, r_off, len(romfs) - r_size)
        )
    return uf2.write(ranges + [(r_off, romfs)])


def read_base(prov, path):
    """The base UF2's bytes, checked against the provenance's sha256."""
    with open(path, "rb") as f:
        data = f.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != prov["sha256"]:
        raise ImageError(
            "%s has sha256 %s, not the %s its provenance names: the base and its "
            "provenance do not belong together" % (path, digest, prov["sha256"])
        )
    return data


def find_base(prov_path=PROVENANCE):
    """(base UF2 path, provenance, None) for the committed base, else (None, None, why)."""
    try:
        prov = provenance(prov_path)
        path = base_path(prov, os.path.dirname(prov_path))
        read_base(prov, path)
    except (ImageError, OSError) as e:
        return (
            None,
            None,
            (
                "no project base image (%s): put pocket-yatzy-base.uf2 and pocket-yatzy-base.json "
                "in ../shared/rp2 or name their folder in RP2_IMAGE_BASE (tools/image/README.md)"
                % e
            ),
        )
    return path, prov, None


def romfs_of(build_dir, out):
    """The ROMFS image (bytes) of a build folder, written to `out`."""
    from tools.flash import flash

    flash.romfs_image(build_dir=build_dir, out=out, quiet=True)
    with open(out, "rb") as f:
        return f.read()


def build_romfs(quiet=True):
    """Build the firmware and its ROMFS image (bytes), as `make romfs` does."""
    from tools.flash import flash

    flash.build(quiet=quiet)
    flash.romfs_image(quiet=quiet)
    with open(flash.ROMFS_IMAGE, "rb") as f:
        return f.read()


def make(out=OUT, base=None, romfs=None, prov_path=PROVENANCE, quiet=False):
    """Write the project image to `out`; returns a dict of its sizes."""
    prov = provenance(prov_path)
    if base is None:  # the base its provenance names, checked against it
        base = base_path(prov, os.path.dirname(prov_path))
        data = read_base(prov, base)
    else:  # a base given by hand: checked by combine()
        with open(base, "rb") as f:
            data = f.read()
    if romfs is None:
        rom = build_romfs()
    else:
        with open(romfs, "rb") as f:
            rom = f.read()
    image = combine(data, rom, prov, base_name=os.path.relpath(base))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = out + ".part"
    with open(tmp, "wb") as f:
        f.write(image)
    os.replace(tmp, out)
    firmware = sum(len(c) for _, c in uf2.read(data))
    r_off, r_size = region(prov, "romfs")
    sizes = {
        "image": len(image),
        "firmware": firmware,
        "romfs_partition": r_size,
        "romfs_image": len(rom),
        "romfs_free": r_size - len(rom),
    }
    if not quiet:
        print(
            "wrote %s: %d bytes (base firmware %d B; game's ROMFS image %d B in the %d B "
            "partition at 0x%06x, %d B free)"
            % (
                os.path.relpath(out, ROOT),
                len(image),
                firmware,
                len(rom),
                r_size,
                r_off,
                r_size - len(rom),
            )
        )
    return sizes


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.image", description=__doc__.split("\n")[0])
    p.add_argument("--base", help="the base UF2 (default: the one its provenance names)")
    p.add_argument("--romfs", help="a ROMFS image (default: build it from firmware/)")
    p.add_argument("--provenance", default=PROVENANCE, help="the base's provenance.json")
    p.add_argument("--out", default=OUT)
    args = p.parse_args(argv)
    try:
        make(args.out, args.base, args.romfs, prov_path=args.provenance)
    except (ImageError, uf2.UF2Error, OSError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    return 0
