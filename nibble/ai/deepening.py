"""What a game's own iterative-deepening search keeps and how it keeps its budget.

The games' own searches (``Knowledge.own_search``) differ in their positions, moves and
evaluations, and share the rest, written here once:
a transposition table kept between moves within a bound, two killer moves a ply, a
history table that fades from move to move, a node count that ends the search on a node
limit or the clock, and no garbage collection while a move is searched.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable
from typing import Any

from . import clock
from .mcts import Budget
from .players import Decision, Player


class OutOfTime(Exception):
    """The budget ran out inside an iteration."""


class DeepeningSearch(Player):
    """The bookkeeping of an iterative-deepening alpha-beta player; a subclass plays
    the game in :meth:`_choose`, calls :meth:`_begin` first and :meth:`_count` at every
    node."""

    #: positions kept in the table from one move to the next (one search may hold twice
    #: as many before it is cleared)
    TABLE_LIMIT = 100_000
    #: nodes for a budget of neither time nor iterations (tests, tools)
    UNBOUNDED_NODES = 100_000
    #: the share of the time left a search may use (the rest: the bridge's own work)
    TIME_SHARE = 0.92
    MAX_PLY = 160

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.table: dict[Any, tuple[int, int, Any, int]] = {}
        self.history: dict[int, int] = {}
        self.killers: list[list[int]] = [[0, 0] for _ in range(self.MAX_PLY + 1)]
        self.nodes = 0
        self.node_limit = 0
        self.stop_at = math.inf

    def forget(self) -> None:
        self.table.clear()
        self.history.clear()

    def choose(self, state: Any, budget: Budget) -> Decision:
        """The best move found within ``budget``. The collector waits meanwhile: the
        tables hold no cycles, and a full collection through them costs a short budget
        its margin."""
        was = gc.isenabled()
        gc.disable()
        try:
            return self._choose(state, budget)
        finally:
            if was:
                gc.enable()

    def _choose(self, state: Any, budget: Budget) -> Decision:
        raise NotImplementedError

    def _deepen(self, root: list[Any], iteration: Callable[[list[Any], int, list[Any]], Any],
                decided: float) -> tuple[Any, Any, int]:
        """Iterations one ply deeper each (``iteration(root, depth, tried)`` -> (best
        move, value), appending each root move's (move, value) to ``tried`` as it is
        searched) until the budget ends or ``abs(value) >= decided``; the best of the
        last iteration first in ``root`` for the next. Returns (move, value, depth)."""
        best, value, depth = root[0], 0, 0
        for d in range(1, self.MAX_PLY):
            tried: list[Any] = []
            try:
                best, value = iteration(root, d, tried)
            except OutOfTime:
                if tried:  # the last best was searched first: any better one is better
                    best, value = max(tried, key=lambda t: t[1])
                break
            depth = d
            root.remove(best)
            root.insert(0, best)
            if abs(value) >= decided:
                break
        return best, value, depth

    def _begin(self, budget: Budget) -> None:
        """A new move: the node limit and the deadline from ``budget``; the killers
        cleared, the history faded (a quarter of it kept), the table trimmed."""
        self.nodes = 0
        self.node_limit = budget.iterations or 0
        left = budget.time_left()
        if not self.node_limit and left == math.inf:
            self.node_limit = self.UNBOUNDED_NODES
        self.stop_at = clock.now() + self.TIME_SHARE * left if left != math.inf else math.inf
        for row in self.killers:
            row[0] = row[1] = 0
        for m in list(self.history):
            self.history[m] >>= 2
        if len(self.table) > self.TABLE_LIMIT:
            self.table.clear()

    def _count(self) -> None:
        """One more node; :class:`OutOfTime` when the budget is spent."""
        self.nodes += 1
        if self.node_limit and self.nodes >= self.node_limit:
            raise OutOfTime
        if not self.nodes & 31 and clock.now() >= self.stop_at:
            raise OutOfTime

    def _keep(self, key: Any, entry: tuple[int, int, Any, int]) -> None:
        """Store a table entry (a long search clears a full table: bounded all the same)."""
        if len(self.table) >= 2 * self.TABLE_LIMIT:
            self.table.clear()
        self.table[key] = entry

    def _cutoff(self, move: int, ply: int, depth: int) -> None:
        """A quiet move that refuted its position: a killer at its ply, and history."""
        k = self.killers[ply]
        if k[0] != move:
            k[1], k[0] = k[0], move
        self.history[move] = self.history.get(move, 0) + depth * depth
