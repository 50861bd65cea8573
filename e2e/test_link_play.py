"""Playing a friend by link (issue 34): a link game is one game on each side, whatever
the number of links; the page says whose turn it is in the remote player's words; an
older link shows the game as it stands; a link that went another way is kept apart."""

from __future__ import annotations

from conftest import wait_engine, wait_idle
from test_table import LINK, SELECTABLE, take_first


def games(page) -> list[dict]:
    """The library's games: their ids, moves and link parts."""
    return page.evaluate("""() => Object.keys(localStorage).filter(k => k.includes(':game:'))
        .map(k => JSON.parse(localStorage.getItem(k)))
        .map(e => ({moves: e.record.moves, link: e.link || null}))""")


def moves(page) -> list[str]:
    return page.evaluate("() => nibbleApp.state.record.moves")


def sent_link(page, action: str = "send-move") -> str:
    """Click a sending control; the link shown beside it (no share sheet in the test)."""
    page.evaluate("() => document.querySelectorAll('[data-share-link]').forEach(e => e.remove())")
    page.click(f"[data-action='{action}']")
    return page.input_value("[data-share-link]")


def open_link(page, link: str) -> None:
    page.goto(link)
    wait_engine(page)
    page.wait_for_function("() => !location.hash")


def first_link_game(make_page):
    """Ana plays a move and sends the game to Ben (defaults of the share dialog), who opens
    it: (ana, ana's recorder, ben, ben's recorder, the first link)."""
    ana, ana_rec = make_page(LINK)
    take_first(ana)
    ana.click("[data-action='share']")
    ana.click("[data-action='share-send']")
    first = ana.input_value("[data-share-link]")
    ben, ben_rec = make_page(None)
    open_link(ben, first)
    return ana, ana_rec, ben, ben_rec, first


def test_a_link_game_is_one_game_on_each_side(make_page):
    ana, ana_rec = make_page(LINK)
    take_first(ana)
    # the first link: Ana says who gets it and the names
    ana.click("[data-action='share']")
    ana.wait_for_selector("#share-dialog[open]")
    assert ana.is_checked("#share-dialog input[name='to'][value='1']")  # the player to move
    ana.fill("#share-dialog input[name='name0']", "Ana")
    ana.fill("#share-dialog input[name='name1']", "Ben")
    ana.click("[data-action='share-send']")
    link = ana.input_value("[data-share-link]")
    assert "#g=" in link
    # Ana's side now waits, in words, with the link to send
    ana.wait_for_selector("#link-turn:not([hidden])")
    assert "Ben" in ana.text_content("#status-text")
    assert ana.locator(f"{SELECTABLE}").count() == 0  # Ben's seat is not Ana's to play

    ben, ben_rec = make_page(None)
    open_link(ben, link)
    assert moves(ben) == moves(ana)
    assert "You" in ben.text_content("#status-text")
    assert ben.is_hidden("#link-turn")
    # back and forth: six moves in all, a link each
    for sender, receiver in [(ben, ana), (ana, ben)] * 2 + [(ben, ana)]:
        take_first(sender)
        sender.wait_for_selector("#link-turn:not([hidden])")
        open_link(receiver, sent_link(sender))
        assert moves(receiver) == moves(sender)
    assert len(moves(ana)) == 6
    # exactly one game on each side, with all the moves, and the names kept
    for page, me in ((ana, 0), (ben, 1)):
        kept = games(page)
        assert len(kept) == 1, kept
        assert kept[0]["moves"] == moves(ana)
        assert kept[0]["link"]["me"] == me
        assert kept[0]["link"]["names"] == ["Ana", "Ben"]
    assert ana.evaluate("() => nibbleApp.state.link.id") == ben.evaluate(
        "() => nibbleApp.state.link.id")
    # a reload resumes it (the link left the address bar)
    ben.reload()
    wait_engine(ben)
    assert moves(ben) == moves(ana)
    assert len(games(ben)) == 1
    assert ana_rec.errors == [] and ben_rec.errors == []


def test_an_older_link_shows_the_game_and_a_diverging_one_is_kept_apart(make_page):
    ana, ana_rec, ben, ben_rec, first = first_link_game(make_page)
    take_first(ben)
    second = sent_link(ben)
    open_link(ana, second)
    assert len(moves(ana)) == 2
    # the first link again: the game stays at two moves, and the page says why
    open_link(ana, first)
    assert len(moves(ana)) == 2 and len(games(ana)) == 1
    ana.wait_for_selector("[data-message][data-key='share.opened']:has-text('earlier')")
    # Ben takes his move back and plays another: Ana keeps both games, and is told
    ben.click("[data-action='undo']")
    ben.wait_for_function("() => nibbleApp.state.record.moves.length === 1")
    wait_idle(ben)
    ben.click(f"{SELECTABLE} >> nth=1")
    ben.click("[data-action='confirm']:not([disabled])")
    ben.wait_for_function("() => nibbleApp.state.record.moves.length === 2")
    wait_idle(ben)
    other = sent_link(ben)
    open_link(ana, other)
    assert moves(ana) == moves(ben)
    ana.wait_for_selector("[data-message][data-key='share.opened']:has-text('another way')")
    assert len(games(ana)) == 2
    assert ana_rec.errors == [] and ben_rec.errors == []


def test_send_your_move_offers_the_share_sheet_where_there_is_one(make_page, site):
    page, recorder = make_page(None)
    page.add_init_script("""
      window.__shared = [];
      navigator.share = async (data) => { window.__shared.push(data); };
    """)
    page.goto(site.url + LINK)
    wait_engine(page)
    take_first(page)
    page.click("[data-action='share']")
    page.click("[data-action='share-send']")
    page.wait_for_function("() => window.__shared.length === 1")
    shared = page.evaluate("() => window.__shared[0]")
    assert "#g=" in shared["url"] and shared["text"]
    assert page.locator("[data-share-link]").count() == 0  # the sheet, not the copy
    # a player who closes the sheet sees nothing more
    page.evaluate("""() => { navigator.share = async () => {
        throw new DOMException('closed', 'AbortError'); }; }""")
    page.click("[data-action='send-move']")
    page.wait_for_timeout(300)
    assert page.locator("[data-message][data-key='share']").count() == 0
    assert recorder.errors == []


def test_a_resignation_travels_by_link(make_page):
    ana, ana_rec, ben, ben_rec, first = first_link_game(make_page)
    # Ben resigns on his turn; his Send your move carries it to Ana
    ben.click("[data-action='resign']")
    ben.click("[data-action='resign-confirm']")
    ben.wait_for_selector("#result-dialog[open]")
    ben.click("[data-action='result-review']")
    ben.wait_for_selector("#link-turn:not([hidden])")
    open_link(ana, sent_link(ben))
    assert ana.get_attribute("[data-result]", "data-winner") == "0"
    ana.wait_for_selector("#result-dialog[open]:has-text('Player 2 resigned.')")  # no names
    assert len(games(ana)) == 1 and len(games(ben)) == 1
    assert ana_rec.errors == [] and ben_rec.errors == []


def test_the_end_is_sent_from_the_result_dialog_and_a_rematch_stays_a_link_game(make_page):
    """The player who ends a game by link is offered Send your move first in the result
    dialog (the friend would wait for a move that never comes); a rematch keeps the names
    with their players, swaps the seats and is a new link game, whose first board the
    player who does not move first sends."""
    ana, ana_rec = make_page(LINK)
    take_first(ana)
    ana.click("[data-action='share']")
    ana.fill("#share-dialog input[name='name0']", "Ana")
    ana.fill("#share-dialog input[name='name1']", "Ben")
    ana.click("[data-action='share-send']")
    ben, ben_rec = make_page(None)
    open_link(ben, ana.input_value("[data-share-link]"))
    first_id = ben.evaluate("() => nibbleApp.state.link.id")
    ben.click("[data-action='resign']")
    ben.click("[data-action='resign-confirm']")
    ben.wait_for_selector("#result-dialog[open] [data-action='result-send']:focus")
    assert "primary" not in ben.get_attribute("[data-action='result-rematch']", "class")
    open_link(ana, sent_link(ben, "result-send"))
    ana.wait_for_selector("#result-dialog[open]:has-text('Ben resigned.')")
    assert ana.locator("[data-action='result-send']").count() == 0  # nothing left to send
    # Ana's rematch: she moves to the second seat, Ben to the first, under their names
    ana.click("[data-action='result-rematch']")
    ana.wait_for_function("(id) => nibbleApp.state.link && nibbleApp.state.link.id !== id"
                          " && nibbleApp.state.record.moves.length === 0", arg=first_id)
    link = ana.evaluate("() => nibbleApp.state.link")
    assert link["me"] == 1 and link["names"] == ["Ben", "Ana"], link
    # Ben moves first: Ana sends him the new board, which opens as a new game of his
    ana.wait_for_selector("#link-turn:not([hidden])")
    open_link(ben, sent_link(ana))
    assert ben.evaluate("() => nibbleApp.state.link") == {**link, "me": 0}
    assert ben.evaluate("() => nibbleApp.state.view.to_move") == 0
    assert ben.locator(SELECTABLE).count() > 0  # his turn, on his board
    assert len(games(ben)) == 2 and len(games(ana)) == 2
    assert ana_rec.errors == [] and ben_rec.errors == []


# while the engine starts: was a board on screen, and could it be picked on?
EARLY = """(() => {
  const seen = (window.__early = {board: false, selectable: false});
  const check = () => {
    const html = document.documentElement;
    if (!html) return requestAnimationFrame(check); // (no <html> yet)
    if (html.dataset.engine === "ready") return;
    const cell = document.querySelector("[data-cell]");
    if (html.dataset.painted === "early" && cell) seen.board = true;
    if (document.querySelector("[data-cell][data-selectable='true']")) seen.selectable = true;
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();"""


def test_the_friends_move_opens_on_the_board_already_there(make_page):
    ana, ana_rec, ben, ben_rec, first = first_link_game(make_page)
    take_first(ben)
    reply = sent_link(ben)
    # Ana opens Ben's move in a new tab: her game's board at once, not a loading card,
    # and no pick on it until Ben's move is in
    ana.context.add_init_script(EARLY)
    tab = ana.context.new_page()
    tab.goto(reply)
    wait_engine(tab)
    tab.wait_for_function("() => !location.hash")
    assert tab.evaluate("() => window.__early") == {"board": True, "selectable": False}
    assert moves(tab) == moves(ben)
    assert len(games(tab)) == 1
    assert "You" in tab.text_content("#status-text")
    assert ana_rec.errors == [] and ben_rec.errors == []
