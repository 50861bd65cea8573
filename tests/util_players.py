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


def longest_move(player: Player, state: Any, budget_ms: float, plies: int) -> float:
    """Seconds on ``clock`` of ``player``'s longest move as the first seat, with
    ``budget_ms`` a move, over the first ``plies`` moves of ``state``'s game against
    ``random`` in the other seats."""
    other = make_player("random", 0)
    worst = 0.0
    while state.result is None and len(state.moves) < plies:
        if state.to_move == 0:
            start = clock.now()
            move = player.choose(state, Budget(budget_ms, None)).move
            worst = max(worst, clock.now() - start)
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
