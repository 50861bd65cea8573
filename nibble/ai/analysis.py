"""The bridge's ``analyse`` op: how one position of a game stands, for the page's review.

Request: ``{"op": "analyse", "record", "ply"?, "budget_ms"?, "iterations"?, "seed"?}``;
the position analysed is the one after the record's first ``ply`` moves (default: all of
them). Answer (docs/contracts.md)::

    {"ply", "to_move", "chances": [one per seat], "best", "exact", "winner", "forced",
     "iterations", "ms", "level": "hard"}

How it is found:

* A finished game: the chances are its result (the winner 1, the others 0; a draw,
  equal shares), ``exact``.
* Otherwise ``hard``'s search (:class:`.levels.TunedPlayer`: alpha-beta or tuned MCTS,
  with the exact endgame solver) runs on the position for the budget, a fresh player per
  request: positions come in any order, and a fresh search keeps one answer from
  depending on what was asked before (and leaves the ``ai`` op's kept tree alone). A
  forced move is played and the position after it searched (its chances are this
  position's); ``forced`` then says that the side to move had that one move only (a
  move without a choice is never judged).
* The mover's winning chances are ``p = (v + 1) / 2`` from the search's value ``v`` for
  the side to move (returns are +1 for the winner and -1 for the others). With two
  players the other seat has ``1 - p``. With more, the others share ``1 - p`` in
  proportion to the game knowledge's estimate of each (``evaluate_all``, read the same
  way) at the end of the mover's turn as the search would play it. The MCTS tree keeps
  each node's value for the seat that moved into it only, so the other seats' values
  live deep in the tree, where few iterations reach; the knowledge's estimate is
  calibrated (Number One's is fitted to self-play winners) and gives a seat that is out
  exactly 0.
* ``exact``: the game is over, or the result is proved: the endgame solver's move or an
  instant win (``Decision.extra["solved"]``), an MCTS-solver proof at the root, or an
  alpha-beta forced result that the exact solver confirms in the time left. ``winner`` is
  then the seat that wins by force, and the chances are 1 for it and 0 for the others.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.errors import BadRequest
from ..core.protocol import MAX_SEED, State
from ..core.record import MAX_MOVES
from . import clock
from .alphabeta import AlphaBetaPlayer
from .api import ANALYSE_BUDGET_MS, MAX_BUDGET_MS, MAX_ITERATIONS, int_field
from .knowledge import knowledge_for
from .levels import TunedPlayer
from .mcts import Budget, best_child
from .players import Decision, MCTSPlayer
from .solver import Solver

LEVEL = "hard"
#: forced moves played before searching (a run of them: Number One's pegs, passes); past
#: this many the knowledge's estimate stands in for the search
MAX_FORCED = 32
#: node limit of the solver that confirms an alpha-beta forced result (as the endgame's)
CONFIRM_NODES = 400_000
#: the solver confirms only where the side to move has at most this many moves: it reads
#: the clock every ``clock.EVERY_NODES`` nodes, and each node lists and checks every move
#: (a position flooded with moves would overrun the budget many times over)
CONFIRM_MOVES = 100


@dataclass(frozen=True)
class AnalyseRequest:
    ply: int | None  # None: the position after every move of the record
    seed: int
    budget_ms: int
    iterations: int | None
    timed: bool  # was budget_ms given (else only iterations count, up to the cap)


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
    while req.ply is not None and len(state.moves) > req.ply:
        state.pop()
    ply = len(state.moves)
    # leave room for what happens outside the search (replaying the record, answering)
    budget_ms = (req.budget_ms if req.timed else MAX_BUDGET_MS) * 0.97 - 2.0

    def left_ms() -> float:
        return max(1.0, budget_ms - (time.perf_counter() - start) * 1000)

    forced = 0  # moves played because they were the only ones (a run of them)

    def answer(to_move: int | None, chances: list[float], best: str | None,
               winner: int | None, exact: bool, iterations: int) -> dict[str, Any]:
        return {"ply": ply, "to_move": to_move, "chances": _rounded(chances), "best": best,
                "exact": exact, "winner": winner if exact else None,
                "forced": to_move is not None and forced > 0,
                "iterations": iterations, "ms": round((time.perf_counter() - start) * 1000, 1),
                "level": LEVEL}

    if resigned is not None and ply == played:  # the resignation ended the game here
        return answer(None, [0.0 if s == resigned else 1.0 for s in range(2)], None,
                      1 - resigned, True, 0)
    if state.is_over():
        return answer(None, _final(state), None, _winner(state), True, 0)
    to_move = state.to_move
    player = TunedPlayer(req.seed)
    best: str | None = None
    iterations = 0
    while True:
        decision = player.choose(state, Budget(left_ms(), req.iterations))
        iterations += decision.iterations
        if best is None:
            best = state.move_to_str(decision.move)
        if decision.value is not None or forced == MAX_FORCED:
            break
        # a forced move: where the game stands is where it stands after it
        state.push(decision.move)
        forced += 1
        if state.is_over():
            return answer(to_move, _final(state), best, _winner(state), True, iterations)
    mover = state.to_move
    winner = _proved(player, state, decision, left_ms, req.iterations)
    if winner is not None:
        chances = [1.0 if s == winner else 0.0 for s in range(state.num_players)]
        return answer(to_move, chances, best, winner, True, iterations)
    value = decision.value
    if value is None:  # forced moves all the way: the knowledge's estimate
        value = knowledge_for(state).evaluate(state, mover)
    chances = _chances(state, player, decision.move, mover, value)
    return answer(to_move, chances, best, None, False, iterations)


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


def _proved(player: TunedPlayer, state: State[Any], decision: Decision,
            left_ms: Callable[[], float], iterations: int | None) -> int | None:
    """The seat that wins ``state`` by force, if the search proved it (None: not proved).
    A proved loss names the winner only in two-player games."""
    me, value = state.to_move, decision.value
    two = state.num_players == 2
    if value is None:
        return None
    if decision.extra.get("solved"):  # an instant win, or the endgame solver's answer
        if value > 0:
            return me
        return _other(state, me) if two and value < 0 else None
    inner = player.inner
    if isinstance(inner, MCTSPlayer):
        tree = inner.tree
        if tree is None or tree[0] != tuple(state.moves) or not tree[1].children:
            return None
        root = tree[1]
        child = best_child(root)  # a proved win if there is one, else a proved loss only
        if child.proven == 1:  # when every move (not a sample) loses
            return me
        if child.proven == -1 and two and root.complete:
            return _other(state, me)
        return None
    if isinstance(inner, AlphaBetaPlayer) and two and abs(value) >= 1.0:
        # a forced result, or an evaluation that says as much: the solver tells them apart
        return _confirm(state, decision.move, value > 0, left_ms(), iterations)
    return None


def _confirm(state: State[Any], move: Any, win: bool, ms: float,
             iterations: int | None) -> int | None:
    """Does the exact solver prove, within ``ms``, that ``move`` wins for the side to move
    (``win``), or that every move loses? The winner if so."""
    me = state.to_move
    limit = CONFIRM_NODES if iterations is None else min(CONFIRM_NODES,
                                                         1000 + 20 * iterations)  # reproducible
    solver = Solver(knowledge_for(state), limit, clock.now() + ms / 1000)
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


def _chances(state: State[Any], player: TunedPlayer, move: Any, mover: int,
             value: float) -> list[float]:
    """Winning chances per seat from the mover's value in [-1, 1] (see the module's
    docstring for three and four players)."""
    n = state.num_players
    p = _clip((value + 1.0) / 2.0)
    out = [0.0] * n
    out[mover] = p
    if n == 2:
        out[_other(state, mover)] = 1.0 - p
        return out
    line = _turn(player, state, move, mover)
    for m in line:
        state.push(m)
    try:
        est = [_clip((e + 1.0) / 2.0) for e in knowledge_for(state).evaluate_all(state)]
    finally:
        for _ in line:
            state.pop()
    others = [s for s in range(n) if s != mover]
    total = sum(est[s] for s in others)
    for s in others:
        out[s] = (1.0 - p) * (est[s] / total if total > 0 else 1.0 / len(others))
    return out


def _turn(player: TunedPlayer, state: State[Any], move: Any, mover: int) -> list[Any]:
    """The moves the mover plays this turn as the search sees it: the best move, then (a
    game where a player moves several times in a row) the search tree's most visited
    replies of the same seat."""
    line = [move]
    inner = player.inner
    if not isinstance(inner, MCTSPlayer) or inner.tree is None or inner.tree[0] != tuple(
            state.moves):
        return line
    node = inner.tree[1].child(move)
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
