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
def test_new_game_opens_at_its_top_with_each_seat_on_one_line(new_context, site, lang):
    context = new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
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


def test_sending_a_move_keeps_the_board_and_says_it_was_sent(new_context, site):
    from test_link_play import open_link

    def phone():
        context = new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
        page = context.new_page()
        return context, page

    ana_context, ana = phone()
    ana.goto(site.url + "?game=nibble&variant=square9&seed=3&p1=human&p2=human")
    wait_engine(ana)
    take_first(ana)
    ana.click("[data-action='share']")
    ana.click("[data-action='share-send']")
    ana.wait_for_selector("[data-share-link]")
    # sent again from under the board: said there, and the board stays on screen
    ana.evaluate("() => { document.querySelectorAll('[data-message]').forEach(m => m.remove());"
                 " scrollTo(0, 0);"  # and a clipboard that refuses, as many browsers do
                 " navigator.clipboard.writeText = () => Promise.reject(new Error('no')); }")
    ana.click("[data-action='send-move']")
    ana.wait_for_selector("[data-share-link]")
    board = ana.eval_on_selector("#board", "e => e.getBoundingClientRect()"
                                 ".toJSON()")
    assert board["bottom"] > 0.75 * board["height"], board
    # the link to copy by hand: the message's whole width, all of it selected
    field = ana.evaluate("""() => { const f = document.querySelector('[data-share-link]');
        const m = f.closest('.message');
        return {focused: document.activeElement === f, start: f.selectionStart,
                end: f.selectionEnd, length: f.value.length,
                width: f.getBoundingClientRect().width,
                room: m.getBoundingClientRect().width}; }""")
    assert field["focused"] and field["start"] == 0 and field["end"] == field["length"], field
    assert field["width"] >= field["room"] - 40, field
    link = ana.input_value("[data-share-link]")
    # Ben answers; when his link comes back, the notice of Ana's last step is gone
    ben_context, ben = phone()
    open_link(ben, link)
    take_first(ben)
    ben.click("[data-action='send-move']")
    ben.wait_for_selector("[data-share-link]")
    back = ben.input_value("[data-share-link]")
    # (opened in the same page: pasted into the address bar, or the app in its own window)
    assert ana.locator("[data-message][data-key='share']").count() == 1
    ana.evaluate("(h) => { location.hash = h; }", back.split("#", 1)[1])
    ana.wait_for_function("() => !location.hash && nibbleApp.state.record.moves.length === 2")
    wait_idle(ana)
    assert ana.locator("[data-message][data-key='share']").count() == 0
    # Ana's move copied by the clipboard this time: the button says it was sent
    ana.evaluate("() => { navigator.clipboard.writeText = () => Promise.resolve(); }")
    take_first(ana)
    ana.click("[data-action='send-move']")
    ana.wait_for_selector("#link-turn[data-sent='true']")
    assert (ana.text_content("#link-turn") or "").startswith("Sent ✓")
    ana_context.close()
    ben_context.close()


def test_the_tours_second_step_points_at_the_board_without_a_take_of_several(make_page):
    # seed 2's opening board has four single takes and no take of several discs
    page, recorder = make_page("?game=nibble&variant=square9&seed=2&p1=human&p2=ai&level=random")
    page.click("[data-walkthrough][data-step='offer'] [data-action='walkthrough-start']")
    page.click("[data-walkthrough][data-step='takeable'] [data-action='walkthrough-next']")
    page.wait_for_selector("[data-walkthrough][data-step='several']")
    card = page.locator("[data-walkthrough]")
    spotted = sorted(page.eval_on_selector_all("[data-cell].tour-spot",
                                               "els => els.map(e => e.dataset.cell)"))
    assert spotted == ["a1", "a9", "i1", "i9"]
    assert "still a single disc" in card.inner_text()
    assert recorder.errors == []
