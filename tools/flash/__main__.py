# `python -m tools.flash`: runs tools/flash/flash.py.
# SPDX-License-Identifier: MIT
import sys

from tools.flash.flash import main

sys.exit(main())
