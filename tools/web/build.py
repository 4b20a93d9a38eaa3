# Build the browser page: build/web/ with index.html, the WebAssembly port and the firmware ROMFS.
# SPDX-License-Identifier: MIT
"""Usage (from the repository root; `make web` runs the first):

    python -m tools.web                    build the page into build/web/
    python -m tools.web --out DIR          ... into DIR
    python -m tools.web --measure          build, then measure it in headless Chromium (first
                                           frame cold and cached, bytes, tumble frame rate,
                                           heap) and write the screenshots docs/img/web.png and
                                           docs/img/web_phone.png

What build/web/ holds (static files only; any static host serves them):

- ``index.html`` (tools/web/index.html with the build's JSON: file names with a content
  hash, so a new build is never mixed with a cached old one; the panel's colours, taken
  from tools/sim/render.py so the page looks like the simulator's PNGs);
- ``page.js``, ``style.css``, and ``sw.js`` (a service worker: network first, the cached
  copies when offline, so a page once loaded also reloads offline);
- ``manifest.webmanifest`` and its icons (tools/web/icons.py: the firmware's own die,
  scaled up pixel for pixel), so a browser can install the page as an app that starts
  offline;
- ``micropython.mjs`` and ``micropython.wasm``, copied from the pinned npm package
  ``@micropython/micropython-webassembly-pyscript`` (installed by ``make wasm32``);
- ``firmware.rom``: a ROMFS image of ``python -m tools.flash build``'s .mpy files (the same
  build and file list as ``make build``; main.py stays out, as on a board) plus the glue
  ``yatzy_web.mpy``. The port mounts it at /rom, outside its heap, as a Pico with a ROMFS
  partition does.
"""

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

from tools.web import icons

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# The one place that names where `make wasm32` puts the port.
WASM_PACKAGE = os.path.join(
    ROOT,
    "tools",
    "emu",
    "wasm32",
    "node_modules",
    "@micropython",
    "micropython-webassembly-pyscript",
)
PORT_FILES = ("micropython.mjs", "micropython.wasm")
# host-side modules the page runs beside the firmware (the game record for the download link)
PAGE_TOOLS = ("tools/__init__.py", "tools/core/__init__.py", "tools/core/record.py")
PAGE_FILES = ("page.js", "style.css")
GLUE = os.path.join(HERE, "yatzy_web.py")
OUT = os.path.join(ROOT, "build", "web")
ROM = "firmware.rom"
SERVICE_WORKER = "sw.js"  # at the top of build/web: its scope is the whole page
MANIFEST = "manifest.webmanifest"
PAGE_BACKGROUND = "#15171b"  # style.css's body background: the installed app's splash
HEAP_BYTES = 512 * 1024  # the port's starting heap (it grows if the firmware needs more)
PANEL_COLOUR = "white"
PANEL_SCALE = 4  # screen pixels per panel pixel, as the simulator's PNGs


def _flash():
    """tools/flash: the firmware build, its file list and the ROMFS writer."""
    from tools.flash import flash

    return flash


def _panel_look():
    """The simulator's PNG look (tools/sim/render.py): colours, scale and border."""
    from tools.sim import render as sim_render

    lit, unlit, glass, bezel = sim_render.COLOURS[PANEL_COLOUR]
    return {
        "lit": list(lit),
        "unlit": list(unlit),
        "glass": list(glass),
        "bezel": list(bezel),
        "scale": PANEL_SCALE,
        "border": 2 * PANEL_SCALE,  # panel_image's default border
    }


class BuildError(SystemExit):
    pass


def port_dir():
    """The npm package's folder, or BuildError saying how to get it."""
    missing = [f for f in PORT_FILES if not os.path.isfile(os.path.join(WASM_PACKAGE, f))]
    if missing:
        raise BuildError(
            "error: MicroPython's WebAssembly port is not installed (%s missing in %s): "
            "run `make wasm32` (needs Node.js and npm)"
            % (", ".join(missing), os.path.relpath(WASM_PACKAGE, ROOT))
        )
    return WASM_PACKAGE


def _versioned(out, name):
    with open(os.path.join(out, name), "rb") as f:
        return "%s?v=%s" % (name, hashlib.sha256(f.read()).hexdigest()[:12])


def _compile(flash, src, name, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    cmd = flash.mpy_cross_cmd(src, dst, name)
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError("error: mpy-cross failed on %s:\n%s" % (name, result.stderr))


def build(out=OUT, quiet=False):
    """Write the page into ``out`` (emptied first); returns {file name: bytes}."""
    flash = _flash()
    src_port = port_dir()
    built = flash.cached_build()  # the files of `make build`
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    with tempfile.TemporaryDirectory(prefix="yatzy-web-") as tmp:
        # the image: the flash build, the host-side modules the page needs at their package
        # paths (a package comes whole from one place), and the glue at the top
        tree = os.path.join(tmp, "rom")
        shutil.copytree(built, tree)
        for name in flash.SOURCE_ONLY:  # main.py: the page's glue starts the app instead
            if os.path.exists(os.path.join(tree, name)):
                os.remove(os.path.join(tree, name))
        glue = os.path.join(tmp, "yatzy_web.mpy")
        _compile(flash, GLUE, "yatzy_web.py", glue)
        for rel in PAGE_TOOLS:
            _compile(flash, os.path.join(ROOT, rel), rel, os.path.join(tree, rel[:-3] + ".mpy"))
        flash.romfs_image(
            tree, os.path.join(out, ROM), extra=[("yatzy_web.mpy", glue)], quiet=True
        )
    for name in PORT_FILES:
        shutil.copyfile(os.path.join(src_port, name), os.path.join(out, name))
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(HERE, name), os.path.join(out, name))
    manifest = {
        "name": "Pocket Yatzy",
        "short_name": "Yatzy",
        "description": "The Pocket Yatzy gadget's firmware, on MicroPython's WebAssembly port",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": PAGE_BACKGROUND,
        "theme_color": PAGE_BACKGROUND,
        "icons": icons.write_icons(out),
    }
    with open(os.path.join(out, MANIFEST), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")
    config = {
        "mp": "./" + _versioned(out, "micropython.mjs"),
        "wasm": _versioned(out, "micropython.wasm"),
        "rom": _versioned(out, ROM),
        "heap": HEAP_BYTES,
        "panel": _panel_look(),
    }
    with open(os.path.join(HERE, "index.html"), encoding="utf-8") as f:
        html = f.read()
    html = html.replace("@CSS@", _versioned(out, "style.css"))
    html = html.replace("@JS@", _versioned(out, "page.js"))
    html = html.replace("@MANIFEST@", MANIFEST)
    html = html.replace("@ICON192@", "icon-192.png")
    html = html.replace("@THEME@", PAGE_BACKGROUND)
    html = html.replace("@BUILD@", json.dumps(config, sort_keys=True).replace("<", "\\u003c"))
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(html)
    # the service worker: the list of what to keep, and a cache name that changes with it
    files = ["./", "index.html", "./" + _versioned(out, "page.js"), _versioned(out, "style.css")]
    files += [config["mp"], config["wasm"], config["rom"], MANIFEST]
    files += [name for name in icons.ICONS]
    files = ["./" + f.removeprefix("./") if f != "./" else f for f in files]
    version = hashlib.sha256(json.dumps(files).encode()).hexdigest()[:12]
    with open(os.path.join(HERE, SERVICE_WORKER), encoding="utf-8") as f:
        sw = f.read()
    sw = sw.replace("@VERSION@", version).replace("@FILES@", json.dumps(files))
    with open(os.path.join(out, SERVICE_WORKER), "w", encoding="utf-8") as f:
        f.write(sw)
    sizes = {}
    for name in sorted(os.listdir(out)):
        sizes[name] = os.path.getsize(os.path.join(out, name))
    if not quiet:
        for name, n in sizes.items():
            print("  %-18s %8d bytes  (gzip -9: %d)" % (name, n, gzip_size(out, name)))
        where = os.path.relpath(out, ROOT)
        print("built %s: %d files, %d bytes" % (where, len(sizes), sum(sizes.values())))
    return sizes


def gzip_size(out, name):
    with open(os.path.join(out, name), "rb") as f:
        return len(gzip.compress(f.read(), 9, mtime=0))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.web", description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=OUT, help="output folder (default build/web)")
    ap.add_argument(
        "--measure",
        action="store_true",
        help="then measure the page in headless Chromium and write docs/img/web*.png",
    )
    args = ap.parse_args(argv)
    build(args.out)
    if args.measure:
        from tools.web import measure

        return measure.main(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
