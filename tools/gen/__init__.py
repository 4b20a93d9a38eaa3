# Generators: the font, golden images, hardware docs and the AI tables.
# SPDX-License-Identifier: MIT
