# The Pico shell: pin map, drivers, the app loop; the only importer of machine.
# SPDX-License-Identifier: MIT
