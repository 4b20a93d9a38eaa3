# The project image: MicroPython for the Pico with the game in a ROMFS partition, as one UF2.
# SPDX-License-Identifier: MIT
