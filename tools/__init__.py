# The host-side tools as a package: run them as `python -m tools.<name>` from the repository root.
# SPDX-License-Identifier: MIT
