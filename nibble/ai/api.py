"""The bridge's ``ai`` op: pick a move for the side to move within a time budget.

Request: ``{"op": "ai", "record", "level", "seed", "budget_ms"}``, optionally
``"iterations"`` (a fixed search budget: reproducible, for tests) and ``"reuse"``
(default true: keep the search tree between calls of the same game in this worker).
"""

from __future__ import annotations

import random
import time

from ..core.errors import BadRequest
from ..core.protocol import MAX_SEED, State
from .knowledge import knowledge_for
from .levels import LEVELS, default_budget_ms, make_player
from .mcts import Budget
from .players import Player

MAX_BUDGET_MS = 60_000
MAX_ITERATIONS = 10_000_000
_CACHE: dict[tuple, Player] = {}  # per worker: players (and their trees) by game and level
_CACHE_SIZE = 4


def _int(request: dict, name: str, lo: int, hi: int, default: int | None) -> int | None:
    value = request.get(name, default)
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer() and name == "budget_ms":
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BadRequest(f"'{name}' must be a whole number from {lo} to {hi}.")
    return value


def _player(state: State, level: str, seed: int, reuse: bool) -> Player:
    if not reuse:
        return make_player(level, seed)
    key = (level, state.game.id, state.setup(), repr(sorted(state.options.items())))
    player = _CACHE.pop(key, None)
    if player is None:
        player = make_player(level, seed)
    player.rng = random.Random(seed)
    _CACHE[key] = player
    while len(_CACHE) > _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    return player


def choose_move(state: State, request: dict, started: float | None = None) -> dict:
    """The move for ``state``; ``started`` is when the request arrived (``perf_counter``),
    so that replaying the record counts against ``budget_ms`` too."""
    start = time.perf_counter() if started is None else started
    level = request.get("level", "medium")
    if level not in LEVELS:
        raise BadRequest(f"Unknown level {level!r} (known: {', '.join(LEVELS)}).")
    seed = _int(request, "seed", 0, MAX_SEED, 0)
    budget_ms = _int(request, "budget_ms", 1, MAX_BUDGET_MS, default_budget_ms(level))
    iterations = _int(request, "iterations", 1, MAX_ITERATIONS, None)
    reuse = request.get("reuse", True)
    if not isinstance(reuse, bool):
        raise BadRequest("'reuse' must be true or false.")
    player = _player(state, level, seed, reuse)
    # leave room for what happens outside the search (replaying the record, answering)
    ms = None if iterations is not None and "budget_ms" not in request else max(
        1.0, budget_ms * 0.97 - 2.0 - (time.perf_counter() - start) * 1000)
    decision = player.choose(state, Budget(ms, iterations))
    value = decision.value
    if value is None:  # players that do not search still get the evaluation shown
        value = knowledge_for(state).evaluate(state, state.to_move)
    stats = {"iterations": decision.iterations,
             "value": round(max(-1.0, min(1.0, value)), 4),
             "level": level,
             "ms": round((time.perf_counter() - start) * 1000, 1),
             **decision.extra}
    return {"move": state.move_to_str(decision.move), "stats": stats}
