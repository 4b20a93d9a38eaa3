# The emulated Pico: MicroPython rp2 on rp2040js (pico.mjs) and its Python driver (pico.py).
# SPDX-License-Identifier: MIT
