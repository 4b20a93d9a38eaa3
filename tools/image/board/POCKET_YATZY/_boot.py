# Pocket Yatzy's boot, frozen into the project image: the filesystem, then the game from ROMFS.
# SPDX-License-Identifier: MIT
#
# The filesystem is mounted as the stock rp2 port mounts it (LittleFS at /, formatted on a
# blank flash), so saves, settings and high scores are where stock MicroPython keeps them.
# MicroPython's runtime has mounted the ROMFS partition at /rom before this runs. When it
# holds the game (/rom/main.py), /rom comes first on sys.path, so that .mpy files an older
# stock install left on the filesystem never shadow the image's, and /rom becomes the current
# folder, so that the port runs /rom/main.py (and no boot.py or main.py of the filesystem).
# The game's main.py goes back to / and handles safe mode (ROLL held) itself.
import rp2
import vfs

bdev = rp2.Flash()
try:
    fs = vfs.VfsLfs2(bdev, progsize=256)
except:  # noqa: E722 - a blank or damaged filesystem: format it, as the stock port does
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    fs = vfs.VfsLfs2(bdev, progsize=256)
vfs.mount(fs, "/")
del vfs, bdev, fs


def _game_first(os, sys):
    try:
        os.stat("/rom/main.py")
    except OSError:
        return False  # no game in the ROMFS partition: boot as stock MicroPython
    rest = [p for p in sys.path if p not in ("/rom", "/rom/lib")]
    while sys.path:
        sys.path.pop()
    sys.path.extend(["/rom", "/rom/lib"] + rest)
    os.chdir("/rom")
    return True


try:
    import os
    import sys

    _game_first(os, sys)
    del os, sys
except Exception as e:  # noqa: BLE001 - never stop the boot: the REPL stays usable
    print("Pocket Yatzy boot:", repr(e))
del _game_first
