# Run a module on the unix port with the firmware in a ROMFS image, as a ROMFS board does.
# SPDX-License-Identifier: MIT
"""Usage (MicroPython):  micropython -m tools.emu.romfs_run IMAGE MODULE [ARGS...]

A Pico whose MicroPython has a ROMFS partition mounts it at /rom when it starts and puts
/rom on sys.path; `.mpy` files imported from there run in place from flash: their bytecode
and constants (the computer players' tables, the fonts) never reach the heap. The unix port
has `vfs.VfsRom` but no ROM partition, so this reads IMAGE into one bytes object, mounts it
at /rom, puts /rom first on sys.path, prints `ROMFS_HEAP <bytes>` (what the image itself
takes of the heap, to subtract: on the board it is in flash) and imports MODULE with
sys.argv = [MODULE] + ARGS. When MODULE returns it prints `ROMFS_FILES <a> <b>`: of the b
modules then loaded from files, a came from /rom (the others from the filesystem).
"""

import gc
import sys

import vfs


def main():
    if len(sys.argv) < 3:
        print("usage: romfs_run.py IMAGE MODULE [ARGS...]")
        raise SystemExit(2)
    image, module = sys.argv[1], sys.argv[2]
    gc.collect()
    before = gc.mem_alloc()
    with open(image, "rb") as f:
        data = f.read()
    vfs.mount(vfs.VfsRom(data), "/rom")
    gc.collect()
    print("ROMFS_HEAP", gc.mem_alloc() - before)
    sys.path.insert(0, "/rom")
    sys.argv[:] = [module] + sys.argv[3:]
    __import__(module)
    files = [getattr(m, "__file__", "") for m in sys.modules.values()]
    files = [f for f in files if f]
    print("ROMFS_FILES", len([f for f in files if f.startswith("/rom/")]), len(files))


main()
