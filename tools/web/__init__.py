# Play in the browser: the static page that runs the firmware on MicroPython's WebAssembly port.
# SPDX-License-Identifier: MIT
"""``python -m tools.web`` builds the page into build/web/ (see build.py); page.js and
yatzy_web.py are what runs in the browser; browser.py drives headless Chromium for the
tests and the figures."""
