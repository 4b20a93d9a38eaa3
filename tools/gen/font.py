# Turn the hand-drawn glyphs of tools/gen/font_glyphs.txt into firmware/gfx/font.py and a specimen.
# SPDX-License-Identifier: MIT
"""Font generator.

python -m tools.gen.font          # rewrite firmware/gfx/font.py
python -m tools.gen.font --check     # exit 1 when firmware/gfx/font.py is not current
python -m tools.gen.font --specimen docs/img/font_specimen.png
"""

import argparse
import os
import sys

from tools.paths import ROOT

SOURCE = os.path.join(ROOT, "tools", "gen", "font_glyphs.txt")
TARGET = os.path.join(ROOT, "firmware", "gfx", "font.py")

# Named symbols and the character codes they take (CP437-like where one exists).
SYMBOLS = {
    "space": 0x20,
    "box": 0x00,
    "check": 0x01,
    "held": 0x02,
    "star": 0x03,
    "dot": 0x04,
    "times": 0x07,
    "tri_right": 0x10,
    "tri_left": 0x11,
    "up": 0x18,
    "down": 0x19,
    "right": 0x1A,
    "left": 0x1B,
    "tri_up": 0x1E,
    "tri_down": 0x1F,
}
# Table slots: ASCII (0..127) as it is, then the Latin-1 letters U+00C0..U+00FF at 128..191.
# Slot 0 is the placeholder ("box") drawn for any character without a glyph.
NCODES = 192
LATIN1 = 0xC0


class FontSpec:
    def __init__(self, name, height, pitch, spacing):
        self.name = name
        self.height = height
        self.pitch = pitch
        self.spacing = spacing
        self.glyphs = {}  # code -> list of column bytes
        self.aliases = {}  # code -> code


def slot(ch):
    """Table slot of character `ch`, or None when the tables have no room for it."""
    c = ord(ch)
    if c < 128:
        return c
    if LATIN1 <= c <= 0xFF:
        return c - (LATIN1 - 128)
    return None


def _code(name, where):
    if name in SYMBOLS:
        return SYMBOLS[name]
    if len(name) == 1 and (32 < ord(name) < 127 or (name.isalpha() and slot(name))):
        return slot(name)
    raise ValueError("%s: unknown glyph name %r" % (where, name))


def parse(text):
    """Parse the glyph file; return a list of FontSpec. Errors name the line."""
    fonts = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        where = "font_glyphs.txt line %d" % (i + 1)
        line = lines[i].rstrip()
        i += 1
        if not line or line.startswith("#"):
            continue
        words = line.split()
        if words[0] == "font":
            opts = {}
            for w in words[2:]:
                key, _, value = w.partition("=")
                opts[key] = int(value)
            height = opts.get("height", 0)
            if not 1 <= height <= 8:
                raise ValueError("%s: height must be 1..8" % where)
            fonts.append(
                FontSpec(words[1], height, opts.get("pitch", height + 1), opts.get("spacing", 1))
            )
        elif words[0] == "glyphs":
            if not fonts:
                raise ValueError("%s: glyphs before any font line" % where)
            font = fonts[-1]
            names = words[1:]
            rows = []
            for _ in range(font.height):
                if i >= len(lines):
                    raise ValueError("%s: missing glyph rows" % where)
                rows.append(lines[i].rstrip().split(" "))
                i += 1
            for r, row in enumerate(rows):
                if len(row) != len(names):
                    raise ValueError(
                        "%s: row %d has %d glyphs, expected %d"
                        % (where, r + 1, len(row), len(names))
                    )
            for g, name in enumerate(names):
                code = _code(name, where)
                if code in font.glyphs:
                    raise ValueError("%s: glyph %r drawn twice" % (where, name))
                width = len(rows[0][g])
                cols = [0] * width
                for r in range(font.height):
                    tok = rows[r][g]
                    if len(tok) != width:
                        raise ValueError(
                            "%s: glyph %r row %d is %d wide, not %d"
                            % (where, name, r + 1, len(tok), width)
                        )
                    for x, ch in enumerate(tok):
                        if ch == "#":
                            cols[x] |= 1 << r
                        elif ch != ".":
                            raise ValueError("%s: glyph %r has %r" % (where, name, ch))
                font.glyphs[code] = cols
        elif words[0] == "alias":
            src, dst = words[1], words[2]
            if len(src) != len(dst):
                raise ValueError("%s: alias lists differ in length" % where)
            for a, b in zip(src, dst):
                if slot(a) is None or slot(b) is None:
                    raise ValueError("%s: alias %r to %r has no slot" % (where, a, b))
                fonts[-1].aliases[slot(a)] = slot(b)
        else:
            raise ValueError("%s: unknown directive %r" % (where, words[0]))
    return fonts


def _bytes_lines(data, indent):
    out = []
    per = 20
    for k in range(0, len(data), per):
        chunk = "".join("\\x%02x" % b for b in data[k : k + per])
        out.append('%sb"%s"' % (indent, chunk))
    return out


def generate(text):
    """Return the source of firmware/gfx/font.py for the glyph file text."""
    fonts = parse(text)
    out = [
        "# Bitmap fonts for the OLED: generated by tools/gen/font.py from font_glyphs.txt.",
        "# SPDX-License-Identifier: MIT",
        '"""Project fonts (MONO_VLSB columns, bit 0 = top row). Do not edit: see tools/gen.',
        "",
        "Each font covers ASCII and the Latin-1 letters U+00C0..U+00FF; the symbol characters",
        "below draw the named icons, and any other character draws as BOX, a hollow placeholder.",
        '"""',
        "",
    ]
    for name, code in sorted(SYMBOLS.items(), key=lambda kv: kv[1]):
        if name != "space":
            out.append('%s = "\\x%02x"' % (name.upper(), code))
    out += [
        "",
        "",
        "def _slot(c):",
        "    if c < 128:",
        "        return c",
        "    return c - 64 if 191 < c < 256 else 0",
        "",
        "",
        "def points(s):",
        '    """The code points of str `s` as ints, read from its UTF-8 bytes (bytes for ASCII).',
        "    Indexing or iterating a str makes one-character strings, which MicroPython interns",
        "    for good (docs/app_infra.md, 'Heap'); walking the bytes makes none.",
        '    Example: ``list(points("K\\u00e5k"))`` is ``[75, 229, 107]``."""',
        '    b = s.encode("utf-8", "surrogatepass")',
        "    if len(b) == len(s):",
        "        return b",
        "    out = []",
        "    i = 0",
        "    n = len(b)",
        "    while i < n:",
        "        c = b[i]",
        "        if c < 0x80:",
        "            i += 1",
        "        elif c < 0xE0:",
        "            c = (c & 0x1F) << 6 | b[i + 1] & 0x3F",
        "            i += 2",
        "        elif c < 0xF0:",
        "            c = (c & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | b[i + 2] & 0x3F",
        "            i += 3",
        "        else:",
        "            c = (c & 0x07) << 18 | (b[i + 1] & 0x3F) << 12 | (b[i + 2] & 0x3F) << 6",
        "            c |= b[i + 3] & 0x3F",
        "            i += 4",
        "        out.append(c)",
        "    return out",
        "",
        "",
        "def text_of(codes):",
        '    """The str of the code points `codes` (points undone), built from UTF-8 bytes:',
        '    no one-character string is interned (chr() would intern one)."""',
        "    out = bytearray()",
        "    for c in codes:",
        "        if c < 0x80:",
        "            out.append(c)",
        "        elif c < 0x800:",
        "            out.append(0xC0 | c >> 6)",
        "            out.append(0x80 | c & 0x3F)",
        "        elif c < 0x10000:",
        "            out.append(0xE0 | c >> 12)",
        "            out.append(0x80 | c >> 6 & 0x3F)",
        "            out.append(0x80 | c & 0x3F)",
        "        else:",
        "            out.append(0xF0 | c >> 18)",
        "            out.append(0x80 | c >> 12 & 0x3F)",
        "            out.append(0x80 | c >> 6 & 0x3F)",
        "            out.append(0x80 | c & 0x3F)",
        '    return bytes(out).decode("utf-8", "surrogatepass")',
        "",
        "",
        "def codes(s):",
        '    """The table slots of the characters of str `s`, one byte each: ASCII as it is,',
        "    the Latin-1 letters U+00C0..U+00FF at 128..191, anything else 0 (drawn as BOX).",
        "    One encode() per ASCII string costs one small bytes object; other strings are",
        '    walked by their bytes (points), never by character."""',
        "    b = s.encode()",
        "    if len(b) != len(s):  # not all ASCII: one slot per character, not per UTF-8 byte",
        "        b = bytes([_slot(c) for c in points(s)])",
        "    return b",
        "",
        "",
        "class Font:",
        '    """A proportional bitmap font of height <= 8 rows.',
        "",
        "    `index` holds two bytes per table slot (192 slots): byte 2*k is the low 8 bits of",
        "    the glyph's offset in `data`, byte 2*k+1 is width << 5 | offset >> 8; width 0 = no",
        '    glyph (slot 0, BOX, draws instead)."""',
        "",
        "    def __init__(self, name, height, pitch, spacing, index, data):",
        "        self.name = name",
        "        self.height = height  # rows per glyph (<= 8)",
        "        self.pitch = pitch  # suggested line pitch in pixels",
        "        self.spacing = spacing  # blank columns after each glyph",
        "        self.index = index  # 384 bytes: width and offset of each slot's glyph",
        "        self.data = data  # glyph columns, one byte each",
        "",
        "    def has(self, ch):",
        '        """True when `ch` has a glyph of its own (not the BOX placeholder)."""',
        "        k = _slot(ord(ch))",
        "        return k > 0 and self.index[2 * k + 1] >> 5 > 0",
        "",
        "    def code(self, ch):",
        '        """Table slot that draws `ch`: its own, or 0 (BOX) when it has no glyph."""',
        "        k = _slot(ord(ch))",
        "        return k if self.index[2 * k + 1] >> 5 else 0",
        "",
        "    def width(self, s):",
        '        """Width in pixels of `s` drawn in this font (no trailing spacing)."""',
        "        index = self.index",
        "        sp = self.spacing",
        "        box = index[1] >> 5",
        "        w = 0",
        "        for c in codes(s):",
        "            g = index[2 * c + 1] >> 5",
        "            w += (g if g else box) + sp",
        "        return w - sp if w else 0",
        "",
    ]
    for font in fonts:
        data = bytearray()
        offsets = [0] * NCODES
        widths = [0] * NCODES
        for code in sorted(font.glyphs):
            offsets[code] = len(data)
            widths[code] = len(font.glyphs[code])
            if not 1 <= widths[code] <= 7:
                raise ValueError("glyph %r of %s is not 1..7 wide" % (code, font.name))
            data.extend(font.glyphs[code])
        for a, b in font.aliases.items():
            if b not in font.glyphs:
                raise ValueError("alias target %r has no glyph in %s" % (b, font.name))
            offsets[a] = offsets[b]
            widths[a] = widths[b]
        if SYMBOLS["box"] not in font.glyphs:
            raise ValueError("font %s needs a 'box' glyph (the placeholder)" % font.name)
        if len(data) >= 1 << 13:
            raise ValueError("font %s has more than 8191 bytes of glyphs" % font.name)
        index = bytearray()
        for o, w in zip(offsets, widths):
            index += bytes((o & 0xFF, w << 5 | o >> 8))
        out += [
            "",
            "%s = Font(" % font.name,
            '    "%s",' % font.name,
            "    %d," % font.height,
            "    %d," % font.pitch,
            "    %d," % font.spacing,
            "    (",
        ]
        out += _bytes_lines(bytes(index), "        ")
        out += ["    ),", "    ("]
        out += _bytes_lines(bytes(data), "        ")
        out += ["    ),", ")"]
    out.append("")
    return "\n".join(out)


def specimen(path):
    """Draw every glyph of every font (and a few dice) into a PNG for the README."""
    from gfx import canvas as gfx
    from gfx import font as fontmod
    from PIL import Image

    w, h = 176, 128
    buf = bytearray(w * h // 8)
    cv = gfx.Canvas(buf, w, h)
    syms = "".join(chr(SYMBOLS[k]) for k in sorted(SYMBOLS, key=SYMBOLS.get) if k != "space")
    punct = ":.,-+/()!?'%#<>=*\"_[]&@$^`{}|~\\"
    caps = "".join(chr(c) for c in range(0xC0, 0xDF) if c != 0xD7)
    smalls = "".join(chr(c) for c in range(0xDF, 0x100) if c != 0xF7)
    small, medium = fontmod.SMALL, fontmod.MEDIUM
    cv.text(0, 0, "ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789", small)
    cv.text(0, 6, punct + " " + syms, small)
    cv.text(0, 12, "Ones 3  Full house 25  Bonus +50", small)
    cv.text(0, 18, caps + " \u00df\u00ff " + fontmod.BOX, small)
    cv.text(0, 25, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", medium)
    cv.text(0, 33, "abcdefghijklmnopqrstuvwxyz 0123456789", medium)
    cv.text(0, 41, punct + " " + syms, medium)
    cv.text(0, 49, caps + " " + fontmod.BOX, medium)
    cv.text(0, 57, smalls, medium)
    cv.text(0, 66, "K\u00e5k T\u00e4ysk\u00e4si Hus  \u00c5SA \u00d8YVIND \u00c9MILE", medium)
    x = 0
    for v in range(1, 7):
        cv.dice_face(x, 78, 24, v, v > 4)
        x += 26
    x = 0
    for v in range(1, 7):
        cv.dice_face(x, 106, 20, v, v > 4)
        x += 22
    for v in range(1, 4):
        cv.dice_face(x, 110, 16, v, v == 2)
        x += 18
    scale = 4
    img = Image.new("L", (w * scale, h * scale), 0)
    px = img.load()
    for yy in range(h):
        for xx in range(w):
            if buf[(yy >> 3) * w + xx] >> (yy & 7) & 1:
                for dy in range(scale - 1):
                    for dx in range(scale - 1):
                        px[xx * scale + dx, yy * scale + dy] = 235
    img.save(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if firmware/gfx/font.py is stale")
    ap.add_argument("--specimen", metavar="PNG", help="also draw a specimen PNG")
    args = ap.parse_args(argv)
    with open(SOURCE, encoding="utf-8") as f:
        try:
            src = generate(f.read())
        except ValueError as e:
            print("gen_font: %s" % e, file=sys.stderr)
            return 2
    if args.check:
        with open(TARGET, encoding="utf-8") as f:
            if f.read() != src:
                print("gen_font: firmware/gfx/font.py is stale; run make font", file=sys.stderr)
                return 1
        return 0
    with open(TARGET, "w", encoding="utf-8") as f:
        f.write(src)
    if args.specimen:
        specimen(args.specimen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
