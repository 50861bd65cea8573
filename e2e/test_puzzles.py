"""Puzzles in the page (issue 45; web/puzzles/, web/rooms/puzzle.js, web/view/puzzle.js),
driven as a player does: the right line solves and moves the rating once, a wrong move
is said and can be taken back, the solution plays the line, the puzzle of the day is the
same in two profiles, a streak ends at the first miss, a link opens a puzzle, and the
game underneath is unchanged after all of it."""

from __future__ import annotations

import pytest
from conftest import AXE, axe_violations, shipped_puzzles, wait_idle

from nibble.core.record import replay

PUZZLES = shipped_puzzles("nibble-square9")
#: a puzzle with two solver moves and a reply between them, and one of one move
LONG = next(p for p in sorted(PUZZLES, key=lambda p: p["id"]) if len(p["line"]) == 3)
SHORT = next(p for p in sorted(PUZZLES, key=lambda p: p["id"]) if len(p["line"]) == 1)


def wait_state(page, state: str) -> None:
    page.wait_for_selector(f"html[data-mode='puzzle'][data-puzzle-state='{state}']")
    wait_idle(page)


def solver_to_move(page) -> None:
    page.wait_for_function(
        "() => { const p = window.nibbleApp.puzzles.current;"
        " return p && p.phase === 'solving' && p.view.to_move === p.entry.solver; }")
    wait_idle(page)


def play(page, move: str) -> None:
    """A move made as a player makes it: its button (a move not made on the board, the
    swap), or its cells on the board (the last one again until it is this move's path,
    when several lead there), then Confirm."""
    button = page.locator(f"#move-actions [data-move='{move}']")
    if button.count():
        button.click()
        return
    chosen = page.evaluate("(m) => window.nibbleApp.state.picker.forMove(m)", move)
    cells = chosen and chosen.get("pick")
    assert cells, move
    for cell in [*cells, *[cells[-1]] * chosen["choice"]]:
        page.click(f"#board [data-cell='{cell}']")
    confirm = page.locator("[data-action='confirm']:not([disabled])")
    if confirm.count():
        confirm.click()


def rating(page) -> int:
    return int(page.get_attribute("[data-puzzle-rating]", "data-puzzle-rating"))


def solve(page, puzzle: dict) -> None:
    """The solver's moves of the line; the page plays the replies."""
    line, solver = puzzle["line"], puzzle["solver"]
    state = replay(puzzle["record"])
    for move in line:
        mover = state.to_move
        state.push(state.parse_move(move))
        if mover == solver:
            solver_to_move(page)
            play(page, move)


def a_wrong_move(puzzle: dict) -> str:
    """A legal move other than the line's first that does not win the game at once."""
    state = replay(puzzle["record"])
    for move in state.legal_moves():
        text = state.move_to_str(move)
        state.push(move)
        wins = state.is_over()
        state.pop()
        if text != puzzle["line"][0] and not wins:
            return text
    raise AssertionError("no wrong move")


def test_the_line_solves_and_the_rating_moves_once_and_the_game_stays(make_page, site):
    page, recorder = make_page()
    game = page.evaluate("() => window.nibbleApp.state.record.moves.join(' ')")
    page.click("[data-action='puzzles']")
    wait_state(page, "solving")
    assert page.get_attribute("html", "data-puzzle-id")
    assert rating(page) == 1500
    # the board is the puzzle's, the status line asks for the move
    assert "one good move" in page.inner_text("#status-text")
    # the page does not give the rating or themes away before the end
    assert not page.locator("[data-puzzle-about]").count()
    page.goto(site.url + f"?puzzle={LONG['id']}")
    wait_state(page, "solving")
    assert page.get_attribute("html", "data-puzzle-id") == LONG["id"]
    assert f"puzzle={LONG['id']}" in page.url  # a reload opens it again
    solve(page, LONG)
    wait_state(page, "solved")
    after = rating(page)
    assert after > 1500
    assert page.locator("[data-puzzle-about]").count()
    # the same puzzle again: solved, but its first try was counted already
    page.goto(site.url + f"?puzzle={LONG['id']}")
    wait_state(page, "solving")
    solve(page, LONG)
    wait_state(page, "solved")
    assert rating(page) == after
    # back to the game: as it was, the address without the puzzle
    page.click("#review-back")
    page.wait_for_selector("html[data-mode='play']")
    assert page.evaluate("() => window.nibbleApp.state.record.moves.join(' ')") == game
    assert "puzzle=" not in page.url
    assert recorder.errors == []


def test_a_wrong_move_is_said_taken_back_and_the_solution_shown(make_page):
    page, recorder = make_page(f"?puzzle={LONG['id']}")
    wait_state(page, "solving")
    wrong = a_wrong_move(LONG)
    play(page, wrong)
    wait_state(page, "failed")
    assert f"Not this one: {wrong}" in page.inner_text("#status-text")
    assert rating(page) < 1500  # the first try is lost
    lost = rating(page)
    # the wrong move is on the board; Try again takes it back
    assert page.evaluate("() => window.nibbleApp.puzzles.current.record.moves.at(-1)") == wrong
    page.click("[data-action='puzzle-retry']")
    wait_state(page, "solving")
    back = page.evaluate("() => window.nibbleApp.puzzles.current.record.moves.length")
    assert back == len(LONG["record"]["moves"])
    # a hint shows a cell of the move, then the solution plays the whole line
    page.click("[data-action='puzzle-hint']")
    page.wait_for_selector("#board .ov-best", state="attached")
    page.click("[data-action='puzzle-solution']")
    page.wait_for_function("() => window.nibbleApp.puzzles.current.phase === 'shown'")
    moves = page.evaluate("() => window.nibbleApp.puzzles.current.record.moves")
    assert moves[len(LONG["record"]["moves"]):] == LONG["line"]
    assert page.get_attribute("html", "data-puzzle-state") == "failed"
    assert rating(page) == lost  # counted once
    # the missed puzzle is offered again
    page.wait_for_selector(f"[data-action='puzzle-replay'][data-replay='{LONG['id']}']")
    # in another language the status line, Next and the panel are said again in it (they
    # stayed English)
    page.evaluate("() => { const s = document.getElementById('language'); s.value = 'uk';"
                  " s.dispatchEvent(new Event('change', {bubbles: true})); }")
    page.wait_for_function("() => document.querySelector('#status-text').textContent"
                           ".startsWith('Розв’язок:')")
    assert page.inner_text("[data-action='puzzle-next']") == "Наступна задача"
    assert "Your puzzle rating" not in page.inner_text("#puzzle-panel")
    assert recorder.errors == []


def test_the_puzzle_of_the_day_is_the_same_in_two_profiles(make_page):
    ids = []
    for _ in range(2):
        page, recorder = make_page()
        page.click("[data-action='puzzles']")
        wait_state(page, "solving")
        page.click("[data-action='puzzle-daily']")
        page.wait_for_function("() => window.nibbleApp.puzzles.current?.kind === 'daily'")
        wait_state(page, "solving")
        ids.append(page.get_attribute("html", "data-puzzle-id"))
        date = page.evaluate("() => window.nibbleApp.puzzles.current.date")
        assert page.locator(".puzzle-kind").inner_text().startswith("Puzzle of the day")
        assert recorder.errors == []
    assert ids[0] == ids[1]
    # chosen by the date alone: FNV-1a of "<date>|<board>" over the ids in order
    h = 0x811C9DC5
    for ch in f"{date}|nibble-square9":
        h = ((h ^ ord(ch)) * 0x01000193) & 0xFFFFFFFF
    ordered = sorted(p["id"] for p in PUZZLES)
    assert ids[0] == ordered[h % len(ordered)]


def test_a_streak_ends_at_the_first_miss_and_keeps_the_best(make_page):
    page, recorder = make_page()
    page.click("[data-action='puzzles']")
    wait_state(page, "solving")
    page.click("[data-action='puzzle-streak']")
    page.wait_for_function("() => window.nibbleApp.puzzles.current?.kind === 'streak'")
    wait_state(page, "solving")
    first = page.evaluate("() => window.nibbleApp.puzzles.current.entry")
    solve(page, first)
    wait_state(page, "solved")
    assert "Streak: 1" in page.inner_text("#status-text")
    page.click("[data-action='puzzle-next']")
    page.wait_for_function("(id) => window.nibbleApp.puzzles.current?.entry.id !== id",
                           arg=first["id"])
    wait_state(page, "solving")
    second = page.evaluate("() => window.nibbleApp.puzzles.current.entry")
    assert second["rating"] >= first["rating"]  # rising
    play(page, a_wrong_move(second))
    wait_state(page, "failed")
    assert "streak ends at 1" in page.inner_text("#status-text")
    assert page.evaluate("() => window.nibbleApp.puzzles.profile.streakBest") == 1
    assert rating(page) == 1500  # a streak is its own score
    assert recorder.errors == []


def test_damaged_puzzle_files_are_said_and_the_game_goes_on(make_page, site):
    page, recorder = make_page(None)
    # (the service worker answers the page's requests before any route could: the page's
    # own fetch is given a damaged file instead)
    page.add_init_script("""(() => {
      const real = window.fetch;
      window.fetch = (url, ...rest) => String(url).endsWith("puzzles/index.json")
        ? Promise.resolve(new Response("{not json", {status: 200})) : real(url, ...rest);
    })();""")
    page.goto(site.url)
    page.wait_for_selector("html[data-engine='ready']")
    wait_idle(page)
    page.click("[data-action='puzzles']")
    said = page.wait_for_selector("[data-message][data-key='puzzle.load']")
    assert "could not be loaded" in said.inner_text()
    assert page.get_attribute("html", "data-mode") == "play"
    assert page.locator("#board [data-cell][data-selectable='true']").count() > 0


def test_a_link_to_an_unknown_puzzle_is_said(make_page):
    page, recorder = make_page("?puzzle=000000000000")
    said = page.wait_for_selector("[data-message][data-key='puzzle.load']")
    assert "no puzzle" in said.inner_text()
    assert page.get_attribute("html", "data-mode") == "play"
    # one that cannot be an id at all
    page2, _ = make_page("?puzzle=%3Cscript%3E")
    said = page2.wait_for_selector("[data-message]")
    assert "no puzzle" in said.inner_text()
    assert page2.get_attribute("html", "data-mode") == "play"
    assert [e for e in recorder.errors] == []


def test_a_short_puzzle_by_keyboard(make_page):
    """Keyboard play as in a game: arrows to the cell, Enter to pick, Enter on Confirm."""
    page, recorder = make_page(f"?puzzle={SHORT['id']}")
    wait_state(page, "solving")
    cells = page.evaluate("(m) => window.nibbleApp.state.picker.forMove(m).pick", SHORT["line"][0])
    for cell in cells:
        page.focus(f"#board [data-cell='{cell}']")
        page.keyboard.press("Enter")
    confirm = page.locator("[data-action='confirm']:not([disabled])")
    if confirm.count():
        confirm.focus()
        page.keyboard.press("Enter")
    wait_state(page, "solved")
    assert recorder.errors == []


def test_axe_finds_nothing_in_puzzle_mode(new_context, site):
    """Light and dark on a desktop, and a phone, while solving and after a miss (the
    panel then lists the puzzle to try again)."""
    if not AXE.exists():
        pytest.skip("node_modules/axe-core is missing (run `npm ci`)")
    for viewport, scheme in (({"width": 1200, "height": 900}, "light"),
                             ({"width": 1200, "height": 900}, "dark"),
                             ({"width": 360, "height": 740}, "light")):
        context = new_context(bypass_csp=True, viewport=viewport, color_scheme=scheme)
        try:
            page = context.new_page()
            page.goto(site.url + f"?puzzle={LONG['id']}")
            wait_state(page, "solving")
            assert axe_violations(page) == [], (viewport, scheme, "solving")
            play(page, a_wrong_move(LONG))
            wait_state(page, "failed")
            assert axe_violations(page) == [], (viewport, scheme, "failed")
        finally:
            context.close()


def test_the_puzzles_are_of_the_board_shown(make_page):
    """A 13 x 13 game's Puzzles are 13 x 13 puzzles (each board its own file)."""
    page, recorder = make_page("?game=nibble&variant=square13&p1=human&p2=human")
    page.click("[data-action='puzzles']")
    wait_state(page, "solving")
    assert page.evaluate("() => window.nibbleApp.puzzles.current.board") == "nibble-square13"
    shown = page.evaluate("() => window.nibbleApp.puzzles.current.record.options.variant")
    assert shown == "square13"
    assert recorder.errors == []


def test_a_computer_stopped_by_a_puzzle_plays_on_once_back(make_page):
    """Puzzles opened while the computer thinks: its search stops (the puzzle has the
    processor), and back in the game it answers the move it owes."""
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=expert")
    page.click("#board [data-cell][data-selectable='true'] >> nth=0")
    page.click("[data-action='confirm']:not([disabled])")
    page.wait_for_selector("html[data-thinking='true']")  # expert thinks for 5 s
    page.click("[data-action='puzzles']")
    wait_state(page, "solving")
    assert page.evaluate("() => window.nibbleApp.state.record.moves.length") == 1
    page.click("#review-back")
    page.wait_for_selector("html[data-mode='play']")
    page.wait_for_function("() => window.nibbleApp.state.record.moves.length === 2",
                           timeout=60_000)
    wait_idle(page)
    assert recorder.errors == []


def test_the_puzzle_buttons_fit_a_phone_in_every_language(new_context, site):
    """360 px wide, in the longest language: every button under the board is whole on
    the screen, while solving and after a miss."""
    context = new_context(viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.goto(site.url + f"?lang=uk&puzzle={LONG['id']}")
        wait_state(page, "solving")
        outside = ("() => [...document.querySelectorAll('.pickbar button')]"
                   ".filter((b) => b.offsetParent)"
                   ".map((b) => b.getBoundingClientRect())"
                   ".filter((r) => r.left < 0 || r.right > window.innerWidth).length")
        assert page.evaluate(outside) == 0
        play(page, a_wrong_move(LONG))
        wait_state(page, "failed")
        assert page.evaluate(outside) == 0
    finally:
        context.close()


def test_the_tour_of_the_game_steps_aside_for_a_puzzle(make_page):
    """A first visit by a puzzle link: no offer of the game's tour over the puzzle; back
    in the game, it is offered."""
    page, recorder = make_page(f"?puzzle={SHORT['id']}", fresh=True)
    wait_state(page, "solving")
    page.wait_for_timeout(300)  # (a render or two after the puzzle)
    assert page.locator("[data-walkthrough]").count() == 0
    page.click("#review-back")
    page.wait_for_selector("[data-walkthrough][data-step='offer']")
    assert recorder.errors == []
