# Shared pytest set-up: firmware/ and tools/ importable as on the device and the host.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
TOOLS = os.path.join(ROOT, "tools")
for path in (FIRMWARE, TOOLS):
    if path not in sys.path:
        sys.path.insert(0, path)

# Property tests: `make test` runs a fixed, derandomised set of examples so that CI gives
# the same answer for the same commit; `make soak` (HYPOTHESIS_PROFILE=explore) searches
# afresh, round after round with new random examples. A case it finds becomes an @example.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
