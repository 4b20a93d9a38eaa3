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
