#!/usr/bin/env python3
"""Draw the app icons as PNG files, standard library only (zlib + struct).

    python scripts/icons.py OUT_DIR        # writes OUT_DIR/icons/*.png

The motif is the one of ``web/icon.svg``: four discs on a dark rounded square, the
bottom-right one nibbled (a quarter taken). Shapes are drawn from signed distance
functions with one pixel of analytic anti-aliasing, so the result is smooth at every
size without supersampling, and byte-identical from run to run (no timestamps).

Files (referenced by ``web/manifest.webmanifest``):

* ``icons/icon-192.png``, ``icons/icon-512.png``  purpose "any": the rounded square;
* ``icons/maskable-512.png``                      purpose "maskable": full-bleed
  background, the discs scaled into the central safe circle (radius 40 %);
* ``icons/apple-touch-icon.png``                  180 px, full-bleed (iOS rounds it).
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

BACKGROUND = (0x2B, 0x2F, 0x3A)
# (cx, cy, r, colour, nibbled) in the 64-unit space of web/icon.svg
DISCS = (
    (20, 20, 9, (0xE6, 0x19, 0x4B), False),
    (44, 20, 9, (0xFF, 0xE1, 0x19), False),
    (20, 44, 9, (0x43, 0x63, 0xD8), False),
    (44, 44, 9, (0x3C, 0xB4, 0x4B), True),
)

# name -> (size in px, full bleed, scale of the motif around the centre)
ICONS = {
    "icon-192.png": (192, False, 1.0),
    "icon-512.png": (512, False, 1.0),
    "maskable-512.png": (512, True, 0.8),
    "apple-touch-icon.png": (180, True, 0.9),
}


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """Encode RGBA rows (each ``width * 4`` bytes) as a PNG (colour type 6, 8 bits)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 (None) on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _coverage(sdf: float, px: float) -> float:
    """Area covered by a shape in a pixel whose centre is ``sdf`` units from its edge."""
    c = 0.5 - sdf / px
    return 0.0 if c <= 0 else 1.0 if c >= 1 else c


def _rounded_square_sdf(x: float, y: float) -> float:
    # the 64 x 64 square with corner radius 14, centred at (32, 32)
    half, r = 32.0, 14.0
    qx, qy = abs(x - 32) - (half - r), abs(y - 32) - (half - r)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def _disc_sdf(x: float, y: float, cx: float, cy: float, r: float, nibbled: bool) -> float:
    d = math.hypot(x - cx, y - cy) - r
    if nibbled:  # minus the top-right quarter {x > cx, y < cy}
        d = max(d, min(x - cx, cy - y))
    return d


def draw(size: int, full_bleed: bool, scale: float) -> bytes:
    unit = 64.0 / size  # icon units per pixel
    rows = []
    for j in range(size):
        row = bytearray(size * 4)
        for i in range(size):
            # pixel centre in icon units
            x, y = (i + 0.5) * unit, (j + 0.5) * unit
            alpha = 1.0 if full_bleed else _coverage(_rounded_square_sdf(x, y), unit)
            r, g, b = BACKGROUND
            if alpha > 0:
                # the motif is scaled about the centre
                mx, my = 32 + (x - 32) / scale, 32 + (y - 32) / scale
                for cx, cy, rad, colour, nibbled in DISCS:
                    if abs(mx - cx) > rad + 2 or abs(my - cy) > rad + 2:
                        continue
                    cov = _coverage(_disc_sdf(mx, my, cx, cy, rad, nibbled), unit / scale)
                    if cov > 0:
                        r = round(r + (colour[0] - r) * cov)
                        g = round(g + (colour[1] - g) * cov)
                        b = round(b + (colour[2] - b) * cov)
            k = i * 4
            row[k : k + 4] = bytes((r, g, b, round(alpha * 255)))
        rows.append(bytes(row))
    return png(size, size, rows)


def write_icons(out: Path) -> list[Path]:
    """Write every icon into ``out/icons/`` and return their paths."""
    folder = Path(out) / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (size, full_bleed, scale) in ICONS.items():
        path = folder / name
        path.write_bytes(draw(size, full_bleed, scale))
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "dist")
    for p in write_icons(target):
        print(p)
