# Host-side tools, run from the repository root as python -m tools.<package>.
# SPDX-License-Identifier: MIT
