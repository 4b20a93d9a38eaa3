# Pocket Yatzy on the emulated Pico: the firmware image, boots, presses and what each press cost.
# SPDX-License-Identifier: MIT
"""Helpers shared by the rp2 tests (host_tests/tools/emu/test_rp2_*.py) and the bench
(tools/bench/rp2.py).

    files = firmware_files(seed=7)               # the build (+ a dice_seed file)
    with Pico(uf2, bootrom, fs=littlefs_image(files)) as pico:
        boot_app(pico)                           # -> emulated ms to the first frame, heap free
        m = press(pico, "roll")                  # a Press: cycles, latency, I2C bytes
        keys("r L2 r")                           # [("roll", "short"), ("hold2", "long"), ...]

Presses use the firmware's own timing: a short press is released after SHORT_MS and acts
at the release's first edge (pico/buttons.py ignores the bounce after it); a long one acts at
the 600 ms threshold, counted from the press's first edge, while still held. The "deciding
edge" of a press is that first release edge (short) or the threshold itself (long).
"""

import re

from .pico import BOUNCE_US, CYCLES_PER_MS, NS_PER_MS

SHORT_MS = 100
LONG_MS = 800  # held past the firmware's 600 ms long-press threshold
LONG_THRESHOLD_MS = 600  # firmware/buttons.py: long_ms
FRAME_GAP_NS = 5 * NS_PER_MS  # writes closer than this belong to one frame
# No panel traffic for this long = the app is idle: longer than a computer's pace (<= 1 s)
# and than the longest wait before the app draws on its own (the game-over ranking shows its
# OK 1,500 ms after it appears, ui/end.py _GUARD_MS), so the frame compared is the settled one
QUIET_MS = 1600
START_TEXT = "heap free after start-up"
_HEAP = re.compile(r"heap free after start-up (\d+) bytes")
_NAMES = {"r": "roll", "1": "hold1", "2": "hold2", "3": "hold3", "4": "hold4", "5": "hold5"}
_NAMES["6"] = "hold6"


def _flash():
    """tools/flash (build, ROMFS image): the one import of another tools module here."""
    from tools.flash import flash

    return flash


def cpython_frames(presses, storage_dir, seed):
    """The CPython simulator's settled frame (bytes) at power-up and after each press, with
    the dice seeded and its files in `storage_dir`: what the emulated Pico's frames must equal
    after the same presses."""
    from tools.sim.session import Session

    out = []
    with Session("cpython", seed=seed, storage_dir=str(storage_dir)) as s:
        s.start()
        s.wait_idle()
        out.append(bytes(s.last))
        for button, kind in presses:
            s.press(button, kind)
            s.wait(150)
            s.wait_idle()
            out.append(bytes(s.last))
    return out


def build():
    """The folder of firmware/ compiled as `make build` does (flash.cached_build: one build
    shared by the tests and benches that ask; read it, never write into it)."""
    return _flash().cached_build()


def romfs_image():
    """build/romfs.img as `make flash ROMFS=1` deploys it (bytes)."""
    flash = _flash()
    flash.romfs_image(build_dir=build(), quiet=True)
    with open(flash.ROMFS_IMAGE, "rb") as f:
        return f.read()


def firmware_files(seed=None, extra=None, build_dir=None, lang="en"):
    """{path: bytes} for the Pico's filesystem: the build, a dice_seed file when seed is given,
    a settings file with the language `lang` already chosen (None: none, the first start asks
    for it) and any extra files (e.g. a saved game)."""
    from .pico import folder_files

    files = folder_files(build_dir or build())
    files.update(data_files(seed, extra, lang))
    return files


def data_files(seed=None, extra=None, lang="en"):
    """firmware_files() without the build: what the filesystem holds beside code that runs
    from the project image's ROMFS."""
    files = {}
    if seed is not None:
        files["dice_seed"] = b"%d" % seed
    if lang is not None:
        from save.records import SETTINGS_FILE, Settings
        from save.storage import MemoryStorage

        st = MemoryStorage()
        Settings.save(st, {"lang": lang})
        files[SETTINGS_FILE] = st.read(SETTINGS_FILE)
    files.update(extra or {})
    return files


def keys(text):
    """'r L2 1' -> [("roll", "short"), ("hold2", "long"), ("hold1", "short")]."""
    out = []
    for tok in text.split():
        long = tok.startswith("L")
        name = _NAMES[tok[1:] if long else tok]
        out.append((name, "long" if long else "short"))
    return out


def boot_app(pico, max_ms=10000):
    """Run until the app prints its start-up heap line; (ms from this power-up to the first
    panel write, heap free bytes it printed). Raises when the app does not start."""
    t0, out0 = (pico.resets[-1][0], pico.resets[-1][3]) if pico.resets else (0, 0)
    since = lambda: bytes(pico.cdc[out0:]).decode(errors="replace")  # noqa: E731
    if START_TEXT not in since() and not pico.run_until_text(START_TEXT, max_ms):
        raise AssertionError("the app did not start:\n" + pico.text()[-1500:])
    if not _HEAP.search(since()):
        pico.run_until_text("\n", 100)
    heap = [int(m) for m in _HEAP.findall(since())]
    writes = [tx for tx in pico.i2c if tx.t0 >= t0 and tx.addr == 0x3C and tx.ack]
    first = (writes[0].t0 - t0) / NS_PER_MS if writes else None
    return first, heap[-1] if heap else None


BUSY = 0.3  # a 100 ms step with more than this share of the CPU busy: the app is working


def settle(pico, quiet_ms=QUIET_MS, max_ms=60000, step_ms=100):
    """Run until the app is idle: no panel traffic and the CPU mostly asleep for quiet_ms (a
    computer player can think for seconds without drawing). True if it got there in max_ms."""
    start = pico.t
    calm_since = pico.t
    while pico.t - start < max_ms * NS_PER_MS:
        c0, t0 = pico.cycles, pico.t
        pico.run_ms(step_ms)
        busy = (pico.cycles - c0) / ((pico.t - t0) / 8) > BUSY
        if busy or pico.oled_writes(t0):
            calm_since = pico.t
        elif pico.t - calm_since >= quiet_ms * NS_PER_MS:
            return True
    return False


class Press:
    """What one press cost, all in emulated time: ``cycles`` executed from the press to the
    end of its last panel write, ``ms`` that as CPU time at 125 MHz, ``first_ms`` / ``last_ms``
    the first and last panel byte after the deciding edge, ``frame_ms`` the end of the first
    frame drawn after it, ``bytes`` on the bus."""

    def __init__(self, button, kind, decide, writes, cycles, window_ns, flash_ops, c0):
        self.button, self.kind = button, kind
        self.c0 = c0
        self.decide = decide
        self.writes = writes
        self.cycles = cycles
        self.window_ms = window_ns / NS_PER_MS
        self.ms = cycles / CYCLES_PER_MS
        self.first_ms = (writes[0].t0 - decide) / NS_PER_MS if writes else None
        self.last_ms = (writes[-1].t - decide) / NS_PER_MS if writes else None
        # the press's own frame: the first burst of panel writes (ends at a gap > FRAME_GAP)
        end = None
        for a, b in zip(writes, writes[1:] + [None]):
            if b is None or b.t0 - a.t > FRAME_GAP_NS:
                end = a.t
                break
        self.frame_ms = (end - decide) / NS_PER_MS if end is not None else None
        self.bytes = sum(len(tx.data) for tx in writes)
        self.flash_ops = flash_ops

    def __repr__(self):
        return "Press(%s %s: %.1f Mcycles, first %s ms, last %s ms, %d B)" % (
            self.button,
            self.kind,
            self.cycles / 1e6,
            "-" if self.first_ms is None else "%.1f" % self.first_ms,
            "-" if self.last_ms is None else "%.1f" % self.last_ms,
            self.bytes,
        )


def press(pico, button, kind="short", quiet_ms=QUIET_MS, max_ms=60000, idle_rate=0.0):
    """Press, then run until the app is idle again; a Press. ``idle_rate``: cycles per ns that
    the idle loop spends anyway (subtracted, so a press counts only its own work)."""
    c0, t0 = pico.cycles, pico.t
    n_flash = len(pico.flash_ops)
    hold = LONG_MS if kind == "long" else SHORT_MS
    down, up = pico.press(button, hold)
    settle_ns = BOUNCE_US[-1] * 1000  # pico.press returns the edges after the bounce
    first_down, first_up = down - settle_ns, up - settle_ns
    decide = first_down + LONG_THRESHOLD_MS * NS_PER_MS if kind == "long" else first_up
    pico.run_to(up + NS_PER_MS)
    settle(pico, quiet_ms, max_ms)
    writes = pico.oled_writes(decide)
    end_t = writes[-1].t if writes else pico.t
    end_c = writes[-1].cyc if writes else pico.cycles
    cycles = max(0, end_c - c0 - idle_rate * (end_t - t0))
    m = Press(button, kind, decide, writes, cycles, end_t - t0, pico.flash_ops[n_flash:], c0)
    m.t0, m.n_flash = t0, n_flash
    return m


def remeasure(pico, m, idle_rate=0.0):
    """Press m measured again up to now (the Pico ran on after press() returned: a
    computer's turn that went on longer than the quiet window)."""
    writes = pico.oled_writes(m.decide)
    end_t = writes[-1].t if writes else pico.t
    end_c = writes[-1].cyc if writes else pico.cycles
    cycles = max(0, end_c - m.c0 - idle_rate * (end_t - m.t0))
    flash = pico.flash_ops[m.n_flash :]
    out = Press(m.button, m.kind, m.decide, writes, cycles, end_t - m.t0, flash, m.c0)
    out.t0, out.n_flash = m.t0, m.n_flash
    return out


def idle_rate(pico, ms=2000):
    """Cycles per emulated ns the app spends while nothing happens (its poll loop)."""
    c0, t0 = pico.cycles, pico.t
    pico.run_ms(ms)
    return (pico.cycles - c0) / (pico.t - t0)
