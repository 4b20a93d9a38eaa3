# Build with mpy-cross and flash with mpremote (make build, make flash, make romfs).
# SPDX-License-Identifier: MIT
