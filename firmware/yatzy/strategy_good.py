# Registers the "good" computer level (see yatzy.ai); imported by yatzy.strategy on demand.
# SPDX-License-Identifier: MIT
from yatzy import ai  # noqa: F401
