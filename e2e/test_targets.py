"""Every control at least 44 x 44 CSS px (issue 43; WCAG 2.5.5, docs/web.md "Every screen,
every player"), at 360 x 740 and 1280 x 800: the page of a Nibble game in progress (against
the computer, and between people), its More menu, and each dialog — New game, Settings,
Games, Share, the Rules sheet (its "exact rules" open), Resign's question and the result.
Every visible button, summary, select, input, link and focusable element is measured; a
checkbox or radio button by its label (the label is the target that reacts to a click).

Exemptions (the reason each):
- a link inside running text (the Rules sheet's paragraphs and lists): WCAG 2.5.5's
  "Inline" exception — the target is a word of a sentence, its size the line's; it must
  still be 44 px tall or be in a sentence (checked: it is an inline box in a <p>, <li>,
  <td> or <figcaption>);
- a board cell (`[data-cell]`): the game's own grid; its size is the board's, and
  e2e/test_everyone.py requires 32 px or a zoom that makes it so.
"""

from __future__ import annotations

import pytest
from conftest import wait_engine, wait_idle
from test_table import take_first

AGAINST = "?game=nibble&variant=square9&seed=5&p1=human&p2=ai&level=easy"
PEOPLE = "?game=nibble&variant=square9&seed=5&p1=human&p2=human"
SIZES = [(360, 740), (1280, 800)]
CONTROLS = ("button, summary, select, input:not([type=hidden]), textarea, a[href], [role=button],"
            " [role=link], [role=tab], [role=switch], [role=menuitem], [role=radio],"
            " [role=checkbox], [tabindex]:not([tabindex='-1'])")

# Every control shown in `scope` (a selector; the page outside any dialog when None), its
# box (a checkbox's or radio button's: its label's), and why it is exempt, if it is.
MEASURE = """async ([scope, controls]) => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const root = scope ? document.querySelector(scope) : document;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
    && !e.closest('[hidden], [inert], details:not([open]) > :not(summary)')
    && (scope || !e.closest('dialog'));
  const out = [];
  for (const e of root.querySelectorAll(controls)) {
    if (!shown(e)) continue;
    let target = e;
    if (e.matches('input[type=checkbox], input[type=radio]')) {
      target = (e.id && document.querySelector(`label[for="${e.id}"]`)) || e.closest('label') || e;
    }
    const r = target.getBoundingClientRect();
    let exempt = '';
    if (e.closest('[data-cell]')) exempt = 'board cell';
    else if (e.matches('a[href]') && getComputedStyle(e).display === 'inline'
             && e.parentElement.closest('p, li, td, figcaption')) exempt = 'inline link';
    const name = e.dataset.action || e.dataset.setting || e.id || e.getAttribute('aria-label')
      || e.textContent.trim().slice(0, 24) || e.tagName;
    out.push({name: `${e.tagName.toLowerCase()} ${name}`, w: r.width, h: r.height, exempt});
  }
  return out;
}"""


def small(page, scope: str | None) -> tuple[list[str], int, set[str]]:
    """The controls under 44 px (not exempt), how many were measured, the exemptions seen."""
    found = page.evaluate(MEASURE, [scope, CONTROLS])
    bad = [f"{c['name']} {c['w']:.0f}x{c['h']:.0f}" for c in found
           if not c["exempt"] and (c["w"] < 43.5 or c["h"] < 43.5)]
    return bad, len(found), {c["exempt"] for c in found if c["exempt"]}


def click_action(page, action: str) -> None:
    """A toolbar button, through More when the header has folded it there."""
    if not page.is_visible(f"[data-action='{action}']"):
        page.click("[data-action='more']")
    page.click(f"[data-action='{action}']")


def check(page, scope: str | None, where: tuple, problems: dict, minimum: int = 1) -> set[str]:
    bad, count, exempt = small(page, scope)
    assert count >= minimum, (where, "nothing measured", count)
    if bad:
        problems[where] = bad
    return exempt


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_control_is_44_px_in_the_page_and_every_dialog(make_page, width, height):
    problems: dict = {}
    page, recorder = make_page(PEOPLE)
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(reduced_motion="reduce")
    take_first(page)
    check(page, None, ("page, people", width), problems, minimum=15)
    if page.is_visible("[data-action='more']"):
        page.click("[data-action='more']")
        check(page, None, ("More menu", width), problems)
        page.keyboard.press("Escape")
    for action, dialog in (("new-game", "#new-game-dialog"), ("settings", "#settings-dialog"),
                           ("library", "#library-dialog")):
        click_action(page, action)
        page.wait_for_selector(f"{dialog}[open]")
        check(page, dialog, (action, width), problems, minimum=2)
        page.keyboard.press("Escape")
        page.wait_for_selector(f"{dialog}[open]", state="detached")
    # Share, for a game between people: who gets the link, the names
    page.click("[data-action='share']")
    page.wait_for_selector("#share-dialog[open]")
    check(page, "#share-dialog", ("share", width), problems, minimum=3)
    page.keyboard.press("Escape")
    page.wait_for_selector("#share-dialog[open]", state="detached")
    # the Rules sheet, every "exact rules" section open, its links in sentences exempt
    click_action(page, "rules")
    page.wait_for_selector("#rules-dialog[open] .rules-content")
    check(page, "#rules-dialog", ("rules", width), problems, minimum=3)
    page.eval_on_selector_all("#rules-dialog details", "els => els.forEach(d => d.open = true)")
    exempt = check(page, "#rules-dialog", ("rules, exact rules open", width), problems, minimum=3)
    assert exempt <= {"inline link"}, exempt
    page.keyboard.press("Escape")
    if page.is_visible("#rules-dialog[open]"):
        page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog[open]", state="detached")
    # Resign's question, then the result
    page.click("[data-action='resign']")
    page.wait_for_selector("#confirm-dialog[open]")
    check(page, "#confirm-dialog", ("resign?", width), problems, minimum=2)
    page.click("[data-action='resign-confirm']")
    page.wait_for_selector("#result-dialog[open]")
    check(page, "#result-dialog", ("result", width), problems, minimum=4)
    page.click("[data-action='result-review']")
    check(page, None, ("page, finished", width), problems, minimum=10)

    # against the computer: the Hint and the analysis
    page.goto(page.url.split("?")[0] + AGAINST)
    wait_engine(page)
    take_first(page)
    wait_idle(page)
    check(page, None, ("page, against the computer", width), problems, minimum=15)
    assert problems == {}, problems
    assert recorder.errors == []
