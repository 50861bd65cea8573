"""The bridge's ``ai`` op: pick a move for the side to move within a time budget.

Request: ``{"op": "ai", "record", "level", "seed", "budget_ms"}``, optionally
``"iterations"`` (a fixed search budget: reproducible, for tests) and ``"reuse"``
(default true: keep the search tree between calls of the same game in this worker).

Limits (also in the ``games`` answer): ``budget_ms`` 1–20,000; ``iterations``
1–200,000, and a request that gives only ``iterations`` still stops at 20 s. One search
tree at most is kept between calls, and a tree never grows past the search's node cap,
so memory stays bounded however many hints are asked for on one position.
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, TypeVar

from ..core.errors import BadRequest
from ..core.protocol import MAX_SEED, State
from ..core.text import quote
from ..games import GAMES
from .knowledge import knowledge_for
from .levels import LEVELS, default_budget_ms, make_player
from .mcts import Budget
from .players import Player

D = TypeVar("D", int, None)  # the default of :func:`int_field`: with an int, the result is one

MAX_BUDGET_MS = 20_000
MAX_ITERATIONS = 200_000
#: the ``analyse`` op's budget when a request gives none (nibble/ai/analysis.py): small,
#: since the page analyses every position of a game
ANALYSE_BUDGET_MS = 300
# per worker: players by level, game, set-up and options
_CACHE: OrderedDict[tuple[str, str, str, str], Player] = OrderedDict()
_CACHE_SIZE = 4


def limits() -> dict[str, Any]:
    """What the ``games`` answer says of the ``ai`` and ``analyse`` requests' numbers (both
    take the same ``budget_ms`` and ``iterations``; ``analyse`` has a default of its own,
    and the page's two passes a fixed budget per game)."""
    return {"budget_ms": {"min": 1, "max": MAX_BUDGET_MS},
            "iterations": {"min": 1, "max": MAX_ITERATIONS},
            "analyse": {"budget_ms": {"min": 1, "max": MAX_BUDGET_MS,
                                      "default": ANALYSE_BUDGET_MS},
                        "first_pass": {"iterations": first_pass_iterations()},
                        "second_pass": {"iterations": second_pass_iterations()}}}


# The page's two analysis passes (web/review/analysis.js) ask a fixed search per game
# (``Game.first_pass_iterations``, ``Game.second_pass_iterations``: alpha-beta nodes or
# MCTS iterations). The first is quick, so that the chart fills fast (a 60-move game's
# chart in a few seconds in a desktop browser); the second then searches again where it
# matters, with about three quarters of what a desktop browser searches in 1.2 s, so that
# the marks a finished game keeps are the same on every device and under any load (a
# time budget gave a loaded machine a shallower search, and missed a 19-point mistake).
# The page caps both in time too (a slow phone). The MCTS games keep the budget their
# leans were fitted at (docs/ai.md: a shorter MCTS search leans more towards the side to
# move); tests/test_analysis_truth.py checks the planted mistakes at exactly these budgets.


def first_pass_iterations() -> dict[str, int]:
    """The page's first analysis pass, per game id (the games that give one)."""
    return {gid: g.first_pass_iterations for gid, g in GAMES.items()
            if g.first_pass_iterations is not None}


def second_pass_iterations() -> dict[str, int]:
    """The page's second analysis pass, per game id (the games that give one)."""
    return {gid: g.second_pass_iterations for gid, g in GAMES.items()
            if g.second_pass_iterations is not None}


@dataclass(frozen=True)
class AiRequest:
    level: str
    seed: int
    budget_ms: int
    iterations: int | None
    timed: bool  # was budget_ms given (else only iterations count, up to the cap)
    reuse: bool


def int_field(request: dict[str, Any], name: str, lo: int, hi: int, default: D) -> int | D:
    """``request[name]``, a whole number from ``lo`` to ``hi`` (``default`` if absent)."""
    if name not in request:
        return default
    value: object = request[name]
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BadRequest(f"'{name}' must be a whole number from {lo} to {hi}, not "
                         f"{quote(value)}.", "request.range", name=name, min=lo, max=hi)
    return value


def parse_request(request: dict[str, Any]) -> AiRequest:
    """The ``ai`` request's own fields, checked (``BadRequest`` says what is wrong)."""
    level = request.get("level", "medium")
    if not isinstance(level, str) or level not in LEVELS:
        raise BadRequest(f"Unknown level {quote(level)} (known: {', '.join(LEVELS)}).",
                         "request.level", level=quote(level), known=list(LEVELS))
    seed = int_field(request, "seed", 0, MAX_SEED, 0)
    budget_ms = int_field(request, "budget_ms", 1, MAX_BUDGET_MS, default_budget_ms(level))
    iterations = int_field(request, "iterations", 1, MAX_ITERATIONS, None)
    reuse = request.get("reuse", True)
    if not isinstance(reuse, bool):
        raise BadRequest("'reuse' must be true or false.", "request.reuse")
    timed = iterations is None or "budget_ms" in request
    return AiRequest(level, seed, budget_ms, iterations, timed, reuse)


def _player(state: State[Any], req: AiRequest) -> Player:
    """The cached player of this game and level (its tree continues), or a new one. Only
    the player used now keeps a tree: the others forget theirs, so one tree at most is
    in memory."""
    if not req.reuse:
        for other in _CACHE.values():
            other.forget()
        return make_player(req.level, req.seed)
    key = (req.level, state.game.id, state.setup(), repr(sorted(state.options.items())))
    player = _CACHE.pop(key, None)
    if player is None:
        player = make_player(req.level, req.seed)
    player.rng = random.Random(req.seed)
    for other in _CACHE.values():
        other.forget()
    _CACHE[key] = player
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return player


def choose_move(state: State[Any], req: AiRequest, started: float | None = None) -> dict[str, Any]:
    """The move for ``state``; ``started`` is when the request arrived (``perf_counter``),
    so that replaying the record counts against ``budget_ms`` too."""
    start = time.perf_counter() if started is None else started
    player = _player(state, req)
    # leave room for what happens outside the search (replaying the record, answering)
    budget_ms = req.budget_ms if req.timed else MAX_BUDGET_MS
    ms = max(1.0, budget_ms * 0.97 - 2.0 - (time.perf_counter() - start) * 1000)
    decision = player.choose(state, Budget(ms, req.iterations))
    value = decision.value
    if value is None:  # players that do not search still get the evaluation shown
        value = knowledge_for(state).evaluate(state, state.to_move)
    stats = {"iterations": decision.iterations,
             "value": round(max(-1.0, min(1.0, value)), 4),
             "level": req.level,
             "ms": round((time.perf_counter() - start) * 1000, 1),
             **decision.extra}
    return {"move": state.move_to_str(decision.move), "stats": stats}
