# The battery gauge: VSYS readings -> a level (pure), and the Pico's reading of ADC3 and VBUS.
# SPDX-License-Identifier: MIT
#
# Gauge.add is the gauge's logic and takes readings passed in (host tests feed it numbers);
# Gauge.read is the shell's part: it reads the pins pico/board.py built at start-up
# (Board.battery), and nothing here builds a pin. The thresholds are VSYS in mV, from the
# LiPo cell's discharge curve less the 1N5817's drop (hardware/README.md, "Battery gauge").

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# VSYS (mV) at the foot of each level: below the first the battery is empty (-1: the app
# saves and sleeps), below the second low (0: it warns once), then 1..4 bars
_FEET = (3100, 3300, 3450, 3550, 3700)
_HYST = const(40)  # mV above the next foot before the level goes up (noise, load steps)
_OUT = const(250)  # mV above empty's foot before empty is left (a rested cell gains ~0.1 V)
_STEP = const(50)  # mV one reading may move the average at most (a glitch moves it 12)
_MV = const(9900)  # VSYS mV per 65536 counts of read_u16: ADC3 reads VSYS/3, 3.3 V reference


def _level(v, _over):
    n = -1
    for t in _FEET:
        if v < t + _over:
            break
        n += 1
    return n


class Gauge:
    """The battery's level from VSYS readings: None (USB power, or no reading), -1 empty,
    0 low, 1..4 bars. add(data) takes one reading: a few read_u16() values of ADC3
    (VSYS/3), None on USB power; the highest and the lowest are dropped and the rest
    averaged; the gauge's average moves a quarter of the way to each reading (at most
    _STEP), and after reset() (a wake: the charge may have changed meanwhile) starts afresh;
    the level goes down below its foot and up only _HYST above the next (_OUT from empty).

    >>> g = Gauge(); g.add((24000, 24010, 23990, 24005)), g.add(None)
    (3, None)
    """

    def __init__(self, machine=None, pins=None):
        self.machine = machine
        self._adc = pins  # Board.battery(): (adc, vbus, wl_cs, gpio); None: no ADC
        self.level = None
        self._avg = 0  # mV x 4 (0: none since the last reset)

    def reset(self):
        """The next reading starts the average afresh; the level stays until then."""
        self._avg = 0

    def add(self, data):
        if not data:
            self.level = None
            self._avg = 0
            return None
        lo = hi = data[0]
        total = 0
        for r in data:
            total += r
            lo = r if r < lo else lo
            hi = r if r > hi else hi
        n = len(data)
        if n > 2:
            total -= lo + hi
            n -= 2
        v = total * _MV // (n << 16)  # this reading's VSYS, mV
        a = self._avg
        if a:
            d = v - (a >> 2)
            a += _STEP if d > _STEP else -_STEP if d < -_STEP else d
        else:
            a = v << 2
        self._avg = a
        v = a >> 2
        lv = self.level
        n = _level(v, 0)
        if lv is not None and n >= lv:
            n = _level(v, _HYST if lv >= 0 else _OUT)
            n = lv if n < lv else n
        self.level = n
        return n

    def read(self):
        """A reading for add(): six read_u16() of ADC3, or None on USB power (VBUS high) or
        without an ADC. On a Pico W, GPIO29 is also the radio's SPI clock: WL_CS (GPIO25)
        high connects the VSYS divider, GPIO29 is made an input for the ADC and then given
        back to the radio's PIO (function 7), as MicroPython discussion #10421 and the Pico
        SDK's adc/read_vsys example do (hardware/README.md, "Battery gauge")."""
        b = self._adc
        if b is None:
            return None
        adc, vbus, cs, gpio = b
        if vbus.value():
            return None
        m = self.machine
        if cs is not None:
            cs.init(m.Pin.OUT, value=1)
            m.Pin(gpio, m.Pin.IN)
            adc = m.ADC(gpio)
        r = adc.read_u16
        data = (r(), r(), r(), r(), r(), r())
        if cs is not None:
            m.Pin(gpio, m.Pin.ALT, pull=m.Pin.PULL_DOWN, alt=7)
        return data
