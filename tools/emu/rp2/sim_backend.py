# The simulator's rp2 runtime: the firmware on the emulated Pico, behind tools.sim.session's calls.
# SPDX-License-Identifier: MIT
"""``Session(runtime="rp2")`` (``make sim ARGS="--runtime rp2"``): the whole firmware (main.py,
runner, the firmware's own SSD1306 driver, the button debouncer) on MicroPython's rp2 port in
the emulated Pico. The session's clock is the Pico's emulated clock (offset by the boot); a
press is a GPIO press with contact bounce; a tick runs the Pico up to the session's time.
The session's storage folder goes onto the Pico's LittleFS at power-up and comes back at
close. The app's internals (``screen()``, ``game()``) are out of reach on the device: the
front ends that need them (``--autoplay``) say so.
"""

import os
import time

from ..ssd1306 import SSD1306Emulator
from .pico import NS_PER_MS, PANEL, Pico, PicoError, find_firmware, folder_files, littlefs_image
from .play import build

BOOT_MS = 10000  # emulated; the app is up in ~0.5 s
BUSY_WINDOW_MS = 1200  # panel traffic this recent means an animation or a computer turn runs
HOLD_MS = {"short": 100, "long": 800}


class RP2Backend:
    """tools.sim.session backend: call("S"|"P"|"T", ...) -> (wait_ms or None, asleep)."""

    @staticmethod
    def panel():
        """The emulated panel the firmware drives (board.PANEL's chip)."""
        return SSD1306Emulator(chip=PANEL, strict=False)

    def __init__(self, emu, storage_dir, seed, error=RuntimeError, lang=None):
        uf2, bootrom, why = find_firmware()
        if why:
            raise error("--runtime rp2: " + why)
        self.error = error
        self.storage_dir = storage_dir
        self.files = folder_files(build())
        self.code = set(self.files) | {"dice_seed"}
        self.files.update(folder_files(storage_dir))
        self.files["dice_seed"] = b"%d" % seed
        from save.records import SETTINGS_FILE

        if lang or SETTINGS_FILE not in self.files:
            # the language chosen (`lang`, else English): the firmware's first start would ask
            from save.records import Settings
            from save.storage import MemoryStorage

            st = MemoryStorage()
            st.write(SETTINGS_FILE, self.files.get(SETTINGS_FILE, b""))
            got = Settings.load(st)[0] if SETTINGS_FILE in self.files else {}
            got["lang"] = lang or "en"
            Settings.save(st, got)
            self.files[SETTINGS_FILE] = st.read(SETTINGS_FILE)
        self.emu = emu
        self.uf2, self.bootrom = uf2, bootrom
        self.pico = None
        self.base = 0  # Pico ns at session time 0
        self.wall0 = None
        self.emu0 = 0

    # the ratio of emulated to wall time since start-up, for the front ends
    def note(self):
        if self.pico is None or self.wall0 is None:
            return "rp2"
        wall = time.monotonic() - self.wall0
        emu = (self.pico.t - self.emu0) / 1e9
        return "rp2 %.2fx real time" % (emu / wall if wall > 0 else 0.0)

    def _run_to(self, now_ms):
        t = self.base + now_ms * NS_PER_MS
        if t > self.pico.t:
            self.pico.run_to(t)

    def _state(self):
        recent = self.pico.oled_writes(self.pico.t - BUSY_WINDOW_MS * NS_PER_MS)
        busy = bool(recent) and self.emu.display_on
        return (100 if busy else None), not self.emu.display_on

    def call(self, op, *args):
        try:
            if op == "S":
                now = args[0]
                image = littlefs_image(self.files)
                self.pico = Pico(self.uf2, self.bootrom, fs=image, screen=self.emu)
                if not self.pico.run_until_text("heap free after start-up", BOOT_MS):
                    raise self.error("the app did not start:\n" + self.pico.text()[-1500:])
                self.pico.run_ms(50)  # the title frame's last bytes
                self.base = self.pico.t - now * NS_PER_MS
                self.wall0, self.emu0 = time.monotonic(), self.pico.t
            elif op == "P":
                button, kind, now = args
                self._run_to(now)
                hold = HOLD_MS[kind]
                self.pico.press(button, hold)
                self.pico.run_ms(hold + 40)  # past the release and the debounce
            else:
                self._run_to(args[0])
        except PicoError as e:
            raise self.error(str(e)) from e
        return self._state()

    def game_bytes(self):
        return None

    def record(self):
        return None

    def screen(self):
        raise self.error("--runtime rp2: the app's screen state is inside the Pico (no autoplay)")

    def close(self):
        if self.pico is None:
            return
        try:
            files = self.pico.files()
        except Exception:  # noqa: BLE001 - a flash that does not mount: keep the folder as it was
            files = {}
        self.pico.close()
        for name, data in files.items():
            if name in self.code or name.endswith((".tmp", ".new")):
                continue
            path = os.path.join(self.storage_dir, name)
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
