# Pocket Yatzy game core: rules, scoring, engine, dice, codec, records, strategy.
# SPDX-License-Identifier: MIT
"""Pure-Python game core; runs unchanged on CPython and MicroPython.

Modules: ``rules`` (rulesets, options), ``scoring`` (raw box scores), ``dice``
(fair and seeded dice sources), ``engine`` (the game state machine), ``codec``
(save format), ``record`` (JSON game records), ``strategy`` (computer players).
"""

VERSION = "1.0"
