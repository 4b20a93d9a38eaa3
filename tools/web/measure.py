# The browser page's figures (first frame, bytes, tumble frame rate, heap) and its screenshot.
# SPDX-License-Identifier: MIT
"""``python -m tools.web --measure`` (``make web-measure``): builds the page, serves it on
127.0.0.1 and opens it in headless Chromium (tools/web/browser.py), then prints

- first frame: ms from the start of the navigation to the first screen painted on the
  canvas (``performance.now()`` at that moment), cold (a fresh browser profile each time:
  a first start, the language list) and with the cache (the same page opened again in the
  same profile); median of RUNS;
- bytes downloaded: the transfer sizes the browser reports (Resource Timing) for the same
  two loads; the build's gzip -9 sizes are what a compressing host (GitHub Pages) sends;
- tumble: frames painted per second while the dice tumble after Roll (the firmware draws
  a new face every 80 ms), and how long one tick takes in MicroPython with the painting;
- heap: the page's MicroPython heap in use after a collection (``gc.mem_alloc()``) on the
  title, during a 1-player game, and in a 4-player game with computer players;

and writes docs/img/web.png (a screenshot of the page in a game) and docs/img/web_phone.png
(the page at a phone's size and pixel density, in a Maxi Yatzy turn).
"""

import json
import os
import statistics
import sys
import time

from tools.web import browser
from tools.web.build import OUT, ROOT, gzip_size

RUNS = 5
ROLLS = 12
SCREENSHOT = os.path.join(ROOT, "docs", "img", "web.png")
# the page on a phone (390 x 844 CSS pixels at 3 device pixels each): a Maxi Yatzy turn,
# hold 6 above Roll; shown at 1/3 of its device pixels it is what a phone user sees
PHONE = os.path.join(ROOT, "docs", "img", "web_phone.png")

_BYTES = """
const nav = performance.getEntriesByType("navigation")[0];
let n = nav.transferSize, body = nav.encodedBodySize;
for (const r of performance.getEntriesByType("resource")) {
  n += r.transferSize; body += r.encodedBodySize;
}
return [n, body];
"""


def _language_chosen(b, server, code="en"):
    """This origin's storage as after a first start's question (the language chosen), so
    the page opens on the title rather than the language list."""
    import base64

    from save.records import SETTINGS_FILE, Settings
    from save.storage import MemoryStorage
    from settings import DEFAULTS

    from tools.web.yatzy_web import KEY_PREFIX

    st = MemoryStorage()
    Settings.save(st, dict(DEFAULTS, lang=code))
    b.driver.get(server.url + "index.html?blank")
    b.js(
        "localStorage.setItem(arguments[0], arguments[1])",
        KEY_PREFIX + SETTINGS_FILE,
        base64.b64encode(st.read(SETTINGS_FILE)).decode(),
    )


def _first_frame(b, url):
    b.open(url)
    t = b.js("return window.pocketYatzy.stats.firstFrameAt")
    return t, b.js(_BYTES)


def _tumble(b, server):
    b.open(server.url + "?rules=yatzy&players=1&seed=9")
    b.wait_idle()
    fps = []
    ticks = []
    for i in range(ROLLS):
        if i % 3 == 0 and i:
            # the third roll: score the best box (card, Roll) so the next rolls are new turns
            for _ in range(2):
                b.driver.find_element("id", "roll").click()
                b.wait_idle()
        n0 = b.js("return window.pocketYatzy.stats.frameTimes.length")
        c0 = b.js("return window.pocketYatzy.stats.callTimes.length")
        t0 = b.js("return performance.now()")
        b.js("window.pocketYatzy.press('roll', 'short')")
        b.wait_idle()
        times = b.js("return window.pocketYatzy.stats.frameTimes.slice(arguments[0])", n0)
        calls = b.js("return window.pocketYatzy.stats.callTimes.slice(arguments[0])", c0)
        times = [t for t in times if t >= t0]
        if len(times) >= 2:
            fps.append((len(times) - 1) * 1000.0 / (times[-1] - times[0]))
        ticks.extend(ms for _t, ms in calls)
    return fps, ticks


def _phone(b, server):
    b.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True},
    )
    try:
        b.open(server.url + "?rules=maxi&players=1&seed=7")
        b.wait_idle()
        for button in ("roll", "hold2", "hold6"):
            b.driver.find_element("id", button).click()
            b.wait_idle()
        b.js("window.pocketYatzy.press('roll', 'long')")  # the card, its soft keys
        b.wait_idle()
        b.driver.find_element("css selector", "main .device").screenshot(PHONE)
    finally:
        b.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def measure(out=OUT):
    chromium, _driver = browser.find()
    rows = []
    with browser.PageServer(out) as server:
        url = server.url + "?seed=1"
        cold, cached, cold_bytes, cached_bytes = [], [], None, None
        for _ in range(RUNS):
            with browser.Browser() as b:
                t, nbytes = _first_frame(b, url)
                cold.append(t)
                cold_bytes = nbytes
                t, nbytes = _first_frame(b, url)
                cached.append(t)
                cached_bytes = nbytes
        with browser.Browser() as b:
            _language_chosen(b, server)
            title_heap = b.open(url) and b.js("return window.pocketYatzy.heap()")[0]
            fps, ticks = _tumble(b, server)
            solo_heap = b.js("return window.pocketYatzy.heap()")[0]
            b.open(server.url + "?rules=yatzy&players=4&cpu=3&level=best&seed=3")
            time.sleep(3)  # the computer players take their turns (their tables are built)
            cpu_heap = b.js("return window.pocketYatzy.heap()")[0]
            b.open(server.url + "?rules=yatzy&players=1&seed=7")
            b.wait_idle()
            for button in ("roll", "hold2", "hold3", "roll"):
                b.driver.find_element("id", button).click()
                b.wait_idle()
            os.makedirs(os.path.dirname(SCREENSHOT), exist_ok=True)
            b.driver.find_element("css selector", "main .device").screenshot(SCREENSHOT)
            _phone(b, server)
            version = b.driver.capabilities.get("browserVersion", "?")
    gz = sum(gzip_size(out, name) for name in os.listdir(out))
    rows.append(("browser", "Chromium %s headless (%s), 2 cores" % (version, chromium)))
    rows.append(("first frame, cold (median of %d)" % RUNS, "%.0f ms" % statistics.median(cold)))
    rows.append(
        ("first frame, cached (median of %d)" % RUNS, "%.0f ms" % statistics.median(cached))
    )
    rows.append(
        (
            "bytes downloaded, cold",
            "%d (bodies %d; gzip -9 would be %d)" % (cold_bytes[0], cold_bytes[1], gz),
        )
    )
    rows.append(
        ("bytes downloaded, cached", "%d (the rest came from the browser cache)" % cached_bytes[0])
    )
    rows.append(
        (
            "frames per second while the dice tumble",
            "%.1f (median of %d rolls; min %.1f)" % (statistics.median(fps), len(fps), min(fps)),
        )
    )
    ticks.sort()
    rows.append(
        (
            "one press/tick in MicroPython, painting included",
            "median %.2f ms, max %.1f ms (%d calls)"
            % (statistics.median(ticks), ticks[-1], len(ticks)),
        )
    )
    rows.append(("heap in use: title", "%d bytes" % title_heap))
    rows.append(("heap in use: 1-player game", "%d bytes" % solo_heap))
    rows.append(("heap in use: 4 players, 3 computer (best)", "%d bytes" % cpu_heap))
    return rows


def main(out=OUT):
    try:
        rows = measure(out)
    except browser.Unavailable as exc:
        print("measure: %s" % exc, file=sys.stderr)
        return 2
    print("| figure | value |")
    print("|---|---|")
    for k, v in rows:
        print("| %s | %s |" % (k, v))
    print("wrote %s and %s" % (os.path.relpath(SCREENSHOT, ROOT), os.path.relpath(PHONE, ROOT)))
    print(json.dumps(rows))
    return 0
