"""``hard``'s and ``expert``'s own search for Number One (``Knowledge.own_search``).

Number One is decided by whether a small peg can still land, and that is a matter of a
few exact moves: the other seats' medium and large pegs sink the tokens around it, one
peg at a time. A tree search over single peg moves sees those moves one by one, and
MCTS's averages blur them (issue 46: the tuned MCTS lost to two alpha-beta searchers).
So this one is an alpha-beta search over the state's own moves:

* iterative deepening over a *paranoid* search (the seat to move at the root maximises,
  every other seat is one side that minimises it; with two players that is plain
  negamax), with a principal-variation window, a bounded transposition table kept
  between moves, two killer moves a ply, a history table and late-move reductions;
* one path per landing: two paths of a peg to one hole lead to the same position;
* a peg with one move only (a removal, or a single landing) costs no depth: a forced
  move is followed at once, and a small peg shut in is seen leaving;
* the leaves are valued by the game's fitted evaluation (``NumberOneKnowledge``: each
  small peg's prospects, a softmax over the seats still in), the chances the page shows.
"""

from __future__ import annotations

import math
from typing import Any, cast

from ...ai.deepening import DeepeningSearch
from ...ai.mcts import Budget
from ...ai.players import Decision
from ...core.protocol import State
from .knowledge import NumberOneKnowledge, one_path_per_landing
from .moves import LAND_SHIFT, REMOVE, SIZE_SHIFT
from .state import NumberOneState

WIN = 2.0  # beyond any evaluation (chances are in [-1, 1])
PLY = 0.001  # a win one ply sooner is worth this much more
DECIDED = WIN - 1.0
NULL = 1e-7  # the width of a null window
MAX_PLY = 96
EXACT, AT_LEAST, AT_MOST = 0, 1, 2


class OneSearch(DeepeningSearch):
    """Paranoid alpha-beta over single peg moves, valued by the fitted evaluation."""

    name = "tuned-number-one"
    # 100,000 positions kept between moves (about 250 bytes each: tens of megabytes at
    # most); 5 % of the time left is kept for the bridge's own work
    TABLE_LIMIT = 100_000
    TIME_SHARE = 0.95
    MAX_PLY = MAX_PLY

    def __init__(self, seed: int = 0, knowledge: NumberOneKnowledge | None = None,
                 prune: bool = True) -> None:
        super().__init__(seed)
        #: the game's evaluation and move scores (not ``Player.k``: one game only)
        self.evaluator = knowledge or NumberOneKnowledge()
        self.prune = prune  # the pegs of a turn in one order where their moves commute
        self.paths: dict[int, int] = {}  # move -> the holes it steps on (both boards)
        self.me = -1

    # -- the move ---------------------------------------------------------------------

    def _choose(self, state: State[Any], budget: Budget) -> Decision:
        legal = state.legal_moves()
        if len(legal) == 1:
            return Decision(legal[0], None, 0)
        st = cast(NumberOneState, state).copy(history=False)
        if st.to_move != self.me:  # values are kept for one seat (paranoid)
            self.forget()
            self.me = st.to_move
        self._begin(budget)
        root = one_path_per_landing(legal)
        self.rng.shuffle(root)  # equal moves: a seeded choice
        root = self._ordered(st, root, 0, 0)
        best, value, depth = self._deepen(
            root, lambda moves, d, tried: self._root(st, moves, d, tried), DECIDED)
        chances = max(-1.0, min(1.0, value))
        return Decision(best, chances, self.nodes, {"depth": depth})

    def _root(self, st: NumberOneState, root: list[int], depth: int,
              tried: list[tuple[int, float]]) -> tuple[int, float]:
        """Every root move searched to ``depth`` (the last best first, the others with a
        null window first): the best and its value. ``tried`` gets each move's value as
        it is found, for a budget that runs out part way."""
        alpha = -math.inf
        best, best_value = root[0], -math.inf
        forced = len(root) == 1
        for i, m in enumerate(root):
            st.push(m)
            try:
                if i:
                    v = self._child(st, True, depth - 1, alpha, alpha + NULL, 1, forced)
                    if v > alpha:
                        v = self._child(st, True, depth - 1, alpha, math.inf, 1, forced)
                else:
                    v = self._child(st, True, depth - 1, -math.inf, math.inf, 1, forced)
            finally:
                st.pop()
            tried.append((m, v))
            if v > best_value:
                best, best_value = m, v
                alpha = max(alpha, v)
        return best, best_value

    # -- the tree -----------------------------------------------------------------------

    def _child(self, st: NumberOneState, mine: bool, depth: int, alpha: float, beta: float,
               ply: int, forced: bool) -> float:
        """The value, for the side that just moved (``mine``: the root seat), of the
        position ``st`` is in now (the move already pushed); ``forced``: that move was the
        only one, and costs no depth."""
        if forced:
            depth += 1
        if (st.to_move == self.me) == mine:  # the same side moves again
            return self._search(st, depth, alpha, beta, ply)
        return -self._search(st, depth, -beta, -alpha, ply)

    def _search(self, st: NumberOneState, depth: int, alpha: float, beta: float,
                ply: int) -> float:
        """The value of ``st`` for the side to move (the root seat, or the others)."""
        self._count()
        me = self.me
        mine = st.to_move == me
        if not (st.alive >> (3 * me)) & 7:
            return (PLY * ply - WIN) if mine else (WIN - PLY * ply)
        result = st.result
        if result is not None:
            won = result.winner == me
            return (WIN - PLY * ply) if won == mine else (PLY * ply - WIN)
        if depth <= 0 or ply >= MAX_PLY:
            v = self._leaf(st)
            return v if mine else -v
        key = self.evaluator.key(st)
        entry = self.table.get(key)
        first = 0
        if entry is not None:
            first = entry[3]
            if entry[0] >= depth:
                s = _from_table(entry[2], ply)
                if entry[1] == EXACT or (entry[1] == AT_LEAST and s >= beta) or (
                        entry[1] == AT_MOST and s <= alpha):
                    return s
        moves = one_path_per_landing(st.legal_moves())
        if st.moved and self.prune and len(moves) > 1:
            moves = self._in_turn_order(st, moves)
        forced = len(moves) == 1
        if not forced:
            moves = self._ordered(st, moves, first, ply)
        start = alpha
        best, best_move = -math.inf, moves[0]
        for i, m in enumerate(moves):
            st.push(m)
            try:
                if i == 0:
                    v = self._child(st, mine, depth - 1, alpha, beta, ply + 1, forced)
                else:
                    cut = 1 if depth >= 3 and i >= 3 and not m & REMOVE and m not in (
                        self.killers[ply]) else 0  # a late move
                    v = self._child(st, mine, depth - 1 - cut, alpha, alpha + NULL, ply + 1, False)
                    if v > alpha and (cut or v < beta):
                        v = self._child(st, mine, depth - 1, alpha, beta, ply + 1, False)
            finally:
                st.pop()
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        if not forced:
                            self._cutoff(m, ply, depth)
                        break
        flag = AT_MOST if best <= start else AT_LEAST if best >= beta else EXACT
        self._keep(key, (depth, flag, _to_table(best, ply), best_move))
        return best

    def _in_turn_order(self, st: NumberOneState, moves: list[int]) -> list[int]:
        """Inside a turn, the moves of a smaller peg than the one just moved only where the
        two moves do not commute: played the other way round (the smaller peg first, as
        the search tries too) they reach the same position, unless the smaller peg's path
        goes through the hole the larger one left, or the larger one's path through the
        hole the smaller one lands on. (A removal is always kept.)"""
        last = st.moves[-1]
        if last & REMOVE:
            return moves
        size = (last >> SIZE_SHIFT) & 3
        left = 1 << (last & 255)
        path = self._path(st, last)
        kept = []
        for m in moves:
            later = (m >> SIZE_SHIFT) & 3 > size or m & REMOVE
            if later or self._path(st, m) & left or path >> ((m >> LAND_SHIFT) & 255) & 1:
                kept.append(m)
        return kept or moves

    def _path(self, st: NumberOneState, move: int) -> int:
        """The holes a move steps on, its landing included."""
        holes = self.paths.get(move)
        if holes is None:
            size, start = (move >> SIZE_SHIFT) & 3, move & 255
            for mask, _land, on_token, on_empty in st.paths[size][start]:
                self.paths[on_token] = self.paths[on_empty] = mask
            holes = self.paths[move]
        return holes

    def _leaf(self, st: NumberOneState) -> float:
        """The root seat's chances (``2p - 1``) by the evaluation."""
        return float(self.evaluator.evaluate_all(st)[self.me])

    def _ordered(self, st: NumberOneState, moves: list[int], first: int, ply: int
                 ) -> list[int]:
        """The table's move, the killers, then by history and the knowledge's move
        scores (tokens sunk next to another small peg, the own small peg's way kept)."""
        k0, k1 = self.killers[ply]
        history = self.history
        static = self.evaluator.move_scores(st, moves)
        ranked = []
        for m, s in zip(moves, static, strict=True):
            if m == first:
                r = 1e12
            elif m == k0:
                r = 1e11
            elif m == k1:
                r = 1e10
            else:
                r = history.get(m, 0) + 1000.0 * s
            ranked.append((-r, m))
        ranked.sort()
        return [m for _, m in ranked]


def _to_table(v: float, ply: int) -> float:
    """A won or lost value is kept relative to the node, not the root."""
    if v >= DECIDED:
        return v + ply * PLY
    if v <= -DECIDED:
        return v - ply * PLY
    return v


def _from_table(v: float, ply: int) -> float:
    if v >= DECIDED:
        return v - ply * PLY
    if v <= -DECIDED:
        return v + ply * PLY
    return v

