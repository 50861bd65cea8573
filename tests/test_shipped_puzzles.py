"""The shipped puzzles (data/puzzles/*.jsonl, docs/puzzles.md) and what the build makes of
them for the page (scripts/puzzles_page.py): every line replays legally from its start
and ends on a solver move, ids are unique (up to symmetry), ratings and themes are what
the format says, a sample is re-checked by another search: the line's moves are the
best and alone at every solver move, and every solver move small enough for the exact
solver is proved the one winning move."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from nibble.core.record import replay
from nibble.games import get_game
from nibble.puzzles.judge import one_good_move
from nibble.puzzles.search import EngineSearch
from nibble.puzzles.themes import themes_for

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "puzzles"
FILES = sorted(p for p in DATA.glob("*.jsonl") if not p.name.endswith(".judged.jsonl"))


def puzzles(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_line_replays_and_ends_on_a_solver_move(path: Path) -> None:
    seen: set[str] = set()
    for p in puzzles(path):
        assert p["format"] == "nibble-puzzle/1" and p["id"] not in seen, p["id"]
        seen.add(p["id"])
        state = replay(p["record"])
        assert not state.is_over() and state.to_move == p["solver"], p["id"]
        assert state.canonical_key() and len(p["record"]["moves"]) == p["ply"]
        solver_moves, mover = 0, None
        for move in p["line"]:
            mover = state.to_move
            assert len(state.legal_moves()) > 1 or mover != p["solver"], (p["id"], "forced")
            state.push(state.parse_move(move))
            solver_moves += mover == p["solver"]
        assert mover == p["solver"] and 1 <= solver_moves <= 4, p["id"]
        assert 800 <= p["rating"] <= 2300
        assert set(p["themes"]) <= set(themes_for(get_game(p["game"])).names)


@pytest.mark.lab  # the build's script: the page never loads it (tests/conftest.py)
def test_the_page_gets_every_puzzle_and_nothing_it_does_not_need(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from puzzles_page import KEPT, write_puzzles

    write_puzzles(tmp_path)
    index = json.loads((tmp_path / "puzzles" / "index.json").read_text())
    assert [b["board"] for b in index["boards"]] == [p.stem for p in FILES]
    for entry, path in zip(index["boards"], FILES, strict=True):
        page = json.loads((tmp_path / "puzzles" / entry["file"]).read_text())
        shipped = puzzles(path)
        assert entry["count"] == len(page["puzzles"]) == len(shipped)
        assert [p["id"] for p in page["puzzles"]] == sorted(p["id"] for p in shipped)
        assert all(set(p) == set(KEPT) for p in page["puzzles"])
        assert "seed" not in page["options"]


@pytest.mark.lab  # the build's script: the page never loads it (tests/conftest.py)
def test_a_damaged_line_fails_the_build(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from puzzles_page import PuzzleError, write_puzzles

    bad = puzzles(FILES[0])[0]
    bad["line"] = [bad["line"][0], bad["line"][0]]  # the same move twice: not legal
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "x.jsonl").write_text(json.dumps(bad) + "\n")
    with pytest.raises(PuzzleError):
        write_puzzles(tmp_path / "out", tmp_path / "data")


@pytest.mark.skipif(sys.platform == "emscripten", reason="many searches: CPython only")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_sample_is_unique_by_another_search(path: Path) -> None:
    """Two puzzles a board (chosen by a fixed seed), every solver move ranked again by a
    search with another seed at the maker's check budget: the line's move is the best,
    alone (or the only proved win)."""
    chosen = random.Random(45).sample(puzzles(path), k=min(2, len(puzzles(path))))
    for p in chosen:
        search = EngineSearch(p["values"]["budgets"]["check"], seed=7)
        state = replay(p["record"])
        for move in p["line"]:
            if state.to_move == p["solver"]:
                ranked = search.rank(state)
                ok, gap, _ = one_good_move(ranked)
                assert state.move_to_str(ranked[0].move) == move and ok, (p["id"], move, gap)
            state.push(state.parse_move(move))


@pytest.mark.skipif(sys.platform == "emscripten", reason="many searches: CPython only")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_position_small_enough_is_proved_to_have_one_winning_move(path: Path) -> None:
    """Where the exact solver settles every move of a solver's position (two players,
    2,000 nodes a move: the maker proved them at ``search.PROOF_NODES``, 10,000, which
    would take this test minutes), the line's move wins by force and no other move (but a
    twin, reaching the same position) does."""
    search = EngineSearch(proof_nodes=2_000)
    proved = 0
    for p in puzzles(path):
        state = replay(p["record"])
        for move in p["line"]:
            m = state.parse_move(move)
            if state.to_move == p["solver"]:
                values = search.prove(state)
                if values is not None:
                    proved += 1
                    wins = [w for w, v in values if v == 1]
                    assert len(wins) == 1, (p["id"], move, [state.move_to_str(w) for w in wins])
                    after, won = state.copy(), state.copy()
                    after.push(m)
                    won.push(wins[0])
                    assert after.position() == won.position(), (p["id"], move)
            state.push(m)
    if puzzles(path)[0]["game"] != "number-one":  # (its puzzles are rarely that small)
        assert proved > 0  # not an empty test where the endgames are
