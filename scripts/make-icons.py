#!/usr/bin/env python3
# Draws the web view's PNG icons (the drawing of Assets.icon) and writes them as base64 for Sources/JournalWeb/Icons.swift:
#   python3 scripts/make-icons.py  (then paste icons.json's strings; the PNGs are also written beside it)
import zlib, struct, base64, sys

def png(width, height, pixels):
    raw = b''.join(b'\x00' + bytes(pixels[y*width*4:(y+1)*width*4]) for y in range(height))
    def chunk(kind, data):
        c = struct.pack('>I', len(data)) + kind + data
        return c + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0)) + \
        chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')

def hexcolor(h):
    return tuple(int(h[i:i+2], 16) for i in (1, 3, 5))

BG = hexcolor('#fbfaf7'); BOOK = hexcolor('#c2410c'); LINE = hexcolor('#fbfaf7')

def inside_round_rect(x, y, x0, y0, w, h, r):
    if x < x0 or x > x0 + w or y < y0 or y > y0 + h: return False
    cx = min(max(x, x0 + r), x0 + w - r); cy = min(max(y, y0 + r), y0 + h - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

def segment(x, y, x0, y0, x1, half):
    # horizontal segment with round caps
    cx = min(max(x, x0), x1)
    return (x - cx) ** 2 + (y - y0) ** 2 <= half * half

def color_at(u, v, scale, inset):
    # u, v in icon units 0..32; the drawing is the SVG's, scaled into a square with `inset` of margin
    s = (32 - 2 * inset) / 32
    x = (u - inset) / s; y = (v - inset) / s
    c = BG
    if inside_round_rect(x, y, 5, 3, 22, 26, 3):
        c = BOOK
        if 9 <= x <= 11: c = tuple(int(a * 0.4 + b * 0.6) for a, b in zip(BOOK, LINE))
        for (ly, lx1) in ((10, 23), (15, 23), (20, 20)):
            if segment(x, y, 14, ly, lx1, 1): c = LINE
    return c

def icon(size, inset):
    ss = 4
    pixels = bytearray(size * size * 4)
    for py in range(size):
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    u = (px + (sx + 0.5) / ss) / size * 32; v = (py + (sy + 0.5) / ss) / size * 32
                    c = color_at(u, v, size, inset)
                    acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2]
            i = (py * size + px) * 4
            pixels[i:i+4] = bytes([acc[0] // (ss*ss), acc[1] // (ss*ss), acc[2] // (ss*ss), 255])
    return png(size, size, pixels)

out = {}
for name, size, inset in (('icon-192', 192, 3), ('icon-512', 512, 3), ('apple-touch-icon', 180, 3), ('icon-maskable-512', 512, 6)):
    data = icon(size, inset)
    open(name + '.png', 'wb').write(data)
    out[name] = base64.b64encode(data).decode()
    print(name, len(data), file=sys.stderr)
import json; json.dump(out, open('icons.json', 'w'))
