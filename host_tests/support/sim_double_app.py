# A tiny stand-in for the App contract (runs on CPython and MicroPython) for simulator tests.
# SPDX-License-Identifier: MIT
"""Five dice drawn as bars, hold buttons toggle a frame around a die, ROLL animates for five
ticks of 40 ms and rolls the unheld dice; a long ROLL inverts the display. Sleeps after 5 s
without input. Pushes with show_window (one window per die) and show() on start/wake."""


class App:
    def __init__(self, display, storage, dice, sound=None):
        self.display = display
        self.storage = storage
        self.dice = dice
        self.values = [1, 2, 3, 4, 5]
        self.held = [False] * 5
        self.anim = 0
        self.asleep = False
        self.last = 0
        self.inverted = False
        self.settings = {"contrast": 128}
        self.game = None
        self.presses = 0

    def start(self, now_ms):
        self.last = now_ms
        n = self.storage.read("count.dat")
        self.presses = int(n) if n else 0
        self.draw_all()
        self.display.show()

    def draw_die(self, i):
        d = self.display
        x = 4 + i * 25
        d.fill_rect(x - 2, 0, 24, 56, 0)
        if self.held[i]:
            d.rect(x - 2, 0, 24, 56, 1)
        d.fill_rect(x + 4, 50 - 7 * self.values[i], 12, 7 * self.values[i], 1)
        if self.anim:
            d.line(x, 2, x + 18, 52, 1)

    def draw_all(self):
        self.display.fill(0)
        for i in range(5):
            self.draw_die(i)
        for k in range(self.presses % 16):
            self.display.pixel(2 + 3 * k, 61, 1)

    def push_die(self, i):
        x = 4 + i * 25
        self.display.show_window(x - 2, x + 21, 0, 6)

    def press(self, button, kind, now_ms):
        self.last = now_ms
        self.presses += 1
        self.storage.write("count.dat", str(self.presses).encode())
        if button == "roll" and kind == "long":
            self.inverted = not self.inverted
            self.display.invert(self.inverted)
        elif button == "roll":
            self.anim = 5
        elif button[:4] == "hold" and int(button[4:]) <= 5:
            i = int(button[4:]) - 1
            self.held[i] = not self.held[i]
            self.draw_die(i)
            self.push_die(i)
        self.draw_all()
        self.display.show_window(0, 127, 7, 7)

    def tick(self, now_ms):
        if self.anim:
            self.anim -= 1
            for i in range(5):
                if not self.held[i]:
                    self.values[i] = self.dice()
                self.draw_die(i)
                self.push_die(i)
            return 40
        if now_ms - self.last >= 5000:
            self.asleep = True
            return None
        return None

    def wake(self, now_ms):
        self.asleep = False
        self.last = now_ms
        self.display.show()

    def save_now(self):
        self.storage.write("saved.dat", b"1")
