#!/usr/bin/env python3
"""Colour and contrast figures for the page's palettes, read from the page itself.

    python scripts/palette_check.py [--web DIR]      # default: web/ of this checkout

Standard library only. Prints JSON:

* ``palettes``: for each game and palette (Nibble's 13 disc colours, normal and
  colour-blind; Number One's four seat colours, normal and colour-blind;
  Nebuchadnezzar's black and white) the smallest CIEDE2000 difference between any two of
  its colours under normal vision and simulated deuteranopia, protanopia and tritanopia,
  with the pair that gives it;
* ``contrast``: for each theme (light, dark, and the high-contrast theme over each) the
  WCAG 2 contrast ratio of every disc, peg and token against what it lies on (Nibble: the
  tile; Number One: the hole and the board, as a peg covers the hole or not; the
  tokens: the hole; Nebuchadnezzar: the wooden board), for its fill and for its rim, and
  of the number or glyph drawn on it against its fill.

The palettes are parsed from the web modules (``PALETTE`` and ``PALETTE_CVD`` in
``games/nibble/index.js``, ``SEAT_COLORS`` and ``SEAT_COLORS_CVD`` in ``games/number-one/index.js``,
``FILL`` in ``games/nebuchadnezzar/index.js``) and the themes' colours from the custom
properties of ``styles.css`` (``:root``, ``html[data-contrast="high"]``, each also inside
``@media (prefers-color-scheme: dark)``), so the figures cannot drift from the page.

Methods:

* CIEDE2000: G. Sharma, W. Wu, E. N. Dalal, "The CIEDE2000 color-difference formula:
  implementation notes, supplementary test data, and mathematical observations", Color
  Research & Application 30(1), 2005 (kL = kC = kH = 1), on CIELAB under D65 from sRGB
  (IEC 61966-2-1).
* Colour-vision deficiency: G. M. Machado, M. M. Oliveira, L. A. F. Fernandes, "A
  Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG
  15(6), 2009: the severity-1.0 matrices for protanopia, deuteranopia and tritanopia,
  applied to linear sRGB, the result clipped to the gamut.
* Contrast: WCAG 2.2 relative luminance and contrast ratio (1.4.3, 1.4.6, 1.4.11).

A disc counts as standing out from its background when its fill or its rim (an opaque
ring at least 3 SVG units wide, ``--disc-rim``) reaches 3:1 against it, which is what
WCAG 1.4.11 asks of the parts of a graphic needed to understand it; ``fill`` and ``rim``
are both printed, and ``disc`` is the larger.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"

# --- colour science ------------------------------------------------------------------------

RGB = tuple[float, float, float]


def parse_hex(color: str) -> RGB:
    """'#rgb' or '#rrggbb' -> sRGB components in [0, 1]."""
    h = color.strip().lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if not re.fullmatch(r"[0-9a-fA-F]{6}", h):
        raise ValueError(f"not a hex colour: {color!r}")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def linear_rgb(color: str) -> RGB:
    return tuple(to_linear(c) for c in parse_hex(color))  # type: ignore[return-value]


def luminance_linear(rgb: RGB) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def luminance(color: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    return luminance_linear(linear_rgb(color))


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def best_ink(fill: str, dark: str = "#111111", light: str = "#ffffff") -> str:
    """The text colour (dark or light) with the higher contrast on `fill`."""
    return dark if contrast(fill, dark) >= contrast(fill, light) else light


# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear sRGB.
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", "deuteranopia", "protanopia", "tritanopia")


def simulate(rgb: RGB, vision: str) -> RGB:
    """Linear sRGB as seen with a colour-vision deficiency (clipped to the gamut)."""
    if vision == "normal":
        return rgb
    m = MACHADO[vision]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3))))
                 for i in range(3))  # type: ignore[return-value]


_WHITE = (0.95047, 1.0, 1.08883)  # D65


def lab_linear(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear sRGB colour."""
    r, g, b = rgb
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lab(color: str, vision: str = "normal") -> tuple[float, float, float]:
    return lab_linear(simulate(linear_rgb(color), vision))


def delta_e2000(lab1, lab2) -> float:
    """CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar = (l1 + l2) / 2
    c_bar_p = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6))
         - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_bar_p ** 7 / (c_bar_p ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_bar_p
    s_h = 1 + 0.015 * c_bar_p * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_h / s_h) ** 2
                     + r_t * (dc / s_c) * (d_h / s_h))


def min_delta_e(colors: list[str], vision: str = "normal") -> dict:
    """The smallest CIEDE2000 difference between two of `colors` under `vision`, with the
    pair (1-based indexes, as the colours are numbered on the page)."""
    labs = [lab(c, vision) for c in colors]
    best = None
    for i, j in itertools.combinations(range(len(colors)), 2):
        d = delta_e2000(labs[i], labs[j])
        if best is None or d < best[0]:
            best = (d, i, j)
    if best is None:
        return {"value": None, "pair": []}
    d, i, j = best
    return {"value": round(d, 2), "pair": [i + 1, j + 1], "colors": [colors[i], colors[j]]}


# --- reading the page ------------------------------------------------------------------------


def js_colors(path: Path, name: str) -> list[str]:
    """The hex colours of the array or object literal assigned to `name` in a JS module,
    in source order (`export const NAME = [...]` or `const NAME = {...}`)."""
    text = path.read_text(encoding="utf-8")
    m = re.search(rf"\b(?:const|let|var)\s+{re.escape(name)}\s*=\s*([\[{{])", text)
    if not m:
        raise KeyError(f"{name} is not defined in {path}")
    opening = m.group(1)
    closing = "]" if opening == "[" else "}"
    depth = 0
    for k in range(m.start(1), len(text)):
        if text[k] == opening:
            depth += 1
        elif text[k] == closing:
            depth -= 1
            if depth == 0:
                body = text[m.start(1):k]
                break
    else:
        raise ValueError(f"unbalanced literal for {name} in {path}")
    body = re.sub(r"//[^\n]*", "", body)
    return re.findall(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b", body)


def css_rules(text: str) -> list[tuple[str | None, str, dict[str, str]]]:
    """(media or None, selector, {custom property: value}) for every rule of a style
    sheet that sets custom properties, in source order (one level of @media)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rules = []
    media = None
    depth = 0
    i = 0
    start = 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            head = text[start:i].strip()
            if head.startswith("@media"):
                media = head[len("@media"):].strip()
                depth += 1
                start = i + 1
            else:
                end = text.index("}", i)
                decls = dict(re.findall(r"(--[\w-]+)\s*:\s*([^;]+?)\s*(?:;|$)", text[i + 1:end]))
                if decls:
                    for sel in head.split(","):
                        rules.append((media if depth else None, sel.strip(), decls))
                i = end
                start = i + 1
        elif ch == "}":
            depth -= 1
            if depth <= 0:
                depth = 0
                media = None
            start = i + 1
        elif ch == ";" and not depth and text[start:i].strip().startswith("@"):
            start = i + 1
        i += 1
    return rules


ROOT_SELECTORS = {":root": 0, "html": 0}
HIGH_SELECTOR = 'html[data-contrast="high"]'
DARK_MEDIA = "(prefers-color-scheme: dark)"
THEMES = {
    "light": (False, False),
    "dark": (True, False),
    "light-high-contrast": (False, True),
    "dark-high-contrast": (True, True),
}


def theme_variables(css: str, dark: bool, high: bool) -> dict[str, str]:
    """The custom properties on <html> in a theme: the root rules, then the dark ones,
    then the high-contrast ones (more specific), each in source order."""
    rules = css_rules(css)
    out: dict[str, str] = {}
    layers = [(":root", None)]
    if dark:
        layers.append((":root", DARK_MEDIA))
    if high:
        layers.append((HIGH_SELECTOR, None))
        if dark:
            layers.append((HIGH_SELECTOR, DARK_MEDIA))
    for selector, media in layers:
        for rule_media, rule_sel, decls in rules:
            if rule_sel == selector and rule_media == media:
                out.update(decls)
    return out


def resolve(variables: dict[str, str], name: str) -> str | None:
    """A custom property's value with var() references followed (None if unset or not a
    plain hex colour)."""
    seen = set()
    value = variables.get(name)
    while value is not None:
        m = re.fullmatch(r"var\(\s*(--[\w-]+)\s*(?:,\s*([^)]+))?\)", value.strip())
        if not m:
            break
        if m.group(1) in seen:
            return None
        seen.add(m.group(1))
        value = variables.get(m.group(1), m.group(2))
    if value is None or not re.fullmatch(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?", value.strip()):
        return None
    return value.strip()


def read_palettes(web: Path = WEB) -> dict[str, dict[str, list[str]]]:
    games = web / "games"

    def optional(path: Path, name: str) -> list[str] | None:
        try:
            return js_colors(path, name)
        except KeyError:
            return None

    out = {
        "nibble": {"normal": js_colors(games / "nibble" / "index.js", "PALETTE"),
                   "colour-blind": optional(games / "nibble" / "index.js", "PALETTE_CVD")},
        "number-one": {
            "normal": js_colors(games / "number-one" / "index.js", "SEAT_COLORS"),
            "colour-blind": optional(games / "number-one" / "index.js", "SEAT_COLORS_CVD")},
        "nebuchadnezzar": {"normal": js_colors(games / "nebuchadnezzar" / "index.js", "FILL")},
    }
    for game in out.values():
        for key in [k for k, v in game.items() if v is None]:
            del game[key]
    return out


# --- the figures ---------------------------------------------------------------------------


def palette_figures(colors: list[str]) -> dict:
    return {
        "colors": colors,
        "min_delta_e2000": {vision: min_delta_e(colors, vision) for vision in VISIONS},
    }


def _ratio(a: str | None, b: str | None) -> float | None:
    return None if a is None or b is None else round(contrast(a, b), 2)


def disc_contrast(fill: str, rim: str | None, backgrounds: dict[str, str | None],
                  ink: str | None = None) -> dict:
    """A disc's fill and rim against each background, the better of the two (`disc`), and
    its ink against its fill."""
    out: dict = {"fill": fill, "rim": rim}
    for name, bg in backgrounds.items():
        f = _ratio(fill, bg)
        r = _ratio(rim, bg)
        out[name] = {"fill": f, "rim": r,
                     "disc": max(x for x in (f, r) if x is not None) if bg else None}
    if ink is not None:
        out["ink"] = {"color": ink, "ratio": _ratio(ink, fill)}
    return out


def theme_contrast(css: str, palettes: dict, dark: bool, high: bool) -> dict:
    v = theme_variables(css, dark, high)
    rim = resolve(v, "--disc-rim")
    out = {"variables": {name: resolve(v, name) for name in (
        "--slot", "--board", "--hole", "--token", "--wood", "--disc-rim", "--text", "--bg",
        "--surface")}}
    slot = {"tile": resolve(v, "--slot")}
    holes = {"hole": resolve(v, "--hole"), "board": resolve(v, "--board")}
    wood = {"board": resolve(v, "--wood")}
    games: dict = {}
    for name, colors in palettes["nibble"].items():
        games.setdefault("nibble", {})[name] = [
            disc_contrast(c, rim, slot, best_ink(c)) for c in colors]
    for name, colors in palettes["number-one"].items():
        games.setdefault("number-one", {})[name] = [
            disc_contrast(c, rim, holes, best_ink(c)) for c in colors]
    token = resolve(v, "--token")
    games["number-one"]["token"] = disc_contrast(token, None, {"hole": holes["hole"]}) \
        if token else None
    games["nebuchadnezzar"] = {"normal": [
        disc_contrast(c, None, wood) for c in palettes["nebuchadnezzar"]["normal"]]}
    out["games"] = games
    out["min_disc"] = min_disc(games)
    return out


def min_disc(games: dict) -> float | None:
    """The lowest `disc` ratio of any piece against any of its backgrounds."""
    values = []

    def walk(node):
        if isinstance(node, dict):
            if "disc" in node and node["disc"] is not None:
                values.append(node["disc"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(games)
    return min(values) if values else None


def figures(web: Path = WEB) -> dict:
    palettes = read_palettes(web)
    css = (web / "styles.css").read_text(encoding="utf-8")
    return {
        "method": {
            "delta_e": "CIEDE2000 (Sharma, Wu & Dalal 2005), CIELAB D65 from sRGB",
            "simulation": "Machado, Oliveira & Fernandes 2009, severity 1.0, linear sRGB",
            "contrast": "WCAG 2.2 contrast ratio; disc = max(fill, rim) against the background",
        },
        "palettes": {game: {name: palette_figures(colors) for name, colors in by_name.items()}
                     for game, by_name in palettes.items()},
        "contrast": {theme: theme_contrast(css, palettes, dark, high)
                     for theme, (dark, high) in THEMES.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--web", type=Path, default=WEB, help="the page's folder (web/)")
    args = parser.parse_args(argv)
    json.dump(figures(args.web), sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
