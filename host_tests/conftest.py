# Shared pytest set-up (the import paths are pyproject.toml's `pythonpath`).
import os

# Property tests: `make test` runs a fixed, derandomised set of examples so that CI gives
# the same answer for the same commit; `make soak` (HYPOTHESIS_PROFILE=explore) searches
# afresh, round after round with new random examples. A case it finds becomes an @example.
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
