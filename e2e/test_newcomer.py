"""The rough edges a newcomer hit in the first ten minutes (issue 43, part 6): the New game
dialog opens at its top with the game choice in view, each seat's Human / Computer on one
line at 360 px in every language; "Play this board again" in the middle of a game asks
first; Games does not fill with copies of one board nobody has moved on; board numbers
of new games have at most six digits."""

from __future__ import annotations

import pytest
from conftest import wait_engine, wait_idle
from links import stored_games
from test_table import take_first

VS_AI = "?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=easy"


@pytest.mark.parametrize("lang", ["en", "uk", "ko"])
def test_new_game_opens_at_its_top_with_each_seat_on_one_line(browser, site, lang):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(site.url + VS_AI + f"&lang={lang}")
    wait_engine(page)
    for opener in ("[data-action='new-game']", "[data-action='choose-game']"):
        page.click(opener)
        page.wait_for_selector("#new-game-dialog[open]")
        assert page.evaluate("() => document.querySelector('#new-game-dialog').scrollTop") == 0
        assert page.evaluate("() => document.activeElement.id") == "ng-game"
        assert page.is_visible("#ng-game")
        tops = page.evaluate("""() => [...document.querySelectorAll('.seat-choice')].map(g =>
            [...g.querySelectorAll('.segment label')].map(l => l.getBoundingClientRect().top))""")
        assert tops and all(len(set(row)) == 1 for row in tops), tops
        page.keyboard.press("Escape")
    context.close()


def test_play_this_board_again_asks_in_the_middle_of_a_game(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=human")
    take_first(page)
    before = page.evaluate("() => nibbleApp.state.id")
    page.click("[data-action='replay-board']")
    page.wait_for_selector("#confirm-dialog[open]")
    page.click("#confirm-dialog [data-dialog='cancel']")
    assert page.evaluate("() => nibbleApp.state.id") == before
    page.click("[data-action='replay-board']")
    page.click("[data-action='replay-confirm']")
    page.wait_for_function("(id) => nibbleApp.state.id !== id", arg=before)
    wait_idle(page)
    assert page.evaluate("() => nibbleApp.state.record.moves.length") == 0
    assert recorder.errors == []


def test_games_keeps_one_copy_of_a_board_nobody_moved_on(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=human")
    take_first(page)
    page.click("[data-action='replay-board']")
    page.click("[data-action='replay-confirm']")
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 0")
    wait_idle(page)
    fresh = page.evaluate("() => nibbleApp.state.id")
    count = len(stored_games(page))
    # the same board again, twice, from the game with a move and from the fresh one
    for _ in range(2):
        page.click("[data-action='replay-board']")
        page.wait_for_timeout(300)
        if page.is_visible("#confirm-dialog[open]"):
            page.click("[data-action='replay-confirm']")
        wait_idle(page)
    assert len(stored_games(page)) == count
    assert page.evaluate("() => nibbleApp.state.id") == fresh
    assert recorder.errors == []


def test_a_new_board_number_is_one_a_person_can_say(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&p1=human&p2=human")
    seed = page.evaluate("() => nibbleApp.state.record.options.seed")
    assert 0 <= seed < 1_000_000
    assert str(seed) in (page.text_content("#game-seed") or "")
    assert recorder.errors == []
