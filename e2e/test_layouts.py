"""Every layout between a phone and a desktop, in every language: one booted page per game
is resized through phone, tablet and desktop viewports in English, Korean and Ukrainian
(the longest labels), and each time the page must fit: nothing scrolls sideways (the open
More menu included), the header is one row, the board and Confirm are on screen together,
every control is at least 44 x 44 CSS px (with a fine pointer too: docs/web.md) and every
toolbar button has a name. On phones, the dialogs too: nothing wider than the dialog,
every control 44 px (a checkbox: its label, the row)."""

from __future__ import annotations

import pytest
from conftest import wait_engine

VIEWPORTS = [(360, 740), (740, 360), (412, 915), (915, 412), (768, 1024), (1024, 768),
             (1280, 800)]
LANGS = ["en", "ko", "uk"]
GAMES = {
    # computers against each other, paused: the widest header (Pace and Pause)
    "nibble": "?game=nibble&variant=square9&seed=3&p1=ai&p2=ai&level=easy",
    "nebuchadnezzar": "?game=nebuchadnezzar&p1=human&p2=ai&level=easy",
    "number-one": "?game=number-one&players=4&p1=human&p2=human&p3=human&p4=human",
}

# Everything measured at once, after the resize has been laid out (two frames: the
# header's ResizeObserver runs in between).
MEASURE = """async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const shown = (e) => e.getClientRects().length > 0 && !e.closest('[hidden], dialog:not([open])')
    && getComputedStyle(e).visibility !== 'hidden';
  const small = [...document.querySelectorAll('button, select, a[href], input:not([type=hidden])')]
    .filter(shown)
    .map((e) => [e.dataset.action || e.id || e.tagName, e.getBoundingClientRect()])
    .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`);
  const unnamed = [...document.querySelectorAll('.toolbar button')]
    .filter((e) => !(e.innerText.trim() || e.textContent.trim() || e.getAttribute('aria-label')))
    .map((e) => e.dataset.action);
  return {scrollWidth: document.documentElement.scrollWidth, width: innerWidth,
          height: innerHeight, board: box('svg.board'), confirm: box("[data-action='confirm']"),
          header: box('.topbar'), small, unnamed};
}"""


DIALOG = """(sel) => {
  const d = document.querySelector(sel);
  const shown = (e) => e.getClientRects().length > 0;
  const targets = [...d.querySelectorAll('button, select, input[type=number], input[type=text]')]
    .filter(shown).map((e) => [e, e.getBoundingClientRect()]);
  for (const box of d.querySelectorAll('input[type=checkbox], input[type=radio]')) {
    const label = d.querySelector(`label[for="${box.id}"]`) || box.closest('label');
    if (shown(box)) targets.push([box, label.getBoundingClientRect()]);
  }
  const small = targets.filter(([, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([e, r]) => `${e.name || e.dataset.action || e.textContent.trim().slice(0, 16)}`
                     + ` ${Math.round(r.width)}x${Math.round(r.height)}`);
  return {over: d.scrollWidth - d.clientWidth, right: d.getBoundingClientRect().right, small};
}"""


def check_dialogs(page, game) -> None:
    """The new-game, games and settings dialogs on the phone sizes, in the page's language."""
    for width, height in [(360, 740), (740, 360)]:
        page.set_viewport_size({"width": width, "height": height})
        for action, dialog in (("new-game", "#new-game-dialog"), ("library", "#library-dialog"),
                               ("settings", "#settings-dialog")):
            if not page.is_visible(f"[data-action='{action}']"):
                page.click("[data-action='more']")
            page.click(f"[data-action='{action}']")
            page.wait_for_selector(f"{dialog}[open]")
            m = page.evaluate(DIALOG, dialog)
            where = (game, width, action)
            assert m["over"] <= 0 and m["right"] <= width, (where, m)
            assert m["small"] == [], (where, m["small"])
            page.keyboard.press("Escape")


def set_language(page, lang: str) -> None:
    page.evaluate(
        "(lang) => { const s = document.getElementById('language'); s.value = lang;"
        " s.dispatchEvent(new Event('change', {bubbles: true})); }", lang)
    assert page.get_attribute("html", "lang") == lang


def check(m: dict, where) -> None:
    width, height = m["width"], m["height"]
    assert m["scrollWidth"] <= width, (where, "sideways scroll", m["scrollWidth"])
    for name in ("board", "confirm"):
        b = m[name]
        assert b["x"] >= -1 and b["x"] + b["w"] <= width + 1, (where, name, b)
        assert b["y"] >= -1 and b["y"] + b["h"] <= height + 1, (where, name, b)
    assert m["header"]["h"] < 70, (where, "the header is not one row", m["header"])
    assert m["small"] == [], (where, m["small"])
    assert m["unnamed"] == [], (where, m["unnamed"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_layout_in_every_language_fits(new_context, site, game):
    context = new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(site.url + GAMES[game])
        if "p1=ai" in GAMES[game]:
            page.wait_for_selector("html[data-engine='ready']", timeout=120_000)
            page.evaluate("() => document.querySelector(\"[data-action='pause']\").click()")
            page.wait_for_selector("[data-action='pause'][aria-pressed='true']", state="attached")
            page.wait_for_selector("html[data-thinking='false']", state="attached")
            assert page.get_attribute("#watch", "hidden") is None  # Pace and Pause shown
        else:
            wait_engine(page)
        page.evaluate("() => window.scrollTo(0, 0)")
        for lang in LANGS:
            set_language(page, lang)
            for width, height in VIEWPORTS:
                page.set_viewport_size({"width": width, "height": height})
                where = (game, lang, width, height)
                check(page.evaluate(MEASURE), where)
                more = page.locator("[data-action='more']")
                if more.is_visible():  # the open menu scrolls nothing sideways either
                    more.click()
                    menu = page.evaluate(
                        "() => { const r = document.querySelector('#more-menu')"
                        ".getBoundingClientRect(); return [r.left, r.right,"
                        " document.documentElement.scrollWidth]; }")
                    assert menu[0] >= 0 and menu[1] <= width and menu[2] <= width, (where, menu)
                    page.keyboard.press("Escape")
        check_dialogs(page, game)  # in Ukrainian, the last language swept
    finally:
        context.close()

