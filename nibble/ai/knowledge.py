"""Game knowledge the players may use, plugged in per game.

Every player works through the game protocol alone; a game that names a
:class:`Knowledge` (``Game.knowledge``, in the game's own package) makes them stronger
(evaluation, move ordering, fast win checks, a transposition key for the endgame
solver). A game without one gets this base class,
which only uses the protocol, so new games have computer opponents from day one.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..core.protocol import Game, State
from . import clock

if TYPE_CHECKING:
    from ..puzzles.profile import Profile
    from .calibration import Scale

#: the state class a knowledge is written for (its methods take that game's states)
S = TypeVar("S", bound=State[Any])
M = TypeVar("M")  # a move


class Knowledge(Generic[S]):
    """Game-independent defaults: no evaluation, uniform playouts, push/pop win checks.

    Generic over the state class it reads: a game's knowledge subclasses
    ``Knowledge[ItsState]``; the players, which serve every game, hold a ``Knowledge[Any]``
    from :func:`knowledge_for`."""

    #: remaining "material" at or below which the exact endgame solver is tried
    solve_at: int = 0
    #: False: :meth:`evaluate` knows nothing, so searches play their playouts to the end
    has_evaluation: bool = False
    #: search settings (fields of ``mcts.Config``) that the tuned levels (hard, expert)
    #: use for this game instead of their own, because matches showed they play better
    tuned_search: dict[str, Any] = {}
    #: the search the tuned levels use for this game: "mcts", "alphabeta" or "own"
    #: (whichever matches showed plays this game better with this knowledge)
    strong_search: str = "mcts"
    #: with ``strong_search = "own"``: the game's own search, "module:Class" of a player
    #: that takes a seed (``nibble.ai.players.Player``), imported when first played; for
    #: a game whose tactics the generic searches read too slowly through the protocol
    own_search: str | None = None
    #: how the puzzle maker plays this game's games (nibble/puzzles/profile.py); None: the
    #: maker's default
    puzzle_profile: Profile | None = None

    def strong_search_for(self, state: S) -> str:
        """The search the tuned levels play on ``state`` (:attr:`strong_search`, unless
        matches showed another plays some of the game's set-ups better)."""
        return self.strong_search

    def evaluate(self, state: S, seat: int) -> float:
        """Estimated value of a running ``state`` for ``seat``, in [-1, 1]."""
        return 0.0

    def search_evaluate(self, state: S, seat: int) -> float:
        """The value an alpha-beta search for ``seat`` gives a leaf: :meth:`evaluate`, unless
        the game's knowledge has the searcher fear the opponent's threats more than it
        likes its own (:meth:`zero_sum_search` is then False)."""
        return self.evaluate(state, seat)

    def zero_sum_search(self, state: S) -> bool:
        """Whether :meth:`search_evaluate` for one seat is minus that for the other, so a
        search may reuse values found for the other seat."""
        return True

    def reduce_after(self, state: S) -> int | None:
        """Late-move reductions for an alpha-beta search of this game: at a node with at
        least three plies to go, the moves after this many (in order) are first searched
        a ply shallower. None (the default): none, until a match shows they help."""
        return None

    def hand_written(self) -> Knowledge[S]:
        """The same knowledge with its hand-written evaluation only (no weights fitted to
        games): what the sparring partners use, so that they stand for an opponent
        written independently of the fitted levels. Default: this knowledge itself."""
        return self

    def for_judge(self) -> Knowledge[S]:
        """The knowledge the analysis judges with, and the puzzle maker plays and rates
        with: the players' own, unless a game keeps for them what their chances were
        calibrated and their files were made with after its players changed (a caution
        the players no longer use). Default: this knowledge itself."""
        return self

    def calibration(self, state: S) -> Scale | None:
        """The map of a search value to winning chances that the analysis applies on
        ``state``'s board (a two-player one), fitted to engine games; None (the default):
        the value itself, ``(v + 1) / 2``. Read on the judge's knowledge."""
        return None

    def evaluate_all(self, state: S) -> list[float]:
        """One estimate per seat (two-player games: a zero-sum pair from one call)."""
        n = state.num_players
        if n == 2:
            v = self.evaluate(state, 0)
            return [v, -v]
        return [self.evaluate(state, s) for s in range(n)]

    def candidate_moves(self, state: S, limit: int) -> tuple[list[Any], bool]:
        """(moves, complete): every legal move when there are at most ``limit``, else the
        ``limit`` best by :meth:`move_scores` (complete = False). Games whose positions can
        hold tens of thousands of moves override this to avoid listing them all."""
        moves = state.legal_moves()
        if len(moves) <= limit:
            return moves, True
        scores = self.move_scores(state, moves)
        order = sorted(range(len(moves)), key=lambda i: -scores[i])[:limit]
        return [moves[i] for i in sorted(order)], False

    def tree_moves(self, state: S, limit: int) -> tuple[list[Any], bool]:
        """The moves a search expands and plays out (default: the candidates). A game may
        leave out moves that lead where a listed one leads (two paths to one square), or
        fix the order of moves one player makes in a row; then ``complete`` is False
        unless every position reachable is still reached."""
        return self.candidate_moves(state, limit)

    def move_scores(self, state: S, moves: Sequence[Any]) -> list[float]:
        """A cheap preference per move for the side to move (higher is better)."""
        return [0.0] * len(moves)

    def playout_move(self, state: S, moves: Sequence[Any], rng: random.Random) -> Any:
        """The move a playout plays (default: uniform)."""
        return moves[rng.randrange(len(moves))]

    def half_greedy_move(self, state: S, moves: Sequence[M], rng: random.Random) -> M:
        """Half the time the best-scoring move (ties at random), else a random one: a
        playout policy that is fast and not silly, for games whose move scores are cheap."""
        if len(moves) == 1 or rng.random() < 0.5:
            return moves[rng.randrange(len(moves))]
        scores = self.move_scores(state, moves)
        best = max(scores)
        top = [m for m, s in zip(moves, scores, strict=True) if s == best]
        return top[rng.randrange(len(top))]

    def winner_after(self, state: S, move: Any) -> int | None:
        """The winner if ``move`` ends the game, else None (a draw counts as None)."""
        state.push(move)
        try:
            r = state.result
            return None if r is None else r.winner
        finally:
            state.pop()

    def wins_now(self, state: S, move: Any) -> bool:
        return self.winner_after(state, move) == state.to_move

    def opponent_may_win_next(self, state: S) -> bool:
        """A cheap filter: False only if the side to move surely cannot win in one move."""
        return True

    def may_win_soon(self, state: S, seat: int) -> bool:
        """A cheap filter: False only if ``seat`` surely cannot end the game in its favour
        with its next move, whatever the side to move plays now."""
        return True

    def material(self, state: S) -> int:
        """How much is left to play (decides when to call the exact solver)."""
        return 1 << 30

    def key(self, state: S) -> Any:
        """A hashable key of the position for transposition tables (None: do not cache)."""
        return None


def winning_moves(k: Knowledge[S], state: S, moves: Sequence[Any]) -> list[Any]:
    """Moves that win on the spot for the side to move."""
    return [m for m in moves if k.wins_now(state, m)]


REPLY_LIMIT = 400  # replies looked at per move when checking that it is safe


def hands_win(k: Knowledge[S], state: S, move: Any) -> bool:
    """Does ``move`` let the next player win with their very next move? (Among at most
    ``REPLY_LIMIT`` candidate replies: exact unless a position floods with moves.)"""
    me = state.to_move
    state.push(move)
    try:
        if state.result is not None or state.to_move == me or not k.opponent_may_win_next(
                state):
            return False
        replies, _ = k.candidate_moves(state, REPLY_LIMIT)
        return any(k.winner_after(state, r) not in (None, me) for r in replies)
    finally:
        state.pop()


def safe_moves(k: Knowledge[S], state: S, moves: Sequence[Any],
               deadline: float | None = None) -> list[Any]:
    """The moves that do not hand the opponent an instant win (all moves if none are).
    Past ``deadline`` (``clock.now()``) the moves not yet checked are kept."""
    if state.num_players == 2 and not k.may_win_soon(state, 1 - state.to_move):
        return list(moves)
    safe: list[Any] = []
    for i, m in enumerate(moves):
        if deadline is not None and clock.now() >= deadline:
            safe.extend(moves[i:])
            break
        if not hands_win(k, state, m):
            safe.append(m)
    return safe or list(moves)


_REGISTRY: dict[str, Callable[[], Knowledge[Any]]] = {}
_CACHE: dict[str, Knowledge[Any]] = {}
_DEFAULT: Knowledge[Any] = Knowledge()


def register(game_id: str, factory: Callable[[], Knowledge[Any]]) -> None:
    """Plug in the knowledge for a game (built lazily, once), instead of the one the game
    names (tests, comparisons)."""
    _REGISTRY[game_id] = factory
    _CACHE.pop(game_id, None)


def knowledge_for(state: State[Any]) -> Knowledge[Any]:
    """The knowledge of ``state``'s game (:func:`knowledge_of`)."""
    return knowledge_of(state.game)


def knowledge_of(game: Game) -> Knowledge[Any]:
    """The knowledge ``game`` names, or the one registered for it, built once; the
    generic one if there is none."""
    k = _CACHE.get(game.id)
    if k is None:
        factory = _REGISTRY.get(game.id) or _named(game.knowledge)
        k = _CACHE[game.id] = factory() if factory else _DEFAULT
    return k


def _named(path: str | None) -> Callable[[], Knowledge[Any]] | None:
    """The knowledge class a game names as "module:Class", imported now (lazily: a page
    that never plays the computer never imports it)."""
    if not path:
        return None
    module, _, name = path.partition(":")
    made: Callable[[], Knowledge[Any]] = getattr(importlib.import_module(module), name)
    return made


def generic() -> Knowledge[Any]:
    """The protocol-only knowledge (for tests and comparisons)."""
    return _DEFAULT
