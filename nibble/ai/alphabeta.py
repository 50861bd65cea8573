"""An alpha-beta sparring partner: a classical searcher to measure the MCTS levels against.

Minimax with alpha-beta pruning and iterative deepening, through the game protocol and
the game's :class:`Knowledge` only: leaves are valued by ``search_evaluate`` (the
evaluation, perhaps cautious; a game without one gets 0, so only wins and losses
count), moves are ordered by the
transposition-table move, two killer moves per ply, then ``move_scores``; instant wins
come from ``winner_after`` without searching them.

Values are always from the view of the seat to move at the root, which maximises while
every other seat minimises. In a two-player game that is plain negamax-equivalent
alpha-beta (and handles a player moving twice in a row); with three or four players it
is the *paranoid* reduction: the mover assumes everyone else plays against it.

Budget: a wall-clock deadline (read every ``clock.EVERY_NODES`` nodes: a leaf's
evaluation costs far more than reading the clock, and 32 nodes are the most it
overshoots by) and/or ``Budget.iterations`` read as a node limit, which makes the search
reproducible. The move played is the best of the last completed depth, or of the
unfinished one if its first move was searched fully.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.protocol import State
from . import clock
from .afresh import afresh
from .knowledge import REPLY_LIMIT, Knowledge
from .mcts import Budget
from .players import ONE_PLY_LIMIT, Decision, Player, endgame

WIN = 2.0  # beyond any evaluation (which is in [-1, 1])
PLY = 0.001  # a win one ply sooner is worth this much more (and a loss later, less bad)
MAX_DEPTH = 64
#: node limit when the budget gives neither time nor iterations
DEFAULT_NODES = 20_000
TT_SIZE = 150_000  # entries; the table is cleared when it grows past this
#: transposition table: position key -> (depth, value, bound flag, best move)
Table = dict[Any, tuple[int, float, int, Any]]

EXACT, LOWER, UPPER = 0, 1, 2
_FLIPPED = (EXACT, UPPER, LOWER)  # a bound seen from the other side
NULL = 1e-7  # the width of a null window (values are floats)


class _Stop(Exception):
    """The budget ran out in the middle of a depth."""


class AlphaBetaPlayer(Player):
    """Iterative-deepening alpha-beta (principal-variation search) with a transposition
    table kept between the moves of one game, and killer moves."""

    name = "alphabeta"

    def __init__(self, seed: int = 0, knowledge: Knowledge[Any] | None = None,
                 max_moves: int = ONE_PLY_LIMIT, hand_written: bool = False,
                 solve: bool = False, solver_nodes: int = 400_000) -> None:
        super().__init__(seed, knowledge, hand_written)
        self.max_moves = max_moves  # moves searched per node (all unless a flood)
        self.solve = solve  # try the exact endgame solver first once little is left
        self.solver_nodes = solver_nodes
        # (game, set-up and players; its transposition table)
        self.table: tuple[tuple[str, str, int], Table] | None = None

    def forget(self) -> None:
        self.table = None

    def _table(self, state: State[Any]) -> Table:
        """The table of this game (positions searched for earlier moves stay useful), or a
        fresh one for another game."""
        game = (state.game.id, state.setup(), state.num_players)
        if self.table is None or self.table[0] != game:
            self.table = (game, {})
        return self.table[1]

    def choose(self, state: State[Any], budget: Budget) -> Decision:
        k = self.k(state)
        if self.solve and k.material(state) <= k.solve_at:  # (else no list of moves for it)
            moves, complete = k.tree_moves(state, self.max_moves)
            solved = endgame(k, state, moves, budget, self.solver_nodes) if (
                complete and len(moves) > 1) else None
            if solved is not None:
                return solved
        search = _Search(k, state, budget, self.max_moves, self._table(state))
        return search.run()


class _Search:
    def __init__(self, k: Knowledge[Any], state: State[Any], budget: Budget, max_moves: int,
                 tt: Table) -> None:
        self.k = k
        self.reduce_after = k.reduce_after(state)  # late-move reductions
        self.state = state
        self.root = state.to_move
        self.deadline = budget.deadline
        limit = budget.iterations
        if limit is None and budget.deadline is None:
            limit = DEFAULT_NODES
        self.node_limit = limit
        self.max_moves = max_moves
        self.nodes = 0
        # values are stored from seat 0's side in two-player games, so that they hold
        # whoever is to move at the root; with more players (paranoid values) or a leaf
        # value that is not zero-sum (Knowledge.search_evaluate) the root's seat is part
        # of the key
        self.tt = tt
        zero_sum = state.num_players == 2 and k.zero_sum_search(state)
        self.flip = zero_sum and self.root != 0
        self.tag = None if zero_sum else self.root
        self.killers: list[list[Any]] = [[] for _ in range(MAX_DEPTH + 2)]
        self.horizon = False  # did this depth cut any line short (else the tree is exact)

    # -- the root ----------------------------------------------------------------------------

    def run(self) -> Decision:
        k, state = self.k, self.state
        moves, _ = k.tree_moves(state, self.max_moves)
        if len(moves) == 1:
            return Decision(moves[0], None, 0, {"forced": True})
        for m in moves:
            if k.winner_after(state, m) == self.root:
                return Decision(m, 1.0, 0, {"solved": True})
        order = self._order(state, moves, None, 0)
        kept = len(self.tt)  # entries from the searches for earlier moves
        best, best_v, depth_done = order[0], None, 0
        for depth in range(1, MAX_DEPTH + 1):
            self.horizon = False
            try:
                m, v = self._root(state, order, depth)
            except _Stop as stop:
                partial = stop.args[0] if stop.args else None
                if partial is not None:  # the first move was searched fully at this depth
                    best, best_v = partial
                break
            best, best_v, depth_done = m, v, depth
            order = [m] + [x for x in order if x != m]
            if not self.horizon or abs(v) >= WIN - 1:  # exact, or a forced result
                break
        value = None if best_v is None else max(-1.0, min(1.0, best_v))
        return Decision(best, value, self.nodes, {"depth": depth_done, "nodes": self.nodes,
                                                  "kept": kept})

    def _root(self, state: State[Any], order: list[Any], depth: int) -> tuple[Any, float]:
        alpha, beta = -math.inf, math.inf
        best, best_v = order[0], -math.inf
        for i, m in enumerate(order):
            state.push(m)
            try:
                # each root move enters the interpreter afresh (see .afresh)
                if i == 0 or depth == 1:
                    v = afresh(self._value, state, depth - 1, alpha, beta, 1)
                else:  # principal-variation search, as at inner nodes
                    v = afresh(self._value, state, depth - 1, alpha, alpha + NULL, 1)
                    if v > alpha:
                        v = afresh(self._value, state, depth - 1, v, beta, 1)
            except _Stop:
                raise _Stop((best, best_v) if i > 0 else None) from None
            finally:
                state.pop()
            if v > best_v:
                best, best_v = m, v
                alpha = max(alpha, v)
        self._store(state, depth, best_v, EXACT, best, 0)
        return best, best_v

    # -- inner nodes ---------------------------------------------------------------------------

    def _tick(self) -> None:
        """Count a node; stop at the node limit, or at the deadline (read every
        ``clock.EVERY_NODES`` nodes)."""
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _Stop
        self.nodes += 1
        if (self.deadline is not None and not self.nodes % clock.EVERY_NODES
                and clock.now() >= self.deadline):
            raise _Stop

    def _terminal(self, state: State[Any], ply: int) -> float | None:
        r = state.result
        if r is None:
            return None
        if r.winner is None:
            return 0.0
        return WIN - ply * PLY if r.winner == self.root else -WIN + ply * PLY

    def _value(self, state: State[Any], depth: int, alpha: float, beta: float, ply: int) -> float:
        """Value for the root's seat of ``state``, searched ``depth`` more plies."""
        end = self._terminal(state, ply)
        if end is not None:
            return end
        if depth <= 0:
            self._tick()
            self.horizon = True
            return self._leaf(state, ply)
        self._tick()
        k = self.k
        key = self._key(state)
        hit = self.tt.get(key)
        tt_move = None
        if hit is not None:
            d, tv, flag, tt_move = hit
            if d >= depth:
                if self.flip:
                    tv, flag = -tv, _FLIPPED[flag]
                tv = _from_tt(tv, ply)
                if flag == EXACT or (flag == LOWER and tv >= beta) or (
                        flag == UPPER and tv <= alpha):
                    if abs(tv) < WIN - 1:
                        self.horizon = True  # a heuristic value from an earlier search
                    return tv
        maximise = state.to_move == self.root
        moves, _ = k.tree_moves(state, self.max_moves)
        mover = state.to_move
        if k.opponent_may_win_next(state):  # the cheap filter spares most win checks
            for m in moves:
                w = k.winner_after(state, m)
                if w == mover:
                    v = WIN - (ply + 1) * PLY if w == self.root else -WIN + (ply + 1) * PLY
                    self._store(state, MAX_DEPTH, v, EXACT, m, ply, key)
                    return v
        a0, b0 = alpha, beta
        best_m = None
        best = -math.inf if maximise else math.inf
        # moves from this index on are first searched a ply shallower (late-move reductions)
        late = self.reduce_after if depth >= 3 and self.reduce_after is not None else math.inf
        for i, m in enumerate(self._order(state, moves, tt_move, ply)):
            state.push(m)
            try:
                if i == 0 or depth == 1:  # a leaf's value does not depend on the window
                    v = self._value(state, depth - 1, alpha, beta, ply + 1)
                elif maximise:  # principal-variation search: prove the move no better first
                    if i >= late:  # first a shallower proof
                        v = self._value(state, depth - 2, alpha, alpha + NULL, ply + 1)
                    if i < late or v > alpha:
                        v = self._value(state, depth - 1, alpha, alpha + NULL, ply + 1)
                    if alpha < v < beta:
                        v = self._value(state, depth - 1, v, beta, ply + 1)
                else:
                    if i >= late:
                        v = self._value(state, depth - 2, beta - NULL, beta, ply + 1)
                    if i < late or v < beta:
                        v = self._value(state, depth - 1, beta - NULL, beta, ply + 1)
                    if alpha < v < beta:
                        v = self._value(state, depth - 1, alpha, v, ply + 1)
            finally:
                state.pop()
            if maximise:
                if v > best:
                    best, best_m = v, m
                    alpha = max(alpha, v)
            elif v < best:
                best, best_m = v, m
                beta = min(beta, v)
            if alpha >= beta:
                self._killer(m, ply)
                break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        self._store(state, depth, best, flag, best_m, ply, key)
        return best

    def _leaf(self, state: State[Any], ply: int) -> float:
        """The evaluation, unless the side to move wins on the spot (so one ply of search
        already sees a move that hands over an instant win)."""
        k = self.k
        if k.opponent_may_win_next(state):
            mover = state.to_move
            replies, _ = k.tree_moves(state, REPLY_LIMIT)
            for m in replies:
                w = k.winner_after(state, m)
                if w == mover:
                    return WIN - (ply + 1) * PLY if w == self.root else -WIN + (ply + 1) * PLY
        return k.search_evaluate(state, self.root)

    # -- ordering and tables --------------------------------------------------------------------

    def _order(self, state: State[Any], moves: list[Any], tt_move: Any, ply: int) -> list[Any]:
        scores = self.k.move_scores(state, moves)
        order = sorted(range(len(moves)), key=scores.__getitem__, reverse=True)  # stable
        ordered = [moves[i] for i in order]
        first = [m for m in (tt_move, *self.killers[ply]) if m is not None and m in moves]
        if not first:
            return ordered
        front = list(dict.fromkeys(first))
        return front + [m for m in ordered if m not in front]

    def _killer(self, move: Any, ply: int) -> None:
        ks = self.killers[ply]
        if move not in ks:
            ks.insert(0, move)
            del ks[2:]

    def _key(self, state: State[Any]) -> Any:
        key = self.k.key(state)
        if key is None:
            key = state.position()
        return key if self.tag is None else (self.tag, key)

    def _store(self, state: State[Any], depth: int, value: float, flag: int, move: Any, ply: int,
               key: Any = None) -> None:
        if key is None:
            key = self._key(state)
        if len(self.tt) >= TT_SIZE:
            self.tt.clear()
        value = _to_tt(value, ply)
        if self.flip:
            value, flag = -value, _FLIPPED[flag]
        self.tt[key] = (depth, value, flag, move)


def _to_tt(v: float, ply: int) -> float:
    """Win values are stored relative to the node, not the root."""
    if v > WIN - 1:
        return v + ply * PLY
    if v < -WIN + 1:
        return v - ply * PLY
    return v


def _from_tt(v: float, ply: int) -> float:
    if v > WIN - 1:
        return v - ply * PLY
    if v < -WIN + 1:
        return v + ply * PLY
    return v
