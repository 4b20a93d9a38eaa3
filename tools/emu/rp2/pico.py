# The emulated Pico from Python: a MicroPython UF2 in rp2040js (pico.mjs), driven in emulated time.
# SPDX-License-Identifier: MIT
"""One emulated Raspberry Pi Pico running the real MicroPython rp2 port.

    from tools.emu.rp2.pico import Pico, find_firmware, littlefs_image
    uf2, bootrom, why = find_firmware()          # why: a skip message when they are missing
    with Pico(uf2, bootrom, fs=littlefs_image({"main.py": b"print('hi')"})) as pico:
        pico.run_until_text("hi", max_ms=2000)
        pico.press("roll")                       # 100 ms, with contact bounce, at exact times
        pico.run_ms(500)
        pico.screen.snapshot()                   # the OLED's pixels (tools/emu/ssd1306.py)

Everything happens in emulated time (``pico.t``, ns since the first power-up, and
``pico.cycles``, CPU cycles executed): the Node side runs only while a ``run_*`` call waits,
so a measurement does not depend on the host's speed. ``pico.i2c`` lists every transaction
(start/end time and cycle, address, ACK, bytes); ``pico.flash_ops`` every erase and program
(kind "erase" or "program", with " torn" where a cut left it part done);
``pico.resets`` every reboot (time, cycle, why, REPL bytes before it). Inside
``with pico.free_running():`` it runs on its own, so that
``mpremote connect socket://127.0.0.1:<pico.cdc_port>`` can talk to its USB REPL.
"""

import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time

from ..ssd1306 import SSD1306Emulator  # the project's panel (the one import of a tools module)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "rp2")
DEFAULT_UF2 = os.path.join(SHARED, "firmware.uf2")
DEFAULT_BOOTROM = os.path.join(SHARED, "bootrom-b1.bin")

# RPI_PICO's stock flash layout: LittleFS at 0xA0000, 352 blocks of 4 KiB.
FS_OFFSET = 0xA0000
FS_BLOCKS = 352
FS_BLOCK = 4096
FLASH_BYTES = 2 * 1024 * 1024  # the Pico's W25Q16JV
NS_PER_MS = 1_000_000
CYCLES_PER_MS = 125_000  # 125 MHz: rp2040js's fixed 8 ns a cycle
OLED_ADDR = 0x3C
PANEL = "ssd1309"  # firmware/board.py's PANEL
GPIO = {
    "hold1": 8,
    "hold2": 9,
    "hold3": 10,
    "hold4": 11,
    "hold5": 12,
    "hold6": 13,
    "roll": 14,
}
# Contact bounce: the level flips at these offsets (us) after a press's or a release's first
# edge, an even number of times, so it ends where it started. A tactile switch chatters for
# 1-5 ms; the firmware's debouncer waits for 20 ms of a stable level.
BOUNCE_US = (300, 700, 1500, 2600)

WHERE = (
    "the official RPI_PICO UF2 from https://micropython.org/download/RPI_PICO/ and the RP2040 "
    "boot ROM (convert demo/bootrom.ts of https://github.com/wokwi/rp2040js to a 16 KiB "
    "binary, see docs/rp2_emulator.md); pass them as RP2_UF2=... RP2_BOOTROM=..."
)


class PicoError(RuntimeError):
    """The emulator stopped, reported an error, or did not answer in time."""


def find_firmware(uf2=None, bootrom=None):
    """(uf2, bootrom, None) when both are found, else (None, None, why): the arguments, then
    $RP2_UF2 / $RP2_BOOTROM, then ../shared/rp2/ beside the repository."""
    uf2 = uf2 or os.environ.get("RP2_UF2") or DEFAULT_UF2
    bootrom = bootrom or os.environ.get("RP2_BOOTROM") or DEFAULT_BOOTROM
    missing = [p for p in (uf2, bootrom) if not os.path.isfile(p)]
    if missing:
        return None, None, "no %s: get %s" % (" or ".join(missing), WHERE)
    why = node_missing()
    if why:
        return None, None, why
    return uf2, bootrom, None


def node_missing():
    """None when node and rp2040js (``make rp2emu``) are there, else a message."""
    if shutil.which("node") is None:
        return "node not found: the emulated Pico (tools/emu/rp2) needs Node.js 18+"
    if not os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js")):
        return "rp2040js is not installed: run `make rp2emu` (npm ci in tools/emu/rp2)"
    return None


# LittleFS as MicroPython's rp2 port mounts it (modules/_boot.py: VfsLfs2(bdev, progsize=256);
# extmod/vfs_lfsx.c: read_size 32 and lookahead 32 by default, cache_size 4 * max(read, prog),
# block_cycles 100). cache_size is in no superblock, yet it matters for reading: littlefs keeps
# files up to min(cache_size, block_size / 8) inline in the directory's log (512 B here), and a
# reader whose cache is smaller than such a file reads it in cache-sized slices, each slice as
# long as the cache even past the file's end (lfs_dir_getslice); when the file lies near the end
# of its metadata block the slice runs off the block and the read fails with LFS_ERR_CORRUPT.
# littlefs-python's default cache (prog_size, 256 B) did so on a 328-byte game.dat that the
# firmware, with its 1024-byte cache, reads in one slice.
LFS_CONFIG = dict(
    block_size=FS_BLOCK,
    block_count=FS_BLOCKS,
    read_size=32,
    prog_size=256,
    cache_size=4 * 256,
    lookahead_size=32,
    block_cycles=100,
)


# ------------------------------------------------------------------ LittleFS images
def littlefs_fs(**kw):
    """A littlefs-python LittleFS with the firmware's configuration (LFS_CONFIG; ``kw`` adds
    to it, e.g. ``mount=False`` to mount an image put in ``fs.context.buffer``)."""
    from littlefs import LittleFS

    return LittleFS(**dict(LFS_CONFIG, **kw))


def littlefs_image(files):
    """A filesystem image for FS_OFFSET from {path: bytes} (folders made as needed)."""
    fs = littlefs_fs()
    for name in sorted(files):
        parent = os.path.dirname(name)
        if parent:
            fs.makedirs(parent, exist_ok=True)
        with fs.open(name, "wb") as f:
            f.write(files[name])
    return bytes(fs.context.buffer)


def folder_files(folder):
    """{relative path: bytes} of every file under folder (e.g. build/mpy)."""
    out = {}
    for base, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in names:
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
    return out


def littlefs_files(image):
    """{path: bytes} of every file on a filesystem image (raises if it does not mount)."""
    fs = littlefs_fs(mount=False)
    fs.context.buffer = bytearray(image[: FS_BLOCK * FS_BLOCKS])
    fs.mount()
    out = {}
    for top, _dirs, names in fs.walk("/"):
        for name in names:
            path = (top.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out


# ------------------------------------------------------------------ the emulated board
class Transaction:
    """One I2C transaction: times in ns (t0 start, t end), cycles, address, ACK, bytes."""

    __slots__ = ("t0", "t", "c0", "cyc", "bus", "addr", "ack", "rw", "data")

    def __init__(self, ev):
        self.t0, self.t, self.c0, self.cyc = ev["t0"], ev["t"], ev["c0"], ev["cyc"]
        self.bus, self.addr, self.ack, self.rw = ev["bus"], ev["addr"], ev["ack"], ev["rw"]
        self.data = bytes.fromhex(ev["hex"])


class Pico:
    """See the module docstring. ``under``: the whole flash (bytes) as it was before the UF2
    was dropped onto the chip (a Pico flashed before: ``pico.flash(0, FLASH_BYTES)`` of an
    earlier run); the UF2's sectors are erased and written over it as the boot ROM does.
    ``fs``: a LittleFS image (bytes) for FS_OFFSET; ``load``: [(bytes, flash offset)] more
    images (e.g. a ROMFS image at its partition); ``screen``: an SSD1306Emulator to feed (default:
    a new one for ``panel``)."""

    def __init__(
        self,
        uf2,
        bootrom,
        fs=None,
        load=(),
        under=None,
        panel=PANEL,
        screen=None,
        wall_timeout=600,
        cpu_mhz=125,
    ):
        self.wall_timeout = wall_timeout
        self.cpu_mhz = cpu_mhz  # the core's clock; bus and peripheral timing as at 125 MHz
        self._tmp = tempfile.TemporaryDirectory(prefix="yatzy-rp2-")
        cmd = ["node", os.path.join(HERE, "pico.mjs"), "--uf2", uf2, "--bootrom", bootrom]
        if cpu_mhz != 125:
            cmd += ["--cpu-mhz", str(cpu_mhz)]
        if under is not None:
            cmd += ["--under", self._file("under.img", under)]
        if fs is not None:
            cmd += ["--fs", self._file("fs.img", fs)]
        for i, (data, offset) in enumerate(load):
            cmd += ["--load", "%s@%d" % (self._file("load%d.img" % i, data), offset)]
        self.screen = screen if screen is not None else SSD1306Emulator(chip=panel, strict=False)
        self.t = 0
        self.cycles = 0
        self.i2c = []
        self.flash_ops = []
        self.resets = []
        self.gpio_log = []
        self.cdc = bytearray()  # everything the USB REPL printed
        self.counters = {}
        self.wall_ms = 0.0
        self._err = open(os.path.join(self._tmp.name, "node.log"), "w+b")
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._err,
            cwd=HERE,
        )
        self._events = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.cdc_port = self._wait("ready")["cdc_port"]

    def _file(self, name, data):
        path = os.path.join(self._tmp.name, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    # -------------------------------------------------------------- plumbing
    def _read(self):
        for line in self.proc.stdout:
            self._events.put(json.loads(line))
        self._events.put(None)

    def _send(self, **msg):
        try:
            self.proc.stdin.write((json.dumps(msg) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise PicoError("the emulator has stopped: %s" % self._stderr()) from e

    def _stderr(self):
        self._err.flush()
        self._err.seek(0)
        return self._err.read().decode(errors="replace")[-2000:]

    def _handle(self, ev):
        kind = ev["ev"]
        if "t" in ev:
            self.t, self.cycles = ev["t"], ev["cyc"]
        if kind == "i2c":
            tx = Transaction(ev)
            self.i2c.append(tx)
            if tx.ack and tx.addr == OLED_ADDR and tx.rw == "W" and tx.bus == 0:
                self.screen.write(tx.addr, tx.data)
        elif kind == "cdc":
            self.cdc += bytes.fromhex(ev["hex"])
        elif kind == "flash":
            kind_ = ev["kind"] + (" torn" if ev.get("torn") else "")
            self.flash_ops.append((ev["t"], ev["cyc"], kind_, ev["addr"], ev["len"]))
        elif kind == "reset":
            self.resets.append((ev["t"], ev["cyc"], ev["why"], len(self.cdc)))
        elif kind == "gpio":
            self.gpio_log.append((ev["t"], ev["cyc"], ev["pin"], ev["level"]))
        elif kind in ("ran", "stat"):
            self.wall_ms = ev.get("wall_ms", self.wall_ms)
            self.counters = {k: v for k, v in ev.items() if k not in ("ev", "t", "cyc", "why")}
        elif kind == "error":
            raise PicoError("emulator: %s" % ev["msg"])

    def _wait(self, kind, timeout=None):
        end = time.monotonic() + (timeout or self.wall_timeout)
        while True:
            try:
                ev = self._events.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                raise PicoError("no %r from the emulator within %s s" % (kind, timeout)) from None
            if ev is None:
                raise PicoError("the emulator exited:\n%s" % self._stderr())
            self._handle(ev)
            if ev["ev"] == kind:
                return ev

    # -------------------------------------------------------------- running
    def run_to(self, t_ns, text=None):
        """Run until emulated time t_ns (or until the REPL prints ``text``); the reason."""
        self._send(op="run", to=int(t_ns), **({"text": text} if text else {}))
        return self._wait("ran")["why"]

    def run_ms(self, ms):
        return self.run_to(self.t + ms * NS_PER_MS)

    def run_until_flash_ops(self, n, max_ms):
        """Run until the n-th flash erase or program from now is done; True if it came
        within max_ms (the CPU stops right after the operation's instruction)."""
        self._send(op="run", to=int(self.t + max_ms * NS_PER_MS), flash=int(n))
        return self._wait("ran")["why"] == "flash"

    def run_until_text(self, text, max_ms):
        """Run until the REPL output shows ``text``; True if it did within max_ms."""
        return self.run_to(self.t + max_ms * NS_PER_MS, text) == "text"

    def free_running(self):
        """Context manager: the emulator runs on its own (wall-paced when idle) inside."""
        pico = self

        class _Free:
            def __enter__(self):
                pico._send(op="free")
                return pico

            def __exit__(self, *exc):
                pico._send(op="pause")
                pico._wait("ran")
                return False

        return _Free()

    def stat(self):
        self._send(op="stat")
        return self._wait("stat")

    # -------------------------------------------------------------- inputs
    def gpio(self, pin, level, at_ns=None):
        """Drive GPIO ``pin`` to 0/1 or release it ("z") at emulated time at_ns (now if None)."""
        msg = {"op": "gpio", "pin": pin, "level": level}
        if at_ns is not None:
            msg["at"] = int(at_ns)
        self._send(**msg)

    def adc(self, channel, value, noise=0, seed=1):
        """ADC `channel` (3: GPIO29, VSYS/3 on a Pico) reads the 12-bit `value` from now on,
        plus uniform noise of +-`noise` counts (xorshift32 from `seed`); kept across resets."""
        self._send(op="adc", ch=int(channel), value=int(value), noise=int(noise), seed=int(seed))

    def vsys(self, millivolts, noise=0, seed=1):
        """VSYS at `millivolts` as a Pico's ADC3 sees it (VSYS/3 against 3.3 V), with noise
        in 12-bit counts; drive VBUS (GPIO24) with gpio(24, 1 or 0) for USB or battery."""
        self.adc(3, min(4095, int(millivolts) * 4096 // 9900), noise, seed)

    def hold(self, button, down=True):
        """Hold (or release) a button from now on, e.g. across a reset."""
        self.gpio(GPIO[button], 0 if down else "z")

    def press(self, button, hold_ms=100, at_ns=None, bounce=True):
        """Schedule one press: contact down at at_ns (default now + 1 ms), released hold_ms
        later, each edge with contact bounce. Returns (t_down, t_release) in ns: the edges
        after which the level stays (the debouncer decides from these). Run to see it act."""
        pin = GPIO[button]
        t0 = int(at_ns if at_ns is not None else self.t + NS_PER_MS)
        t1 = t0 + int(hold_ms * NS_PER_MS)
        settled = []
        for start, level, other in ((t0, 0, "z"), (t1, "z", 0)):
            self.gpio(pin, level, start)
            flips = BOUNCE_US if bounce else ()
            for i, us in enumerate(flips):
                self.gpio(pin, other if i % 2 == 0 else level, start + us * 1000)
            settled.append(start + (flips[-1] * 1000 if flips else 0))
        return settled[0], settled[1]

    def send(self, data):
        """Bytes (or text) into the USB CDC, as typed on a host."""
        if isinstance(data, str):
            data = data.encode()
        self._send(op="send", hex=data.hex())

    def repl_exec(self, code, max_ms=20000):
        """Stop what runs (Ctrl-C), run ``code`` at the raw REPL, return its printed text."""
        self.send(b"\r\x03\x03")
        if not self.run_until_text(">>> ", max_ms):
            raise PicoError("no REPL prompt: %r" % bytes(self.cdc[-300:]))
        self.send(b"\x01")
        if not self.run_until_text("raw REPL; CTRL-B to exit\r\n>", max_ms):
            raise PicoError("no raw REPL: %r" % bytes(self.cdc[-300:]))
        mark = len(self.cdc)
        self.send(code.encode() + b"\x04")
        if not self.run_until_text("\x04>", max_ms):
            raise PicoError("raw REPL did not finish: %r" % bytes(self.cdc[-300:]))
        reply = bytes(self.cdc[mark:])
        self.send(b"\x02")
        self.run_until_text(">>> ", max_ms)
        out, _, rest = reply.partition(b"\x04")
        err = rest.partition(b"\x04")[0]
        out = out[2:] if out.startswith(b"OK") else out
        if err.strip():
            raise PicoError("on the Pico: %s" % err.decode(errors="replace"))
        return out.decode(errors="replace")

    # -------------------------------------------------------------- power
    def reset(self):
        """Press RUN: reboot at once with the flash kept."""
        self._send(op="reset")
        self._wait("reset")

    def cut_at_cycle(self, cycle):
        """Power cut when the CPU reaches that cycle (power returns, flash as it was)."""
        self._send(op="cut", cycle=int(cycle))

    def cut_after_flash_ops(self, n):
        """Power cut right after the n-th flash erase or program from now."""
        self._send(op="cut", flash=int(n))

    def cut_torn(self, n, done, seed):
        """Power cut during the n-th flash erase or program from now: each bit that
        operation would change is changed with probability ``done`` (the bits drawn from
        ``seed``), the rest keep their old state; power returns at once. ``n`` = 0 calls
        off such a cut that has not come."""
        self._send(op="cut", torn=int(n), done=float(done), seed=int(seed) & 0xFFFFFFFF)

    def flash(self, offset=FS_OFFSET, length=FS_BLOCK * FS_BLOCKS):
        """The bytes of the flash now (default: the filesystem region)."""
        path = os.path.join(self._tmp.name, "dump.bin")
        self._send(op="dump", path=path, offset=offset, length=length)
        self._wait("dumped")
        with open(path, "rb") as f:
            return f.read()

    def files(self):
        """{path: bytes} on the Pico's filesystem now, read with littlefs-python."""
        return littlefs_files(self.flash())

    # -------------------------------------------------------------- reading
    def oled_writes(self, since_ns=0, until_ns=None):
        """The I2C writes to the panel that started in [since_ns, until_ns)."""
        return [
            tx
            for tx in self.i2c
            if tx.addr == OLED_ADDR
            and tx.ack
            and tx.t0 >= since_ns
            and (until_ns is None or tx.t0 < until_ns)
        ]

    def text(self):
        return bytes(self.cdc).decode(errors="replace")

    def close(self):
        if self.proc.poll() is None:
            try:
                self._send(op="quit")
                self.proc.wait(timeout=5)
            except (PicoError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdin:
            self.proc.stdin.close()
        self._reader.join(timeout=5)
        if self.proc.stdout:
            self.proc.stdout.close()
        self._err.close()
        self._tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
