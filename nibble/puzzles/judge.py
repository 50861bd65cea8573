"""The criteria of a puzzle (docs/puzzles.md), written once for every game: the swing of
the opponent's mistake, one good move at every solver move (checked again by a search
ten times longer), and the line's length and end. Each function takes the search as a
parameter."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.protocol import State
from .search import Ranked, Search

#: the solver's chances must rise by this much with the mistake ...
SWING = 0.3
#: ... to at least this ...
AFTER = 0.8
#: ... from at most this (the solver was not winning already)
BEFORE = 0.65
#: the best move's chances above the second best's, at every solver move
GAP = 0.35
#: the check's budget, in multiples of the search that found the move
VERIFY = 10
#: solver moves in a line, at most
MAX_SOLVER_MOVES = 4
#: the other seats' moves between two solver moves, at most (a turn of several moves,
#: several opponents)
MAX_REPLIES = 16


def swing(before: float, after: float) -> str | None:
    """Why the solver's chances ``before`` and ``after`` the mistake make no puzzle start
    (None: they do)."""
    if before > BEFORE:
        return "already-winning"
    if after < AFTER:
        return "not-winning"
    if round(after - before, 3) < SWING:  # (3 decimals, as the chances are written)
        return "small-swing"
    return None


@dataclass(frozen=True)
class Step:
    """A solver move and what justified it: its gap to the second best (None: the only
    move proved to win), by the search that found it and by the check."""

    move: Any
    gap: float | None
    checked_gap: float | None
    exact: bool


def one_good_move(ranked: list[Ranked]) -> tuple[bool, float | None, bool]:
    """(is the best move the only good one, its gap to the second best, was it proved the
    only winning move by the exact solver)."""
    if len(ranked) < 2:
        return False, None, False
    best, rest = ranked[0], ranked[1:]
    gap = round(best.chances - rest[0].chances, 3)
    exact = best.wins and all(r.proved and not r.wins for r in rest)
    return gap >= GAP or exact, gap, exact


def solver_step(search: Search, state: State[Any]) -> Step | str:
    """The solver's one good move in ``state``, checked by a search ``VERIFY`` times
    longer, or why there is none: ``forced`` (one legal move), ``gap`` (the best is not
    alone), ``check`` (the longer search moved the best or closed the gap), ``exact``
    (the position is small enough for the exact solver, and it proves the move does not
    win by force or another move wins too)."""
    if len(state.legal_moves()) < 2:
        return "forced"
    ranked = search.rank(state, 1)
    ok, gap, exact = one_good_move(ranked)
    if not ok:
        return "gap"
    check = search.rank(state, VERIFY)
    ok2, gap2, exact2 = one_good_move(check)
    if not ok2 or check[0].move != ranked[0].move:
        return "check"
    if not proved_alone(search.prove(state), ranked[0].move):
        return "exact"
    return Step(ranked[0].move, gap, gap2, exact and exact2)


def proved_alone(values: list[tuple[Any, int]] | None, move: Any) -> bool:
    """Does the exact solver's verdict on a position (``Search.prove``: each move's exact
    value, None beyond its bound) leave ``move`` the one good move: a win, and no other
    move a win? Beyond its bound the searches' judgement stands."""
    if values is None:
        return True
    wins = [m for m, v in values if v == 1]
    return wins == [move]


@dataclass
class Line:
    """A puzzle's solution: every move from the start (the solver's and the replies),
    the solver's steps, or why there is none (``why``: the first solver move's fault)."""

    moves: list[Any] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    why: str | None = None


def find_line(search: Search, start: State[Any], solver: int) -> Line:
    """The solution from ``start`` (``solver`` to move): solver moves while each is the
    one good move, the replies the engine's best, at most ``MAX_SOLVER_MOVES``; it ends on
    a solver move (the replies after the last one are dropped), never on one without a
    choice."""
    line = Line()
    state = start.copy()
    pending: list[Any] = []  # replies since the last solver move
    while len(line.steps) < MAX_SOLVER_MOVES and not state.is_over():
        if state.to_move != solver:
            if len(pending) >= MAX_REPLIES:
                break
            reply = search.look(state, VERIFY).best
            if reply is None:
                break
            pending.append(reply)
            state.push(reply)
            continue
        step = solver_step(search, state)
        if isinstance(step, str):
            if not line.steps:
                line.why = step
            break
        line.moves += [*pending, step.move]
        line.steps.append(step)
        pending = []
        state.push(step.move)
    return line
