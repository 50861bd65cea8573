"""Nebuchadnezzar and Number One in a real Chromium, played by clicks on the built site
served under /nibble/, through the same shell and hooks as Nibble."""

from __future__ import annotations

import base64
import json

from conftest import wait_engine, wait_idle

SELECTABLE = "[data-cell][data-selectable='true']"
CONFIRM = "[data-action='confirm']"


def ply(page) -> int:
    return int(page.get_attribute("html", "data-ply") or 0)


def over(page) -> bool:
    return page.locator("[data-result]").count() > 0


def wait_ply(page, at_least: int, timeout: int = 30_000) -> None:
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.ply) >= {at_least}"
        " || document.querySelector('[data-result]') !== null",
        timeout=timeout,
    )
    wait_idle(page)


def selectable(page) -> list[str]:
    return page.eval_on_selector_all(SELECTABLE, "els => els.map(e => e.dataset.cell)")


# --- Nebuchadnezzar -----------------------------------------------------------------------


def neb_move(page, prefer_capture: bool = True) -> str:
    """One move by clicks: swap when offered at move 2, else a capture (click one of its
    discs, then Confirm), else a placement (one click). Returns what was played."""
    before = ply(page)
    if page.locator("[data-action='swap']").count():
        page.click("[data-action='swap']")
        wait_ply(page, before + 1)
        return "swap"
    cells = selectable(page)
    discs = page.eval_on_selector_all(
        SELECTABLE + "[data-empty='false']", "els => els.map(e => e.dataset.cell)")
    if prefer_capture and discs:
        page.click(f"[data-cell='{discs[0]}']")
        page.wait_for_selector(f"{CONFIRM}:not([disabled])")
        page.click(CONFIRM)
        wait_ply(page, before + 1)
        return "capture"
    empty = [c for c in cells if c not in discs]
    page.click(f"[data-cell='{empty[len(empty) // 2]}']")
    wait_ply(page, before + 1)
    return "place"


def test_nebuchadnezzar_whole_game_by_clicks_with_swap_and_captures(make_page):
    page, recorder = make_page("?game=nebuchadnezzar&size=6&p1=human&p2=human")
    assert page.locator("[data-cell]").count() == 36
    assert page.get_attribute("svg.board", "data-style") == "points"
    played = []
    for _ in range(400):
        if over(page):
            break
        if not selectable(page) and not page.locator("[data-action='swap']").count():
            # a forced pass is played for the player, and said
            page.wait_for_selector("[data-message][data-key='forced']", state="attached")
            wait_ply(page, ply(page) + 1)
            continue
        played.append(neb_move(page))
    assert over(page), played
    assert played[1] == "swap"
    assert "capture" in played
    result = page.locator("[data-result]")
    assert result.get_attribute("data-result") in ("annihilation", "blocked", "repetition")
    assert result.get_attribute("data-winner") in ("0", "1", "")
    assert page.is_visible("#result-dialog")
    moves = page.eval_on_selector_all("#move-list .move-text", "els => els.map(e => e.textContent)")
    assert moves[1] == "swap" and any(m.startswith("x") for m in moves)
    assert recorder.errors == []


def test_nebuchadnezzar_against_the_computer_and_a_reload_keeps_it(make_page):
    page, recorder = make_page("?game=nebuchadnezzar&size=9&p1=human&p2=ai&level=easy")
    assert page.locator("[data-cell]").count() == 81
    neb_move(page, prefer_capture=False)
    wait_ply(page, 2)  # the computer answered (or swapped)
    neb_move(page)
    wait_ply(page, 4)
    moves = page.eval_on_selector_all("#move-list .move-text", "els => els.map(e => e.textContent)")
    page.reload()
    wait_engine(page)
    after = page.eval_on_selector_all("#move-list .move-text", "els => els.map(e => e.textContent)")
    assert after == moves and ply(page) == len(moves)
    assert recorder.errors == []


def test_nebuchadnezzar_a_hint_to_place_shows_its_point_and_says_place(make_page):
    """A hint that places a disc rings its empty point and its button says Place: the point
    had no mark at all (only points a click may take were ringed), and the button said
    Capture."""
    page, recorder = make_page("?game=nebuchadnezzar&size=7&p1=human&p2=ai&level=easy")
    page.click("[data-action='hint']")
    page.wait_for_function("() => /Suggested: .+ %/.test("
                           "document.querySelector('#status-text').textContent)")
    point = page.locator("[data-cell][data-picked='true']")
    assert point.count() == 1 and point.get_attribute("data-empty") == "true"
    ring = point.locator(".mark")
    assert ring.evaluate("(e) => getComputedStyle(e).display") != "none"
    box = ring.bounding_box()
    assert box and box["width"] > 10, box
    assert page.locator(f"{CONFIRM}:not([disabled])").inner_text().strip() == "Place"
    cell = point.get_attribute("data-cell")
    page.click(CONFIRM)
    wait_ply(page, 1)
    assert page.get_attribute(f"[data-cell='{cell}']", "data-empty") == "false"
    assert recorder.errors == []


def test_nebuchadnezzar_refuses_a_restricted_point_in_words(make_page):
    page, _ = make_page("?game=nebuchadnezzar&size=6&p1=human&p2=human")
    page.click("[data-cell='c3']")
    wait_ply(page, 1)
    # d3 touches exactly one enemy disc (c3) and three empty points: not selectable
    cell = page.locator("[data-cell='d3']")
    assert cell.get_attribute("data-selectable") == "false"
    assert page.locator("[data-cell='a1']").get_attribute("data-selectable") == "true"


# Black to move has no legal move (the board is full and no rectangle is Black's to take);
# after the pass White can capture the single black disc a1.
FORCED_PASS = {"format": "nibble-record/1", "game": "nebuchadnezzar", "options": {"size": 6},
               "setup": "neb6:bwwwww/wwwwww/bbbwwb/bbbwww/bbbwwb/bbbbwb b", "moves": []}


def status_text(page) -> str:
    return page.text_content("#status-text") or ""


def test_nebuchadnezzar_forced_pass_is_said_on_the_status_line_naming_the_player(make_page):
    payload = json.dumps({"record": FORCED_PASS, "seats": ["human", "human"]}).encode()
    page, recorder = make_page("#record=" + base64.urlsafe_b64encode(payload).decode().rstrip("="))
    # before it is played for them, and after: the status line (in view, by the board) and
    # the panel say who passed, in "name: …" phrasings
    page.wait_for_function("() => document.documentElement.dataset.ply === '1'"
                           " || /no legal move, so the turn passes/.test("
                           "document.getElementById('status-text').textContent)")
    wait_ply(page, 1)
    assert status_text(page).startswith("Player 1: no legal move, passed. Player 2 (White):")
    box = page.locator("#status-text").bounding_box()
    assert box and box["y"] + box["height"] <= page.viewport_size["height"]
    assert "Player 1: no legal move, passed." in page.text_content("#game-panel")
    page.wait_for_selector("[data-message][data-key='forced']", state="attached")
    # a capture of one disc is said in the singular
    page.click("[data-cell='a1']")
    page.wait_for_selector(f"{CONFIRM}:not([disabled])")
    assert status_text(page) == "Capture xa1:a1: 1 disc changes colour. Confirm to capture."
    page.click(CONFIRM)
    wait_ply(page, 2)
    # the pass's notice is gone once the game moved on past it
    assert page.locator("[data-message][data-key='forced']").count() == 0
    # the last move: a small circle inside the disc (the walls and captures ring discs)
    a1 = page.locator("[data-cell='a1']")
    assert a1.get_attribute("data-marked") == "true"
    assert a1.locator(".last").evaluate("e => getComputedStyle(e).display") != "none"
    legend = "[data-legend='nebuchadnezzar'] .cell[data-marked='true'] .last"
    assert page.locator(legend).count() == 1
    assert recorder.errors == []


# the page is kept busy from the moment the game is open until the test lets it go
HOLD_BUSY = """
const hold = setInterval(() => {
  const app = window.nibbleApp;
  // (the document may have no <html> yet: an init script runs as the document is made)
  const ready = document.documentElement?.dataset.engine === "ready";
  if (!app || !app.state.record || !ready || app.state.busy) return;
  clearInterval(hold);
  app.state.busy = true;
  window.heldBusy = true;
}, 5);
"""


def test_a_forced_pass_waits_for_a_busy_page_and_is_played_after(make_page, site):
    """The pass used to be tried once, 900 ms after the position was shown, and dropped
    for good when the page was busy then: the game waited forever for a move nobody
    could make."""
    payload = json.dumps({"record": FORCED_PASS, "seats": ["human", "human"]}).encode()
    page, recorder = make_page(None)
    page.add_init_script(HOLD_BUSY)
    page.goto(site.url + "#record=" + base64.urlsafe_b64encode(payload).decode().rstrip("="))
    page.wait_for_function("() => window.heldBusy === true", timeout=120_000)
    page.wait_for_timeout(2_000)  # the first try, and some more, while busy
    assert ply(page) == 0
    page.evaluate("() => { window.nibbleApp.state.busy = false; }")
    wait_ply(page, 1)
    assert status_text(page).startswith("Player 1: no legal move, passed.")
    assert recorder.errors == []


# --- Number One -----------------------------------------------------------------------------


def one_peg_move(page) -> None:
    """One peg's move by clicks: a peg, then a hole (Confirm when several paths lead there
    or the peg must leave the board)."""
    before = ply(page)
    pegs = selectable(page)
    page.click(f"[data-cell='{pegs[0]}']")
    holes = selectable(page)
    if holes:
        page.click(f"[data-cell='{holes[-1]}']")
    # played at once, or waiting for Confirm (two paths, or the peg leaves the board)
    page.wait_for_function(
        f"() => Number(document.documentElement.dataset.ply) > {before}"
        " || !document.querySelector(\"[data-action='confirm']\").disabled")
    if ply(page) == before and page.is_enabled(CONFIRM):
        page.click(CONFIRM)
    wait_ply(page, before + 1)


def test_number_one_three_players_one_human_two_computers_to_the_result(make_page):
    page, recorder = make_page("?game=number-one&players=3&p1=human&p2=ai&p3=ai&level=random")
    cells = page.locator("[data-cell]")
    assert cells.count() == 91
    assert page.get_attribute("svg.board", "data-style") == "holes"
    assert page.locator("[data-cell][data-selectable='true']").count() == 3  # my three pegs
    # a peg that can move wears the dashed "can move" ring, not a landing mark
    assert page.locator(f"{SELECTABLE}[data-target]").count() == 0
    dash = "e => getComputedStyle(e.querySelector('.mark')).strokeDasharray"
    assert page.locator(SELECTABLE).first.evaluate(dash) not in ("", "none")
    # once a peg is picked, every hole it reaches is marked as a token or an empty hole
    page.click(f"[data-cell='{selectable(page)[0]}']")
    holes = page.eval_on_selector_all(SELECTABLE, "els => els.map(e => e.dataset.target)")
    assert holes and set(holes) <= {"token", "empty"}
    page.click("[data-action='clear']")
    page.wait_for_function("() => document.querySelectorAll("
                           "\"[data-cell][data-selectable='true']\").length === 3")
    for _ in range(300):
        if over(page):
            break
        wait_idle(page)
        if over(page):
            break
        if selectable(page):
            one_peg_move(page)
        else:
            page.wait_for_timeout(100)
    assert over(page)
    result = page.locator("[data-result]")
    assert result.get_attribute("data-result") == "last-standing"
    assert result.get_attribute("data-winner") in ("0", "1", "2")
    assert page.locator(".player-row.out").count() == 2
    assert recorder.errors == []


def test_number_one_two_players_against_hard_its_own_search_answers(make_page):
    """With two players hard plays Number One's own search (imported by name when first
    played, so the page's Python must hold it): it answers a whole turn, three pegs."""
    page, recorder = make_page("?game=number-one&players=2&p1=human&p2=ai&level=hard")
    for _ in range(3):
        one_peg_move(page)
    wait_ply(page, 6, timeout=60_000)
    assert ply(page) == 6 and selectable(page)  # my turn again
    assert recorder.errors == []


def test_number_one_four_players_hot_seat_with_undo(make_page):
    page, recorder = make_page("?game=number-one&players=4&p1=human&p2=human&p3=human&p4=human")
    assert page.locator("[data-cell][data-selectable='true']").count() == 3
    assert page.locator(".player-row").count() == 4
    boards = []
    for _ in range(12 + 3):  # four players' turns, three pegs each, then three more
        boards.append(page.eval_on_selector_all(
            "[data-cell]", "els => els.map(e => [e.dataset.empty, e.dataset.under].join())"))
        one_peg_move(page)
    assert ply(page) == 15
    assert page.get_attribute("#status", "data-seat") == "1"  # player 2's turn again
    for back in range(3):
        page.click("[data-action='undo']")
        page.wait_for_function(
            f"() => Number(document.documentElement.dataset.ply) === {14 - back}")
        wait_idle(page)
    now = page.eval_on_selector_all(
        "[data-cell]", "els => els.map(e => [e.dataset.empty, e.dataset.under].join())")
    assert now == boards[12]
    page.click("[data-action='redo']")
    page.wait_for_function("() => Number(document.documentElement.dataset.ply) === 13")
    assert recorder.errors == []
