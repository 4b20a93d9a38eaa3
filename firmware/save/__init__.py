# Saving: atomic storage, the one record frame, and the app's store of every file.
# SPDX-License-Identifier: MIT
