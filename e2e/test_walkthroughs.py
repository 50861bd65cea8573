"""The first-game walkthroughs of Nebuchadnezzar and Number One (web/panels/walkthrough.js, one
shell for every game, with each game's steps as data in web/games/<id>/walkthrough.js): offered on
the first game of each game even after Nibble's was done, remembered per game, started
from each game's rules; every step says something true of the position on the board
(the points a disc may not go to, the capture there is, the holes the picked peg
reaches), its highlights following the game; the pie rule said when the swap is offered
and when it is made; no repetition warning after a swap, when no third time is possible.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from conftest import PageRecorder, wait_engine, wait_idle

CARD = "[data-walkthrough]"
SHEET = "#rules-dialog"
PREFIX = "nibble:/nibble/:walkthrough"
GAMES_DIR = Path(__file__).resolve().parent.parent / "web" / "games"  # games/<id>/walkthrough.js


def record_link(record: dict, seats: list[str]) -> str:
    payload = json.dumps({"record": record, "seats": seats}).encode()
    return "#record=" + base64.urlsafe_b64encode(payload).decode().rstrip("=")


def neb(moves: list[str], size: int = 5, setup: str | None = None) -> dict:
    empty = f"neb{size}:" + "/".join(["." * size] * size) + " b"
    return {"format": "nibble-record/1", "game": "nebuchadnezzar", "options": {"size": size},
            "setup": setup or empty, "moves": moves}


def shown(page, game: str) -> None:
    """Wait until the page shows a game of `game` (a link's game replaces the first one)."""
    page.wait_for_function(f"() => nibbleApp.state.view?.game === '{game}'")
    wait_idle(page)


def spots(page) -> list[str]:
    """The board cells the walkthrough highlights (each with its ring where the board is
    of points or holes)."""
    # one evaluation: a render may come between two (the rings are drawn again after it)
    cells, rings = page.evaluate("""() => [
      [...document.querySelectorAll('#board [data-cell].tour-spot')].map(e => e.dataset.cell),
      [...document.querySelectorAll('#board [data-cell] .tour-ring:not(.tour-ring-halo)')]
        .map(e => e.closest('[data-cell]').dataset.cell)]""")
    assert sorted(rings) == sorted(cells)
    return sorted(cells)


def step(page) -> str | None:
    return page.get_attribute(CARD, "data-step")


def text(page) -> str:
    return page.inner_text(f"{CARD} p")


def message(page, key: str) -> str:
    found = page.locator(f"#board-messages [data-key='walkthrough.{key}'] span")
    return found.first.inner_text() if found.count() else ""


def done(page, game: str) -> str | None:
    key = PREFIX if game == "nibble" else f"{PREFIX}:{game}"
    return page.evaluate(f"() => localStorage.getItem('{key}')")


def next_step(page) -> None:
    page.click(f"{CARD} [data-action='walkthrough-next']")


def test_every_key_the_tours_name_is_in_every_table():
    """The tours' keys (walkthrough.… and the pie rule's notes) in en, ko and uk."""
    util = pytest.importorskip("tests.util_i18n")
    used = set()
    for source in GAMES_DIR.glob("*/walkthrough.js"):
        code = source.read_text(encoding="utf-8")
        used |= set(re.findall(r'"((?:walkthrough|number-one|nebuchadnezzar)\.[\w.-]+)"', code))
        # keys made from a peg's letter: `walkthrough.….${p.size}`, `number-one.….${peg.size}`
        made = re.findall(r"`((?:walkthrough|number-one)\.[\w.-]+)\$\{(?:p|peg)\.size\}`", code)
        used |= {key + size for key in made for size in "SML"}
    assert len(used) > 25, used
    for lang in util.LANGS:
        missing = sorted(used - set(util.table(lang)))
        assert not missing, (lang, missing)


def test_nebuchadnezzar_tour_on_the_board_and_the_pie_rule_offered(make_page):
    """White to move after Black's first disc on c3 (the computer's): the offer of the
    swap is said in one line, and each step reads this position."""
    page, recorder = make_page(record_link(neb(["c3"]), ["ai", "human"]))
    shown(page, "nebuchadnezzar")
    card = page.locator(CARD)
    assert step(page) == "offer" and card.get_attribute("data-game") == "nebuchadnezzar"
    assert page.inner_text(f"{CARD} h2") == "New to Nebuchadnezzar?"
    assert page.locator("[data-action='swap']").is_visible()
    assert message(page, "pie.offer") == (
        "Swap colours (pie rule): you take over the black disc on c3 and play Black; "
        "Computer becomes White and moves next.")
    page.click("[data-action='walkthrough-start']")
    assert done(page, "nebuchadnezzar") == "done" and done(page, "nibble") is None
    assert step(page) == "goal" and spots(page) == ["c3"]  # the one disc to flip
    assert text(page).startswith("You play White. You win when no Black disc is left")
    assert "The Black disc now on the board is highlighted." in text(page)
    next_step(page)
    # the four points next to c3 touch one black disc and three empty points: closed
    assert step(page) == "place" and spots(page) == ["b3", "c2", "c4", "d3"]
    assert "20 points are open. Not the highlighted c2, b3, d3, and c4:" in text(page)
    for cell in ("c2", "b3", "d3", "c4"):
        assert page.get_attribute(f"[data-cell='{cell}']", "data-selectable") == "false"
    next_step(page)
    assert step(page) == "capture" and spots(page) == []
    assert text(page).startswith("No capture yet.")
    next_step(page)
    assert step(page) == "win"
    assert page.locator("#game-panel .players.tour-spot").count() == 1
    # the card right before the players it explains, both on screen
    assert page.evaluate("() => document.querySelector('[data-walkthrough]').nextElementSibling"
                         ".contains(document.querySelector('.players.tour-spot'))")
    assert "you have 0, Black has 1." in text(page)
    assert page.locator(f"{CARD} [data-action='walkthrough-next']").count() == 0
    page.click(f"{CARD} [data-action='walkthrough-close']")
    assert card.count() == 0 and page.locator(".tour-spot, .tour-ring").count() == 0
    # the swap made here: said, and the offer's line gone
    page.click("[data-action='swap']")
    page.wait_for_function("() => Number(document.documentElement.dataset.ply) >= 2")
    wait_idle(page)
    assert message(page, "pie.offer") == ""
    assert page.locator(CARD).count() == 0  # done once is enough
    assert recorder.errors == []


def test_the_computer_s_swap_is_explained_and_no_repetition_is_warned_of(make_page):
    page, recorder = make_page(record_link(neb(["c3", "swap"]), ["human", "ai"]))
    shown(page, "nebuchadnezzar")
    assert message(page, "pie.swapped") == (
        "Computer took over your first disc (pie rule): you now play White.")
    view = page.evaluate("() => nibbleApp.state.view")
    # the board and the colour to move a second time, but no move can make it a third
    assert view["repetitions"] == 2 and view["repeating"] == []
    panel = page.inner_text("#game-panel")
    assert "third time" not in panel and "come up" not in panel
    # the tour is offered (not done yet for this game), and declined
    assert step(page) == "offer"
    page.click("[data-action='walkthrough-close']")
    assert done(page, "nebuchadnezzar") == "done"
    # the player's move: the note has said what it had to
    page.click("[data-cell='a1']")
    page.wait_for_function("() => Number(document.documentElement.dataset.ply) >= 3")
    assert message(page, "pie.swapped") == ""
    assert recorder.errors == []


def test_the_capture_step_shows_the_capture_there_is(make_page):
    setup = "neb5:w...w/..b../.bwbw/..b../w...w b"
    page, recorder = make_page(record_link(neb([], setup=setup), ["human", "human"]))
    shown(page, "nebuchadnezzar")
    page.click("[data-action='walkthrough-start']")
    assert sorted(spots(page)) == ["a1", "a5", "c3", "e1", "e3", "e5"]  # White's discs
    assert "The 6 White discs now on the board are highlighted." in text(page)
    next_step(page)
    next_step(page)
    assert step(page) == "capture" and spots(page) == ["c3"]
    assert text(page).startswith("Here xc3:c3 would flip 1 disc to Black (highlighted)")
    assert "Click the disc on c3, then Capture." in text(page)
    # it never blocks play: the capture made, the step follows White's position
    page.click("[data-cell='c3']")
    page.click("[data-action='confirm']")
    page.wait_for_function("() => document.documentElement.dataset.ply === '1'")
    wait_idle(page)
    assert step(page) == "capture"
    assert page.evaluate("() => nibbleApp.state.view.to_move") == 1
    assert "Black" in text(page) or text(page).startswith("Here")
    assert recorder.errors == []


def reach(game_view: dict, hole: str) -> list[str]:
    return sorted({m["steps"][-1][0] for m in game_view["input"]["moves"]
                   if m["steps"][0] == [hole] and len(m["steps"]) > 1})


def test_number_one_tour_after_nibble_s_and_the_picked_peg_s_reach(new_context, site, all_requests):
    """A newcomer who did Nibble's tour is still offered Number One's; the reach step
    follows the peg picked on the board and the pegs still to move."""
    from nibble.api import handle

    context = new_context(viewport={"width": 1200, "height": 900})
    try:
        context.recorder = PageRecorder(context)
        context.on("request", lambda request: all_requests.append(request.url))
        context.add_init_script(f"localStorage.setItem('{PREFIX}', 'done')")
        page = context.recorder.watch(context.new_page())
        page.set_default_timeout(30_000)
        page.goto(site.url + "?game=number-one&players=3&p1=human&p2=ai&p3=ai&level=easy")
        wait_engine(page)
        assert step(page) == "offer"
        assert page.inner_text(f"{CARD} h2") == "New to Number One?"
        page.click("[data-action='walkthrough-start']")
        assert step(page) == "goal" and spots(page) == ["b2", "b3", "c2"]
        assert "last of the 3 players" in text(page)
        next_step(page)
        assert step(page) == "pegs" and spots(page) == ["b2", "b3", "c2"]
        assert ("the small peg on b2 goes 1 step, the medium peg on b3 goes 2 steps, and the "
                "large peg on c2 goes 3 steps") in text(page)
        next_step(page)
        start = handle({"op": "new", "game": "number-one", "options": {"players": 3}})["view"]
        assert step(page) == "reach" and spots(page) == reach(start, "c2")
        assert text(page).startswith("Your large peg on c2 reaches 8 holes (highlighted), each "
                                     "with a token")
        # the peg picked on the board is the one the step is about
        page.click("[data-cell='b2']")
        assert spots(page) == reach(start, "b2") == ["c3"]
        assert text(page).startswith("Your small peg on b2 reaches 1 hole (highlighted)")
        page.click("[data-cell='c3']")  # one path: played at once
        page.wait_for_function("() => document.documentElement.dataset.ply === '1'")
        wait_idle(page)
        view = page.evaluate("() => nibbleApp.state.view")
        assert step(page) == "reach" and spots(page) == reach(view, "c2")
        next_step(page)
        assert step(page) == "out" and spots(page) == ["c3"]  # the small peg, moved
        assert "your small peg (now on c3)" in text(page)
        assert page.locator("#game-panel .players.tour-spot").count() == 1
        page.click(f"{CARD} [data-action='walkthrough-close']")
        assert done(page, "number-one") == "done"
        # from the rules, at any time: Number One's own tour
        page.click("[data-action='rules']")
        page.wait_for_selector(f"{SHEET}[open] .rules-content")
        assert page.locator(f"{SHEET} [data-action='walkthrough']").count() == 1
        page.click(f"{SHEET} [data-rules-game='nibble']")  # another game's rules: none
        page.wait_for_function("() => document.querySelector('#rules-dialog').dataset.game"
                               " === 'nibble' && document.querySelector('#rules-dialog"
                               " .rules-content')")
        assert page.locator(f"{SHEET} [data-action='walkthrough']").count() == 0
        page.click(f"{SHEET} [data-rules-game='number-one']")
        page.wait_for_selector(f"{SHEET} [data-action='walkthrough']")
        page.click(f"{SHEET} [data-action='walkthrough']")
        assert step(page) == "goal" and page.get_attribute(CARD, "data-game") == "number-one"
        page.keyboard.press("Escape")
        assert page.locator(CARD).count() == 0
        assert context.recorder.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["uk", "ko"])
def test_the_tours_speak_the_page_s_language(make_page, lang):
    page, recorder = make_page(f"?lang={lang}&game=number-one&players=2&p1=human&p2=human")
    page.click("[data-action='walkthrough-start']")
    seen = []
    while True:
        seen.append(page.inner_text(CARD))
        if page.locator(f"{CARD} [data-action='walkthrough-next']").count() == 0:
            break
        next_step(page)
    assert len(seen) == 4
    for shown in seen:
        assert "walkthrough." not in shown
        # no English: only cell names (b2, c10) are Latin
        assert not [w for w in re.findall(r"[A-Za-z]{2,}", shown)], shown
    assert recorder.errors == []


def test_axe_finds_nothing_on_the_tours_steps_and_the_pie_rule_s_line(new_context, site):
    """The project's axe-core audit (test_page.py) with a step's rings on a board of points
    and one of holes, the pie rule's line under the board, and a panel part outlined."""
    from conftest import AXE, axe_violations

    if not AXE.exists():
        pytest.skip("node_modules/axe-core is missing (run `npm ci`)")
    context = new_context(bypass_csp=True, viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(site.url + record_link(neb(["c3"]), ["ai", "human"]))
        wait_engine(page)
        shown(page, "nebuchadnezzar")
        page.click("[data-action='walkthrough-start']")
        next_step(page)
        assert step(page) == "place" and message(page, "pie.offer")
        assert axe_violations(page) == []
        page.goto(site.url + "?game=number-one&players=2&p1=human&p2=human")
        wait_engine(page)
        page.click("[data-action='walkthrough-start']")
        next_step(page)
        next_step(page)
        assert step(page) == "reach" and spots(page)
        assert axe_violations(page) == []
        next_step(page)
        assert step(page) == "out"
        assert axe_violations(page) == []
    finally:
        context.close()
