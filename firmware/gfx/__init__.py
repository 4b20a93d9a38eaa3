# Drawing: the canvas, the frame pusher and the generated font.
# SPDX-License-Identifier: MIT
