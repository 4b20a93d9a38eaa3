# Piezo buzzer: dice rattle, Yatzy and game-end tunes, click; non-blocking, driven by tick().
# SPDX-License-Identifier: MIT
#
# Sound(pwm, settings) takes a PWM-like object (freq(hz), duty_u16(d)) or None (no buzzer:
# every call is silent and cheap). play(name) queues a tune; tick(now_ms) starts and ends its
# notes and returns the ms until it next needs a tick (None when quiet), so the main loop
# never blocks on sound. settings is a dict read at play time: "sound" (on/off) and
# "volume" (0..10; the duty cycle grows with it, 50 % duty is the loudest a piezo gets).

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_VOLUME_MAX = const(10)
_DUTY_MAX = const(32768)  # 50 % of duty_u16's 65535

# Tunes: tuples of (frequency Hz or 0 for a rest, duration ms).
TUNES = {
    # A rattle: short clicks of varied pitch with gaps, like dice in a cup (~230 ms).
    "roll": (
        (1900, 12),
        (0, 14),
        (1300, 10),
        (0, 22),
        (2300, 10),
        (0, 12),
        (1000, 12),
        (0, 26),
        (1700, 10),
        (0, 18),
        (1200, 12),
        (0, 30),
        (2100, 10),
        (0, 24),
        (1500, 12),
    ),
    # Fanfare for a Yatzy: C6 E6 G6 C7 (~560 ms).
    "yatzy": ((1047, 90), (0, 20), (1319, 90), (0, 20), (1568, 90), (0, 20), (2093, 230)),
    # Game over: G5 E5 C5 then C6 (~700 ms).
    "end": ((784, 140), (0, 30), (659, 140), (0, 30), (523, 160), (0, 40), (1047, 180)),
    "click": ((2000, 6),),
}


class Sound:
    """Non-blocking tune player on a PWM buzzer (or silent when pwm is None)."""

    def __init__(self, pwm, settings=None):
        self.pwm = pwm
        self.settings = settings if settings is not None else {}
        self._tune = None
        self._index = 0
        self._until = None  # when the current note ends; None: next note starts at tick
        self._started = False

    def enabled(self):
        return self.pwm is not None and bool(self.settings.get("sound", True)) and self._duty()

    def _duty(self):
        vol = self.settings.get("volume", 5)
        try:
            vol = int(vol)
        except (TypeError, ValueError):
            vol = 5
        if vol <= 0:
            return 0
        if vol > _VOLUME_MAX:
            vol = _VOLUME_MAX
        # Perceived loudness is roughly logarithmic in duty: square the volume step.
        return max(64, _DUTY_MAX * vol * vol // (_VOLUME_MAX * _VOLUME_MAX))

    def play(self, name):
        """Queue a tune by name ("roll", "yatzy", "end", "click"); replaces one playing."""
        if name not in TUNES:
            raise ValueError("unknown sound %r (have %s)" % (name, sorted(TUNES)))
        if not self.enabled():
            return
        self._tune = TUNES[name]
        self._index = 0
        self._until = None
        self._started = False

    def stop(self):
        self._tune = None
        if self.pwm is not None:
            self.pwm.duty_u16(0)

    def busy(self):
        return self._tune is not None

    def tick(self, now_ms):
        """Advance the tune; returns ms until the next tick is needed, or None when quiet."""
        if self._tune is None:
            return None
        if self._until is not None and now_ms - self._until < 0:
            return self._until - now_ms
        if self._started:
            self._index += 1
        if self._index >= len(self._tune):
            self.stop()
            return None
        freq, ms = self._tune[self._index]
        self._started = True
        if freq:
            self.pwm.freq(freq)
            self.pwm.duty_u16(self._duty())
        else:
            self.pwm.duty_u16(0)
        self._until = now_ms + ms
        return ms
