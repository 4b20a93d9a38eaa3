# `python -m tools.sim`: runs tools/sim/cli.py.
# SPDX-License-Identifier: MIT
import sys

from tools.sim.cli import main

sys.exit(main())
