# `python -m tools.web`: build the browser page into build/web/ (see tools/web/build.py).
# SPDX-License-Identifier: MIT
import sys

from tools.web.build import main

sys.exit(main())
