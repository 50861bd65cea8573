"""Puzzle mode on every game that ships puzzles (issue 45; the shell is one for all games):
from a game of that game, Puzzles opens one of its board; a wrong move is said and taken
back, the line solves it (captures by their rectangle, a swap by its button, Number
One's turn peg by peg with the replies played by the page), and the rating moves once."""

from __future__ import annotations

import pytest
from conftest import shipped_puzzles, wait_idle
from test_puzzles import a_wrong_move, play, rating, solver_to_move, wait_state

from nibble.core.record import replay

#: a game of people on each board that has puzzles, Nibble's aside (e2e/test_puzzles.py)
GAMES = {
    "nebuchadnezzar-size7": "?game=nebuchadnezzar&size=7&p1=human&p2=human",
    "nebuchadnezzar-size9": "?game=nebuchadnezzar&size=9&p1=human&p2=human",
    "number-one-players2": "?game=number-one&players=2&p1=human&p2=human",
    "number-one-players3": "?game=number-one&players=3&p1=human&p2=human&p3=human",
}
BOARDS = [b for b in GAMES if shipped_puzzles(b)]


@pytest.mark.parametrize("board", BOARDS)
def test_a_puzzle_of_each_game_is_missed_then_solved(make_page, board):
    page, recorder = make_page(GAMES[board])
    if page.locator("[data-action='walkthrough-close']").count():
        page.click("[data-action='walkthrough-close']")
    game = page.evaluate("() => JSON.stringify(window.nibbleApp.state.record)")
    page.click("[data-action='puzzles']")
    wait_state(page, "solving")
    shown = page.evaluate("() => window.nibbleApp.puzzles.current")
    assert shown["board"] == board
    puzzle = next(p for p in shipped_puzzles(board) if p["id"] == shown["entry"]["id"])
    assert board.startswith(puzzle["game"])
    before = rating(page)
    # a wrong move: said, then taken back
    wrong = a_wrong_move(puzzle)
    play(page, wrong)
    wait_state(page, "failed")
    said = page.inner_text("#status-text")
    if puzzle["game"] == "number-one":  # the peg's move in words beside its notation
        peg = {"S": "small peg", "M": "medium peg", "L": "large peg"}[wrong[0]]
        assert said.startswith((f"Not this one: {wrong} ({peg} from ",
                                f"Not this one: {wrong} (the {peg} on ")), said
    else:
        assert said.startswith(f"Not this one: {wrong}."), said
    assert rating(page) < before  # the first try counted, once
    missed = rating(page)
    page.click("[data-action='puzzle-retry']")
    wait_state(page, "solving")
    # the line: the solver's moves on the board, the page's replies between them
    state = replay(puzzle["record"])
    for move in puzzle["line"]:
        mover = state.to_move
        state.push(state.parse_move(move))
        if mover == puzzle["solver"]:
            solver_to_move(page)
            play(page, move)
    wait_state(page, "solved")
    assert rating(page) == missed  # solved after a miss: the rating stays
    page.click("#review-back")
    page.wait_for_function("() => document.documentElement.dataset.mode !== 'puzzle'")
    wait_idle(page)
    assert page.evaluate("() => JSON.stringify(window.nibbleApp.state.record)") == game
    assert recorder.errors == []
