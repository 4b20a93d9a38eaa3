# The computer players' levels: their names and the core module that provides each one.
# SPDX-License-Identifier: MIT
"""The registry's data, apart from the strategy code so that the save store can check a
seat's level at start-up without loading any strategy (``yatzy.strategy`` re-exports
both names and registers the functions).

``LEVELS``: every level, weakest to strongest. ``PROVIDERS``: level -> the module that
registers it with ``strategy.register`` when imported (an explicit table: nothing else
is imported by name).
"""

LEVELS = ("basic", "easy", "good", "best")
PROVIDERS = {"basic": "yatzy.basic", "easy": "yatzy.ai", "good": "yatzy.ai", "best": "yatzy.ai"}
