# Where the repository's parts are, for the host tools (CPython only).
# SPDX-License-Identifier: MIT
"""The tools run from the repository root as ``python -m tools.<package>``; firmware/ is
importable by its own top-level names (``import app``, ``from yatzy import rules``)
through the ``pocket_yatzy.pth`` file that ``make venv`` writes, and through pytest's
``pythonpath`` setting. Paths to files and folders come from here."""

import os

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
FIRMWARE = os.path.join(ROOT, "firmware")
HOST_TESTS = os.path.join(ROOT, "host_tests")
BUILD = os.path.join(ROOT, "build")
