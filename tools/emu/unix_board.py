# A stand-in "board" for mpremote: the MicroPython unix port on a pty behind a loopback socket.
# SPDX-License-Identifier: MIT
"""Run:  python -m tools.emu.unix_board FLASH_DIR [--port N]
then:   make flash PORT=socket://127.0.0.1:N     (or any mpremote command with that port)

Each TCP connection gets a fresh `micropython` REPL on a pseudo-terminal whose working
directory is FLASH_DIR, so files copied with `mpremote fs cp` land there and persist between
connections, like a board's flash. Loopback only. The tests use `UnixBoard` directly.
With `--romfs SIZE` the board also has a ROMFS partition of SIZE bytes (a file in
FLASH_DIR, see tools/emu/unix_board_romfs.py) for `make flash ROMFS=1`.
"""

import argparse
import os
import pty
import select
import signal
import socket
import subprocess
import sys
import threading
import tty

from tools.emu.mp_run import micropython_binary


class UnixBoard:
    """Serves one connection at a time on 127.0.0.1:port (0 picks a free port). A client
    that hangs up at any moment ends only its own connection; the board serves the next."""

    def __init__(self, flash_dir, port=0, micropython=None, heap="256k", romfs=0):
        self.flash_dir = flash_dir
        self.romfs = romfs  # bytes of ROMFS partition (0: none, like a stock Pico build)
        self.micropython = micropython or micropython_binary()
        if self.micropython is None:
            raise RuntimeError("micropython (unix port) not found")
        self.heap = heap
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", port))
        self.server.listen(1)
        self.port = self.server.getsockname()[1]
        self.url = "socket://127.0.0.1:%d" % self.port
        self._stop = threading.Event()
        self._thread = None
        self.procs = []
        self.connections = 0

    def start(self):
        self._thread = threading.Thread(target=self.serve, daemon=True)
        self._thread.start()
        return self

    def serve(self):
        while not self._stop.is_set():
            ready, _, _ = select.select([self.server], [], [], 0.1)
            if not ready:
                continue
            try:
                conn, _addr = self.server.accept()
            except OSError:
                return
            self.connections += 1
            try:
                self._relay(conn)
            except OSError:
                pass  # the client went away mid-reply (mpremote closes as the REPL still prints)
            finally:
                conn.close()

    def _relay(self, conn):
        master, slave = pty.openpty()
        tty.setraw(slave)  # bytes pass unchanged (no CR/LF translation, no echo games)
        env = dict(os.environ)
        env.pop("MICROPYPATH", None)  # the board's path: its own flash (cwd) and built-ins
        cmd = [self.micropython]
        heap = self.heap
        if heap and self.romfs and heap.endswith("k"):
            # on a board the partition is flash; here its copies (mounted, being written)
            # live in the heap too
            heap = "%dk" % (int(heap[:-1]) + 3 * self.romfs // 1024)
        if heap:
            cmd += ["-X", "heapsize=" + heap]
        if self.romfs:
            env["UNIX_BOARD_ROMFS"] = str(self.romfs)
            here = os.path.dirname(os.path.abspath(__file__))
            cmd += ["-i", os.path.join(here, "unix_board_romfs.py")]
        proc = subprocess.Popen(
            cmd,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=self.flash_dir,
            env=env,
            start_new_session=True,
        )
        self.procs.append(proc)
        os.close(slave)
        try:
            while not self._stop.is_set() and proc.poll() is None:
                ready, _, _ = select.select([conn, master], [], [], 0.1)
                if conn in ready:
                    try:
                        data = conn.recv(4096)
                    except OSError:  # reset by the client
                        break
                    if not data:
                        break
                    os.write(master, data)
                if master in ready:
                    try:
                        data = os.read(master, 4096)
                    except OSError:
                        break
                    if not data:
                        break
                    try:
                        conn.sendall(data)
                    except OSError:  # the client closed while the board was still printing
                        break
        finally:
            _end(proc)
            os.close(master)

    def close(self):
        self._stop.set()
        try:
            self.server.close()
        except OSError:
            pass
        if self._thread is not None:
            self._thread.join(timeout=5)
        for proc in self.procs:
            _end(proc)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()


def _end(proc):
    """Stop one micropython process we started (by its own process group id)."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=3)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=3)


def main(argv=None):
    parser = argparse.ArgumentParser(description="MicroPython unix port as an mpremote board")
    parser.add_argument("flash_dir")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--romfs", type=int, default=0, help="ROMFS partition bytes")
    args = parser.parse_args(argv)
    if args.romfs < 0 or args.romfs % 4096:
        parser.error("--romfs must be a multiple of 4096 bytes")
    os.makedirs(args.flash_dir, exist_ok=True)
    board = UnixBoard(os.path.abspath(args.flash_dir), args.port, romfs=args.romfs)
    print("board on %s (flash: %s); Ctrl-C stops" % (board.url, args.flash_dir), flush=True)
    try:
        board.serve()
    except KeyboardInterrupt:
        pass
    finally:
        board.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
