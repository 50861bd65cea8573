"""Review and analysis in a real Chromium, for all three games: navigation by keys and
buttons, the advantage chart (one point per move, a click jumps), marks on a planted
blunder, continue from here, a hint that stops within 100 ms, learn from your mistakes.
Finished games are made here with the engine (random legal moves at fixed seeds) and
opened as shared links."""

from __future__ import annotations

import base64
import functools
import json
import random
from pathlib import Path

import pytest
from conftest import allow_engine_help, wait_engine, wait_idle

from nibble.ai.api import second_pass_iterations
from nibble.api import handle
from nibble.core.record import replay

TRUTH = Path(__file__).resolve().parent.parent / "tests" / "data" / "analysis_truth.json"
ANALYSED_MS = 120_000  # the first pass: ~0.3 s a position, slower on a busy machine
DEEP_MS = 1200  # the second pass's budget a position (web/review/analysis.js)


def random_game(game: str, options: dict, seed: int, stop_at: int | None = None) -> dict:
    """A record of random legal moves from a new game, to its end (or `stop_at` moves)."""
    rng = random.Random(seed)
    answer = handle({"op": "new", "game": game, "options": options})
    record, view = answer["record"], answer["view"]
    while not view.get("result") and (stop_at is None or len(record["moves"]) < stop_at):
        moves = legal_moves(record)
        answer = handle({"op": "play", "record": record, "move": rng.choice(moves)})
        record, view = answer["record"], answer["view"]
    return record


def legal_moves(record: dict) -> list[str]:
    state = replay(record)
    return [state.move_to_str(m) for m in state.legal_moves()]


def link(record: dict, seats: list[str]) -> str:
    payload = json.dumps({"record": record, "seats": seats}, separators=(",", ":"))
    return "#record=" + base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=")


def ply(page) -> int:
    return int(page.get_attribute("html", "data-ply") or 0)


def wait_ply(page, n: int) -> None:
    page.wait_for_function(f"() => document.documentElement.dataset.ply === '{n}'")


def wait_text(page, selector: str, text: str, timeout: int = 30_000) -> None:
    page.wait_for_function(
        "([s, t]) => (document.querySelector(s)?.textContent || '').includes(t)",
        arg=[selector, text], timeout=timeout)


def wait_analysed(page) -> None:
    page.wait_for_function(
        "() => document.documentElement.dataset.analysing === 'false'"
        " && document.querySelectorAll('[data-eval-point].pending').length === 0"
        " && document.querySelectorAll('[data-eval-point]').length > 0",
        timeout=ANALYSED_MS)


def wait_deep(page, plies: list[int]) -> None:
    """The positions after ``plies`` moves searched at the second pass's budget (or solved
    exactly), as the page leaves them after a few seconds without input."""
    page.wait_for_function(
        "([deep, plies]) => plies.every((p) => { const a = window.nibbleApp.analysis.at(p);"
        " return a && (a.exact || a.budget >= deep); })",
        arg=[DEEP_MS, plies], timeout=3 * ANALYSED_MS)


#: a game of random moves each: its seed chosen among the first 40 for a short game (44, 44
#: and 24 moves; 60, 48 and 50 with seed 11), since the page analyses every position first
GAMES = [
    ("nibble", {"variant": "square9", "seed": 5}, ["human", "human"], 28),
    ("nebuchadnezzar", {"size": 6}, ["human", "human"], 6),
    ("number-one", {"players": 3}, ["human", "human", "human"], 6),
]


@pytest.mark.parametrize("game,options,seats,seed", GAMES, ids=[g[0] for g in GAMES])
def test_review_a_finished_game_by_keys_buttons_and_the_chart(make_page, game, options, seats,
                                                              seed):
    record = random_game(game, options, seed=seed)
    n = len(record["moves"])
    page, recorder = make_page(link(record, seats))
    assert ply(page) == n
    wait_analysed(page)
    # one point per move, numbered 1..n
    points = page.eval_on_selector_all("[data-eval-graph] [data-eval-point]",
                                       "els => els.map(e => Number(e.dataset.ply))")
    assert points == list(range(1, n + 1))
    assert page.get_attribute("[data-eval-graph]", "aria-label")

    # keys, with the focus on the page (not the board: arrows move across its cells there)
    page.locator("#review-ply").click()
    page.keyboard.press("Home")
    wait_ply(page, 0)
    assert page.get_attribute("html", "data-reviewing") == "true"
    assert page.is_visible("#review-back")
    page.keyboard.press("ArrowRight")
    wait_ply(page, 1)
    page.keyboard.press("ArrowRight")
    wait_ply(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_ply(page, 1)
    page.keyboard.press("End")
    wait_ply(page, n)
    assert page.get_attribute("html", "data-reviewing") == "false"

    # the buttons
    page.click("[data-action='review-first']")
    wait_ply(page, 0)
    assert page.is_disabled("[data-action='review-prev']")
    page.click("[data-action='review-next']")
    wait_ply(page, 1)
    page.click("[data-action='review-last']")
    wait_ply(page, n)
    page.click("[data-action='review-prev']")
    wait_ply(page, n - 1)
    # the move list shows the move being reviewed
    assert page.get_attribute(f"#move-list [data-ply='{n - 1}']", "aria-current") == "step"

    # a click on the chart jumps to that move
    target = max(1, n // 2)
    page.click(f"[data-eval-point][data-ply='{target}']")
    wait_ply(page, target)
    assert page.get_attribute("[data-eval-graph]", "aria-valuenow") == str(target)
    page.keyboard.press("Escape")
    wait_ply(page, n)
    assert recorder.errors == []


def test_continue_from_here_starts_a_new_game_and_keeps_the_original(make_page):
    record = random_game("nibble", {"variant": "square9", "seed": 3}, seed=2, stop_at=8)
    page, recorder = make_page(link(record, ["human", "human"]))
    original = page.evaluate("() => window.nibbleApp.state.id")
    page.click("#move-list [data-ply='3']")
    wait_ply(page, 3)
    page.click("[data-action='continue-here']")
    page.wait_for_function("() => window.nibbleApp.state.record.moves.length === 3"
                           " && document.documentElement.dataset.reviewing === 'false'")
    wait_idle(page)
    assert page.evaluate("() => window.nibbleApp.state.id") != original
    assert page.evaluate("() => window.nibbleApp.state.record.moves") == record["moves"][:3]
    # the board is the game's again: a move can be made from there
    assert page.locator("[data-cell][data-selectable='true']").count() > 0
    # the original is kept, whole, in the library
    kept = page.evaluate("""(id) => Object.keys(localStorage)
        .filter(k => k.endsWith(':game:' + id)).map(k => JSON.parse(localStorage[k]))""", original)
    assert kept and kept[0]["record"]["moves"] == record["moves"]
    assert recorder.errors == []


@functools.cache
def blunder_record() -> tuple[dict, int]:
    """A Nibble game whose last move lets the opponent win at once where other moves would
    not have, from a position the engine does not count as lost already (so the drop in
    the mover's chances is large): the record and the blunder's ply."""
    rng = random.Random(4)
    for _attempt in range(100):
        record = handle({"op": "new", "game": "nibble",
                         "options": {"variant": "square9", "seed": 5}})["record"]
        state = replay(record)
        while state.result is None:
            losing, safe = split_moves(state)
            if losing and len(safe) >= 3 and not_lost(record, state.to_move):
                    blunder = {**record, "moves": [*record["moves"], state.move_to_str(losing[0])]}
                    return blunder, len(blunder["moves"])
            move = rng.choice(state.legal_moves())
            record = {**record, "moves": [*record["moves"], state.move_to_str(move)]}
            state.push(move)
    raise AssertionError("no position with a blunder found")


def not_lost(record: dict, seat: int) -> bool:
    """The engine does not see `seat` lost: a short search, then one longer than the
    page's (the page must see the drop, not a position lost already)."""
    for budget in ({"iterations": 3000}, {"budget_ms": 2000}):
        before = handle({"op": "analyse", "record": record, "seed": 1, **budget})
        if before["exact"] or before["chances"][seat] < 0.45:
            return False
    return True


def split_moves(state) -> tuple[list, list]:
    """The moves after which the opponent can win at once, and the others ([], [] when the
    mover can win at once: no blunder to plant there)."""
    losing, safe = [], []
    for move in state.legal_moves():
        state.push(move)
        try:
            if state.result is not None:
                return [], []
            opponent = state.to_move
            (losing if any(wins_at_once(state, reply, opponent) for reply in state.legal_moves())
             else safe).append(move)
        finally:
            state.pop()
    return losing, safe


def wins_at_once(state, move, seat: int) -> bool:
    state.push(move)
    try:
        return state.result is not None and state.result.winner == seat
    finally:
        state.pop()


def test_a_planted_blunder_is_marked_with_the_better_move(make_page):
    record, at = blunder_record()
    # a reply after it, so that the blunder is reviewed (not the game's own position)
    reply = legal_moves(record)[0]
    record = {**record, "moves": [*record["moves"], reply]}
    page, recorder = make_page(link(record, ["human", "human"]))
    allow_engine_help(page)  # a game of people still going on: marks only for teaching
    wait_analysed(page)
    mark = page.get_attribute(f"#move-list [data-ply='{at}']", "data-move-mark")
    answers = page.evaluate(f"() => [window.nibbleApp.analysis.at({at - 1}),"
                            f" window.nibbleApp.analysis.at({at})]")
    assert mark in ("mistake", "blunder"), (mark, answers)
    assert page.locator(f"[data-eval-point][data-ply='{at}'].{mark}").count() == 1
    page.click(f"#move-list [data-ply='{at}']")
    wait_ply(page, at)
    note = page.inner_text("#review-note")
    assert f"a {mark}" in note, note
    # the drop is against the best move of the same search, and said so: not a fall of the
    # chart's chances, which come from each position's own search
    assert "points of winning chances below the best move" in note, note
    best = page.evaluate(f"() => window.nibbleApp.analysis.at({at - 1}).best")
    if best != record["moves"][at - 1]:  # the better move is offered, and drawn on the board
        assert f"Best was {best}" in note, note
        page.wait_for_selector(".ov-best", state="attached")
    # the mark's name for screen readers follows the page's language (it stayed English)
    name = f"#move-list [data-ply='{at}'] .move-mark .visually-hidden"
    assert page.text_content(name) == f" (a {mark})"
    page.evaluate("() => { const s = document.getElementById('language'); s.value = 'uk';"
                  " s.dispatchEvent(new Event('change', {bubbles: true})); }")
    page.wait_for_function("([sel, text]) => document.querySelector(sel)?.textContent === text",
                           arg=[name, " (груба помилка)" if mark == "blunder" else " (помилка)"])
    assert recorder.errors == []


@pytest.mark.timed
def test_a_hint_stops_within_100_ms(make_page):
    page, recorder = make_page("?game=nibble&variant=hex13&seed=21&p1=human&p2=human")
    allow_engine_help(page)  # a hint in a game of people: for teaching
    # a position nobody analysed yet (the background analysis paused): the hint searches
    page.evaluate("() => window.nibbleApp.analysis.setEnabled(false)")
    page.click("[data-cell][data-selectable='true']")
    page.click("[data-action='confirm']:not([disabled])")
    wait_ply(page, 1)
    wait_idle(page)
    elapsed = page.evaluate("""() => new Promise((resolve, reject) => {
      const html = document.documentElement;
      document.querySelector("[data-action='hint']").click();
      const started = performance.now();
      const wait = () => {
        if (html.dataset.hinting === "true") {
          const t0 = performance.now();
          document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape", bubbles: true}));
          // stopped: the flag, the Hint button and the searching dot (the rest is
          // redrawn with the next frame)
          const hint = document.querySelector("[data-action='hint']");
          const stopped = () => html.dataset.hinting === "false"
              && hint.getAttribute("aria-pressed") === "false"
              && !document.querySelector("#status").classList.contains("thinking")
            ? resolve(performance.now() - t0) : requestAnimationFrame(stopped);
          stopped();
        } else if (performance.now() - started > 5000) reject(new Error("no hint search"));
        else setTimeout(wait, 5);
      };
      wait();
    })""")
    assert elapsed < 100, elapsed
    assert page.locator("[data-cell][data-picked='true']").count() == 0
    # the next hint works (the analysis worker came back)
    page.evaluate("() => window.nibbleApp.analysis.setEnabled(true)")
    page.click("[data-action='hint']")
    wait_text(page, "#status-text", "Suggested: ", timeout=60_000)
    assert page.locator("[data-cell][data-picked='true']").count() >= 1
    assert recorder.errors == []


def test_learn_from_your_mistakes_walks_through_the_blunder(make_page):
    record, at = blunder_record()
    # finish the game from there with random moves, so that it can be reviewed as a whole
    rest = random_game_from(record, seed=9)
    page, recorder = make_page(link(rest, ["human", "human"]))
    wait_analysed(page)
    page.wait_for_selector("[data-action='learn']:not([hidden])")
    page.click("[data-action='learn']")
    wait_text(page, "#status-text", "Mistake 1 of")
    assert page.get_attribute("html", "data-reviewing") == "true"
    # the arrows do not move through the game while learning: disabled, not dead
    for action in ("review-first", "review-prev", "review-next", "review-last"):
        assert page.is_disabled(f"[data-action='{action}']"), action
    # a disc that cannot be taken is explained from the position shown, not the game's end
    page.click("[data-cell][data-color]:not([data-selectable='true']) >> nth=0")
    page.wait_for_selector("[data-message][data-key='why-not']", state="attached")
    assert "over" not in page.inner_text("[data-message][data-key='why-not']")
    first = int(page.get_attribute("html", "data-ply"))
    total = int(page.inner_text("#status-text").split("Mistake 1 of ", 1)[1].split(".")[0])
    # the move that was played is no answer, twice: the engine's move is then shown
    played = rest["moves"][first]
    for _ in range(2):
        try_move(page, played)
        page.wait_for_function(
            "() => !/Checking/.test(document.querySelector('#status-text').textContent)")
    wait_text(page, "#status-text", "The engine's move was")
    page.wait_for_selector(".ov-best", state="attached")
    assert rest["moves"] == page.evaluate("() => window.nibbleApp.state.record.moves")
    found = 0
    if total > 1:
        page.click("[data-action='learn-next']")
        wait_text(page, "#status-text", "Mistake 2 of")
        ply_now = int(page.get_attribute("html", "data-ply"))
        best = page.evaluate(f"() => window.nibbleApp.analysis.at({ply_now}).best")
        try_move(page, best)  # the engine's own move is always good enough
        wait_text(page, "#status-text", "Good move")
        found = 1
        page.click("[data-action='learn-next']")
    # skip the rest to the score
    while page.locator("[data-action='learn-skip'], [data-action='learn-next']").count():
        page.click("[data-action='learn-skip'], [data-action='learn-next']")
        page.wait_for_timeout(100)
    wait_text(page, "#status-text", f"found {found} of {total}")
    page.click("[data-action='learn-stop']")
    wait_ply(page, len(rest["moves"]))
    assert page.evaluate("() => window.nibbleApp.state.record.moves") == rest["moves"]
    assert first < len(rest["moves"])
    assert recorder.errors == []


def try_move(page, move: str) -> None:
    """A Nibble take by clicks: its discs, then Take."""
    for cell in move.split("+"):
        page.click(f"[data-cell='{cell}']")
    page.click("[data-action='confirm']:not([disabled])")


def random_game_from(record: dict, seed: int) -> dict:
    rng = random.Random(seed)
    view = handle({"op": "load", "record": record})["view"]
    while not view.get("result"):
        answer = handle({"op": "play", "record": record, "move": rng.choice(legal_moves(record))})
        record, view = answer["record"], answer["view"]
    return record


def test_the_page_waits_for_a_view_before_analysing(make_page):
    """Nothing is analysed before there is a game, and the attribute says when it is done."""
    page, recorder = make_page("?game=nibble&variant=square9&seed=31&p1=human&p2=human")
    wait_engine(page)
    page.wait_for_function("() => document.documentElement.dataset.analysing === 'false'",
                           timeout=ANALYSED_MS)
    assert page.locator("[data-eval-point]").count() == 0  # no move: no point
    assert recorder.errors == []


# --- the player keeps their place: the focus, the position reviewed ---------------------


def focused(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
      return {action: e?.dataset?.action ?? null, ply: e?.dataset?.ply ?? null,
              board: !!e?.closest('#board'), body: e === document.body}; }""")


def test_the_focus_stays_on_the_control_the_player_used(make_page):
    """Next at the last move is disabled: the focus goes to Previous, not to <body>; a
    move of the list keeps the focus when chosen and while the analysis marks moves;
    Back to the game hides itself and gives the focus to the board."""
    record = random_game("nibble", {"variant": "square9", "seed": 5}, seed=11)
    n = len(record["moves"])
    page, recorder = make_page(link(record, ["human", "human"]))
    page.focus("[data-action='review-prev']")
    page.keyboard.press("Enter")
    wait_ply(page, n - 1)
    page.focus("[data-action='review-next']")
    page.keyboard.press("Enter")
    wait_ply(page, n)
    page.wait_for_function("() => document.activeElement?.dataset.action === 'review-prev'")
    # a move of the list, by keys
    page.focus("#move-list [data-ply='3']")
    page.keyboard.press("Enter")
    wait_ply(page, 3)
    assert focused(page)["ply"] == "3"
    wait_analysed(page)  # marks and the chart drawn meanwhile
    assert focused(page)["ply"] == "3"
    page.keyboard.press("Tab")  # the next move of the list
    page.keyboard.press("Enter")
    wait_ply(page, 4)
    assert focused(page)["ply"] == "4"
    # Back to the game
    page.focus("#review-back")
    page.keyboard.press("Enter")
    wait_ply(page, n)
    page.wait_for_function("() => !!document.activeElement?.closest('#board')")
    assert recorder.errors == []


def test_a_computer_move_leaves_the_position_reviewed_on_the_board(make_page):
    """Reviewing while the computer thinks: its move joins the list, the board stays on
    the position the player looks at (as lichess does), and End comes back to the game."""
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=hard")
    page.click("[data-cell][data-selectable='true'] >> nth=0")
    page.click("[data-action='confirm']:not([disabled])")
    page.wait_for_selector("html[data-thinking='true']")
    page.click("[data-action='review-first']")
    wait_ply(page, 0)
    page.wait_for_function("() => document.querySelectorAll('#move-list .move').length === 2",
                           timeout=60_000)
    page.wait_for_timeout(300)
    assert ply(page) == 0 and page.get_attribute("html", "data-reviewing") == "true"
    assert "Move 0 of 2" in page.inner_text("#status-text")
    page.click("#review-ply")
    page.keyboard.press("End")
    wait_ply(page, 2)
    assert page.get_attribute("html", "data-reviewing") == "false"
    assert page.locator("[data-cell][data-selectable='true']").count() > 0
    assert recorder.errors == []


# every worker of role "analysis" fails at once (its script throws)
BREAK_ANALYSIS = """
(() => {
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(url, options) {
      let role = null;
      try { role = JSON.parse(options?.name ?? "{}").role; } catch { role = null; }
      if (role === "deep")
        url = URL.createObjectURL(new Blob(["throw new Error('broken on purpose')"],
                                           {type: "text/javascript"}));
      super(url, options);
    }
  };
})();
"""


def test_an_analysis_that_cannot_start_is_said_and_the_game_goes_on(make_page, site):
    """The deep worker (hints, the second pass) cannot start, in a game of people
    with the engine's help on: the first pass still comes from the rules worker (the
    computer's lane: engine/computer-lane.js), the game goes on, no failed page, and a hint
    that needs a search of its own is said as unavailable, not searched forever."""
    page, recorder = make_page(None)
    page.add_init_script(BREAK_ANALYSIS)
    page.goto(site.url + "?game=nibble&variant=square9&seed=3&p1=human&p2=human")
    wait_engine(page)
    allow_engine_help(page)
    for _ in range(2):
        page.click("[data-cell][data-selectable='true'] >> nth=0")
        page.click("[data-action='confirm']:not([disabled])")
        wait_idle(page)
    page.wait_for_function("() => document.querySelectorAll('#move-list .move').length === 2",
                           timeout=60_000)
    page.wait_for_function("() => nibbleApp.analysis.answers().filter(Boolean).length === 3",
                           timeout=60_000)
    assert "unavailable" not in page.inner_text("#analysis-state")
    # the game itself goes on
    wait_idle(page)
    assert page.locator("[data-cell][data-selectable='true']").count() > 0
    # a hint where nothing was analysed (the analysis paused) asks the broken worker: said
    # as unavailable, not searched forever
    page.evaluate("() => nibbleApp.analysis.setEnabled(false)")
    page.click("[data-cell][data-selectable='true'] >> nth=0")
    page.click("[data-action='confirm']:not([disabled])")
    wait_idle(page)
    page.click("[data-action='hint']")
    page.wait_for_function("() => document.documentElement.dataset.hinting === 'false'",
                           timeout=30_000)
    assert "engine" in (page.inner_text("[data-message]") or "").lower()
    assert page.get_attribute("html", "data-engine") == "ready"
    assert [e for e in recorder.errors if "broken on purpose" not in e] == []


def test_deliberate_mistakes_are_marked_and_learning_is_offered(make_page):
    """A whole Nibble game of ``hard`` with mistakes planted by a long search (15-30
    points each, none of them losing at once: tests/data/analysis_truth.json), reviewed as
    a player opens it and leaves it to the analysis: the page's second pass marks every
    planted move (the first, at 0.3 s a position, can miss one), and "Learn from your
    mistakes" starts on one of them. The second pass is a fixed search, not a time: its
    answers are the engine's at that search on CPython, however loaded the machine (a
    time budget once missed a 19-point mistake here under load). (It searches the moves
    the first pass found most costly first: the test waits for the positions before the
    planted moves, not for the whole game.)"""
    data = json.loads(TRUTH.read_text())
    game = next(g for g in data["planted"] if g["board"] == "square9" and g["planted"])
    record = game["record"]
    assert handle({"op": "load", "record": record})["view"].get("result"), "not a whole game"
    page, recorder = make_page(link(record, ["human", "human"]))
    wait_deep(page, [p["ply"] - 1 for p in game["planted"]])
    deepened = page.evaluate("(deep) => window.nibbleApp.analysis.answers()"
                             ".filter((a) => a && !a.exact && a.budget >= deep).length", DEEP_MS)
    assert deepened <= len(game["planted"]) + 2, f"{deepened} deepened before the planted moves'"
    marks = {p["ply"]: page.get_attribute(f"#move-list [data-ply='{p['ply']}']",
                                          "data-move-mark") for p in game["planted"]}
    answers = page.evaluate("(plies) => plies.map((p) => window.nibbleApp.analysis.at(p - 1))",
                            [p["ply"] for p in game["planted"]])
    assert all(marks.values()), (marks, answers)
    for p, answer in zip(game["planted"], answers, strict=True):
        alike = handle({"op": "analyse", "record": record, "ply": p["ply"] - 1, "seed": p["ply"],
                        "iterations": second_pass_iterations()["nibble"]})
        assert (answer["chances"], answer["played"]) == (alike["chances"], alike["played"])
    page.wait_for_selector("[data-action='learn']:not([hidden])")
    page.click("[data-action='learn']")
    wait_text(page, "#status-text", "Mistake 1 of")
    assert recorder.errors == []


def test_quick_steps_each_move_one_move(make_page):
    """A held arrow key or quick clicks: every step counts, none lost while the position
    before is still on its way from the engine, and the last one asked is the one shown."""
    record = random_game("nibble", {"variant": "square13"}, seed=5)
    n = len(record["moves"])
    page, recorder = make_page(link(record, ["human", "human"]))
    page.locator("#review-ply").click()
    page.keyboard.press("Home")
    wait_ply(page, 0)
    for _ in range(12):  # faster than the engine makes each position
        page.keyboard.press("ArrowRight")
    wait_ply(page, 12)
    wait_idle(page)
    assert ply(page) == 12
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    wait_ply(page, 7)
    page.wait_for_timeout(300)  # (no late answer moves it afterwards)
    assert ply(page) == 7 and n > 12
    assert recorder.errors == []


#: the analysis's requests by worker (an init script: it runs before the page's modules)
COUNT_ANALYSE = """
window.analysed = {rules: [], deep: []};
const hook = setInterval(() => {
  const app = window.nibbleApp;
  if (!app || !app.ai) return;
  clearInterval(hook);
  for (const [name, client] of [["rules", app.rules], ["deep", app.ai.deep]]) {
    const request = client.request.bind(client);
    client.request = (req, options) => {
      if (req.op === "analyse") window.analysed[name].push(req.ply);
      return request(req, options);
    };
  }
}, 1);
"""


def test_a_finished_game_s_first_pass_is_shared_by_two_workers(make_page, site):
    """Opened finished, a game's first pass is asked of the rules worker from the start and
    of the deep worker (which the second pass boots anyway) from the end: each position
    once, every position answered (issue 47: a 60-move game in about 3.4 s instead of
    4.9, e2e/bench_page.py --only firstpass)."""
    record = random_game("nibble", {"variant": "square9"}, seed=11)
    total = len(record["moves"])
    assert total > 30
    page, recorder = make_page(None)
    page.add_init_script(COUNT_ANALYSE)
    page.goto(site.url + link(record, ["human", "human"]))
    wait_engine(page)
    page.wait_for_function(
        "() => { const all = window.nibbleApp.analysis.answers();"
        " return all.length > 0 && all.every((a) => a !== undefined); }", timeout=ANALYSED_MS)
    asked = page.evaluate("window.analysed")
    rules, deep = asked["rules"], asked["deep"]
    # the deep worker's first-pass share: its asks up to the first position asked before
    # (the second pass, which may have begun since, asks positions again)
    share = []
    for p in deep:
        if p in share or p in rules:
            break
        share.append(p)
    assert sorted(rules + share) == list(range(total + 1)), asked  # each position once
    assert len(rules) >= 3 and len(share) >= 3, asked
    # the position shown (the end) first, then the lane from the start, the deep worker
    # from the end
    assert rules[:2] == [total, 0] and share[0] == total - 1, asked
    assert recorder.errors == []
