"""Monte Carlo tree search (UCT with prior bias), through the game protocol only.

Leaves are valued by a short playout cut off with the game's evaluation (or by the
evaluation alone when ``playout_depth`` is 0), so a few thousand iterations already
mean something. Wins found at expansion are proven and propagated (MCTS-solver), and
with ``safety`` on, moves that hand the opponent an instant win are never expanded
unless nothing else is left. Values are kept per node from the view of the player who
made the node's move.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ..core.protocol import State
from .knowledge import Knowledge, hands_win


class Node:
    __slots__ = ("move", "seat", "children", "n", "w", "prior", "proven")

    def __init__(self, move: Any, seat: int, prior: float = 1.0) -> None:
        self.move = move
        self.seat = seat  # who made ``move``: values are from this player's side
        self.children: list[Node] | None = None
        self.n = 0
        self.w = 0.0
        self.prior = prior
        self.proven = 0  # +1 the move wins by force for ``seat``, -1 it loses, 0 unknown

    def q(self) -> float:
        return self.w / self.n if self.n else 0.0

    def child(self, move: Any) -> Node | None:
        for c in self.children or ():
            if c.move == move:
                return c
        return None

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children or ())


class Budget:
    """Stop after ``iterations`` (reproducible) or at a wall-clock deadline."""

    def __init__(self, ms: float | None = None, iterations: int | None = None) -> None:
        self.start = time.perf_counter()
        self.deadline = None if ms is None else self.start + ms / 1000.0
        self.iterations = iterations

    def time_left(self) -> float:
        return math.inf if self.deadline is None else self.deadline - time.perf_counter()

    def done(self, i: int) -> bool:
        if self.iterations is not None and i >= self.iterations:
            return True
        return self.deadline is not None and (i & 7) == 0 and time.perf_counter() >= self.deadline


@dataclass
class Config:
    c: float = 0.7  # exploration
    prior_weight: float = 1.0  # progressive bias from the knowledge's move scores
    prior_temp: float = 0.15  # softmax temperature of the move scores
    playout_depth: int = 4  # plies of playout before the evaluation (0: evaluation only)
    safety: bool = True  # do not expand moves that hand the opponent an instant win


class MCTS:
    def __init__(self, knowledge: Knowledge, rng: random.Random, config: Config) -> None:
        self.k = knowledge
        self.rng = rng
        self.cfg = config

    # -- one search ------------------------------------------------------------------------

    def search(self, state: State, root: Node | None, budget: Budget) -> tuple[Node, int]:
        """Grow the tree under ``root`` (a fresh one if None); return it and the number of
        iterations run."""
        if root is None:
            root = Node(None, state.to_move ^ 1)
        if root.children is None:
            self._expand(root, state)
        i = 0
        while not budget.done(i) and not root.proven:
            self._iterate(root, state)
            i += 1
        return root, i

    def _iterate(self, root: Node, root_state: State) -> None:
        s = root_state.copy(history=False) if hasattr(root_state, "advance") else (
            root_state.copy())
        step = s.advance if hasattr(s, "advance") else s.push
        node = root
        path = [root]
        while node.children is not None and not node.proven:
            node = self._select(node)
            step(node.move)
            path.append(node)
        if not node.proven and s.result is None:
            self._expand(node, s)
            if not node.proven:
                node = self._select(node)
                step(node.move)
                path.append(node)
        value = self._value(node, s)  # for node.seat
        seat = node.seat
        for x in reversed(path):
            x.n += 1
            x.w += value if x.seat == seat else -value
            if x.children is not None and not x.proven:
                self._prove(x)

    def _prove(self, node: Node) -> None:
        ch = node.children
        if any(c.proven == 1 for c in ch):
            node.proven = -1
        elif all(c.proven == -1 for c in ch):
            node.proven = 1

    def _select(self, node: Node) -> Node:
        best, best_s = None, -math.inf
        cfg = self.cfg
        log_n = math.log(node.n + 1)
        for c in node.children:
            if c.proven:
                if c.proven == 1:
                    return c
                continue
            if c.n == 0:
                s = 1e9 + c.prior
            else:
                s = c.w / c.n + cfg.c * math.sqrt(log_n / c.n) + cfg.prior_weight * c.prior / (
                    c.n + 1)
            if s > best_s:
                best, best_s = c, s
        if best is None:  # every move loses by force: pick the most visited
            best = max(node.children, key=lambda c: c.n)
        return best

    def _expand(self, node: Node, state: State) -> None:
        k = self.k
        me = state.to_move
        moves = state.legal_moves()
        for m in moves:
            if k.wins_now(state, m):
                win = Node(m, me)
                win.proven = 1
                node.children = [win]
                node.proven = -1
                return
        lost: list[Any] = []
        if self.cfg.safety and len(moves) > 1 and k.may_win_soon(state, me ^ 1):
            keep = [m for m in moves if not hands_win(k, state, m)]
            if keep:
                lost = []
            else:
                lost, keep = moves, []
            moves = keep or moves
        scores = k.move_scores(state, moves)
        top = max(scores)
        temp = self.cfg.prior_temp
        ex = [math.exp((s - top) / temp) for s in scores]
        total = sum(ex)
        children = [Node(m, me, e / total) for m, e in zip(moves, ex, strict=True)]
        children.sort(key=lambda c: -c.prior)
        if lost:
            for c in children:
                c.proven = -1
            node.proven = 1
        node.children = children

    def _value(self, node: Node, state: State) -> float:
        if node.proven:
            return float(node.proven)
        seat = node.seat
        r = state.result
        if r is None:
            k, rng = self.k, self.rng
            step = state.advance if hasattr(state, "advance") else state.push
            depth = self.cfg.playout_depth if k.has_evaluation else 10_000
            for _ in range(depth):
                moves = state.legal_moves()
                step(k.playout_move(state, moves, rng))
                r = state.result
                if r is not None:
                    break
            if r is None:
                return k.evaluate(state, seat)
        return 0.0 if r.winner is None else (1.0 if r.winner == seat else -1.0)


def best_child(root: Node) -> Node:
    """The move to play: a proven win, else the most visited move not proven lost."""
    ch = root.children or []
    for c in ch:
        if c.proven == 1:
            return c
    alive = [c for c in ch if c.proven != -1] or ch
    return max(alive, key=lambda c: (c.n, c.prior))


def root_value(root: Node) -> float:
    """Estimated value for the side to move at ``root``."""
    if root.proven:
        return -float(root.proven)
    c = best_child(root)
    if c.proven:
        return float(c.proven)
    return c.q() if c.n else 0.0
