# Save format: compact, versioned, CRC-32 checked bytes for a whole game, and back.
# SPDX-License-Identifier: MIT
"""Game save codec.

Layout: ``b"PYZ"`` magic, one version byte, the payload, then the CRC-32 (IEEE,
big-endian) of everything before it. The payload is the engine's
``Game.snapshot()`` tree in a small tagged encoding (None, booleans, varint
integers, UTF-8 strings, lists; lists of small integers such as dice are packed
as bytes). :func:`decode` checks the frame, then every field of the tree against
the rules before it builds a game, so damage raises ``ValueError`` and never
yields a half-built game. The undo snapshot is not saved.

Example::

    >>> from yatzy.engine import Game
    >>> g = Game("yatzy", ["Ann", "Bob"], dice=1)
    >>> decode(encode(g)).snapshot() == g.snapshot()
    True

Only what saving needs lives here (the app saves after every box): reading a save
(:func:`decode`, :func:`unpack`, :func:`achievable`) is in ``yatzy/codec_load.py``,
imported on first use and dropped again by :func:`release`.
"""

MAGIC = b"PYZ"
VERSION = 1
_HEADER = len(MAGIC) + 1
_MAX_DEPTH = 8

_T_NONE = 0
_T_FALSE = 1
_T_TRUE = 2
_T_INT = 3
_T_NEG = 4
_T_STR = 5
_T_LIST = 6
_T_BYTES = 7

_SEQ = (list, tuple)  # a constant: `(list, tuple)` written in a call is a new tuple each time
_CRC_TABLE = None
try:
    from binascii import crc32 as _crc32  # C on both runtimes: no table, no big ints
except ImportError:  # a MicroPython build without binascii.crc32
    _crc32 = None


def crc32(data, crc=0):
    """CRC-32 (IEEE 802.3, as zlib/binascii) of ``data``; pure Python when the runtime has
    no ``binascii.crc32``."""
    if _crc32 is not None:
        return _crc32(data, crc)
    return crc32_py(data, crc)


def crc32_py(data, crc=0):
    """CRC-32 in pure Python (the fallback of :func:`crc32`)."""
    global _CRC_TABLE
    if _CRC_TABLE is None:
        t = []
        for n in range(256):
            c = n
            for _ in range(8):
                c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
            t.append(c)
        _CRC_TABLE = t
    t = _CRC_TABLE
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = t[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


# ---- tagged encoding -----------------------------------------------------------------
# Two passes: _size() measures the tree, _put() writes it into one buffer of that size
# (no growing bytearray: fewer and smaller heap blocks while saving).
def _vlen(n):
    k = 1
    while n >= 0x80:
        n >>= 7
        k += 1
    return k


def _varint(out, pos, n):
    while n >= 0x80:
        out[pos] = (n & 0x7F) | 0x80
        pos += 1
        n >>= 7
    out[pos] = n
    return pos + 1


def _is_small_list(v):
    if not v:
        return False
    for x in v:
        if type(x) is not int:  # bools and None stay tagged
            return False
    return min(v) >= 0 and max(v) <= 255


def _size(v):
    if v is None or v is False or v is True:
        return 1
    if isinstance(v, int):
        return 1 + _vlen(v if v >= 0 else -v - 1)
    if isinstance(v, str):
        n = len(v.encode("utf-8"))
        return 1 + _vlen(n) + n
    if isinstance(v, bytes):
        return 1 + _vlen(len(v)) + len(v)
    if isinstance(v, _SEQ):
        if _is_small_list(v):
            return 1 + _vlen(len(v)) + len(v)
        n = 1 + _vlen(len(v))
        for x in v:
            n += _size(x)
        return n
    raise ValueError("cannot encode %r" % (v,))


def _put(out, pos, v):
    """Write ``v`` at ``pos`` (room measured by :func:`_size`); returns the end position."""
    if v is None:
        out[pos] = _T_NONE
        return pos + 1
    if v is False:
        out[pos] = _T_FALSE
        return pos + 1
    if v is True:
        out[pos] = _T_TRUE
        return pos + 1
    if isinstance(v, int):
        if v >= 0:
            out[pos] = _T_INT
            return _varint(out, pos + 1, v)
        out[pos] = _T_NEG
        return _varint(out, pos + 1, -v - 1)
    if isinstance(v, str):
        v = v.encode("utf-8")
        out[pos] = _T_STR
    elif isinstance(v, bytes) or _is_small_list(v):  # bytes: engine turn logs
        out[pos] = _T_BYTES
    else:
        out[pos] = _T_LIST
        pos = _varint(out, pos + 1, len(v))
        for x in v:
            pos = _put(out, pos, x)
        return pos
    n = len(v)
    pos = _varint(out, pos + 1, n)
    out[pos : pos + n] = v if isinstance(v, bytes) else bytes(v)
    return pos + n


def pack(tree):
    """Frame a tree: magic, version, payload, CRC-32."""
    out = bytearray(_HEADER + _size(tree) + 4)
    _pack_into(tree, out, 0, len(out) - 4)
    return bytes(out)


def _pack_into(tree, out, at, end):
    """Frame ``tree`` into ``out[at:end + 4]`` (sized by :func:`_size`); returns end + 4."""
    out[at : at + len(MAGIC)] = MAGIC
    out[at + len(MAGIC)] = VERSION
    if _put(out, at + _HEADER, tree) != end:
        raise ValueError("save encoding: size mismatch")
    c = crc32(memoryview(out)[at:end])
    out[end] = (c >> 24) & 0xFF
    out[end + 1] = (c >> 16) & 0xFF
    out[end + 2] = (c >> 8) & 0xFF
    out[end + 3] = c & 0xFF
    return end + 4


def encode(game):
    """The whole game as compact checksummed bytes (the undo snapshot is dropped)."""
    return pack(game.snapshot())


def encode_into(game, buf=None, at=0, room=0):
    """:func:`encode` into a reusable bytearray: returns ``(buf, end)``, the bytes being
    ``buf[at:end]``; ``room`` more bytes stay free after ``end``. ``buf`` is used when big
    enough, else a new one (rounded up to 256 bytes; what lies before ``at`` is not
    copied) is returned for the next time. The app saves after every box: one long-lived
    buffer instead of new kilobyte-sized ones that a fragmented heap may not have."""
    tree = game.snapshot()
    end = at + _HEADER + _size(tree) + 4
    if buf is None or len(buf) < end + room:
        buf = bytearray((end + room + 255) // 256 * 256)
    return buf, _pack_into(tree, buf, at, end - 4)


def decode(data, dice=None):
    """A Game from :func:`encode` bytes; ``dice`` replaces the saved dice source.

    Without ``dice``, a game saved with a SeededDice resumes its stream; any other
    game gets no dice source (pass one, e.g. ``FairDice(os.urandom)``). Any damage raises
    ``ValueError`` naming it (checks in ``yatzy/codec_load.py``).
    """
    from yatzy import codec_load

    return codec_load.decode(data, dice)


def __getattr__(name):
    """``unpack`` and ``achievable``, the reading side, from codec_load (and nothing else)."""
    if name != "unpack" and name != "achievable":
        raise AttributeError(name)
    from yatzy import codec_load

    return getattr(codec_load, name)
