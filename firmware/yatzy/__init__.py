# Pocket Yatzy game core: rules, scoring, dice, the engine, the save codec, computer players.
# SPDX-License-Identifier: MIT
"""Pure-Python game core; runs unchanged on CPython and MicroPython.

Modules: ``rules`` (rulesets, options; ``rules_config`` and ``rules_info`` hold the set-up
code and the help texts, loaded on first use), ``scoring`` (raw box scores, ``is_yatzy``),
``dice`` (fair and seeded dice sources), ``holds`` (hold masks), ``engine`` (the ``Game``
state machine, made of ``card``: what may be scored and the card arithmetic, and
``rounds``: the phases and order of play; ``actions``: action tuples, and ``engine_load``:
reading state back, load on first use), ``codec`` / ``codec_load`` (save format),
``levels`` (the computer levels' names and providers), ``strategy`` (computer players,
``basic``), ``keeps`` (the dice-multiset tables they search), ``ai`` and ``future`` (the
levels easy, good and best), ``tables`` (generated tables). Game records for the host
live in tools/core/record.py.
"""

VERSION = "0.2.0"  # the project's one version number (package.json follows it)
