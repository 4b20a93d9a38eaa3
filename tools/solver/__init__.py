# The exact Yatzy solver (backward induction) behind the best level's tables.
# SPDX-License-Identifier: MIT
