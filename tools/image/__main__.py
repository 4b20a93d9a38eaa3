# `python -m tools.image`: `make uf2` (tools/image/game.py).
# SPDX-License-Identifier: MIT
import sys

from tools.image.game import main

sys.exit(main())
