# Host-only core tools: game records and their checker, the core soak, the faulty flash.
# SPDX-License-Identifier: MIT
