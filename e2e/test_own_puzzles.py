""""Your puzzles" in the page (issue 45 parts 6 and 7; web/puzzles/own.js,
web/store/own-puzzles.js): a mistake of yours in a finished game becomes a puzzle once the
engine confirms it has one good move (the judge op, in the background), comes back a day
later and then less often; the review keeps any position by hand; a personal puzzle
travels whole in a link's fragment, and a damaged one is said."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from conftest import wait_idle
from test_puzzles import PUZZLES, a_wrong_move, play, wait_state
from test_review import link, wait_ply

from nibble.api import handle

KEY = "nibble:/nibble/:own-puzzles"
DAY = 24 * 3600 * 1000
WAIT_MS = 240_000  # the game's analysis, both passes, then the check (a loaded machine)


def a_game_with_a_mistake() -> tuple[dict, dict, str]:
    """A finished game of two people: a shipped puzzle's start where its solver played
    another move (not winning at once), then easy moves to the end. Returns the record,
    the puzzle and the wrong move. The shortest such game of the earliest puzzles (the
    fewer positions, the sooner the analysis is settled)."""
    best = None
    for puzzle in sorted(PUZZLES, key=lambda p: (len(p["record"]["moves"]), p["id"]))[:30]:
        if len(puzzle["line"]) != 1:
            continue
        try:
            wrong = a_wrong_move(puzzle)
        except AssertionError:  # every other move wins at once
            continue
        answer = handle({"op": "play", "record": puzzle["record"], "move": wrong})
        record, view = answer["record"], answer["view"]
        while not view.get("result"):
            ai = handle({"op": "ai", "record": record, "level": "easy", "seed": 1,
                         "iterations": 50, "reuse": False})
            answer = handle({"op": "play", "record": record, "move": ai["move"]})
            record, view = answer["record"], answer["view"]
        if best is None or len(record["moves"]) < len(best[0]["moves"]):
            best = (record, puzzle, wrong)
    assert best is not None
    return best


def stored(page) -> list[dict]:
    return page.evaluate("(k) => JSON.parse(localStorage.getItem(k) || '{\"items\": []}').items",
                         KEY)


def make_due(page) -> None:
    page.evaluate(f"""() => {{ const data = JSON.parse(localStorage.getItem('{KEY}'));
        for (const item of data.items) item.due = Date.now() - 1;
        localStorage.setItem('{KEY}', JSON.stringify(data)); }}""")


def test_a_mistake_of_yours_comes_back_as_a_puzzle_then_less_often(make_page):
    record, puzzle, wrong = a_game_with_a_mistake()
    expected = handle({"op": "judge", "record": puzzle["record"]})  # as the page asks it
    assert expected["puzzle"] and expected["move"] == puzzle["line"][0]
    page, recorder = make_page(link(record, ["human", "human"]))
    start = len(puzzle["record"]["moves"])
    page.wait_for_function(
        f"""(n) => {{ const data = JSON.parse(localStorage.getItem('{KEY}') || 'null');
            return !!data && data.items.some(
              (i) => i.record.moves.length === n && i.status !== 'pending'); }}""",
        arg=start, timeout=WAIT_MS)
    item = next(i for i in stored(page) if len(i["record"]["moves"]) == start)
    assert item["status"] == "ready" and item["origin"] == "game"
    assert item["record"]["moves"] == puzzle["record"]["moves"]
    assert (item["solver"], item["played"]) == (puzzle["solver"], wrong)
    assert item["line"] == [expected["move"]]
    # not yet: it comes back a day later
    assert item["due"] - item["added"] == DAY
    page.click("[data-action='puzzles']")
    wait_state(page, "solving")
    section = page.locator("[data-own-puzzles]")
    assert section.get_attribute("data-own-due") == "0"
    assert "Coming back later" in section.inner_text()
    page.click("#review-back")
    # a day later (the store's clock moved on): offered, and found at the first try
    make_due(page)
    page.click("[data-action='puzzles']")
    wait_state(page, "solving")
    assert int(page.get_attribute("[data-own-puzzles]", "data-own-due")) >= 1
    rating = page.get_attribute("[data-puzzle-rating]", "data-puzzle-rating")
    page.click("[data-action='puzzle-own']")
    page.wait_for_function("() => window.nibbleApp.puzzles.current?.kind === 'own'")
    wait_state(page, "solving")
    first = page.evaluate("() => window.nibbleApp.puzzles.current.entry")
    play(page, first["line"][0])
    wait_state(page, "solved")
    assert page.inner_text("#status-text").startswith("Found!")
    again = next(i for i in stored(page) if i["id"] == first["id"])
    assert again["stage"] == 1 and again["due"] > item["due"] + 6 * DAY  # a week later
    # unrated: the puzzle rating did not move
    assert page.get_attribute("[data-puzzle-rating]", "data-puzzle-rating") == rating
    # shared: the link holds the whole position, and opens it on another device
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#puzzle-panel [data-action='share']")
    page.wait_for_function("() => navigator.clipboard.readText().then((t) => t.includes('#own='))")
    url = urlsplit(page.evaluate("navigator.clipboard.readText()"))
    assert "puzzle=own" in url.query and len(url.fragment) < 4000
    other, other_recorder = make_page(f"?{url.query}#{url.fragment}")
    other.wait_for_function("() => window.nibbleApp.puzzles.current?.kind === 'shared'")
    wait_state(other, "solving")
    play(other, first["line"][0])
    wait_state(other, "solved")
    # and Next goes on with a rated puzzle (not the link's fragment again)
    other.click("#puzzle-card [data-action='puzzle-next']")
    other.wait_for_function("() => window.nibbleApp.puzzles.current?.kind === 'rated'")
    wait_state(other, "solving")
    other.click("#review-back")
    other.wait_for_function("() => document.documentElement.dataset.mode !== 'puzzle'")
    assert "own=" not in other.url  # a reload shows the game, not the link's puzzle
    assert recorder.errors == [] and other_recorder.errors == []


def test_practise_this_position_later_keeps_the_position_shown(make_page):
    record, puzzle, _ = a_game_with_a_mistake()
    page, recorder = make_page(link(record, ["human", "human"]))
    button = page.locator("[data-action='practise-later']")
    assert button.is_hidden()  # the game's end: nothing to find
    target = len(puzzle["record"]["moves"])
    page.click("[data-action='review-first']")
    for _ in range(target):
        page.click("[data-action='review-next']")
    # the board catches up with the clicks (positions not in memory come from the engine,
    # behind the analysis's first pass): the position shown is the one kept
    wait_ply(page, target)
    page.wait_for_function("(n) => window.nibbleApp.analysis.at(n)?.best", arg=target,
                           timeout=60_000)
    wait_idle(page)
    page.wait_for_selector("[data-action='practise-later']:not([hidden])")
    best = page.evaluate("(n) => window.nibbleApp.analysis.at(n).best", target)
    page.click("[data-action='practise-later']")
    page.wait_for_selector("[data-message]:has-text('Kept in your puzzles')")
    item = next(i for i in stored(page) if i["origin"] == "review")
    assert item["record"]["moves"] == record["moves"][:target]
    assert (item["status"], item["line"], item["solver"]) == ("ready", [best], puzzle["solver"])
    page.click("[data-action='practise-later']")
    page.wait_for_selector("[data-message]:has-text('already in your puzzles')")
    assert len([i for i in stored(page) if i["origin"] == "review"]) == 1
    assert recorder.errors == []


@pytest.mark.parametrize("fragment", ["own=%%%", "own=" + "A" * 40, "nothing=1"])
def test_a_damaged_personal_puzzle_link_is_said_and_the_game_stays(make_page, fragment):
    page, recorder = make_page(f"?puzzle=own#{fragment}")
    page.wait_for_selector("[data-message='error']")
    assert "This puzzle link is damaged" in page.inner_text("[data-message='error']")
    assert page.get_attribute("html", "data-mode") != "puzzle"
    assert recorder.errors == []


def test_a_personal_link_whose_moves_are_not_legal_is_refused_by_the_engine(make_page):
    import base64
    bad = {"record": {**PUZZLES[0]["record"], "moves": [*PUZZLES[0]["record"]["moves"][:3], "z9"]},
           "solver": 0, "line": ["a1"]}
    raw = base64.urlsafe_b64encode(json.dumps(bad).encode()).decode().rstrip("=")
    page, recorder = make_page(f"?puzzle=own#own={raw}")
    page.wait_for_selector("[data-message='error']")
    assert "could not be loaded" in page.inner_text("[data-message='error']")
    assert page.get_attribute("html", "data-mode") != "puzzle"
    assert recorder.errors == []


def test_the_pegs_other_path_to_the_same_hole_is_the_lines_move(make_page):
    """Number One: two paths of a peg to one hole reach one position, so a puzzle takes
    either (the line names one); a move to another hole is still not it."""
    import base64

    answer = handle({"op": "new", "game": "number-one", "options": {"players": 2, "seed": 3}})
    record, view = answer["record"], answer["view"]
    by_landing: dict[str, list[str]] = {}
    for move in view["legal_moves"]:
        parts = move.rstrip("*").split("-")
        by_landing.setdefault(f"{parts[0]}-{parts[1]}-{parts[-1]}", []).append(move)
    line, twin = next(moves for moves in by_landing.values() if len(moves) > 1)[:2]
    elsewhere = next(m for m in view["legal_moves"] if m not in by_landing[
        next(k for k, v in by_landing.items() if line in v)])
    raw = base64.urlsafe_b64encode(json.dumps(
        {"record": record, "solver": 0, "line": [line]}).encode()).decode().rstrip("=")
    page, recorder = make_page(f"?puzzle=own#own={raw}")
    wait_state(page, "solving")
    play(page, elsewhere)
    wait_state(page, "failed")
    assert page.inner_text("#status-text").startswith(f"Not this one: {elsewhere}")
    page.click("[data-action='puzzle-retry']")
    wait_state(page, "solving")
    play(page, twin)
    wait_state(page, "solved")
    assert page.evaluate("() => window.nibbleApp.puzzles.current.record.moves") == [twin]
    assert page.inner_text("#status-text").startswith("Solved!")  # (a shared puzzle: unrated)
    assert recorder.errors == []
