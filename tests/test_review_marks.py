"""The page's judging of moves (web/review/marks.js), run in Node: the thresholds of
inaccuracy, mistake and blunder on the drop of the mover's winning chances, a proved win
thrown away, the better move offered only when it differs, accuracy and summaries."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

MARKS = Path(__file__).resolve().parent.parent / "web" / "review" / "marks.js"

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None or not MARKS.exists(),
    reason="needs Node and web/ (not inside Pyodide)")


def run(expression: str) -> object:
    """The JSON value of `expression`, evaluated with marks.js's exports in scope."""
    script = (f"import * as m from {json.dumps(MARKS.as_uri())};\n"
              f"const {{judge, judgeGame, summarise, accuracyOf, moverOf, THRESHOLDS}} = m;\n"
              f"process.stdout.write(JSON.stringify({expression}));\n")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                         text=True, check=True, timeout=30)
    return json.loads(out.stdout)


def answer(chances: list[float], to_move: int | None = 0, best: str | None = "a1",
           exact: bool = False, winner: int | None = None) -> dict:
    return {"chances": chances, "to_move": to_move, "best": best, "exact": exact,
            "winner": winner}


@pytest.mark.parametrize("after,expected", [
    (0.61, None),           # 9 points: not marked
    (0.60, "inaccuracy"),   # 10 points
    (0.51, "inaccuracy"),
    (0.50, "mistake"),      # 20 points
    (0.40, "blunder"),      # 30 points
    (0.0, "blunder"),
])
def test_thresholds_are_drops_of_the_movers_chances(after: float, expected: str | None) -> None:
    before = answer([0.7, 0.3])
    got = run(f"judge('b2', {json.dumps(before)}, {json.dumps(answer([after, 1 - after], 1))}, 0)")
    assert got["mark"] == expected
    assert got["best"] == "a1" and got["mover"] == 0
    assert abs(got["drop"] - (0.7 - after)) < 1e-9


def test_the_second_seat_is_judged_on_its_own_chances() -> None:
    before, after = answer([0.3, 0.7], 1), answer([0.65, 0.35], 0)
    assert run(f"judge('b2', {json.dumps(before)}, {json.dumps(after)}, 1).mark") == "blunder"
    # the same drop is a gain for the other seat: nothing to mark for seat 0's move
    assert run(f"judge('b2', {json.dumps(before)}, {json.dumps(after)}, 0).mark") is None


def test_a_proved_win_thrown_away_is_a_blunder_and_the_engines_move_offers_no_better() -> None:
    won = answer([1.0, 0.0], 0, "c3", exact=True, winner=0)
    # a small estimated drop, but a proved win became a proved loss
    lost = answer([0.95, 0.05], 1, exact=True, winner=1)
    assert run(f"judge('b2', {json.dumps(won)}, {json.dumps(lost)}, 0).mark") == "blunder"
    # the engine's own choice is judged too, but no better move is offered for it
    got = run(f"judge('c3', {json.dumps(answer([0.7, 0.3], 0, 'c3'))},"
              f" {json.dumps(answer([0.3, 0.7], 1))}, 0)")
    assert got["mark"] == "blunder" and got["best"] is None


def test_unknown_answers_give_no_judgement() -> None:
    assert run(f"judge('b2', null, {json.dumps(answer([0.5, 0.5]))}, 0)") is None
    assert run(f"judge('b2', {json.dumps(answer([0.5, 0.5]))}, undefined, 0)") is None
    # the game over before the move: nobody to move, nothing to judge
    over, after = json.dumps(answer([1, 0], None)), json.dumps(answer([1, 0]))
    assert run(f"judge('b2', {over}, {after}, 0)") is None


def test_three_players_and_the_views_movers() -> None:
    # Number One: one seat may move several times in a row; the view says who moved
    view = {"movers": [0, 0, 1, 2]}
    assert run(f"[1, 2, 3, 4].map((p) => moverOf({json.dumps(view)}, p, null))") == [0, 0, 1, 2]
    answers = [answer([0.4, 0.3, 0.3], 0), answer([0.4, 0.3, 0.3], 0),
               answer([0.1, 0.5, 0.4], 1), answer([0.1, 0.6, 0.3], 2),
               answer([0.1, 0.65, 0.25], 0)]
    got = run(f"judgeGame(['m1', 'm2', 'm3', 'm4'], {json.dumps(view)},"
              f" (ply) => {json.dumps(answers)}[ply])")
    assert [g["mark"] for g in got] == [None, "blunder", None, None]
    assert [g["mover"] for g in got] == [0, 0, 1, 2]


def test_accuracy_and_summaries() -> None:
    assert run("accuracyOf(0)") == pytest.approx(100, abs=0.01)
    assert 45 < run("accuracyOf(0.16)") < 55
    assert run("accuracyOf(1)") == pytest.approx(0, abs=1)
    judgements = [{"mover": 0, "drop": 0.0, "mark": None},
                  {"mover": 1, "drop": 0.35, "mark": "blunder"},
                  {"mover": 0, "drop": 0.12, "mark": "inaccuracy"}, None]
    rows = run(f"summarise({json.dumps(judgements)}, 2)")
    assert rows[0]["moves"] == 2 and rows[0]["inaccuracy"] == 1 and rows[0]["blunder"] == 0
    assert rows[1]["moves"] == 1 and rows[1]["blunder"] == 1
    assert rows[0]["accuracy"] > rows[1]["accuracy"]
    assert run("summarise([], 3)")[2]["accuracy"] is None
    assert run("THRESHOLDS") == [["blunder", 0.3], ["mistake", 0.2], ["inaccuracy", 0.1]]


def test_a_move_without_a_choice_is_never_marked_nor_counted() -> None:
    """A pass or any only move: the analysis says `forced`, and the drop between two
    searches of a position and the next is noise, not the mover's fault."""
    before = dict(answer([0.8, 0.2]), forced=True)
    after = answer([0.3, 0.7], 1)
    got = run(f"judge('pass', {json.dumps(before)}, {json.dumps(after)}, 0)")
    assert got["mark"] is None and got["best"] is None and got["drop"] == 0
    # the same drop with a choice is a blunder
    chosen = json.dumps(answer([0.8, 0.2]))
    assert run(f"judge('b2', {chosen}, {json.dumps(after)}, 0).mark") == "blunder"
    rows = run(f"summarise([judge('pass', {json.dumps(before)}, {json.dumps(after)}, 0)], 2)")
    assert rows[0]["moves"] == 0 and rows[0]["accuracy"] is None


def test_the_played_moves_value_from_the_same_search_decides_the_mark() -> None:
    """Issue 43: the analysis values the record's next move in the search of the position
    before it (`played`); the mark compares it with the best move of that search, whatever
    the next position's own search says (whose turn it is cannot hide a mistake)."""
    before = dict(answer([0.6, 0.4], 0, "a1"), played={"move": "b2", "chances": [0.45, 0.55]})
    # the next search flatters the mover (a side to move rated low): the mark still holds
    flattering = answer([0.62, 0.38], 1)
    got = run(f"judge('b2', {json.dumps(before)}, {json.dumps(flattering)}, 0)")
    assert got["mark"] == "inaccuracy" and abs(got["drop"] - 0.15) < 1e-9
    assert got["best"] == "a1"
    # known before the next position is analysed
    assert run(f"judge('b2', {json.dumps(before)}, null, 0).mark") == "inaccuracy"
    # another move than the one valued (an undo and a new move): the next search decides
    assert run(f"judge('c3', {json.dumps(before)}, {json.dumps(flattering)}, 0).mark") is None
    assert run(f"judge('c3', {json.dumps(before)}, null, 0)") is None
    # the best move played: its own chances, no drop
    best = dict(answer([0.6, 0.4], 0, "a1"), played={"move": "a1", "chances": [0.6, 0.4]})
    got = run(f"judge('a1', {json.dumps(best)}, {json.dumps(answer([0.3, 0.7], 1))}, 0)")
    assert got["mark"] is None and got["drop"] == 0 and got["best"] is None
