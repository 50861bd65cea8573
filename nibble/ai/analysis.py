"""The bridge's ``analyse`` op: how one position of a game stands, for the page's review.

Request: ``{"op": "analyse", "record", "ply"?, "budget_ms"?, "iterations"?, "seed"?}``;
the position analysed is the one after the record's first ``ply`` moves (default: all of
them). Answer (docs/contracts.md)::

    {"ply", "to_move", "chances": [one per seat], "best", "exact", "winner", "forced",
     "played": {"move", "chances"} | None, "iterations", "ms", "level": "hard"}

How it is found:

* A finished game: the chances are its result (the winner 1, the others 0; a draw,
  equal shares), ``exact``.
* Otherwise ``hard``'s search (alpha-beta or tuned MCTS, with the exact endgame solver, as
  :class:`.levels.TunedPlayer` chooses) runs on the position for the budget, fresh per
  request: positions come in any order, and a fresh search keeps one answer from
  depending on what was asked before (and leaves the ``ai`` op's kept tree alone), with
  the judge's knowledge (``Knowledge.for_judge``: a game may keep the settings its chances
  were calibrated with after its players change theirs). It ranks moves as ``hard``
  does, but its values are zero-sum: ``hard``'s *caution* (where a game's knowledge has
  the opponent's threats weigh more than one's own, ``Knowledge.search_evaluate``) is
  right for choosing a move but makes whoever is to move
  look worse, so a move seemed to raise the mover's chances (issue 43). Where the search
  is cautious, alpha-beta splits the budget: ``hard``'s search ranks the moves (the best,
  and the played move's gap to it), a zero-sum search values the position. A forced
  move is played and the position after it searched (its chances are this position's);
  ``forced`` then says that the side to move had that one move only (a move without a
  choice is never judged).
* ``played``: the record's next move, valued by the same search: alpha-beta searches it
  first at every depth with the full window (its exact value at the depth the best move's
  comes from; with two searches, the position's value less that gap); MCTS gives it
  ``PLAYED_SHARE`` of the budget on its own node of the tree. The page marks a move by
  the best move's chances less the played move's.
* The mover's winning chances are ``p = (v + 1) / 2`` from the search's value ``v`` for
  the side to move (returns are +1 for the winner and -1 for the others), or where the
  judge's knowledge gives a calibration (``Knowledge.calibration``)
  ``eps + (1 - 2 eps) σ(a · logit p + lean)`` (:class:`.calibration.Scale`), fitted to
  engine games (docs/ai.md, "The analysis's chances"; games of more than two players are
  left as they are). With two
  players the other seat has ``1 - p``. With more, the others share ``1 - p`` in
  proportion to the game knowledge's estimate of each (``evaluate_all``, read as
  ``(e + 1) / 2``) at the end of the mover's turn as the search would play it. The MCTS
  tree keeps each node's value for the seat that moved into it only, so the other seats'
  values live deep in the tree, where few iterations reach; the knowledge's estimate is
  calibrated (a game of more than two players fits it to self-play winners) and gives a
  seat that is out exactly 0.
* ``exact``: the game is over, or the result is proved: the endgame solver's move or an
  instant win, an MCTS-solver proof at the root, or an alpha-beta forced result that the
  exact solver confirms in the time left. ``winner`` is then the seat that wins by force,
  and the chances are 1 for it and 0 for the others.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..core.errors import BadRequest
from ..core.protocol import MAX_SEED, State
from ..core.record import MAX_MOVES
from . import clock
from .alphabeta import MAX_DEPTH, NULL, WIN, _Search, _Stop
from .api import ANALYSE_BUDGET_MS, MAX_BUDGET_MS, MAX_ITERATIONS, int_field
from .calibration import Scale
from .knowledge import Knowledge, knowledge_for
from .levels import HARD
from .mcts import MCTS, Budget, Node, best_child
from .players import ONE_PLY_LIMIT, endgame
from .solver import Solver

LEVEL = "hard"
#: forced moves played before searching (a run of them: a turn's moves, passes); past
#: this many the knowledge's estimate stands in for the search
MAX_FORCED = 32
#: node limit of the solver that confirms an alpha-beta forced result (as the endgame's)
CONFIRM_NODES = 400_000
#: the solver confirms only where the side to move has at most this many moves: it reads
#: the clock every ``clock.EVERY_NODES`` nodes, and each node lists and checks every move
#: (a position flooded with moves would overrun the budget many times over)
CONFIRM_MOVES = 100
#: node limit of the exact solver's own search in the endgame (as ``hard``'s)
SOLVER_NODES = 400_000
#: the share of an MCTS analysis's budget that searches the record's next move on its own
#: (alpha-beta searches it inside the one search, with no share of its own)
PLAYED_SHARE = 0.3


@dataclass(frozen=True)
class AnalyseRequest:
    ply: int | None  # None: the position after every move of the record
    seed: int
    budget_ms: int
    iterations: int | None
    timed: bool  # was budget_ms given (else only iterations count, up to the cap)

#: the analysis's search: ``hard``'s, with every child a node at once, as when its chances
#: were calibrated and its marks measured (a lazy tree grows deeper in the same iterations
#: and moves both; re-fitting them is left for another day: docs/ai.md)
ANALYSIS = replace(HARD, lazy=False)


def parse_request(request: dict[str, Any]) -> AnalyseRequest:
    """The ``analyse`` request's own fields, checked before any work (``BadRequest`` says
    what is wrong; the same limits as the ``ai`` op). ``ply`` is checked against the
    record's length by :func:`analyse`."""
    seed = int_field(request, "seed", 0, MAX_SEED, 0)
    budget_ms = int_field(request, "budget_ms", 1, MAX_BUDGET_MS, ANALYSE_BUDGET_MS)
    iterations = int_field(request, "iterations", 1, MAX_ITERATIONS, None)
    # null is the end, as in the ``view`` op
    ply = None if request.get("ply") is None else int_field(request, "ply", 0, MAX_MOVES, 0)
    timed = iterations is None or "budget_ms" in request
    return AnalyseRequest(ply, seed, budget_ms, iterations, timed)


def analyse(state: State[Any], req: AnalyseRequest, started: float | None = None,
            resigned: int | None = None) -> dict[str, Any]:
    """The analysis of ``state`` (the record's last position) after ``req.ply`` moves;
    ``started`` is when the request arrived (``perf_counter``), so that replaying the
    record counts against the budget too; ``resigned``: the seat that resigned at the
    record's end (checked by the caller), so that its last position is a finished game."""
    start = time.perf_counter() if started is None else started
    played = len(state.moves)
    if req.ply is not None and req.ply > played:
        raise BadRequest(f"'ply' must be a whole number from 0 to {played}, not {req.ply}.",
                         "request.range", name="ply", min=0, max=played)
    after: list[Any] = []  # the record's moves after the position (the next one is judged)
    while req.ply is not None and len(state.moves) > req.ply:
        after.insert(0, state.moves[-1])
        state.pop()
    ply = len(state.moves)
    nxt_str = state.move_to_str(after[0]) if after else None
    # leave room for what happens outside the search (replaying the record, answering)
    budget_ms = (req.budget_ms if req.timed else MAX_BUDGET_MS) * 0.97 - 2.0

    def left_ms() -> float:
        return max(1.0, budget_ms - (time.perf_counter() - start) * 1000)

    forced = 0  # moves played because they were the only ones (a run of them)

    def answer(to_move: int | None, chances: list[float], best: str | None,
               winner: int | None, exact: bool, iterations: int, same: bool = False,
               played: list[float] | None = None) -> dict[str, Any]:
        rounded = _rounded(chances)
        nxt: dict[str, Any] | None = None
        if after and to_move is not None:  # the record's next move, valued in this search
            nxt = {"move": nxt_str,
                   "chances": rounded if same or played is None else _rounded(played)}
        return {"ply": ply, "to_move": to_move, "chances": rounded, "best": best,
                "exact": exact, "winner": winner if exact else None,
                "forced": to_move is not None and forced > 0, "played": nxt,
                "iterations": iterations, "ms": round((time.perf_counter() - start) * 1000, 1),
                "level": LEVEL}

    if resigned is not None and ply == played:  # the resignation ended the game here
        return answer(None, [0.0 if s == resigned else 1.0 for s in range(2)], None,
                      1 - resigned, True, 0)
    if state.is_over():
        return answer(None, _final(state), None, _winner(state), True, 0)
    to_move = state.to_move
    nxt = after[0] if after else None  # the record's next move: judged in the same search
    rng = random.Random(req.seed)
    best: str | None = None
    iterations = 0
    while True:
        found = _search(state, Budget(left_ms(), req.iterations), nxt if not forced else None,
                        rng)
        iterations += found.iterations
        if best is None:
            best = state.move_to_str(found.move)
        if not found.forced or forced == MAX_FORCED:
            break
        # a forced move: where the game stands is where it stands after it
        state.push(found.move)
        forced += 1
        if state.is_over():
            return answer(to_move, _final(state), best, _winner(state), True, iterations,
                          same=True)
    mover = state.to_move
    scale = _scale(state)
    inside = scale is not None and _inside_turn(state)
    winner = _proved(state, found, left_ms, req.iterations)
    value = found.value
    if value is None:  # forced moves all the way: the knowledge's estimate
        value = _knowledge(state).evaluate(state, mover)
    if winner is not None:
        chances = [1.0 if s == winner else 0.0 for s in range(state.num_players)]
    else:
        chances = _chances(state, found.root, found.move, mover,
                           _calibrated(scale, value, inside))
    if forced or nxt is None:
        return answer(to_move, chances, best, winner, winner is not None, iterations,
                      same=True)
    if found.played_value is None or nxt == found.move:
        mine = chances
    else:
        p = _calibrated(scale, found.played_value, inside)
        mine = _chances(state, found.played, nxt, mover, p)
    return answer(to_move, chances, best, winner, winner is not None, iterations,
                  played=mine)


@dataclass
class _Found:
    """What one search of a position says: the best move and its value for the side to
    move, and the record's next move's value in the same search."""

    move: Any
    value: float | None  # in [-1, 1]; None: not searched (a forced move)
    iterations: int
    forced: bool = False  # the side to move has this one move
    solved: bool = False  # an instant win, or the endgame solver's answer
    played_value: float | None = None  # the record's next move's value (None: none)
    root: Node | None = None  # the MCTS tree (None: alpha-beta)
    played: Node | None = None  # the next move's node in it (MCTS)
    complete: bool = False  # alpha-beta: the whole tree was searched (no horizon)


def _solved(k: Knowledge[Any], state: State[Any], solved: Any, nxt: Any,
            budget: Budget) -> _Found:
    """The endgame solver's answer as a find, with the record's next move's value where
    the solver has it (None where it ran out of nodes or time)."""
    found = _Found(solved.move, solved.value, solved.iterations, solved=True)
    if nxt is not None:
        found.played_value = solved.value if nxt == solved.move else _solve_after(
            k, state, nxt, budget)
    return found


def _search(state: State[Any], budget: Budget, nxt: Any, rng: random.Random) -> _Found:
    """``hard``'s search of ``state`` as a judge, with the record's next move ``nxt`` valued
    by the same search. Its moves are ranked as ``hard`` ranks them (with its caution,
    where its knowledge has one); the position is valued by a zero-sum search
    (:func:`_alphabeta`), so that whoever is to move does not look worse."""
    k = _knowledge(state)
    moves, complete = k.tree_moves(state, ONE_PLY_LIMIT)
    if len(moves) == 1 and complete:
        return _Found(moves[0], None, 0, forced=True)
    if k.strong_search_for(state) == "alphabeta":
        return _alphabeta(k, state, budget, nxt, moves, complete)
    return _mcts(k, state, budget, nxt, moves, complete, rng)


def _alphabeta(k: Knowledge[Any], state: State[Any], budget: Budget, nxt: Any,
               moves: list[Any], complete: bool) -> _Found:
    solver_nodes = 0  # the endgame solver's, when it found the move but not the next one's value
    if k.material(state) <= k.solve_at and complete and len(moves) > 1:
        solved = endgame(k, state, moves, budget, SOLVER_NODES)
        if solved is not None:
            found = _solved(k, state, solved, nxt, budget)
            if nxt is None or found.played_value is not None:
                return found
            solver_nodes = solved.iterations  # the next move is searched below
    cautious = not k.zero_sum_search(state)
    judge = _Judge(k, state, _share(budget, 0.5) if cautious else budget, nxt)
    move, value, played = judge.judge(moves)
    nodes = solver_nodes + judge.nodes
    if solver_nodes and value is not None and played is not None:
        return _Found(move, value, nodes, solved=True, played_value=played)
    exact = judge.exact
    if cautious and value is not None and not judge.solved and not exact and abs(value) < 1:
        # the value of the position from a zero-sum search; the played move's, that less
        # the gap the cautious search put between it and the best move (one frame, so a
        # fair gap: hard's own choice is never below the best there)
        rest = _share(budget, 1.0, used=judge.nodes)
        plain = _Judge(_zero_sum(k, state), state, rest, None)
        _, zero, _ = plain.judge(moves)
        nodes += plain.nodes
        if zero is not None:
            if played is not None and abs(played) < 1:
                played = _clip_value(zero - (value - played))
            value, exact = zero, plain.exact
    return _Found(move, value, nodes, solved=judge.solved, played_value=played,
                  complete=exact)


def _share(budget: Budget, part: float, used: int = 0) -> Budget:
    """``part`` of what is left of ``budget`` (its time, and its nodes less ``used``)."""
    left = budget.time_left()
    its = budget.iterations
    return Budget(None if left == math.inf else max(1.0, left * 1000 * part),
                  None if its is None else max(1, int((its - used) * part)))


_ZERO_SUM: dict[int, Knowledge[Any]] = {}  # by the game's knowledge (one per game)


def _zero_sum(k: Knowledge[Any], state: State[Any]) -> Knowledge[Any]:
    """``k`` with its alpha-beta leaves valued by the plain evaluation (zero-sum)."""
    plain = _ZERO_SUM.get(id(k))
    if plain is None:
        plain = copy.copy(k)
        plain.search_evaluate = k.evaluate  # type: ignore[method-assign]
        plain.zero_sum_search = _yes  # type: ignore[method-assign]
        _ZERO_SUM[id(k)] = plain
    return plain


def _yes(state: State[Any]) -> bool:
    return True


def _solve_after(k: Knowledge[Any], state: State[Any], move: Any,
                 budget: Budget) -> float | None:
    """The exact value of ``move`` for the side to move (1, 0, -1), if the solver proves it
    in half the time left."""
    me = state.to_move
    state.push(move)
    try:
        r = state.result
        if r is not None:
            return 0.0 if r.winner is None else (1.0 if r.winner == me else -1.0)
        left = budget.time_left()
        deadline = None if left == math.inf else clock.now() + left / 2
        limit = SOLVER_NODES if budget.iterations is None else min(
            SOLVER_NODES, 1000 + 20 * budget.iterations)
        res = Solver(k, limit, deadline).solve(state)
        if res is None:
            return None
        return float(res[0] if state.to_move == me else -res[0])
    finally:
        state.pop()


class _Judge(_Search):
    """``hard``'s alpha-beta search (:class:`.alphabeta._Search`, a fresh table) with the
    record's next move searched first at every depth with the full window, so that its
    exact value at that depth stands beside the best move's: the same depth, the same
    leaves, the same table."""

    def __init__(self, k: Knowledge[Any], state: State[Any], budget: Budget,
                 played: Any) -> None:
        super().__init__(k, state, budget, ONE_PLY_LIMIT, {})
        self.played = played
        self.solved = False
        self.exact = False

    def judge(self, moves: list[Any]) -> tuple[Any, float | None, float | None]:
        """(best move, its value, the played move's value) for the side to move."""
        k, state, played = self.k, self.state, self.played
        if played is not None and played not in moves:  # (a flood's candidates left it out)
            moves = [*moves, played]
        for m in moves:
            if k.winner_after(state, m) == self.root:
                self.solved = True
                if played is None or played == m or k.winner_after(state, played) == self.root:
                    return m, 1.0, None if played is None else 1.0
                return m, 1.0, self._alone(played)
        order = self._order(state, moves, None, 0)
        if played is not None:
            order = [played] + [m for m in order if m != played]
        best, best_v, played_v = order[0], None, None
        for depth in range(1, MAX_DEPTH + 1):
            self.horizon = False
            try:
                m, v, pv = self._round(state, order, depth)
            except _Stop as stop:
                if stop.args and stop.args[0] is not None:
                    best, best_v, played_v = stop.args[0]
                break
            best, best_v, played_v = m, v, pv
            rest = [x for x in order if x != m and x != played]
            order = ([played] if played is not None else []) + (
                [m] if m != played else []) + rest
            if not self.horizon or abs(v) >= WIN - 1:
                self.exact = not self.horizon
                break
        return best, _clip_value(best_v), _clip_value(played_v)

    def _alone(self, played: Any) -> float | None:
        """The value of ``played`` alone, by iterative deepening (the best move won at once)."""
        value = None
        for depth in range(1, MAX_DEPTH + 1):
            self.horizon = False
            try:
                _, v, _ = self._round(self.state, [played], depth)
            except _Stop:
                break
            value = v
            if not self.horizon or abs(v) >= WIN - 1:
                break
        return _clip_value(value)

    def _round(self, state: State[Any], order: list[Any], depth: int
               ) -> tuple[Any, float, float | None]:
        """One depth at the root: the first move (the played one, if any) with the full
        window, the others by principal-variation search. On a stop, the depth's best so
        far once the played move and the previous best are searched (``_Stop``'s args)."""
        alpha, beta = -math.inf, math.inf
        best, best_v = order[0], -math.inf
        played_v: float | None = None
        enough = 1 if self.played is None or len(order) == 1 or order[0] != self.played else 2
        for i, m in enumerate(order):
            state.push(m)
            try:
                if i == 0 or depth == 1:
                    v = self._value(state, depth - 1, alpha if i else -math.inf, beta, 1)
                else:
                    v = self._value(state, depth - 1, alpha, alpha + NULL, 1)
                    if v > alpha:
                        v = self._value(state, depth - 1, v, beta, 1)
            except _Stop:
                raise _Stop((best, best_v, played_v) if i >= enough else None) from None
            finally:
                state.pop()
            if m == self.played:
                played_v = v
            if v > best_v:
                best, best_v = m, v
                alpha = max(alpha, v)
        self._store(state, depth, best_v, 0, best, 0)
        return best, best_v, played_v


def _clip_value(v: float | None) -> float | None:
    return None if v is None else max(-1.0, min(1.0, v))


def _mcts(k: Knowledge[Any], state: State[Any], budget: Budget, nxt: Any, moves: list[Any],
          complete: bool, rng: random.Random) -> _Found:
    """``hard``'s tuned MCTS (``levels.HARD`` with the game's settings, the exact solver in
    the endgame); the record's next move then gets ``PLAYED_SHARE`` of the budget to search
    on its own node of the tree, so that its value does not rest on the few visits a weak
    move gets."""
    for m in moves:
        if k.wins_now(state, m):
            found = _Found(m, 1.0, 0, solved=True)
            if nxt is not None:
                found.played_value = 1.0 if nxt == m else None
                if found.played_value is None:
                    found.played = _played_search(k, state, nxt, None, budget, rng)
                    found.played_value = _node_value(found.played)
            return found
    own = budget
    if nxt is not None:
        left = budget.time_left()
        own = Budget(None if left == math.inf else left * 1000 * (1 - PLAYED_SHARE),
                     None if budget.iterations is None else max(
                         1, int(budget.iterations * (1 - PLAYED_SHARE))))
    if complete:
        solved = endgame(k, state, moves, own, SOLVER_NODES)
        if solved is not None:
            found = _solved(k, state, solved, nxt, budget)
            if nxt is not None and found.played_value is None:
                found.played = _played_search(k, state, nxt, None, budget, rng)
                found.played_value = _node_value(found.played)
            return found
    config = ANALYSIS
    if k.tuned_search:
        config = replace(config, **k.tuned_search)
    search = MCTS(k, rng, config)
    root, iters = search.search(state, None, own)
    c = best_child(root)
    value = float(c.proven) if c.proven else (c.q() if c.n else 0.0)
    found = _Found(c.move, value, iters, root=root)
    if nxt is not None:
        if nxt == c.move and (c.proven or root.proven):
            found.played, found.played_value = c, value
        else:
            found.played = _played_search(k, state, nxt, root, budget, rng, config)
            found.played_value = _node_value(found.played)
            found.iterations += found.played.n
            if nxt == c.move:  # the best move, searched on: its value, read once
                found.value = found.played_value
    return found


def _played_search(k: Knowledge[Any], state: State[Any], move: Any, root: Node | None,
                   budget: Budget, rng: random.Random, config: Any = None) -> Node:
    """The node of ``move`` (the tree's, or a new one), searched on for the rest of
    ``budget``: its value is the mover's."""
    node = root.child(move) if root is not None else None
    if node is None:
        node = Node(move, state.to_move)
    state.push(move)
    try:
        r = state.result
        if r is not None:
            if node.n == 0:
                node.n, node.w = 1, (0.0 if r.winner is None else (
                    1.0 if r.winner == node.seat else -1.0))
            return node
        left = budget.time_left()
        iters = None if budget.iterations is None else max(1, int(
            budget.iterations * PLAYED_SHARE))
        MCTS(k, rng, config or ANALYSIS).search(
            state, node, Budget(None if left == math.inf else max(1.0, left * 1000), iters))
    finally:
        state.pop()
    return node


def _node_value(node: Node) -> float:
    if node.proven:
        return float(node.proven)
    return node.q() if node.n else 0.0


def _knowledge(state: State[Any]) -> Knowledge[Any]:
    """The judge's knowledge of ``state``'s game (``Knowledge.for_judge``)."""
    return knowledge_for(state).for_judge()


def _scale(state: State[Any]) -> Scale | None:
    """The judge's calibration of ``state``'s board (``Knowledge.calibration``); None
    where it has none, and with more than two players (the fits are of two-player games,
    whose even chances are 1/2)."""
    if state.num_players != 2:
        return None
    return _knowledge(state).calibration(state)


def _calibrated(scale: Scale | None, value: float, inside: bool = False) -> float:
    """The chances ``p`` of a search value ``v`` for the side to move, through ``scale``
    (none: ``(v + 1) / 2``); ``inside``: within a turn of several moves
    (:func:`_inside_turn`)."""
    p = _clip((value + 1.0) / 2.0)
    return p if scale is None else scale.chances(p, inside)


def _inside_turn(state: State[Any]) -> bool:
    """Did the side to move also make the last move (a turn of several moves)?"""
    if not state.moves:
        return False
    mover = state.to_move
    last = state.pop()
    try:
        return state.to_move == mover
    finally:
        state.push(last)


def _final(state: State[Any]) -> list[float]:
    """Chances at the end: the winner 1, the others 0 (``returns``); a draw, equal shares."""
    n = state.num_players
    if _winner(state) is None:
        return [1.0 / n] * n
    return [(r + 1.0) / 2.0 for r in state.returns()]


def _winner(state: State[Any]) -> int | None:
    r = state.result
    return None if r is None else r.winner


def _other(state: State[Any], seat: int) -> int:
    """The other seat of a two-player game."""
    return next(s for s in range(state.num_players) if s != seat)


def _proved(state: State[Any], found: _Found, left_ms: Callable[[], float],
            iterations: int | None) -> int | None:
    """The seat that wins ``state`` by force, if the search proved it (None: not proved).
    A proved loss names the winner only in two-player games."""
    me, value = state.to_move, found.value
    two = state.num_players == 2
    if value is None:
        return None
    if found.solved:  # an instant win, or the endgame solver's answer
        if value > 0:
            return me
        return _other(state, me) if two and value < 0 else None
    root = found.root
    if root is not None:
        if not root.children:
            return None
        child = best_child(root)  # a proved win if there is one, else a proved loss only
        if child.proven == 1:  # when every move (not a sample) loses
            return me
        if child.proven == -1 and two and root.complete:
            return _other(state, me)
        return None
    if two and abs(value) >= 1.0:
        # a forced result, or an evaluation that says as much: the solver tells them apart
        return _confirm(state, found.move, value > 0, left_ms(), iterations)
    return None


def _confirm(state: State[Any], move: Any, win: bool, ms: float,
             iterations: int | None) -> int | None:
    """Does the exact solver prove, within ``ms``, that ``move`` wins for the side to move
    (``win``), or that every move loses? The winner if so."""
    me = state.to_move
    limit = CONFIRM_NODES if iterations is None else min(CONFIRM_NODES,
                                                         1000 + 20 * iterations)  # reproducible
    solver = Solver(_knowledge(state), limit, clock.now() + ms / 1000)
    if not win:
        if len(state.legal_moves()) > CONFIRM_MOVES:
            return None
        res = solver.solve(state)
        return _other(state, me) if res is not None and res[0] == -1 else None
    state.push(move)  # only the move found needs proving, not every other
    try:
        if state.is_over():
            return _winner(state) if _winner(state) == me else None
        if len(state.legal_moves()) > CONFIRM_MOVES:
            return None
        again = state.to_move == me
        res = solver.solve(state)
    finally:
        state.pop()
    if res is None:
        return None
    return me if res[0] == (1 if again else -1) else None


def _chances(state: State[Any], root: Node | None, move: Any, mover: int,
             p: float) -> list[float]:
    """Winning chances per seat from the mover's chances ``p`` after ``move`` (see the
    module's docstring for three and four players; ``root``: the node whose children hold
    ``move``, or ``move``'s own node, in an MCTS tree)."""
    n = state.num_players
    p = _clip(p)
    out = [0.0] * n
    out[mover] = p
    if n == 2:
        out[_other(state, mover)] = 1.0 - p
        return out
    line = _turn(root, move, mover)
    for m in line:
        state.push(m)
    try:
        est = [_clip((e + 1.0) / 2.0) for e in _knowledge(state).evaluate_all(state)]
    finally:
        for _ in line:
            state.pop()
    others = [s for s in range(n) if s != mover]
    total = sum(est[s] for s in others)
    for s in others:
        out[s] = (1.0 - p) * (est[s] / total if total > 0 else 1.0 / len(others))
    return out


def _turn(root: Node | None, move: Any, mover: int) -> list[Any]:
    """The moves the mover plays this turn as the search sees it: ``move``, then (a game
    where a player moves several times in a row) the search tree's most visited replies of
    the same seat."""
    line = [move]
    if root is None:
        return line
    node = root if root.move == move and root.seat == mover else root.child(move)
    while node is not None and node.children:
        node = best_child(node)
        if node.seat != mover or node.n == 0:
            break
        line.append(node.move)
    return line


def _clip(x: float) -> float:
    return min(1.0, max(0.0, x))


def _rounded(chances: list[float]) -> list[float]:
    """Three decimals that still sum to 1 (the largest share takes up the rounding)."""
    out = [round(c, 3) for c in chances]
    top = max(range(len(out)), key=out.__getitem__)
    out[top] = round(1.0 - sum(c for i, c in enumerate(out) if i != top), 3)
    return out
