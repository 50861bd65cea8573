"""Game knowledge the players may use, plugged in per game id.

Every player works through the game protocol alone; a game that registers a
:class:`Knowledge` makes them stronger (evaluation, move ordering, fast win checks, a
transposition key for the endgame solver). A game without one gets this base class,
which only uses the protocol, so new games have computer opponents from day one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..core.protocol import State


class Knowledge:
    """Game-independent defaults: no evaluation, uniform playouts, push/pop win checks."""

    #: remaining "material" at or below which the exact endgame solver is tried
    solve_at: int = 0
    #: False: :meth:`evaluate` knows nothing, so searches play their playouts to the end
    has_evaluation: bool = False

    def evaluate(self, state: State, seat: int) -> float:
        """Estimated value of a running ``state`` for ``seat``, in [-1, 1]."""
        return 0.0

    def move_scores(self, state: State, moves: Sequence[Any]) -> list[float]:
        """A cheap preference per move for the side to move (higher is better)."""
        return [0.0] * len(moves)

    def playout_move(self, state: State, moves: Sequence[Any], rng: random.Random) -> Any:
        """The move a playout plays (default: uniform)."""
        return moves[rng.randrange(len(moves))]

    def winner_after(self, state: State, move: Any) -> int | None:
        """The winner if ``move`` ends the game, else None (a draw counts as None)."""
        state.push(move)
        try:
            r = state.result
            return None if r is None else r.winner
        finally:
            state.pop()

    def wins_now(self, state: State, move: Any) -> bool:
        return self.winner_after(state, move) == state.to_move

    def opponent_may_win_next(self, state: State) -> bool:
        """A cheap filter: False only if the side to move surely cannot win in one move."""
        return True

    def may_win_soon(self, state: State, seat: int) -> bool:
        """A cheap filter: False only if ``seat`` surely cannot end the game in its favour
        with its next move, whatever the side to move plays now."""
        return True

    def material(self, state: State) -> int:
        """How much is left to play (decides when to call the exact solver)."""
        return 1 << 30

    def key(self, state: State) -> Any:
        """A hashable key of the position for transposition tables (None: do not cache)."""
        return None


def winning_moves(k: Knowledge, state: State, moves: Sequence[Any]) -> list[Any]:
    """Moves that win on the spot for the side to move."""
    return [m for m in moves if k.wins_now(state, m)]


def hands_win(k: Knowledge, state: State, move: Any) -> bool:
    """Does ``move`` let the opponent win with their very next move?"""
    me = state.to_move
    state.push(move)
    try:
        if state.result is not None or not k.opponent_may_win_next(state):
            return False
        return any(k.winner_after(state, r) not in (None, me) for r in state.legal_moves())
    finally:
        state.pop()


def safe_moves(k: Knowledge, state: State, moves: Sequence[Any]) -> list[Any]:
    """The moves that do not hand the opponent an instant win (all moves if none are)."""
    if state.num_players == 2 and not k.may_win_soon(state, state.to_move ^ 1):
        return list(moves)
    safe = [m for m in moves if not hands_win(k, state, m)]
    return safe or list(moves)


_REGISTRY: dict[str, Callable[[], Knowledge]] = {}
_CACHE: dict[str, Knowledge] = {}
_DEFAULT = Knowledge()


def register(game_id: str, factory: Callable[[], Knowledge]) -> None:
    """Plug in the knowledge for a game (built lazily, once)."""
    _REGISTRY[game_id] = factory
    _CACHE.pop(game_id, None)


def knowledge_for(state: State) -> Knowledge:
    gid = state.game.id
    k = _CACHE.get(gid)
    if k is None:
        factory = _REGISTRY.get(gid)
        k = _CACHE[gid] = factory() if factory else _DEFAULT
    return k


def generic() -> Knowledge:
    """The protocol-only knowledge (for tests and comparisons)."""
    return _DEFAULT
