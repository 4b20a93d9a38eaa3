# The screens, the widgets they share and the button ids (docs/CONTRACTS.md, Screens).
# SPDX-License-Identifier: MIT
