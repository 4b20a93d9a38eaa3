# The OpenSCAD enclosure renders for both panels, and its button holes line up with the dice.
# SPDX-License-Identifier: MIT
import os
import re
import shutil
import struct
import subprocess

import pytest
from pico import board

from tools.gen import hardware as gen_hardware  # noqa: E402


def ensure_openscad():
    """openscad from the distribution's packages; install it when we may (root + apt)."""
    if shutil.which("openscad"):
        return True
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        install = ["apt-get", "install", "-y", "-qq", "openscad"]
        try:
            # A fresh machine's package lists may be empty or old: update once, then retry.
            if subprocess.run(install, capture_output=True, timeout=600, env=env).returncode:
                subprocess.run(["apt-get", "update", "-qq"], capture_output=True, timeout=600)
                subprocess.run(install, capture_output=True, timeout=600, env=env)
        except (OSError, subprocess.TimeoutExpired):
            return False
    return shutil.which("openscad") is not None


pytestmark = pytest.mark.skipif(
    not ensure_openscad(),
    reason="openscad is not installed and cannot be installed here (apt-get install openscad)",
)


def stl_bbox(path):
    with open(path, "rb") as f:
        data = f.read()
    count = struct.unpack_from("<I", data, 80)[0]
    assert len(data) == 84 + 50 * count and count > 100
    lo = [1e9] * 3
    hi = [-1e9] * 3
    for i in range(count):
        vals = struct.unpack_from("<12f", data, 84 + 50 * i)
        for k in range(3):
            for v in vals[3 + k :: 3]:
                lo[k] = min(lo[k], v)
                hi[k] = max(hi[k], v)
    return lo, hi


@pytest.fixture(scope="module", params=["ssd1309", "ssd1306"])
def render(request, tmp_path_factory):
    out = str(tmp_path_factory.mktemp("scad"))
    stl, _png, log = gen_hardware.render_enclosure(
        out, panel=request.param, preview=False, quick=True
    )
    return request.param, stl, log


def echo(log, key):
    m = re.search(r'ECHO: "%s=([^"]*)"' % key, log)
    assert m, key
    return m.group(1)


def test_renders_without_warnings_or_errors(render):
    _panel, stl, log = render
    assert "WARNING" not in log and "ERROR" not in log, log
    lo, hi = stl_bbox(stl)
    assert hi[2] - lo[2] > 10  # a shell, not a flat sheet


def test_case_is_pocket_sized_and_fits_the_panel(render):
    panel, _stl, log = render
    dims = dict(re.findall(r"(\w)=([\d.]+)", echo(log, "PANEL=\\w+ W") + " "))
    m = re.search(r"W=([\d.]+) D=([\d.]+) H=([\d.]+)", log)
    w, d, h = (float(v) for v in m.groups())
    assert w < 100 and d < 75 and h < 20, (w, d, h)
    window = [float(v) for v in echo(log, "WINDOW").strip("[]").split(",")]
    assert window[2] == pytest.approx(board.PANELS[panel][1], abs=0.1)
    assert dims is not None


def test_button_holes_sit_under_the_app_soft_keys(render):
    panel, _stl, log = render
    from ui import keys

    scad = open(gen_hardware.SCAD).read()
    key_px = [int(v) for v in re.search(r"key_px = \[([\d, ]+)\]", scad).group(1).split(",")]
    assert key_px == list(keys.KEY_X[:5]) + [keys.KEY_X[keys.ROLL]]
    holes = [float(v) for v in re.search(r"HOLES=\[([^\]]*)\]", log).group(1).split(",")]
    x0, _y0, act_w, _act_h = (float(v) for v in echo(log, "WINDOW").strip("[]").split(","))
    under = [x0 + px * act_w / 128 for px in key_px]
    if panel == "ssd1309":  # big panel: every button right under its die / the ROLL label
        assert holes == pytest.approx(under, abs=0.01)
        assert holes[1] - holes[0] > 8.5  # finger-sized pitch (mm)
    else:  # small panel: a wider row, same order, guide lines on the lid
        assert holes == sorted(holes) and holes[1] - holes[0] >= 12


def points(log, key):
    """An echoed list of [x, y] points, e.g. SCREWS_LID=[[4, 34.65], [57, 4]]."""
    m = re.search(r"%s=\[(\[[^=]*\])\]" % key, log)
    assert m, key
    return [[float(v) for v in p.split(",")] for p in re.findall(r"\[([^\[\]]+)\]", m.group(1))]


def stl_vertices(path):
    with open(path, "rb") as f:
        data = f.read()
    count = struct.unpack_from("<I", data, 80)[0]
    out = set()
    for i in range(count):
        vals = struct.unpack_from("<12f", data, 84 + 50 * i)
        for k in range(3):
            out.add(tuple(round(v, 3) for v in vals[3 + 3 * k : 6 + 3 * k]))
    return out


def holes_at(vertices, x, y, d):
    """Vertices on a vertical cylinder of diameter d around (x, y): a drilled hole's wall."""
    return [v for v in vertices if abs(((v[0] - x) ** 2 + (v[1] - y) ** 2) ** 0.5 - d / 2) < 0.01]


# the modules' hole patterns (hardware/README.md "Enclosure"): Pico datasheet, typical panels
PICO_HOLES = (47.0, 11.4)
PANEL_HOLES = {"ssd1309": (65.7, 35.6), "ssd1306": (23.5, 23.8)}


def spacing(pts):
    xs = sorted({round(p[0], 3) for p in pts})
    ys = sorted({round(p[1], 3) for p in pts})
    assert len(xs) == 2 and len(ys) == 2, pts
    return xs[1] - xs[0], ys[1] - ys[0]


def test_the_case_has_a_boss_for_every_screw_and_hole(render):
    panel, stl, log = render
    lid, panel_s, pico = (points(log, k) for k in ("SCREWS_LID", "SCREWS_PANEL", "SCREWS_PICO"))
    assert (len(lid), len(panel_s), len(pico)) == (2, 4, 4)
    assert spacing(pico) == pytest.approx(PICO_HOLES, abs=0.01)
    assert spacing(panel_s) == pytest.approx(PANEL_HOLES[panel], abs=0.01)
    pilot = float(re.search(r"PILOT_D=([\d.]+)", log).group(1))
    assert float(re.search(r"PICO_HOLE_D=([\d.]+)", log).group(1)) == 2.1
    # in the STL: the shell (at the origin) has a pilot hole in each lid and Pico boss; the
    # lid, printed top face down beside it (x -> 2W + 10 - x), in each panel boss
    w = float(re.search(r"W=([\d.]+)", log).group(1))
    vertices = stl_vertices(stl)
    for x, y in lid + pico:
        assert holes_at(vertices, x, y, pilot), (x, y)
    for x, y in panel_s:
        assert holes_at(vertices, 2 * w + 10 - x, y, pilot), (x, y)


def test_the_parts_list_and_the_assembly_name_the_case_screws(render):
    _panel, _stl, log = render
    sizes = [int(v) for v in re.search(r"SCREW_SIZES=\[([\d, ]+)\]", log).group(1).split(",")]
    readme = open(os.path.join(os.path.dirname(gen_hardware.SCAD), "..", "README.md")).read()
    listed = dict(
        (what, (int(n), int(length)))
        for n, length, what in re.findall(r"(\d+)x M2x(\d+) \((lid|panel|Pico)\)", readme)
    )
    assert listed == {"lid": (2, sizes[0]), "panel": (4, sizes[1]), "Pico": (4, sizes[2])}
    assembly = readme.split("## Assembly")[1].split("\n## ")[0]
    for what in ("M2x4", "M2x5", "M2x6"):
        assert what in assembly, what
