"""The computer players. Each gets a state and a budget and returns a :class:`Decision`.

All are seeded (``random.Random(seed)``) so a seed and an iteration budget reproduce
the same move; only wall-clock budgets make the work done vary.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.protocol import State
from .knowledge import Knowledge, hands_win, knowledge_for, safe_moves
from .mcts import MCTS, Budget, Config, Node, best_child, root_value
from .solver import Solver


@dataclass
class Decision:
    move: Any
    value: float | None = None  # estimate for the side to move, in [-1, 1]
    iterations: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class Player:
    name = "player"

    def __init__(self, seed: int = 0, knowledge: Knowledge[Any] | None = None,
                 hand_written: bool = False) -> None:
        self.rng = random.Random(seed)
        self.knowledge = knowledge
        # the game's hand-written evaluation, not one fitted to self-play: the sparring
        # partners (independent of the fitted levels) and ``easy`` (a beginner's match)
        self.hand_written = hand_written

    def k(self, state: State[Any]) -> Knowledge[Any]:
        k = self.knowledge or knowledge_for(state)
        return k.hand_written() if self.hand_written else k

    def choose(self, state: State[Any], budget: Budget) -> Decision:
        raise NotImplementedError

    def forget(self) -> None:
        """Drop anything kept between moves (a new game starts)."""


#: moves a one-ply player looks at (all of them unless a position floods with moves)
ONE_PLY_LIMIT = 400
#: the random player draws from all legal moves up to this many (else from a sample)
RANDOM_LIMIT = 5000


class RandomPlayer(Player):
    """Uniformly random legal moves (from the game's candidates when a position floods
    with tens of thousands of them, so that it too answers in time)."""

    name = "random"

    def choose(self, state: State[Any], budget: Budget) -> Decision:
        moves, _ = self.k(state).candidate_moves(state, RANDOM_LIMIT)
        return Decision(moves[self.rng.randrange(len(moves))])


def _half_left(budget: Budget) -> float | None:
    """The deadline at half of what is left (None: no deadline): the other half is for
    what comes next (judging the safe moves, or searching on after the solver)."""
    left = budget.time_left()
    if left == math.inf or budget.deadline is None:  # no deadline gives an infinite left
        return None
    return budget.deadline - left / 2


class GreedyPlayer(Player):
    """The baseline: win now if possible, never hand over an instant win that a one-move
    look-ahead sees, otherwise the move with the most pieces (discs) taken; ties at random.
    """

    name = "greedy"

    def choose(self, state: State[Any], budget: Budget) -> Decision:
        k = self.k(state)
        moves, _ = k.candidate_moves(state, ONE_PLY_LIMIT)
        for m in moves:
            if k.wins_now(state, m):
                return Decision(m, 1.0)
        moves = safe_moves(k, state, moves, _half_left(budget))
        size = [_size(m) for m in moves]
        top = max(size)
        best = [m for m, s in zip(moves, size, strict=True) if s == top]
        return Decision(best[self.rng.randrange(len(best))])


def _size(move: Any) -> int:
    return move.bit_count() if isinstance(move, int) else 1


class HeuristicPlayer(Player):
    """One ply: win now, stay safe, then the best evaluation after the move (plus a
    little noise, so it is not predictable). Anytime: past the budget it answers with
    the best move judged so far."""

    name = "heuristic"

    def __init__(self, seed: int = 0, knowledge: Knowledge[Any] | None = None,
                 noise: float = 0.05, hand_written: bool = False) -> None:
        super().__init__(seed, knowledge, hand_written)
        self.noise = noise

    def choose(self, state: State[Any], budget: Budget) -> Decision:
        k = self.k(state)
        me = state.to_move
        moves, _ = k.candidate_moves(state, ONE_PLY_LIMIT)
        for m in moves:
            if k.wins_now(state, m):
                return Decision(m, 1.0)
        moves = safe_moves(k, state, moves, _half_left(budget))
        scores = k.move_scores(state, moves)  # best first, so a cut-off keeps good ones
        order = sorted(range(len(moves)), key=lambda i: -scores[i])
        best, best_v, best_raw = moves[order[0]], -math.inf, 0.0
        judged = 0
        for i in order:
            if judged and budget.expired():
                break
            m = moves[i]
            state.push(m)
            v = k.evaluate(state, me)
            state.pop()
            judged += 1
            noisy = v + self.rng.uniform(-self.noise, self.noise)
            if noisy > best_v:
                best, best_v, best_raw = m, noisy, v
        return Decision(best, best_raw, judged)


def endgame(k: Knowledge[Any], state: State[Any], moves: list[Any], budget: Budget,
            solver_nodes: int) -> Decision | None:
    """The exact solver's move once little is left (``k.solve_at``), with up to half the
    time left: a proven win, or a proven loss when every move hands over an instant win
    (else a search picks the move that makes the win hardest to find). None: not tried,
    not proven, or no faster than searching on."""
    if state.num_players != 2 or k.material(state) > k.solve_at:
        return None
    deadline = _half_left(budget)
    limit = solver_nodes if budget.iterations is None else min(
        solver_nodes, 1000 + 20 * budget.iterations)  # bounded, reproducible
    solver = Solver(k, limit, deadline)
    res = solver.solve(state)
    if res is not None and res[0] != 0:
        v, m = res
        if v == 1 or not any(not hands_win(k, state, x) for x in moves):
            return Decision(m, float(v), solver.nodes, {"solved": True})
    return None


class MCTSPlayer(Player):
    """MCTS with the game's knowledge; tries the exact solver first once little is left
    (``solve``), and keeps its tree between moves of the same game."""

    name = "mcts"

    def __init__(self, seed: int = 0, knowledge: Knowledge[Any] | None = None,
                 config: Config | None = None, solve: bool = True,
                 solver_nodes: int = 400_000, tuned: bool = False) -> None:
        super().__init__(seed, knowledge)
        self.config = config or Config()
        self.tuned = tuned  # take the game's ``Knowledge.tuned_search`` settings
        self.solve = solve
        self.solver_nodes = solver_nodes
        self.tree: tuple[tuple[Any, ...], Node] | None = None  # (moves played at the root, root)

    def forget(self) -> None:
        self.tree = None

    def _reuse(self, state: State[Any]) -> Node | None:
        if self.tree is None:
            return None
        played, kept = self.tree
        now = tuple(state.moves)
        if now[:len(played)] != played:
            return None
        root: Node | None = kept
        for m in now[len(played):]:
            root = root.child(m) if root is not None else None
        if root is None or root.proven:
            return None
        return root

    def choose(self, state: State[Any], budget: Budget) -> Decision:
        k = self.k(state)
        moves, complete = k.candidate_moves(state, self.config.max_children)
        if len(moves) == 1 and complete:
            return Decision(moves[0], None, 0, {"forced": True})
        for m in moves:
            if k.wins_now(state, m):
                return Decision(m, 1.0, 0, {"solved": True})
        if self.solve and complete:
            solved = endgame(k, state, moves, budget, self.solver_nodes)
            if solved is not None:
                return solved
        config = self.config
        if self.tuned and k.tuned_search:
            config = replace(config, **k.tuned_search)
        search = MCTS(k, self.rng, config)
        root = self._reuse(state)
        reused = root.n if root is not None else 0
        root, iters = search.search(state, root, budget)
        self.tree = (tuple(state.moves), root)
        c = best_child(root)
        return Decision(c.move, root_value(root), iters,
                        {"visits": c.n, "reused": reused, "tree": root.n})
