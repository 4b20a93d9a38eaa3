# Generated tables of the computer levels (tools/gen/ai_tables.py); loaded on first use.
# SPDX-License-Identifier: MIT
