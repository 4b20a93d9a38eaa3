# The simulator: the firmware app on an emulated panel, in the terminal or scripted.
# SPDX-License-Identifier: MIT
