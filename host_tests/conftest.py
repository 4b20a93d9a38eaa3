# Shared pytest set-up: firmware/ and tools/ importable as on the device and the host.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
TOOLS = os.path.join(ROOT, "tools")
for path in (FIRMWARE, TOOLS):
    if path not in sys.path:
        sys.path.insert(0, path)
