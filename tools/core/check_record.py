#!/usr/bin/env python3
# Re-check a Pocket Yatzy game record (JSON): replays every turn under the rules.
# SPDX-License-Identifier: MIT
"""Usage: python -m tools.core.check_record FILE.json

Prints each problem found (or "ok"). Exit status: 0 valid, 1 invalid, 2 bad usage
(missing file, unreadable or not JSON).
"""

import json
import sys

from tools.core.record import check_record  # noqa: E402


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path = args[0]
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except OSError as e:
        print("check_record: cannot read %s: %s" % (path, e.strerror or e), file=sys.stderr)
        return 2
    except ValueError as e:
        print("check_record: %s is not JSON: %s" % (path, e), file=sys.stderr)
        return 2
    problems = check_record(record)
    for p in problems:
        print(p)
    if problems:
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
