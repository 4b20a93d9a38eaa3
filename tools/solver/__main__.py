# `python -m tools.solver`: runs tools/solver/solver.py.
# SPDX-License-Identifier: MIT
import sys

from tools.solver.solver import main

sys.exit(main())
