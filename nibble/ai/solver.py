"""Exact endgame search: alpha-beta over win / draw / loss with a transposition table.

Works on any two-player game through the protocol (push/pop), including games where a
player may move twice in a row; the game's knowledge gives a
position key (without one there is no table) and cheap instant-win checks, which are
tried first at every node because they end most lines at once. A node limit keeps it
from running away when the position is bigger than it looks; then it says "unknown".
"""

from __future__ import annotations

from typing import Any

from ..core.protocol import State
from . import clock
from .afresh import afresh
from .knowledge import Knowledge


class _Abort(Exception):
    pass


class Solver:
    def __init__(self, knowledge: Knowledge[Any], node_limit: int = 200_000,
                 deadline: float | None = None) -> None:
        self.k = knowledge
        self.node_limit = node_limit
        self.deadline = deadline  # clock.now() value after which to give up
        self.nodes = 0
        self.tt: dict[Any, tuple[int, int]] = {}

    def solve(self, state: State[Any]) -> tuple[int, Any] | None:
        """(value for the side to move: 1 win, 0 draw, -1 loss; a best move), or None if
        the node limit was reached first."""
        self.nodes = 0
        try:
            moves = self._ordered(state)
            best_v, best_m = -2, moves[0]
            alpha = -1
            for m in moves:
                if self.k.winner_after(state, m) == state.to_move:
                    return 1, m
            me = state.to_move
            for m in moves:
                state.push(m)
                try:
                    v = afresh(self._child, state, me, -1, -alpha)  # see .afresh
                finally:
                    state.pop()
                if v > best_v:
                    best_v, best_m = v, m
                    alpha = max(alpha, v)
                if v == 1:
                    break
            return best_v, best_m
        except _Abort:
            return None

    def _ordered(self, state: State[Any]) -> list[Any]:
        moves = state.legal_moves()
        scores = self.k.move_scores(state, moves)
        order = sorted(range(len(moves)), key=lambda i: -scores[i])
        return [moves[i] for i in order]

    def _child(self, state: State[Any], me: int, alpha: int, beta: int) -> int:
        """Value for ``me`` of the position after ``me``'s move (negated unless ``me``
        moves again); ``alpha``/``beta`` are the window negated for the opponent."""
        r = state.result
        if r is not None:
            return 0 if r.winner is None else (1 if r.winner == me else -1)
        if state.to_move == me:
            return self._negamax(state, -beta, -alpha)
        return -self._negamax(state, alpha, beta)

    def _negamax(self, state: State[Any], alpha: int, beta: int) -> int:
        r = state.result
        if r is not None:
            return 0 if r.winner is None else (1 if r.winner == state.to_move else -1)
        self.nodes += 1
        if self.nodes > self.node_limit or (self.deadline is not None and not self.nodes
                                            % clock.EVERY_NODES and clock.now() > self.deadline):
            raise _Abort
        key = self.k.key(state)
        lo, hi = -1, 1
        if key is not None:
            hit = self.tt.get(key)
            if hit is not None:
                lo, hi = hit
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        me = state.to_move
        moves = state.legal_moves()
        winner_after = self.k.winner_after
        for m in moves:
            if winner_after(state, m) == me:
                if key is not None:
                    self.tt[key] = (1, 1)
                return 1
        scores = self.k.move_scores(state, moves)
        order = sorted(range(len(moves)), key=lambda i: -scores[i])
        best = -1
        for i in order:
            state.push(moves[i])
            try:
                v = self._child(state, me, -beta, -alpha)
            finally:
                state.pop()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if key is not None:
            if best <= a0:
                self.tt[key] = (lo, min(hi, best))
            elif best >= b0:
                self.tt[key] = (max(lo, best), hi)
            else:
                self.tt[key] = (best, best)
        return best
