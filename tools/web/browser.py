# Headless Chromium for the page's tests and figures: a localhost server and a Selenium driver.
# SPDX-License-Identifier: MIT
"""Debian's ``chromium`` and ``chromium-driver`` (``make web-browser`` installs them as
root), driven by Selenium (pinned in requirements.txt). Nothing here downloads anything:
the browser and its driver are the system's, and the page comes from a server bound to
127.0.0.1 that lives as long as its ``with`` block.

    with PageServer("build/web") as server, Browser() as b:
        b.driver.get(server.url + "?seed=5")
"""

import functools
import http.server
import os
import shutil
import subprocess
import tempfile
import threading
import time

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER_CANDIDATES = ("/usr/bin/chromedriver",)
# As the machine notes say: no sandbox as root, and none of Chromium's own network traffic.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--autoplay-policy=no-user-gesture-required",
    "--window-size=620,900",
)
INSTALL_HINT = "install Debian's chromium and chromium-driver (`make web-browser`, as root)"


class Unavailable(RuntimeError):
    """No browser, driver or Selenium here; the message says where to get them."""


def _first(paths, name):
    for p in paths:
        if os.path.exists(p):
            return p
    found = shutil.which(name)
    if found:
        return found
    return None


def find():
    """(chromium, chromedriver) paths, or Unavailable."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        raise Unavailable("selenium is not installed: run `make venv`") from None
    chromium = _first(CHROMIUM_CANDIDATES, "chromium")
    driver = _first(CHROMEDRIVER_CANDIDATES, "chromedriver")
    if chromium is None or driver is None:
        raise Unavailable("no headless Chromium here: " + INSTALL_HINT)
    return chromium, driver


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(
        http.server.SimpleHTTPRequestHandler.extensions_map,
        **{".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"},
    )

    def log_message(self, *args):
        pass


class PageServer:
    """A static server for ``folder`` on 127.0.0.1 (a free port), in a thread."""

    def __init__(self, folder):
        handler = functools.partial(_QuietHandler, directory=folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)
        return False


class Browser:
    """One headless Chromium with a fresh profile, through chromedriver."""

    def __init__(self, downloads=None, timeout_s=30):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        chromium, driver = find()
        self.profile = tempfile.mkdtemp(prefix="yatzy-chromium-")
        opts = webdriver.ChromeOptions()
        opts.binary_location = chromium
        for flag in FLAGS:
            opts.add_argument(flag)
        opts.add_argument("--user-data-dir=" + self.profile)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        if downloads is not None:
            opts.add_experimental_option(
                "prefs",
                {"download.default_directory": downloads, "download.prompt_for_download": False},
            )
        service = Service(executable_path=driver, log_output=subprocess.DEVNULL)
        try:
            self.driver = webdriver.Chrome(service=service, options=opts)
        except Exception as exc:
            shutil.rmtree(self.profile, ignore_errors=True)
            raise Unavailable("Chromium did not start (%s); %s" % (exc, INSTALL_HINT)) from None
        self.driver.set_page_load_timeout(timeout_s)
        self.driver.set_script_timeout(timeout_s)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def open(self, url, timeout_s=30):
        """Load ``url`` and wait until the page's MicroPython has drawn the first frame."""
        self.driver.get(url)
        return self.wait_for("return window.pocketYatzy && window.pocketYatzy.ready()", timeout_s)

    def wait_for(self, script, timeout_s=20, poll_s=0.02):
        """Poll ``script`` until it returns something true; its value (TimeoutError after
        ``timeout_s``, with the page's message and console in the error)."""
        end = time.monotonic() + timeout_s
        while True:
            value = self.js(script)
            if value:
                return value
            if time.monotonic() > end:
                msg = self.js("return document.getElementById('message').textContent")
                raise TimeoutError(
                    "page: %r still false after %ss (message: %r, console: %r)"
                    % (script, timeout_s, msg, self.console())
                )
            time.sleep(poll_s)

    def wait_idle(self, timeout_s=20):
        return self.wait_for("return window.pocketYatzy.idle()", timeout_s)

    def console(self):
        """Browser console entries since the last call (dicts with level and message)."""
        return self.driver.get_log("browser")

    def close(self):
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
