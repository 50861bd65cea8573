"""Every computer level keeps its time budget, whatever the position, and the bridge
bounds every ``ai`` request in time and memory.

Timing here only checks the hard limit (never more than 2 s over the budget), which a
busy machine cannot make flaky; the tight figures (budget + 20 % + replay) come from
``scripts/bench_budget.py``.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from crafted import CRAFTED, nibble_flood_record, nibble_threat_record

from nibble.ai import api as ai_api
from nibble.ai.knowledge import knowledge_for
from nibble.ai.levels import HARD, LEVELS
from nibble.ai.mcts import MCTS, Budget, Config, Node
from nibble.api import handle
from nibble.core.record import replay

FLOODS = {"flood": nibble_flood_record, "threat": nibble_threat_record}


@pytest.mark.parametrize("name", sorted(FLOODS))
def test_crafted_positions_really_flood(name):
    state = replay(FLOODS[name]())
    assert len(state.legal_moves()) > 10_000


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("name", sorted(FLOODS))
def test_every_level_answers_a_flood_within_its_budget(level, name):
    answers_legally_within_budget(FLOODS[name](), level)


def answers_legally_within_budget(record: dict, level: str, budget: int = 200) -> None:
    """The ``ai`` op gives a legal move, never more than 2 s over its budget."""
    state = replay(record)
    t0 = time.perf_counter()
    answer = handle({"op": "ai", "record": record, "level": level, "seed": 1,
                     "budget_ms": budget, "reuse": False})
    elapsed = (time.perf_counter() - t0) * 1000
    assert "move" in answer, answer
    state.check_move(state.parse_move(answer["move"]))
    assert elapsed < budget + 2000, (level, elapsed)


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("name", ["neb-captures", "one-busy"])
def test_every_level_keeps_its_budget_on_the_other_games_busiest_positions(level, name):
    record = CRAFTED[name]()
    state = replay(record)
    assert len(state.legal_moves()) >= 40 and state.result is None
    answers_legally_within_budget(record, level)


def test_one_ply_players_look_at_a_bounded_number_of_moves():
    state = replay(nibble_threat_record())
    k = knowledge_for(state)
    moves, complete = k.candidate_moves(state, 400)
    assert not complete and 0 < len(moves) <= 400
    for m in moves:
        state.check_move(m)  # representatives are legal takes


def test_candidates_are_every_move_when_there_are_few():
    game = handle({"op": "new", "game": "nibble", "options": {"seed": 5}})
    state = replay(game["record"])
    moves, complete = knowledge_for(state).candidate_moves(state, 400)
    assert complete and moves == state.legal_moves()


def test_the_tree_stops_growing_at_its_node_cap():
    game = handle({"op": "new", "game": "nibble", "options": {"seed": 5}})
    state = replay(game["record"])
    config = Config(playout_depth=0, safety=False, max_nodes=500)
    search = MCTS(knowledge_for(state), random.Random(1), config)
    root, iterations = search.search(state, None, Budget(None, 3000))
    assert iterations == 3000
    widest = max(len(state.legal_moves()), 60)
    assert root.size() <= 500 + widest
    assert search.nodes == root.size()


def _expanded(root: Node) -> tuple[int, int]:
    """(expanded nodes, nodes) of a tree."""
    expanded = nodes = 0
    stack = [root]
    while stack:
        node = stack.pop()
        nodes += 1
        if node.children is not None:
            expanded += 1
            stack.extend(node.children)
    return expanded, nodes


@pytest.mark.parametrize(("game", "options"), [
    ("nebuchadnezzar", {"size": 8}), ("number-one", {"players": 2})])
def test_a_move_becomes_a_node_only_when_visited_so_the_tree_keeps_growing(game, options):
    """The tuned search's tree, at its default cap, still grows after 6,000 iterations
    (with every child a node it was full after 3,000 on Nebuchadnezzar 8 x 8 and 8,000
    on Number One): each iteration expands one node and makes at most two nodes."""
    state = replay(handle({"op": "new", "game": game, "options": {**options, "seed": 5}})["record"])
    k = knowledge_for(state)
    search = MCTS(k, random.Random(1), replace(HARD, **k.tuned_search))
    root, iterations = search.search(state, None, Budget(None, 6000))
    expanded, nodes = _expanded(root)
    assert iterations == 6000 and search.nodes < HARD.max_nodes
    assert expanded > 0.95 * iterations  # a few iterations end the game instead
    assert nodes <= 2 * iterations + 1
    assert search.nodes == root.size()


def test_only_one_search_tree_is_kept_between_requests():
    record = handle({"op": "new", "game": "nibble", "options": {"seed": 8}})["record"]
    for level in ("medium", "hard", "medium"):
        answer = handle({"op": "ai", "record": record, "level": level, "seed": 1,
                         "iterations": 50})
        assert "move" in answer
    trees = [p for p in ai_api._CACHE.values() if getattr(p, "tree", None) is not None]
    assert len(trees) == 1


@pytest.mark.parametrize("field, value", [
    ("budget_ms", 20_001), ("budget_ms", 0), ("budget_ms", None), ("budget_ms", "100"),
    ("iterations", 200_001), ("iterations", 0), ("iterations", None), ("seed", -1),
    ("seed", None), ("level", None), ("level", ["hard"]), ("reuse", None),
])
def test_the_ai_request_is_bounded_and_typed(field, value):
    record = handle({"op": "new", "game": "nibble", "options": {"seed": 8}})["record"]
    answer = handle({"op": "ai", "record": record, "level": "easy", field: value})
    assert answer["error"]["code"] == "bad-request", answer
    assert field in answer["error"]["message"] or "level" in answer["error"]["message"]


def test_iterations_alone_still_stop_at_the_cap(monkeypatch):
    monkeypatch.setattr(ai_api, "MAX_BUDGET_MS", 150)
    record = handle({"op": "new", "game": "nibble", "options": {"seed": 8}})["record"]
    t0 = time.perf_counter()
    answer = handle({"op": "ai", "record": record, "level": "hard",
                     "iterations": 200_000, "reuse": False})
    assert "move" in answer
    assert answer["stats"]["iterations"] < 200_000
    assert time.perf_counter() - t0 < 2.0


def test_limits_are_published():
    limits = handle({"op": "games"})["limits"]
    assert limits["budget_ms"]["max"] == ai_api.MAX_BUDGET_MS
    assert limits["iterations"]["max"] == ai_api.MAX_ITERATIONS
