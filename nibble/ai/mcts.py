"""Monte Carlo tree search (UCT with prior bias), through the game protocol only.

Leaves are valued by a short playout cut off with the game's evaluation (or by the
evaluation alone when ``playout_depth`` is 0), so a few thousand iterations already
mean something. Values are kept per node from the view of the player who made the
node's move, and backed up as one value per seat, so the same search serves two-player
games and games of three or four players, and games where one player makes several
moves in a row (a turn of several moves).

Wins found at expansion are proven and propagated (MCTS-solver) in two-player games.
Every piece of work is bounded: the deadline is checked every iteration and inside
playouts, a node expands at most ``max_children`` candidate moves (all of them unless a
position has a flood of legal moves), and the tree stops growing at ``max_nodes``.

A child becomes a node only when it is first visited: an expanded node keeps its other
moves, in the order of their priors, as a plain list (``Node.todo``). Most children of a
node are never visited, so this holds several times more iterations in the same memory
(a to-do move weighs about a third of a node, and ``max_nodes`` counts it so); a tree
that filled up in a second (on a game of several players with several moves a turn)
stopped growing, and more time bought nothing.
Selection is the same as with every child a node: an unvisited child (in prior order)
always comes before a visited one.
"""

from __future__ import annotations

import math
import random
from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..core.protocol import State
from . import clock
from .afresh import afresh
from .knowledge import Knowledge, hands_win

ROOT_SEAT = -1  # the root's move was made by nobody we score
# ``max_nodes`` counts memory in nodes: an expanded node's lists weigh about two more, and
# five to-do moves (8 bytes in an array, a prior 4) one (measured with tracemalloc)
EXPANDED = 2
TODO_PER_NODE = 5


if TYPE_CHECKING:
    class _FastCopy(Protocol):
        """The games' copy outside the protocol: without the move list and undo records
        (``history=False``), for a copy only played forward with ``advance``."""

        def copy(self, history: bool = True) -> State[Any]: ...


class Node:
    __slots__ = ("move", "seat", "children", "n", "w", "prior", "proven", "complete", "mm",
                 "todo", "todo_p", "mover")

    def __init__(self, move: Any, seat: int, prior: float = 1.0) -> None:
        self.move = move
        self.seat = seat  # who made ``move``: values are from this player's side
        self.children: list[Node] | None = None
        self.n = 0
        self.w = 0.0
        self.prior = prior
        self.proven = 0  # +1 the move wins by force for ``seat``, -1 it loses, 0 unknown
        self.complete = True  # the children are every legal move (not a sample)
        self.mm: float | None = None  # implicit minimax value for ``seat`` (Config.minimax)
        # children not yet visited, lowest prior first (the next one to visit is last)
        self.todo: list[Any] | array[int] | None = None
        self.todo_p: array[float] | None = None
        self.mover = ROOT_SEAT  # the seat to move here (known once expanded)

    def q(self) -> float:
        return self.w / self.n if self.n else 0.0

    def child(self, move: Any) -> Node | None:
        """The node of ``move`` if it was visited (None also for a move not yet visited)."""
        for c in self.children or ():
            if c.move == move:
                return c
        return None

    def unvisited(self) -> int:
        """Moves expanded here but not yet visited."""
        return len(self.todo) if self.todo is not None else 0

    def take_next(self) -> Node:
        """Make the unvisited move with the highest prior a child node, and return it."""
        todo, priors, children = self.todo, self.todo_p, self.children
        assert todo and priors is not None and children is not None
        c = Node(todo.pop(), self.mover, priors.pop())
        children.append(c)
        return c

    def size(self) -> int:
        """The weight of this subtree in nodes, as ``max_nodes`` counts it (iterative:
        trees can be deep)."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            if node.todo is not None:  # expanded lazily
                count += EXPANDED + len(node.todo) // TODO_PER_NODE
            count += 1
            if node.children:
                stack.extend(node.children)
        return count


class Budget:
    """Stop after ``iterations`` (reproducible) or at a wall-clock deadline, whichever
    comes first; both may be given."""

    def __init__(self, ms: float | None = None, iterations: int | None = None) -> None:
        self.start = clock.now()
        self.deadline = None if ms is None else self.start + ms / 1000.0
        self.iterations = iterations

    def time_left(self) -> float:
        return math.inf if self.deadline is None else self.deadline - clock.now()

    def expired(self) -> bool:
        return self.deadline is not None and clock.now() >= self.deadline

    def done(self, i: int) -> bool:
        if self.iterations is not None and i >= self.iterations:
            return True
        return self.expired()


@dataclass
class Config:
    c: float = 0.7  # exploration
    prior_weight: float = 1.0  # progressive bias from the knowledge's move scores
    prior_temp: float = 0.15  # softmax temperature of the move scores
    playout_depth: int = 4  # plies of playout before the evaluation (0: evaluation only)
    safety: bool = True  # do not expand moves that hand the opponent an instant win
    max_children: int = 400  # candidate moves expanded per node (all, unless a flood)
    max_nodes: int = 150_000  # the tree stops growing here (memory stays bounded)
    widen: float = 0.0  # > 0: a node seen n times chooses among its 2 + widen·√n best priors
    minimax: float = 0.0  # > 0: weight of the implicit minimax value in selection (2 players)
    # a child becomes a node when first visited (False: every child at once, as the
    # analysis searches: its chances were calibrated on trees that filled up so)
    lazy: bool = True


class MCTS:
    def __init__(self, knowledge: Knowledge[Any], rng: random.Random, config: Config) -> None:
        self.k = knowledge
        self.rng = rng
        self.cfg = config
        self.nodes = 0
        self.budget: Budget | None = None
        self.players = 2

    # -- one search ------------------------------------------------------------------------

    def search(self, state: State[Any], root: Node | None, budget: Budget) -> tuple[Node, int]:
        """Grow the tree under ``root`` (a fresh one if None); return it and the number of
        iterations run."""
        self.budget = budget
        self.players = state.num_players
        if root is None:
            root = Node(None, ROOT_SEAT)
            self.nodes = 1
        else:
            self.nodes = root.size()
        if root.children is None:
            self._expand(root, state)
        i = 0
        while not budget.done(i) and not root.proven:
            afresh(self._iterate, root, state)  # see .afresh
            i += 1
        return root, i

    def _iterate(self, root: Node, root_state: State[Any]) -> None:
        # a state with ``advance`` has the fast copy too (every game of this package)
        s = cast("_FastCopy", root_state).copy(history=False) if hasattr(
            root_state, "advance") else root_state.copy()
        step = s.advance if hasattr(s, "advance") else s.push
        node = root
        path = [root]
        while node.children is not None and not node.proven:
            nxt = self._select(node)
            if nxt is None:  # the tree is full and nothing below here was visited
                break
            node = nxt
            step(node.move)
            path.append(node)
        if (node.children is None and not node.proven and s.result is None
                and self.nodes < self.cfg.max_nodes):
            self._expand(node, s)
            if not node.proven:
                nxt = self._select(node)
                if nxt is not None:
                    node = nxt
                    step(node.move)
                    path.append(node)
        values = self._values(node, s)
        mm = self.cfg.minimax and self.players == 2
        if mm and node.seat >= 0 and node.mm is None:
            node.mm = values[node.seat]
        # a node's proof depends on its children's alone, and a child is proven only on
        # the path (at its expansion or here): so only a node whose child on the path is
        # proven may become proven (scanning every child of every node of the path was a
        # tenth of an analysis in a game of few moves a position)
        below: Node | None = None
        for x in reversed(path):
            x.n += 1
            if x.seat >= 0:
                x.w += values[x.seat]
            if x.children is not None and not x.proven:
                if below is not None and below.proven:
                    self._prove(x)
                if mm:
                    self._minimax(x)
            below = x

    def _prove(self, node: Node) -> None:
        """Two-player games only: a position is won for the player to move if one move
        wins, lost if every move (all of them, not a sample) loses."""
        ch = node.children
        if self.players != 2 or not ch:
            return
        mover = ch[0].seat
        if any(c.proven == 1 for c in ch):
            mover_wins = True
        elif node.complete and not node.todo and all(c.proven == -1 for c in ch):
            mover_wins = False
        else:
            return
        same = node.seat == mover
        node.proven = 1 if mover_wins == same else -1

    def _minimax(self, node: Node) -> None:
        """Implicit minimax backup (Lanctot et al. 2014): the best value among the
        children valued so far, from ``node.seat``'s side (a proven child counts ±1)."""
        children = node.children
        assert children is not None  # called only on an expanded node
        best = -math.inf
        for c in children:
            v = c.proven or c.mm
            if v is not None and v > best:
                best = v
        if best > -math.inf:
            mover = children[0].seat
            node.mm = best if node.seat == mover else -best

    def _select(self, node: Node) -> Node | None:
        """The child to go down to: a proven win, else the next unvisited move (in prior
        order; none once the tree is full), else by UCB. None only when the tree is full
        and no child of ``node`` was visited."""
        children = node.children
        assert children is not None  # called only on an expanded node
        widen = self.cfg.widen
        # progressive widening: only the k moves of highest prior are open
        k = 2 + int(widen * math.sqrt(node.n)) if widen else len(children) + node.unvisited()
        open_ = children[:k] if k < len(children) else children
        for c in open_:
            if c.proven == 1:
                return c
        if node.todo and len(children) < k and self.nodes < self.cfg.max_nodes:
            before = len(node.todo) // TODO_PER_NODE
            child = node.take_next()
            self.nodes += 1 + len(node.todo) // TODO_PER_NODE - before  # as size() counts
            return child
        if not children:
            return None
        best = self._best(node, open_)
        if best is None and open_ is not children:
            best = self._best(node, children)
        if best is None:  # every move loses by force: pick the most visited
            best = max(children, key=lambda c: c.n)
        return best

    def _best(self, node: Node, children: list[Node]) -> Node | None:
        """The child to explore among ``children`` (None if every one is proven lost)."""
        best, best_s = None, -math.inf
        cfg = self.cfg
        alpha, explore, prior_weight = cfg.minimax, cfg.c, cfg.prior_weight
        log_n = math.log(node.n + 1)
        sqrt = math.sqrt
        # (the search's innermost loop: every attribute read once, into a local)
        for c in children:
            proven = c.proven
            if proven:
                if proven == 1:
                    return c
                continue
            n = c.n
            if n == 0:  # only a child made a node in this iteration, before its visit
                s = 1e9 + c.prior
            else:
                q = c.w / n
                if alpha:
                    mm = c.mm
                    if mm is not None:
                        q += alpha * (mm - q)
                s = q + explore * sqrt(log_n / n) + prior_weight * c.prior / (n + 1)
            if s > best_s:
                best, best_s = c, s
        return best

    def _expand(self, node: Node, state: State[Any]) -> None:
        k = self.k
        me = state.to_move
        moves, complete = k.tree_moves(state, self.cfg.max_children)
        for m in moves:
            if k.wins_now(state, m):
                win = Node(m, me)
                win.proven = 1
                node.children = [win]
                self.nodes += 1
                self._prove(node)
                return
        lost = False
        if (self.cfg.safety and self.players == 2 and complete and 1 < len(moves) <= 64
                and k.may_win_soon(state, 1 - me)):
            keep = [m for m in moves if not hands_win(k, state, m)]
            lost = not keep
            moves = keep or moves
        scores = k.move_scores(state, moves)
        top = max(scores)
        temp = self.cfg.prior_temp
        ex = [math.exp((s - top) / temp) for s in scores]
        total = sum(ex)
        order = sorted(range(len(moves)), key=lambda i: -ex[i])  # stable, as before
        node.complete = complete
        node.mover = me
        if lost or not self.cfg.lazy:  # every child a node at once
            children = [Node(moves[i], me, ex[i] / total) for i in order]
            if lost:  # every child is a proven loss
                for c in children:
                    c.proven = -1
            node.children = children
            self.nodes += len(children)
            if lost:
                self._prove(node)
            return
        order.reverse()  # the next to visit is popped from the end
        node.children = []
        node.todo = _compact([moves[i] for i in order])
        node.todo_p = array("f", (ex[i] / total for i in order))
        self.nodes += EXPANDED + len(moves) // TODO_PER_NODE

    def _values(self, node: Node, state: State[Any]) -> list[float]:
        """One value per seat in [-1, 1] for the position reached."""
        n = self.players
        if node.proven:
            v = float(node.proven)
            return _pair(node.seat, v) if n == 2 else _winner_values(n, node.seat, v)
        r = state.result
        if r is None:
            k, rng = self.k, self.rng
            step = state.advance if hasattr(state, "advance") else state.push
            depth = self.cfg.playout_depth if k.has_evaluation else 10_000
            budget = self.budget
            for ply in range(depth):
                if ply & 15 == 15 and budget is not None and budget.expired():
                    break
                moves, _ = k.tree_moves(state, self.cfg.max_children)
                step(k.playout_move(state, moves, rng))
                r = state.result
                if r is not None:
                    break
            if r is None:
                return k.evaluate_all(state)
        if r.winner is None:
            return [0.0] * n
        return [1.0 if s == r.winner else -1.0 for s in range(n)]


def _compact(moves: list[Any]) -> Any:
    """The to-do moves as 64-bit integers in an array where they fit (a move that is a
    bitmask of a big board may not), else the list: an int object weighs 28 bytes more
    than its slot."""
    try:
        return array("q", moves)
    except (TypeError, OverflowError):
        return moves


def _pair(seat: int, v: float) -> list[float]:
    return [v, -v] if seat == 0 else [-v, v]


def _winner_values(n: int, seat: int, v: float) -> list[float]:
    """A proven win (v = 1) of ``seat`` among n players; a proven loss only for ``seat``."""
    if v > 0:
        return [1.0 if s == seat else -1.0 for s in range(n)]
    return [-1.0 if s == seat else 0.0 for s in range(n)]


def best_child(root: Node) -> Node:
    """The move to play: a proven win, else the most visited move not proven lost."""
    if not root.children and root.todo:  # expanded, never searched: the best prior
        root.take_next()
    ch = root.children or []
    for c in ch:
        if c.proven == 1:
            return c
    alive = [c for c in ch if c.proven != -1] or ch
    return max(alive, key=lambda c: (c.n, c.prior))


def root_value(root: Node) -> float:
    """Estimated value for the side to move at ``root``."""
    c = best_child(root)
    if c.proven:
        return float(c.proven)
    return c.q() if c.n else 0.0
