"""Colour and contrast in a real Chromium: the settings dialog (colour-blind palette with
shapes, high contrast, board coordinates), what each switch changes on the board, that the
choice survives a reload and is applied before the page is drawn, and an axe-core audit
with no colour-contrast violation in every theme (light and dark, each normal and high
contrast) for every game (docs/web.md, "Colour and contrast")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import wait_engine
from test_page import AXE, assert_clean

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import palette_check  # noqa: E402  (reads the palettes from web/)

NIBBLE = "?game=nibble&variant=square9&seed=5&p1=human&p2=human"
NUMBER_ONE = "?game=number-one&players=4&p1=human&p2=human&p3=human&p4=human"
NEBUCHADNEZZAR = "?game=nebuchadnezzar&size=6&p1=human&p2=human"
SETTINGS_KEY = "nibble:/nibble/:settings"

# <body> does not exist until the head's classic scripts have run, and nothing can be
# painted before it: what <html> says when <body> arrives is what the first paint shows
# (and app.js, a module, has not run yet then: window.nibbleApp is still undefined).
FIRST_PAINT_PROBE = """
new MutationObserver((records, observer) => {
  if (!document.body) return;
  const h = document.documentElement;
  window.__atFirstPaint = {palette: h.dataset.palette, contrast: h.dataset.contrast,
                           coords: h.dataset.coords, app: typeof window.nibbleApp};
  observer.disconnect();
}).observe(document, {childList: true, subtree: true});
"""


def html_attr(page, name: str) -> str | None:
    return page.get_attribute("html", name)


def open_settings(page):
    page.click("[data-action='settings']")
    page.wait_for_selector("#settings-dialog[open]")


def close_settings(page):
    page.click("#settings-dialog [data-action='close-settings']")
    page.wait_for_selector("#settings-dialog:not([open])", state="attached")


def switch(page, name: str):
    page.click(f"[data-setting='{name}']")


def disc_fills(page) -> set[str]:
    return set(page.eval_on_selector_all(
        "[data-cell][data-empty='false'] .disc:not(.disc-body)",
        "els => els.map(e => e.getAttribute('fill').toLowerCase())"))


def test_settings_change_the_board_and_survive_a_reload(make_page, site):
    page, recorder = make_page(NIBBLE)
    assert html_attr(page, "data-palette") == "normal"
    assert html_attr(page, "data-contrast") == "normal"
    assert html_attr(page, "data-coords") == "on"
    palettes = palette_check.read_palettes()["nibble"]
    assert disc_fills(page) <= {c.lower() for c in palettes["normal"]}
    assert page.locator("[data-cell][data-shape]").count() == 0
    assert page.locator(".board .coords text").count() > 0

    open_settings(page)
    # accessible names: the button and each switch
    assert page.locator("[data-action='settings']").text_content().strip() == "Settings"
    for name in ("palette", "contrast", "coords"):
        box = page.locator(f"[data-setting='{name}']")
        assert box.get_attribute("role") == "switch"
        assert page.locator(f"label[for='{box.get_attribute('id')}']").inner_text().strip()
        assert box.is_checked() == (name == "coords")

    # colour-blind palette: other colours, a shape on every disc and chip
    switch(page, "palette")
    assert html_attr(page, "data-palette") == "cvd"
    discs = page.locator("[data-cell][data-empty='false']")
    assert page.locator("[data-cell][data-empty='false'][data-shape]").count() == discs.count() > 0
    assert disc_fills(page) <= {c.lower() for c in palettes["colour-blind"]}
    shapes = page.eval_on_selector_all(
        "[data-cell][data-shape]", "els => els.map(e => [e.dataset.color, e.dataset.shape])")
    assert len({color for color, _ in shapes}) == len({shape for _, shape in shapes})  # one each
    glyphs = page.eval_on_selector_all(
        "[data-cell][data-shape] .glyph", "els => els.map(e => e.getAttribute('d') || '')")
    assert glyphs and all(glyphs)
    assert page.locator(".color-table .chip svg.glyph").count() > 0

    # high contrast: the theme's colours change
    before = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--text')")
    switch(page, "contrast")
    assert html_attr(page, "data-contrast") == "high"
    after = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--text')")
    assert after.strip() != before.strip() and after.strip() in ("#000000", "#ffffff")

    # coordinates off: gone from the board
    switch(page, "coords")
    assert html_attr(page, "data-coords") == "off"
    assert page.locator(".board .coords").count() == 0
    close_settings(page)

    stored = page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')")
    assert stored and '"cvd"' in stored and '"high"' in stored

    # a reload keeps all three, already on <html> before the body exists (no flash)
    page.context.add_init_script(FIRST_PAINT_PROBE)
    page.reload()
    first = page.evaluate("window.__atFirstPaint")
    assert first == {"palette": "cvd", "contrast": "high", "coords": "off", "app": "undefined"}
    wait_engine(page)
    assert page.locator("[data-cell][data-empty='false'][data-shape]").count() > 0
    assert page.locator(".board .coords").count() == 0

    # and back: coordinates on, the normal palette, no shapes
    open_settings(page)
    assert page.locator("[data-setting='palette']").is_checked()
    switch(page, "coords")
    switch(page, "palette")
    switch(page, "contrast")
    close_settings(page)
    assert page.locator(".board .coords text").count() > 0
    assert page.locator("[data-cell][data-shape]").count() == 0
    assert disc_fills(page) <= {c.lower() for c in palettes["normal"]}
    assert html_attr(page, "data-contrast") == "normal"
    assert_clean(recorder, site)


def test_colour_blind_mode_gives_number_one_seats_shapes(make_page, site):
    page, recorder = make_page(NUMBER_ONE)
    assert page.locator("[data-cell][data-body]").count() == 0
    open_settings(page)
    switch(page, "palette")
    close_settings(page)
    bodies = page.eval_on_selector_all(
        "[data-cell][data-body]",
        "els => els.map(e => [e.querySelector('.disc-label').textContent, e.dataset.body])")
    assert bodies, "no peg drawn as a shape"
    by_seat = {}
    for label, body in bodies:
        by_seat.setdefault(label, set()).add(body)
    assert all(len(shapes) == 1 for shapes in by_seat.values()), by_seat
    assert len({next(iter(s)) for s in by_seat.values()}) == len(by_seat) == 4
    # the seat dots of the players' panel take the same four shapes
    clips = page.eval_on_selector_all(
        ".players .seat-dot",
        "els => els.map(e => getComputedStyle(e).clipPath + getComputedStyle(e).borderRadius)")
    assert len(set(clips)) == 4, clips
    assert_clean(recorder, site)


THEMES = [("light", "normal"), ("dark", "normal"), ("light", "high"), ("dark", "high")]


def contrast_violations(page, rules: list[str]) -> list[dict]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        "async (rules) => (await axe.run(document, {runOnly: {type: 'rule', values: rules},"
        " resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ')"
        " + ' ' + (n.any[0]?.message || ''))}))", rules)


def note_contrast(page, found: dict, key: str, high: bool) -> None:
    """axe-core's contrast rule on the page as it is (its enhanced one too in high
    contrast); what it finds goes to found[key]."""
    bad = contrast_violations(page, ["color-contrast", *(["color-contrast-enhanced"] if high
                                                         else [])])
    if bad:
        found[key] = bad


def note_settings_contrast(page, found: dict, key: str) -> None:
    """The same, with the Settings dialog open."""
    open_settings(page)
    note_contrast(page, found, key, high=False)
    close_settings(page)


@pytest.mark.parametrize("query", [NIBBLE, NEBUCHADNEZZAR, NUMBER_ONE],
                         ids=["nibble", "nebuchadnezzar", "number-one"])
def test_no_colour_contrast_violation_in_any_theme(new_context, site, query):
    """axe-core's colour-contrast rule (WCAG AA) in light and dark, each normal and high
    contrast, both palettes, with the settings dialog open once; and in the high-contrast
    theme its enhanced rule (AAA: 7:1) as well. The audit is injected, so this context
    bypasses the page's CSP."""
    if not AXE.exists():
        pytest.skip("node_modules/axe-core is missing (run `npm ci`)")
    context = new_context(bypass_csp=True, viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(site.url + query)
        wait_engine(page)
        found = {}
        for scheme, contrast in THEMES:
            page.emulate_media(color_scheme=scheme, reduced_motion="reduce")  # no transitions
            for palette in ("normal", "cvd"):
                page.evaluate(
                    "([p, c]) => { const h = document.documentElement;"
                    " h.dataset.palette = p; h.dataset.contrast = c; nibbleApp.render(); }",
                    [palette, contrast])
                note_contrast(page, found, f"{scheme}/{contrast}/{palette}", contrast == "high")
            note_settings_contrast(page, found, f"{scheme}/{contrast}/settings dialog")
        assert found == {}, found
    finally:
        context.close()
