"""Chances that mean what they say (issue 43): the analysis judges with a zero-sum search,
values the played move in the same search as the best one, and the page's marks
(web/review/marks.js, run in Node) then catch planted mistakes and leave ``hard``'s own
moves alone. Every search here is bounded by iterations, not time, so the answers are the
same on a loaded machine.

The recorded games are tests/data/analysis_truth.json, made by
``python scripts/measure_analysis.py --make-fixture tests/data/analysis_truth.json``:
games of ``hard`` with planted mistakes (moves that a long search found 10-30 points below
the best, which neither hand over an instant win nor lose by force), and a game of
``hard`` against itself."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nibble.ai import analysis
from nibble.ai.knowledge import knowledge_for
from nibble.api import handle
from nibble.core.record import replay, to_record
from nibble.games import get_game

ROOT = Path(__file__).resolve().parent.parent
MARKS = ROOT / "web" / "review" / "marks.js"
DATA = json.loads((Path(__file__).resolve().parent / "data" / "analysis_truth.json").read_text())

#: the analysis's budget in these tests: about what the page's 300 ms search makes of a
#: position in the browser (alpha-beta nodes; MCTS iterations)
NODES = {"nibble": 4000, "nebuchadnezzar": 1500, "number-one": 2000}

needs_node = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None or not MARKS.exists(),
    reason="needs Node and web/ (not inside Pyodide)")


def ask(record: dict[str, Any], ply: int) -> dict[str, Any]:
    out = handle({"op": "analyse", "record": record, "ply": ply, "seed": 1 + ply,
                  "iterations": NODES[record["game"]]})
    assert "error" not in out, out
    return out


def judged(moves: list[str], answers: list[dict[str, Any] | None]) -> list[Any]:
    """marks.js's judgeGame over ``answers`` (index: ply; None where not analysed)."""
    script = (f"import * as m from {json.dumps(MARKS.as_uri())};\n"
              f"const answers = {json.dumps(answers)};\n"
              f"process.stdout.write(JSON.stringify(m.judgeGame({json.dumps(moves)}, null,"
              f" (ply) => answers[ply] ?? null)));\n")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                         text=True, check=True, timeout=60)
    result: list[Any] = json.loads(out.stdout)
    return result


def _planted(game: dict[str, Any]) -> Any:
    """A planted game; on the MCTS games the short search does not yet see every planted
    mistake (docs/ai.md, "The analysis's chances": what is still short)."""
    marks = [] if game["record"]["game"] == "nibble" else [pytest.mark.xfail(
        reason="MCTS at the page's budget sees only part of a 10-15 point mistake",
        strict=False)]
    return pytest.param(game, marks=marks,
                        id=f"{game['board']}-{game['record']['options']['seed']}")


@needs_node
@pytest.mark.parametrize("game", [_planted(g) for g in DATA["planted"] if g["planted"]])
def test_planted_mistakes_are_marked(game: dict[str, Any]) -> None:
    record, planted = game["record"], game["planted"]
    assert planted, "the fixture planted no mistake in this game"
    answers: list[dict[str, Any] | None] = [None] * (len(record["moves"]) + 1)
    for p in planted:
        answers[p["ply"] - 1] = ask(record, p["ply"] - 1)
        answers[p["ply"]] = ask(record, p["ply"])
    marks = judged(record["moves"], answers)
    for p in planted:
        j = marks[p["ply"] - 1]
        assert record["moves"][p["ply"] - 1] == p["move"]
        assert j is not None and j["mover"] == p["mover"], (p, j)
        assert j["mark"] is not None, (p, j, answers[p["ply"] - 1])
        assert j["best"] not in (None, p["move"])


@needs_node
def test_hard_against_itself_is_marked_at_most_once_a_side() -> None:
    record = DATA["selfplay"]["record"]
    answers: list[dict[str, Any] | None] = [
        ask(record, ply) for ply in range(len(record["moves"]) + 1)]
    marks = judged(record["moves"], answers)
    per_seat = [0, 0]
    for j in marks:
        if j is not None and j["mark"]:
            per_seat[j["mover"]] += 1
    assert max(per_seat) <= 1, (per_seat, [j and (j["mark"], round(j["drop"], 3)) for j in marks])


def random_game(board: dict[str, Any], seed: int, plies: int) -> dict[str, Any]:
    game = get_game(board["game"])
    state = game.new_state(game.normalize_options({**board["options"], "seed": seed}))
    rng = random.Random(seed)
    while not state.is_over() and len(state.moves) < plies:
        state.push(rng.choice(state.legal_moves()))
    return to_record(state)


@pytest.mark.parametrize("board", [
    {"game": "nibble", "options": {"variant": "square9"}},
    {"game": "nebuchadnezzar", "options": {"size": 6}},
], ids=["square9", "nebuchadnezzar6"])
def test_a_random_move_loses_chances_on_average(board: dict[str, Any]) -> None:
    """The invariant the issue measures: a move never raises its mover's chances on
    average, and a random one lowers them, read both ways: the played move's value in the
    search before it, and the next position's search."""
    same, across = [], []
    for seed in (1, 2):
        record = random_game(board, seed, 10)
        answers = [ask(record, ply) for ply in range(len(record["moves"]) + 1)]
        for ply, move in enumerate(record["moves"]):
            before, after = answers[ply], answers[ply + 1]
            mover = before["to_move"]
            if before["forced"] or mover is None:
                continue
            played = before["played"]
            assert played is not None and played["move"] == move
            same.append(before["chances"][mover] - played["chances"][mover])
            across.append(before["chances"][mover] - after["chances"][mover])
    assert sum(across) / len(across) > 0.0, across
    assert sum(same) / len(same) > 0.0, same
    if board["game"] == "nibble":
        assert sum(same) / len(same) > 0.03, same
        # alpha-beta's best move is the best of the same search: never below the played one
        assert min(same) >= -1e-9, same


def test_the_best_move_played_keeps_its_chances() -> None:
    record = random_game({"game": "nibble", "options": {"variant": "square9"}}, 3, 6)
    best = ask(record, 6)["best"]
    record = {**record, "moves": [*record["moves"], best]}
    out = ask(record, 6)
    assert out["played"] == {"move": best, "chances": out["chances"]}
    assert ask(record, 7)["played"] is None  # the record's end: no next move


def test_the_judge_is_zero_sum_and_hard_stays_cautious() -> None:
    """The analysis values leaves by the plain evaluation; ``hard``'s own search keeps its
    caution (its choice of move is not touched)."""
    record = random_game({"game": "nibble", "options": {"variant": "square9"}}, 4, 12)
    state = replay(record)
    k = knowledge_for(state)
    judge = analysis._zero_sum(k, state)
    assert judge is not k and not k.zero_sum_search(state) and judge.zero_sum_search(state)
    assert judge.search_evaluate(state, 0) == pytest.approx(-judge.search_evaluate(state, 1))
    assert k.search_evaluate(state, 0) != pytest.approx(-k.search_evaluate(state, 1))
    assert judge.search_evaluate(state, 0) == k.evaluate(state, 0)


def test_the_calibration_is_symmetric_and_leaves_forced_results_alone() -> None:
    for key in [*analysis.CALIBRATION, "no-such-game"]:
        for v in (-0.9, -0.3, 0.0, 0.2, 0.7):
            p, q = analysis._calibrated(key, v), analysis._calibrated(key, -v)
            assert p + q == pytest.approx(1.0) and 0.0 < p < 1.0
        assert analysis._calibrated(key, 0.4) > analysis._calibrated(key, 0.1)  # increasing
        assert analysis._calibrated(key, 1.0) == 1.0 and analysis._calibrated(key, -1.0) == 0.0
    assert analysis._calibrated("no-such-game", 0.5) == pytest.approx(0.75)
