"""What the puzzle maker asks of a search, and the engine's answer: the analysis's
calibrated chances (``nibble.ai.analysis``, what the page shows), so that "0.8" here is
the 0.8 a player sees. The judging code takes a :class:`Search` as a parameter, so tests
can give it a made-up one."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from ..ai.analysis import AnalyseRequest, analyse
from ..ai.knowledge import knowledge_for
from ..ai.solver import Solver
from ..core.protocol import State


@dataclass(frozen=True)
class Look:
    """A position as a search sees it: each seat's chances (0-1), the best move (None
    when the game is over), and the seat that wins by force if it was proved."""

    chances: list[float]
    best: Any | None
    exact: bool = False
    winner: int | None = None


@dataclass(frozen=True)
class Ranked:
    """One move of a position: the mover's chances after it, and whether the exact
    solver proved its value (``wins``: a proved win)."""

    move: Any
    chances: float
    proved: bool = False
    wins: bool = False


class Search(Protocol):
    """A bounded search: ``scale`` multiplies its budget (the check searches ten times
    longer than the search that found a move)."""

    iterations: int

    def look(self, state: State[Any], scale: int = 1) -> Look: ...

    def prove(self, state: State[Any]) -> list[tuple[Any, int]] | None:
        """Every legal move (twins left out, as ``rank`` does) with its exact value for the
        mover, 1 a win, 0 a draw, -1 a loss, or None when some move is beyond the exact
        solver's bound: the position is not small enough to prove."""
        ...

    def rank(self, state: State[Any], scale: int = 1) -> list[Ranked]:
        """Every legal move, best first (ties in the order of ``legal_moves``), but
        twins: a move to the position an earlier move of ``legal_moves`` reached is left
        out (the page takes it as that move: docs/contracts.md, "Puzzle")."""
        ...


#: the exact solver's nodes for each move when a position's moves are proved: a position
#: every move of which it settles within them is "small enough" (docs/puzzles.md)
PROOF_NODES = 10_000


def children(state: State[Any]) -> Iterator[tuple[Any, State[Any]]]:
    """Each legal move and the position after it, once a position: a twin (another path
    of a piece to the same place) reaches the position an earlier move of
    ``legal_moves`` reached, the same move in effect, and is left out."""
    reached: set[str] = set()
    for m in state.legal_moves():
        child = state.copy()
        child.push(m)
        position = child.position()
        if position not in reached:
            reached.add(position)
            yield m, child


class TimeUp(Exception):
    """The search's deadline passed (the page's bound on a judgement): no verdict."""


class EngineSearch:
    """The analysis (``hard``'s search as a judge) with ``iterations`` nodes or MCTS
    iterations a position and a fixed seed: no clock, so the same answer every time.
    ``deadline`` (``perf_counter``), if given, bounds the whole judgement: a position
    asked for after it raises :class:`TimeUp` (the answers never depend on it);
    ``proof_nodes`` bounds the exact solver a move in ``prove``."""

    def __init__(self, iterations: int = 300, seed: int = 0,
                 deadline: float | None = None, proof_nodes: int = PROOF_NODES) -> None:
        self.iterations = iterations
        self.seed = seed
        self.deadline = deadline
        self.proof_nodes = proof_nodes

    def look(self, state: State[Any], scale: int = 1) -> Look:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeUp
        req = AnalyseRequest(None, self.seed, 1, self.iterations * scale, False)
        a = analyse(state.copy(), req)
        best = None if a["best"] is None else state.parse_move(a["best"])
        return Look(list(a["chances"]), best, bool(a["exact"]), a["winner"])

    def prove(self, state: State[Any]) -> list[tuple[Any, int]] | None:
        if state.num_players != 2:  # the exact solver is for two players
            return None
        knowledge = knowledge_for(state).for_judge()
        mover = state.to_move
        out: list[tuple[Any, int]] = []
        for m, child in children(state):
            r = child.result
            if r is not None:
                out.append((m, 0 if r.winner is None else 1 if r.winner == mover else -1))
                continue
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise TimeUp
            solved = Solver(knowledge, self.proof_nodes).solve(child)
            if solved is None:
                return None
            out.append((m, solved[0] if child.to_move == mover else -solved[0]))
        return out

    def rank(self, state: State[Any], scale: int = 1) -> list[Ranked]:
        # each move's own position searched: the analysis values the best move only, and
        # the gap to the second best needs that one's value as much
        mover = state.to_move
        out: list[Ranked] = []
        for m, child in children(state):
            seen = self.look(child, scale)
            out.append(Ranked(m, seen.chances[mover], seen.exact, seen.winner == mover))
        out.sort(key=lambda r: -r.chances)
        return out
