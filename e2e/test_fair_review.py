"""A fair game between people, and the review where the eyes are (issue 43, parts 2 and 3):
in a game of people the hint, the live chart, the marks and the accuracy wait for the end
of the game (a setting allows them for teaching); against the computer they stay. Once a
game is reviewed or over, the chart and the move list sit beside the board at 1280 × 800
without scrolling, and right under it on a phone."""

from __future__ import annotations

from conftest import allow_engine_help, wait_engine
from links import pack, played
from test_table import take_first

PEOPLE = "?game=nibble&variant=square9&seed=3&p1=human&p2=human"


def finished_link(seats: str) -> str:
    record = played("nibble", {"variant": "square9", "seed": 3}, 400, seed=2)["record"]
    return "#g=" + pack({"v": 2, "s": seats, "r": {k: v for k, v in record.items()
                                                   if k != "format"}})


def wait_analysed_some(page, count: int) -> None:
    """The chart shown and at least `count` positions analysed."""
    page.wait_for_selector("#eval-graph:not([hidden])")
    page.wait_for_function("(n) => nibbleApp.analysis.answers().filter(Boolean).length >= n",
                           arg=count, timeout=60_000)


def test_a_game_of_people_is_not_coached_until_it_ends(make_page):
    page, recorder = make_page(PEOPLE)
    take_first(page)
    take_first(page)
    assert page.is_hidden("[data-action='hint']")
    assert page.is_hidden("#eval-graph")
    assert "waits for the end" in (page.text_content("#analysis-state") or "")
    page.wait_for_timeout(1500)  # time enough for the analysis to start, were it allowed
    assert page.evaluate("() => nibbleApp.analysis.answers().filter(Boolean).length") == 0
    assert page.locator("#move-list [data-move-mark]").count() == 0
    # the teaching setting brings it all now
    allow_engine_help(page)
    page.wait_for_selector("[data-action='hint']:not([hidden])")
    wait_analysed_some(page, 1)
    assert recorder.errors == []


def test_against_the_computer_the_help_stays(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=easy")
    assert page.is_visible("[data-action='hint']")
    take_first(page)
    page.wait_for_selector("#eval-graph:not([hidden])")
    assert recorder.errors == []


def test_a_finished_game_of_people_is_analysed(make_page, site):
    page, recorder = make_page(None)
    page.goto(site.url + finished_link("hh"))
    wait_engine(page)
    page.wait_for_function("() => nibbleApp.state.view?.result")
    wait_analysed_some(page, 3)
    assert recorder.errors == []


def box(page, selector: str) -> dict:
    return page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect();"
                                 " return {top: r.top, bottom: r.bottom, left: r.left,"
                                 " right: r.right}; }")


def test_the_chart_and_the_moves_sit_beside_the_board(new_context, site):
    for width, height in ((1280, 800), (1024, 768)):
        context = new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(site.url + finished_link("ha"))
        wait_engine(page)
        page.wait_for_function("() => document.documentElement.dataset.over === 'true'")
        page.keyboard.press("Escape")  # the result dialog
        board, chart, moves = (box(page, s) for s in ("#board", "#eval-graph", "#move-list"))
        assert chart["left"] >= board["right"] and moves["left"] >= board["right"]
        assert chart["bottom"] <= height and moves["top"] + 40 <= height, (chart, moves)
        assert page.evaluate("() => scrollY") == 0
        context.close()


def test_on_a_phone_the_chart_comes_right_under_the_board(new_context, site):
    context = new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(site.url + finished_link("ha"))
    wait_engine(page)
    page.wait_for_function("() => document.documentElement.dataset.over === 'true'")
    page.keyboard.press("Escape")
    board, chart, moves, table = (box(page, s) for s in (
        "#board", "#eval-graph", "#move-list", ".color-table"))
    assert board["bottom"] < chart["top"] < moves["top"] < table["top"]
    assert chart["bottom"] - chart["top"] <= 80  # compact
    context.close()
