# Pocket Yatzy game core: rules, scoring, engine, dice, codec, computer players.
# SPDX-License-Identifier: MIT
"""Pure-Python game core; runs unchanged on CPython and MicroPython.

Modules: ``rules`` (rulesets, options), ``scoring`` (raw box scores), ``dice``
(fair and seeded dice sources), ``engine`` (the game state machine), ``codec``
(save format), ``strategy`` and ``ai`` (computer players), ``tables`` (their generated
tables). Game records for the host live in tools/core/record.py.
"""

VERSION = "0.2.0"  # the project's one version number (package.json follows it)
