"""The page's colours, checked with scripts/palette_check.py (docs/web.md, "Colour and
contrast"): the colour science against published data, then the palettes and themes as
the web modules and styles.css define them.

Threshold for the colour-blind palette: the smallest CIEDE2000 difference between two of
its 13 colours must exceed 15 under simulated deuteranopia and protanopia (and under
normal vision). A ΔE2000 of about 1 is a just-noticeable difference between large
patches side by side; telling categories apart at a glance on small marks needs several
times more (Szafir, "Modeling Color Difference for Visualization Design", IEEE TVCG 2018).
15 is what players already accepted as "clearly different": the original 13-colour
palette's closest pair for normal vision was 16.7 (yellow and lime), so with the
colour-blind palette a dichromat sees every pair about as far apart as that, instead of
1.3 (yellow and lime under protanopia). The palette reaches about 17 under each vision.
"""

from __future__ import annotations

import io
import json
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import palette_check as pc  # noqa: E402

WEB = ROOT / "web"
needs_web = pytest.mark.skipif(not (WEB / "styles.css").exists(),
                               reason="web/ is not part of this checkout")
CVD_THRESHOLD = 15.0


# --- the colour science --------------------------------------------------------------------

# Sharma, Wu & Dalal (2005), supplementary test data: pairs 1, 7, 13, 15, 17, 25, 34
SHARMA = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA)
def test_ciede2000_matches_sharma_wu_dalal(lab1, lab2, expected):
    assert pc.delta_e2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert pc.delta_e2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_srgb_to_lab_and_contrast_reference_values():
    assert pc.lab("#ffffff") == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert pc.lab("#ff0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.02)
    assert pc.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert pc.contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # WebAIM's 4.5:1 grey


def test_machado_simulation_keeps_greys_and_merges_red_and_green():
    for vision in ("deuteranopia", "protanopia", "tritanopia"):
        for grey in ("#000000", "#777777", "#ffffff"):
            assert pc.delta_e2000(pc.lab(grey, vision), pc.lab(grey)) < 0.5, (vision, grey)
    # a red and a green of about the same lightness: far apart, then close for dichromats
    red, green = "#c0392b", "#6b8e23"
    assert pc.delta_e2000(pc.lab(red), pc.lab(green)) > 40
    assert pc.delta_e2000(pc.lab(red, "deuteranopia"), pc.lab(green, "deuteranopia")) < 15


def test_css_themes_are_read_in_cascade_order():
    css = """
    :root { --a: #111111; --b: #222222; }
    @media (prefers-color-scheme: dark) { :root { --a: #333333; } }
    html[data-contrast="high"] { --b: #444444; --c: var(--a); }
    @media (prefers-color-scheme: dark) { html[data-contrast="high"] { --b: #555555; } }
    .x { --a: #999999; }
    """
    assert pc.theme_variables(css, False, False) == {"--a": "#111111", "--b": "#222222"}
    assert pc.theme_variables(css, True, False)["--a"] == "#333333"
    light_high = pc.theme_variables(css, False, True)
    assert light_high["--b"] == "#444444" and pc.resolve(light_high, "--c") == "#111111"
    dark_high = pc.theme_variables(css, True, True)
    assert dark_high["--b"] == "#555555" and pc.resolve(dark_high, "--c") == "#333333"


# --- the page's palettes -----------------------------------------------------------------


@needs_web
def test_palettes_are_read_from_the_web_modules():
    palettes = pc.read_palettes(WEB)
    assert len(palettes["nibble"]["normal"]) == len(palettes["nibble"]["colour-blind"]) == 13
    assert len(palettes["number-one"]["normal"]) == len(palettes["number-one"]["colour-blind"]) == 4
    assert len(palettes["nebuchadnezzar"]["normal"]) == 2
    for by_name in palettes.values():
        for colors in by_name.values():
            assert len({c.lower() for c in colors}) == len(colors)
    text = (WEB / "games" / "nibble" / "index.js").read_text(encoding="utf-8")
    shapes = re.findall(r'"(\w+)"', text[text.index("export const SHAPES"):].split("];")[0])
    assert len(set(shapes)) == 13


@needs_web
def test_colour_blind_palette_stays_apart_under_deuteranopia_and_protanopia():
    colors = pc.read_palettes(WEB)["nibble"]["colour-blind"]
    for vision in ("normal", "deuteranopia", "protanopia"):
        closest = pc.min_delta_e(colors, vision)
        assert closest["value"] > CVD_THRESHOLD, (vision, closest)


@needs_web
def test_other_palettes_keep_their_margins():
    """Regression guards at the figures of docs/web.md, rounded down."""
    palettes = pc.read_palettes(WEB)
    normal = palettes["nibble"]["normal"]
    assert pc.min_delta_e(normal, "normal")["value"] > 19
    assert pc.min_delta_e(normal, "deuteranopia")["value"] > 9
    assert pc.min_delta_e(normal, "protanopia")["value"] > 9
    seats = palettes["number-one"]["colour-blind"]
    for vision in ("normal", "deuteranopia", "protanopia", "tritanopia"):
        assert pc.min_delta_e(seats, vision)["value"] > 19, vision


@needs_web
def test_every_disc_peg_and_token_stands_out_three_to_one_in_every_theme():
    figures = pc.figures(WEB)
    for theme, data in figures["contrast"].items():
        for name in ("--slot", "--board", "--hole", "--token", "--wood", "--disc-rim"):
            assert data["variables"][name], (theme, name)  # the theme was read
        assert data["min_disc"] >= 3, (theme, data["min_disc"])
        for game in ("nibble", "number-one"):
            for palette in ("normal", "colour-blind"):
                for disc in data["games"][game][palette]:
                    assert disc["ink"]["ratio"] >= 4.5, (theme, game, palette, disc)


@needs_web
def test_in_dark_mode_every_normal_disc_fill_reaches_three_to_one_on_its_tile():
    """The navy disc was 1.07:1 on the dark board: now each normal disc's own colour, not
    only its rim, stands out from the tile."""
    for theme in ("dark", "dark-high-contrast"):
        discs = pc.figures(WEB)["contrast"][theme]["games"]["nibble"]["normal"]
        assert min(d["tile"]["fill"] for d in discs) >= 3, theme


@needs_web
def test_high_contrast_text_reaches_seven_to_one():
    css = (WEB / "styles.css").read_text(encoding="utf-8")
    for dark in (False, True):
        v = pc.theme_variables(css, dark, True)
        colour = {name: pc.resolve(v, name) for name in (
            "--text", "--muted", "--bg", "--surface", "--surface-2", "--accent",
            "--accent-ink", "--good", "--focus")}
        for fg, bg in [("--text", "--bg"), ("--text", "--surface"), ("--text", "--surface-2"),
                       ("--muted", "--surface"), ("--muted", "--surface-2"),
                       ("--accent-ink", "--accent"), ("--good", "--surface"),
                       ("--accent", "--surface"), ("--focus", "--surface")]:
            ratio = pc.contrast(colour[fg], colour[bg])
            assert ratio >= 7, (dark, fg, bg, round(ratio, 2))


@needs_web
def test_text_reaches_four_and_a_half_to_one_in_the_normal_themes():
    """WCAG AA for small text, in light and dark: the green of a progress line that holds
    (--good, 0.78 rem on a card) was 3.2:1 in light and 4.3:1 in dark."""
    css = (WEB / "styles.css").read_text(encoding="utf-8")
    for dark in (False, True):
        v = pc.theme_variables(css, dark, False)
        colour = {name: pc.resolve(v, name) for name in (
            "--text", "--muted", "--bg", "--surface", "--surface-2", "--accent",
            "--accent-ink", "--good")}
        for fg in ("--text", "--muted", "--good"):
            for bg in ("--bg", "--surface", "--surface-2"):
                ratio = pc.contrast(colour[fg], colour[bg])
                assert ratio >= 4.5, (dark, fg, bg, round(ratio, 2))
        assert pc.contrast(colour["--accent-ink"], colour["--accent"]) >= 4.5, dark


@needs_web
def test_the_script_prints_json():
    out = io.StringIO()
    with redirect_stdout(out):
        assert pc.main(["--web", str(WEB)]) == 0
    data = json.loads(out.getvalue())
    assert set(data["contrast"]) == {"light", "dark", "light-high-contrast", "dark-high-contrast"}
    assert set(data["palettes"]["nibble"]["colour-blind"]["min_delta_e2000"]) == set(pc.VISIONS)
