# Emulated parts and stand-in boards: the SSD1306 panel, buses, unix-port and wasm32 boards.
# SPDX-License-Identifier: MIT
