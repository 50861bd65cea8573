"""The bridge's ``judge`` op (nibble/puzzles/own.py; issue 45 part 6): the page asks it
whether the position before a mistake of the player's is a puzzle, by the maker's own
criteria. It agrees with the maker on the shipped puzzles, refuses what it cannot judge,
and is bounded in time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nibble.api import handle
from nibble.core.record import replay, to_record
from nibble.puzzles import judge
from nibble.puzzles.search import EngineSearch

ROOT = Path(__file__).resolve().parent.parent
SQUARE9 = [json.loads(line) for line in
           (ROOT / "data" / "puzzles" / "nibble-square9.jsonl").read_text().splitlines()
           if line.strip()]


@pytest.mark.parametrize("puzzle", SQUARE9[:6], ids=lambda p: p["id"])
def test_a_shipped_puzzles_start_is_judged_a_puzzle_with_its_first_move(puzzle: dict) -> None:
    # the maker judged it at 300 iterations, seed 0 (docs/puzzles.md)
    answer = handle({"op": "judge", "record": puzzle["record"]})
    assert "error" not in answer, answer
    assert answer["puzzle"] is True and answer["why"] == "ok"
    assert answer["move"] == puzzle["line"][0]
    assert answer["to_move"] == puzzle["solver"] and answer["ply"] == puzzle["ply"]
    gap = answer["gap"]
    assert answer["exact"] or (gap >= judge.GAP and answer["checked_gap"] >= judge.GAP)


def test_the_answer_is_the_judges_own_verdict_at_the_same_search() -> None:
    """Positions that are not puzzles: the op says why, as solver_step does."""
    record = SQUARE9[0]["record"]
    state = replay(record)
    seen = set()
    for ply in range(0, len(state.moves), 3):
        answer = handle({"op": "judge", "record": record, "ply": ply, "iterations": 100})
        s = replay(record)
        while len(s.moves) > ply:
            s.pop()
        step = judge.solver_step(EngineSearch(100, 0), s)
        expected = step if isinstance(step, str) else "ok"
        assert answer["why"] == expected, ply
        assert answer["puzzle"] == (expected == "ok")
        if expected == "ok":
            assert answer["move"] == s.move_to_str(step.move)  # type: ignore[union-attr]
        seen.add(expected)
    assert "gap" in seen  # most positions of a game are no puzzle


def test_a_forced_position_is_no_puzzle() -> None:
    # the first position of a shipped game with one legal move: no choice, no puzzle
    for entry in SQUARE9:
        state = replay(entry["record"])
        while not state.is_over():
            moves = state.legal_moves()
            if len(moves) == 1:
                answer = handle({"op": "judge", "record": to_record(state)})
                assert answer["why"] == "forced" and answer["puzzle"] is False
                return
            state.push(moves[0])
    pytest.skip("no forced position in the shipped games")


def test_the_budget_bounds_the_judgement() -> None:
    record = next(p for p in SQUARE9 if len(replay(p["record"]).legal_moves()) > 10)["record"]
    answer = handle({"op": "judge", "record": record, "budget_ms": 1})
    assert answer["why"] == "time" and answer["puzzle"] is False and answer["ms"] < 2000


@pytest.mark.parametrize(("field", "value"), [("iterations", 0), ("iterations", 5001),
                                              ("budget_ms", 0), ("budget_ms", 120_001),
                                              ("seed", -1), ("ply", "x"), ("ply", 10_000)])
def test_bad_fields_are_refused_before_any_work(field: str, value: object) -> None:
    answer = handle({"op": "judge", "record": SQUARE9[0]["record"], field: value})
    assert answer["error"]["code"] == "bad-request", answer


def test_a_finished_or_resigned_game_is_refused() -> None:
    state = replay(SQUARE9[0]["record"])
    for move in SQUARE9[0]["line"]:
        state.push(state.parse_move(move))
    while not state.is_over():
        state.push(state.legal_moves()[0])
    assert handle({"op": "judge", "record": to_record(state)})["error"]["code"] == "game-over"
    resigned = {**SQUARE9[0]["record"], "resigned": 0}
    assert handle({"op": "judge", "record": resigned})["error"]["code"] == "game-over"


@pytest.mark.parametrize(("game", "options"), [("nebuchadnezzar", {"size": 7}),
                                               ("number-one", {"players": 2})])
def test_every_game_can_be_judged(game: str, options: dict) -> None:
    new = handle({"op": "new", "game": game, "options": {**options, "seed": 1}})
    record = new["record"]
    for _ in range(6):
        ai = handle({"op": "ai", "record": record, "level": "random", "seed": 1})
        record = handle({"op": "play", "record": record, "move": ai["move"]})["record"]
    answer = handle({"op": "judge", "record": record, "iterations": 50})
    assert "error" not in answer, answer
    assert answer["why"] in ("ok", "forced", "gap", "check")
