# The one way a module leaves the heap; every layer may call it (it imports only sys).
# SPDX-License-Identifier: MIT
"""MicroPython keeps an imported module's functions, classes and constants in the heap
for as long as something refers to it: ``sys.modules`` and its package's attribute do,
until they let go. ``unload`` lets go of them; what a caller still holds of the module
stays, the rest leaves at the next collection, and the next import loads the module
afresh. The app's groups of modules (``heap.drop``), the languages' packs and the core's
generated tables (read once: the caller keeps what it took) and the viper sources (once
compiled) all leave this way. This module stays loaded: one function, about 200 bytes.

    >>> import gfx.blit
    >>> unload("gfx.blit") is not None, "gfx.blit" in sys.modules
    (True, False)
"""

import sys


def unload(*names):
    """Remove the named modules (dotted names) from sys.modules and from their package; a
    name that is not loaded is skipped. Returns the last module removed, or None:
    ``__import__(name); m = unload(name)`` hands the caller the module for the moment."""
    mod = None
    for name in names:
        m = sys.modules.pop(name, None)
        if m is None:
            continue
        mod = m
        i = name.rfind(".")
        pkg = sys.modules.get(name[:i]) if i > 0 else None
        leaf = name[i + 1 :]
        if pkg is not None and leaf in pkg.__dict__:
            delattr(pkg, leaf)
    return mod
