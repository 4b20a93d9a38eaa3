# The one record frame of every file on flash, and the in-place save of the game in progress.
# SPDX-License-Identifier: MIT
"""Record framing, small enough to stay loaded while a game is played.

Every file the app keeps is one record::

    b"PY" | kind (4 ASCII bytes) | version (1 byte) | payload length (4 bytes, big-endian)
    | payload | CRC-32 of all the bytes before it (4 bytes, big-endian)

:func:`pack` builds one (``save.records.unpack`` checks it); :func:`crc32` is the IEEE CRC
(as zlib). The game in progress is kind ``GAME`` version :data:`GAME_VERSION`: a 2-byte
meta length, a small JSON meta table, then ``yatzy.codec``'s payload (the codec has no
frame of its own). :func:`save_game_parts` writes that record from the codec's pieces (the
players' logs as they lie, no buffer as long as the save): a game in play saves after every
roll and box and needs nothing else from ``save.records``, so the app keeps only this module
loaded while playing. Example::

    >>> pack("SETT", 1, b"{}")[:7]
    b'PYSETT\\x01'
"""

import json

# CRC-32 as zlib's, in C on every runtime the firmware runs on (the rp2, unix and WebAssembly
# ports, CPython): no table, no big ints. save.frame.crc32 is the one the modules use.
from binascii import crc32

MAGIC = b"PY"
_HEAD = 11  # magic 2 + kind 4 + version 1 + length 4
_TAIL = 4

GAME_FILE = "game.dat"
GAME_KIND = "GAME"
# 2: the codec's payload without its own magic, version and CRC (version 1 files are refused
# as "from an older version")
GAME_VERSION = 2


def _kind_bytes(kind):
    if not isinstance(kind, str) or not 1 <= len(kind) <= 4:
        raise ValueError("record kind must be 1..4 characters, got %r" % (kind,))
    k = kind.encode()
    if len(k) != len(kind):
        raise ValueError("record kind must be ASCII, got %r" % (kind,))
    return k + b"    "[: 4 - len(k)]


def pack(kind, version, payload):
    """One record: header, payload, CRC-32. Example: unpack(pack("SETT", 1, b"{}"), "SETT")
    == (1, b"{}")."""
    if not isinstance(version, int) or not 0 <= version <= 255:
        raise ValueError("record version must be 0..255, got %r" % (version,))
    if not isinstance(payload, (bytes, bytearray)):
        raise ValueError("record payload must be bytes, got %s" % type(payload).__name__)
    out = _record(kind, version, len(payload))
    out[_HEAD:-_TAIL] = payload
    return bytes(_seal(out))


def _record(kind, version, n):
    """A record buffer for an n-byte payload, header filled in: one allocation (a growing
    bytearray leaves kilobyte-sized holes in a fragmented MicroPython heap)."""
    return _head(bytearray(_HEAD + n + _TAIL), kind, version, n)


def _head(out, kind, version, n):
    """Write a record header for an n-byte payload into the start of `out`."""
    out[:2] = MAGIC
    out[2:6] = _kind_bytes(kind)
    out[6] = version
    out[7] = (n >> 24) & 0xFF
    out[8] = (n >> 16) & 0xFF
    out[9] = (n >> 8) & 0xFF
    out[10] = n & 0xFF
    return out


def _seal(out):
    """Write the CRC-32 of everything before the tail into the tail."""
    end = len(out) - _TAIL
    c = crc32(memoryview(out)[:end])
    out[end] = (c >> 24) & 0xFF
    out[end + 1] = (c >> 16) & 0xFF
    out[end + 2] = (c >> 8) & 0xFF
    out[end + 3] = c & 0xFF
    return out


try:  # CPython escapes non-ASCII unless told not to; MicroPython never does (no option)
    json.dumps("", ensure_ascii=False)
    _UTF8 = {"ensure_ascii": False}
except TypeError:
    _UTF8 = {}


def dumps(value):
    """json.dumps with text as UTF-8 on every runtime (names such as "ÅSA" are stored as
    their UTF-8 bytes, not as \\u escapes: MicroPython reads an escaped character past
    U+FFFF back as two lone surrogates)."""
    return json.dumps(value, **_UTF8)


def _json_bytes(value):
    """JSON with sorted keys, so every runtime writes the same bytes."""
    if isinstance(value, dict):
        parts = []
        for key in sorted(value):
            parts.append(dumps(key) + ":" + _json_text(value[key]))
        return ("{" + ",".join(parts) + "}").encode()
    return _json_text(value).encode()


def _json_text(value):
    if isinstance(value, dict):
        return _json_bytes(value).decode()
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_json_text(v) for v in value) + "]"
    return dumps(value)


def game_meta(meta=None):
    """The meta bytes of a game record (a small JSON table: the computers' levels...)."""
    m = _json_bytes(meta if meta is not None else {})
    if len(m) > 0xFFFF:
        raise ValueError("saved-game meta is too large")
    return m


def game_layout(m, n):
    """(offset of the payload, length of the file) of a game record with the meta bytes
    ``m`` and ``n`` bytes of payload (:func:`save_game_parts`)."""
    return _HEAD + 2 + len(m), _HEAD + 2 + len(m) + n + _TAIL


def save_game_parts(storage, m, parts, n):
    """The game record written from pieces: ``parts`` (``yatzy.codec.encode_parts``: ``n``
    bytes of payload in all) after the header and the meta bytes ``m`` (``game_meta``),
    the CRC-32 computed over the pieces as they are (a piece that is the file's own bytes,
    ``save.filebytes``, read where it lies). Through ``storage.write_parts`` where the
    storage has it; else joined and written with ``write`` (the payload's offset and the
    file's length: :func:`game_layout`)."""
    k = len(m)
    head = _head(bytearray(_HEAD + 2 + k), GAME_KIND, GAME_VERSION, 2 + k + n)
    head[_HEAD] = k >> 8
    head[_HEAD + 1] = k & 0xFF
    head[_HEAD + 2 :] = m
    c = crc32(head)
    for p in parts:
        if isinstance(p, (bytes, bytearray, memoryview)):
            c = crc32(p, c)
        else:
            c = p.crc_from(0, len(p), c)
    tail = bytes(((c >> 24) & 0xFF, (c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF))
    parts.insert(0, head)
    parts.append(tail)
    write = getattr(storage, "write_parts", None)
    if write is not None:
        write(GAME_FILE, parts)
        return
    out = bytearray(_HEAD + 2 + k + n + _TAIL)
    i = 0
    for p in parts:
        out[i : i + len(p)] = p if isinstance(p, (bytes, bytearray, memoryview)) else p[:]
        i += len(p)
    storage.write(GAME_FILE, out)
