# Benchmarks (make bench): the app per press and its heap, the computer levels.
# SPDX-License-Identifier: MIT
