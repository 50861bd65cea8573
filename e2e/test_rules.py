"""The rules pages in the page: the Rules button opens the rules of the game shown, in the
page's language, with diagrams drawn by the board renderer; the Nibble walkthrough is
offered once, can be started, followed and dismissed, and never blocks play; axe-core
finds nothing on the rules sheet or the walkthrough."""

from __future__ import annotations

import pytest
from conftest import wait_engine, wait_idle
from test_page import AXE, axe_violations

RULES = "[data-action='rules']"
SHEET = "#rules-dialog"
CARD = "[data-walkthrough]"
DONE_KEY = "nibble:/nibble/:walkthrough"

GAMES = {
    "nibble": ("?game=nibble&variant=square9&seed=0&p1=human&p2=human", "How to play Nibble", 81),
    "nebuchadnezzar": ("?game=nebuchadnezzar&size=6&p1=human&p2=human",
                       "How to play Nebuchadnezzar", 36),
    "number-one": ("?game=number-one&players=3&p1=human&p2=human&p3=human",
                   "How to play Number One", 91),
}


def open_rules(page) -> None:
    page.click(RULES)
    page.wait_for_selector(f"{SHEET}[open] .rules-content")


def accessible_name(page) -> str:
    return page.evaluate(
        "() => { const d = document.querySelector('#rules-dialog');"
        " return document.getElementById(d.getAttribute('aria-labelledby')).textContent; }")


def drawn_diagrams(page) -> list[int]:
    """The number of cells of each diagram's board."""
    return page.eval_on_selector_all(
        f"{SHEET} figure[data-diagram]",
        "figs => figs.map(f => f.querySelectorAll('[data-diagram-cell]').length)")


def test_the_rules_button_opens_the_rules_of_the_game_shown(make_page, site):
    page, recorder = make_page(GAMES["nibble"][0])
    for game, (query, title, cells) in GAMES.items():
        if game != "nibble":
            page.goto(site.url + query)
            wait_engine(page)
        button = page.locator(RULES)
        button.focus()
        button.press("Enter")  # one keypress (or click) away, from anywhere
        page.wait_for_selector(f"{SHEET}[open] .rules-content")
        sheet = page.locator(SHEET)
        assert sheet.get_attribute("data-game") == game
        assert sheet.get_attribute("data-lang") == "en"
        assert accessible_name(page) == title
        assert page.locator(f"{SHEET} [data-section='marks']").count() == 1
        assert page.locator(f"{SHEET} details [data-section='exact']").count() == 1
        boards = drawn_diagrams(page)
        assert len(boards) >= 4 and all(n >= 36 for n in boards), boards
        # a diagram is one image named by its caption, with nothing to focus inside
        images = page.locator(f"{SHEET} figure svg[role='img'][aria-labelledby]")
        assert images.count() == len(boards)
        assert page.locator(f"{SHEET} figure svg [tabindex]").count() == 0
        # the game's own board is untouched and still answers while the sheet is open
        assert page.locator("[data-cell]").count() == cells
        cell = page.locator("[data-cell][data-selectable='true']").first.get_attribute("data-cell")
        page.click(f"[data-cell='{cell}']")
        if game != "nebuchadnezzar":  # (there a click on a point places a disc at once)
            assert page.get_attribute(f"[data-cell='{cell}']", "data-picked") == "true"
        # Escape closes it and the focus goes back where it was
        page.locator(f"{SHEET} .rules-close").focus()
        page.keyboard.press("Escape")
        assert not sheet.is_visible()
        page.wait_for_function("() => document.activeElement?.dataset.action === 'rules'")
        assert page.locator("[data-diagram-cell]").count() == 0
    assert recorder.errors == []


def test_the_rules_in_korean_and_from_the_panel_legend(make_page):
    page, recorder = make_page("?lang=ko&" + GAMES["number-one"][0][1:])
    open_rules(page)
    sheet = page.locator(SHEET)
    assert sheet.get_attribute("data-lang") == "ko"
    assert accessible_name(page) == "넘버 원 하는 법"
    assert "구멍" in page.inner_text(f"{SHEET} .rules-content")
    assert all(n == 91 for n in drawn_diagrams(page))
    # another game's rules, same language
    page.click(f"{SHEET} [data-rules-game='nibble']")
    page.wait_for_function(
        "() => document.querySelector('#rules-dialog')?.dataset.game === 'nibble'"
        " && document.querySelector('#rules-dialog .rules-content')")
    assert accessible_name(page) == "니블 하는 법"
    assert drawn_diagrams(page)
    assert page.locator(f"{SHEET} .color-table").count() == 1  # the colour-table diagram
    page.click(f"{SHEET} .rules-close")
    assert not sheet.is_visible()
    # the side panel's legend opens the rules at "what the marks mean"
    legend = page.locator("[data-legend='number-one'] [data-action='rules-marks']")
    legend.click()
    page.wait_for_selector(f"{SHEET}[open] [data-section='marks']")
    shown = page.evaluate(
        "() => { const body = document.querySelector('#rules-dialog .rules-body')"
        ".getBoundingClientRect();"
        " const top = document.querySelector(\"#rules-dialog [data-section='marks']\")"
        ".getBoundingClientRect().top;"
        " return top >= body.top - 1 && top < body.bottom - 40; }")
    assert shown  # scrolled to it
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.activeElement?.dataset.action") == "rules-marks"
    assert recorder.errors == []


def rect(page, selector: str) -> dict:
    return page.eval_on_selector(selector, "e => e.getBoundingClientRect().toJSON()")


def test_the_rules_make_room_beside_the_page_and_keep_the_focus_where_they_cover_it(
        make_page):
    """Wide: a sheet beside the page, which makes room (the board and Confirm were half
    covered at 1280 px), and Escape closes it from anywhere once nothing nearer takes it.
    Where it covers the page: modal, and Tab never leaves it (37 of 60 Tabs went behind
    it at 360 px) nor stops on <body>."""
    page, recorder = make_page(GAMES["nibble"][0])
    page.set_viewport_size({"width": 1280, "height": 800})
    open_rules(page)
    assert not page.evaluate("document.querySelector('#rules-dialog').matches(':modal')")
    sheet = rect(page, SHEET)
    for selector in ("svg.board", "[data-action='confirm']"):
        box = rect(page, selector)
        assert box["right"] <= sheet["left"] and box["bottom"] <= 800, (selector, box, sheet)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.click("[data-cell='a1']")
    page.keyboard.press("Escape")  # first the pick
    assert page.locator("[data-cell][data-picked='true']").count() == 0
    assert page.locator(SHEET).is_visible()
    page.keyboard.press("Escape")  # then the sheet; the focus stays on the board
    assert not page.locator(SHEET).is_visible()
    assert page.evaluate("document.activeElement.dataset.cell") == "a1"
    # narrower, it covers the page: modal (also when the window shrinks with it open)
    open_rules(page)
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_selector("#rules-dialog:modal")
    for key, presses in (("Tab", 30), ("Shift+Tab", 12)):
        for _ in range(presses):
            page.keyboard.press(key)
            where = page.evaluate("() => document.activeElement.closest('#rules-dialog') ? 'in'"
                                  " : document.activeElement.tagName")
            assert where == "in", (key, where)
    page.keyboard.press("Escape")
    assert not page.locator(SHEET).is_visible()
    assert page.evaluate("document.activeElement.dataset.action") == "rules"
    assert recorder.errors == []


def spots(page) -> list[str]:
    """The board cells the walkthrough highlights."""
    return sorted(page.eval_on_selector_all(
        "[data-cell].tour-spot", "els => els.map(e => e.dataset.cell)"))


def test_the_walkthrough_is_offered_once_followed_and_dismissed(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=0&p1=human&p2=ai&level=random")
    card = page.locator(CARD)
    assert card.get_attribute("data-step") == "offer"
    page.click("[data-action='walkthrough-start']")
    assert card.get_attribute("data-step") == "takeable"
    assert spots(page) == ["a1", "a9", "i1", "i9"]  # seed 0: the four corners
    page.click("[data-action='walkthrough-next']")
    assert card.get_attribute("data-step") == "several"
    assert spots(page) == ["a1", "i1", "i9"]  # three discs of colour 8
    assert "a1, i1, i9" in card.inner_text()
    # it never blocks play: take a disc now, and the tour moves on to the colour table
    page.click("[data-cell='a9']")
    page.click("[data-action='confirm']")
    page.wait_for_function("() => Number(document.documentElement.dataset.ply) >= 2")
    wait_idle(page)
    assert card.get_attribute("data-step") == "table"
    table = page.locator("#game-panel .panel-section.tour-spot .table-scroll .color-table")
    assert table.count() == 1
    page.click("[data-action='walkthrough-next']")
    assert card.get_attribute("data-step") == "play"
    page.click("[data-action='walkthrough-close']")
    assert card.count() == 0 and page.locator(".tour-spot").count() == 0
    assert page.evaluate(f"() => localStorage.getItem('{DONE_KEY}')") == "done"
    page.reload()
    wait_engine(page)
    assert page.locator(CARD).count() == 0  # remembered
    # and from the rules page, at any time
    open_rules(page)
    page.click(f"{SHEET} [data-action='walkthrough']")
    assert not page.locator(SHEET).is_visible()
    assert page.locator(CARD).get_attribute("data-step") == "takeable"
    page.locator(f"{CARD} [data-action='walkthrough-next']").press("Escape")
    assert page.locator(CARD).count() == 0
    assert recorder.errors == []


def test_the_offer_can_be_declined_or_ignored(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=0&p1=human&p2=human")
    page.click("[data-action='walkthrough-close']")  # "No, thanks"
    assert page.locator(CARD).count() == 0
    assert page.evaluate(f"() => localStorage.getItem('{DONE_KEY}')") == "done"
    page.click("[data-cell='a9']")
    assert page.locator(CARD).count() == 0  # not offered again
    # a newcomer who ignores it and plays on: it goes away and is not offered again
    page.evaluate(f"() => localStorage.removeItem('{DONE_KEY}')")
    page.click("[data-action='clear']")
    assert page.locator(CARD).get_attribute("data-step") == "offer"
    page.click("[data-cell='a9']")
    page.click("[data-action='confirm']")
    page.wait_for_function("() => Number(document.documentElement.dataset.ply) === 1")
    assert page.locator(CARD).count() == 0
    assert page.evaluate(f"() => localStorage.getItem('{DONE_KEY}')") == "done"
    assert recorder.errors == []


def test_axe_finds_nothing_on_the_rules_and_the_walkthrough(new_context, site):
    """The project's axe-core audit (see test_page.py) on the rules sheet of each game
    and on the walkthrough card."""
    if not AXE.exists():
        pytest.skip("node_modules/axe-core is missing (run `npm ci`)")
    context = new_context(bypass_csp=True, viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(site.url + GAMES["nibble"][0])
        wait_engine(page)
        assert axe_violations(page) == []  # the page with the offer and the legend
        page.click("[data-action='walkthrough-start']")
        assert axe_violations(page) == []
        page.click("[data-action='walkthrough-close']")
        for game in GAMES:
            open_rules(page)
            if page.locator(SHEET).get_attribute("data-game") != game:
                page.click(f"{SHEET} [data-rules-game='{game}']")
                page.wait_for_function(
                    f"() => document.querySelector('#rules-dialog')?.dataset.game === '{game}'"
                    " && document.querySelector('#rules-dialog .rules-content')")
            page.evaluate("() => document.querySelector('#rules-dialog details').open = true")
            assert axe_violations(page) == [], game
            page.keyboard.press("Escape")
    finally:
        context.close()


def test_on_a_phone_the_colour_table_step_shows_the_table_and_the_card(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=0&p1=human&p2=ai&level=random")
    page.set_viewport_size({"width": 360, "height": 740})
    page.click("[data-action='walkthrough-start']")
    page.click("[data-action='walkthrough-next']")
    page.click("[data-cell='a9']")
    page.click("[data-action='confirm']")
    page.wait_for_function("() => Number(document.documentElement.dataset.ply) >= 2")
    wait_idle(page)
    assert page.locator(CARD).get_attribute("data-step") == "table"
    # the scroll over: the card stands still for a few frames (a fixed wait, outlasted on
    # a busy machine, is not enough)
    page.evaluate("""(card) => new Promise((resolve) => {
      let last = null, still = 0;
      const check = () => {
        const top = document.querySelector(card).getBoundingClientRect().top;
        still = top === last ? still + 1 : 0;
        last = top;
        if (still >= 5) resolve(); else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })""", CARD)
    for what in ("#game-panel .panel-section.tour-spot", CARD):
        box = page.locator(what).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 740, (what, box)
    # reached by a take: the focus stays where the player played
    assert page.evaluate("() => !!document.activeElement.closest('#board')")
    assert recorder.errors == []
