# On the Pico the turn search's viper kernels give the plain loops' numbers too.
# SPDX-License-Identifier: MIT
"""The kernels read int32 values with ``w = 0`` there (a 32-bit word), which only a 32-bit
port with the native emitter runs: the unix port (64-bit) cannot show it. Here the real rp2
port in the emulated Pico runs host_tests/firmware/yatzy/test_keeps_native.py's comparison of
the kernels with the plain loops (yatzy.kernels.LOOPS), values of either sign up to 2**23,
at its REPL. Emulated time only. Skips without the UF2 and the boot ROM."""

import pytest
from support.kernels import KERNELS

from tools.emu.rp2 import pico as rp2
from tools.emu.rp2 import play

UF2, BOOTROM, WHY = rp2.find_firmware()
pytestmark = pytest.mark.skipif(WHY is not None, reason="emulated Pico: %s" % WHY)


def test_the_picos_viper_kernels_equal_the_plain_loops():
    files = play.firmware_files()
    del files["main.py"]  # the REPL at power-up
    with rp2.Pico(UF2, BOOTROM, fs=rp2.littlefs_image(files)) as pico:
        pico.run_ms(1500)
        out = pico.repl_exec("DICE = (5,)\nTRIALS = 4\n" + KERNELS, max_ms=600000)
    assert "NATIVE True" in out, out[-1500:]
    assert "BAD 0" in out, out[-1500:]
