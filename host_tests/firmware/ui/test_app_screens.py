# Every app screen against its golden PNG, inside 128x64, and pushed completely to the panel.
# SPDX-License-Identifier: MIT
#
# Regenerate the goldens after an intended change of the drawing: `make goldens`
# (tools/gen/goldens.py writes host_tests/golden/<scene>.png).

import os

import pytest
from gfx import canvas as gfx
from gfx.font import MEDIUM

from tools.paths import HOST_TESTS
from tools.sim import scenes as app_scenes

GOLDEN = os.path.join(HOST_TESTS, "golden")
NAMES = [name for name, _ in app_scenes.SCENES]


def golden_rows(name):
    from PIL import Image

    img = Image.open(os.path.join(GOLDEN, name + ".png")).convert("1")
    assert img.size == (128, 64)
    px = img.load()
    return ["".join("#" if px[x, y] else "." for x in range(128)) for y in range(64)]


@pytest.mark.parametrize("name", NAMES)
def test_screen_matches_golden(name):
    d = dict(app_scenes.SCENES)[name]()
    got = app_scenes.frame_rows(d.display)
    want = golden_rows(name)
    bad = [y for y in range(64) if got[y] != want[y]]
    assert not bad, "%s differs from its golden in rows %s (make goldens if intended):\n%s" % (
        name,
        bad[:8],
        "\n".join("%2d %s\n   %s" % (y, want[y], got[y]) for y in bad[:4]),
    )
    # what the panel shows is what the app drew: no change was left unpushed
    assert bytes(d.display.panel) == bytes(d.display.buffer)


def test_every_golden_belongs_to_a_scene():
    # one golden tree: sim_*.png are the simulator's (host_tests/tools/sim/test_sim_app.py)
    files = sorted(
        f[:-4] for f in os.listdir(GOLDEN) if f.endswith(".png") and not f.startswith("sim_")
    )
    assert files == sorted(NAMES)


class BoundsCanvas(gfx.Canvas):
    """A Canvas that records every drawing call reaching outside the 128x64 panel."""

    def __init__(self, buf, width, height):
        gfx.Canvas.__init__(self, buf, width, height)
        self.outside = []

    def _check(self, what, x, y, w, h):
        if w > 0 and h > 0 and (x < 0 or y < 0 or x + w > self.width or y + h > self.height):
            self.outside.append((what, x, y, w, h))

    def fill_rect(self, x, y, w, h, c=1):
        self._check("rect", x, y, w, h)
        gfx.Canvas.fill_rect(self, x, y, w, h, c)

    def text(self, x, y, s, font=MEDIUM, c=1):
        self._check("text %r" % s, x, y, font.width(s), font.height)
        return gfx.Canvas.text(self, x, y, s, font, c)


@pytest.mark.parametrize("name", NAMES)
def test_screen_stays_inside_the_panel(name, monkeypatch):
    monkeypatch.setattr(app_scenes, "CANVAS", BoundsCanvas)
    d = dict(app_scenes.SCENES)[name]()
    assert isinstance(d.app.cv, BoundsCanvas)
    assert d.app.cv.outside == []
