"""Helpers for the tests of one computer player: its longest move against ``random`` and
its wins against ``random``, by whole games from given starts."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from nibble.ai import clock
from nibble.ai.levels import make_player
from nibble.ai.mcts import Budget
from nibble.ai.players import Player


def random_plies(state: Any, plies: int, seed: int) -> Any:
    """``state`` after ``plies`` random moves (fewer if the game ends first: the position
    before its last move)."""
    rng = random.Random(seed)
    for _ in range(plies):
        if state.result is not None:
            state.pop()
            break
        state.push(rng.choice(state.legal_moves()))
    return state


#: a move over this share of its budget is timed once more from the same position
AGAIN_OVER = 1.2


def _timed(player: Player, state: Any, budget_ms: float) -> tuple[Any, float]:
    start = clock.now()
    move = player.choose(state, Budget(budget_ms, None)).move
    return move, clock.now() - start


def longest_move(player: Player, state: Any, budget_ms: float, plies: int) -> float:
    """Seconds on ``clock`` of ``player``'s longest move as the first seat, with
    ``budget_ms`` a move, over the first ``plies`` moves of ``state``'s game against
    ``random`` in the other seats.

    A move over ``AGAIN_OVER`` times its budget is searched once more from the same
    position and the shorter time counts: inside Pyodide the "CPU" clock is the wall
    clock, and a busy machine can pause the process for tens of milliseconds, while an
    overrun of the search's own (a clock read too rarely, work after the deadline)
    happens both times."""
    other = make_player("random", 0)
    worst = 0.0
    while state.result is None and len(state.moves) < plies:
        if state.to_move == 0:
            move, took = _timed(player, state, budget_ms)
            if took > AGAIN_OVER * budget_ms / 1000:
                move, again = _timed(player, state, budget_ms)
                took = min(took, again)
            worst = max(worst, took)
        else:
            move = other.choose(state, Budget(None, 1)).move
        state.push(move)
    return worst


def wins_against_random(make: Callable[[int], Player], new_state: Callable[[], Any],
                        games: int, nodes: int) -> int:
    """Games won by ``make(g)`` (``nodes`` a move) against ``random`` in every other seat,
    its seat turning with each game ``g``."""
    wins = 0
    for g in range(games):
        state = new_state()
        seat = g % state.num_players
        me, rnd = make(g), make_player("random", g)
        while state.result is None:
            p = me if state.to_move == seat else rnd
            state.push(p.choose(state, Budget(None, nodes)).move)
        wins += state.result.winner == seat
    return wins
