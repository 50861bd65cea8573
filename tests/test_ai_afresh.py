"""Searches enter the interpreter afresh at each step (nibble/ai/afresh.py): a long
search then picks up the page's optimised interpreter loop as soon as WebAssembly has
compiled it, instead of keeping the code it started with for its whole budget."""

from __future__ import annotations

import inspect

import pytest

from nibble.ai import alphabeta, mcts, solver
from nibble.ai.afresh import afresh
from nibble.ai.knowledge import knowledge_for
from nibble.ai.levels import make_player
from nibble.ai.mcts import Budget
from nibble.ai.players import ONE_PLY_LIMIT
from tests.test_ai import GAME, POS_SOLVE, SOLVE_COLL, state_from


def test_is_a_call_from_c_with_the_same_result():
    # a Python function would be entered without leaving the running loop (3.11+ inlines
    # Python-to-Python calls), which is the whole point of going through C
    assert inspect.isbuiltin(afresh)
    assert afresh(divmod, 17, 5) == (3, 2)
    assert afresh(lambda *a, **k: (a, k), 1, 2) == ((1, 2), {})

    class Stop(Exception):
        pass

    def stop():
        raise Stop

    with pytest.raises(Stop):  # a search's budget stops it through afresh too
        afresh(stop)


def _counting(monkeypatch, module) -> list[str]:
    calls: list[str] = []

    def counted(f, *args):
        calls.append(f.__name__)
        return afresh(f, *args)

    monkeypatch.setattr(module, "afresh", counted)
    return calls


def test_alphabeta_enters_each_root_move_afresh(monkeypatch):
    calls = _counting(monkeypatch, alphabeta)
    s = GAME.new_state(GAME.normalize_options({"seed": 3}))
    d = make_player("alphabeta", 0).choose(s, Budget(None, 3000))
    depth = d.extra["depth"]
    roots = len(knowledge_for(s).tree_moves(s, ONE_PLY_LIMIT)[0])
    assert depth >= 2 and roots >= 2
    # every root move is searched at each completed depth
    assert len(calls) >= roots * depth
    assert set(calls) == {"_value"}


def test_mcts_enters_each_iteration_afresh(monkeypatch):
    calls = _counting(monkeypatch, mcts)
    s = GAME.new_state(GAME.normalize_options({"seed": 3}))
    d = make_player("medium", 0).choose(s, Budget(None, 200))
    assert d.iterations == 200 and calls == ["_iterate"] * 200


def test_the_endgame_solver_enters_each_root_move_afresh(monkeypatch):
    calls = _counting(monkeypatch, solver)
    s = state_from(POS_SOLVE, *SOLVE_COLL, decided_early=False)
    res = solver.Solver(knowledge_for(s)).solve(s)
    assert res is not None and res[0] == 1
    assert calls and set(calls) == {"_child"}
