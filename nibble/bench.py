"""Engine speed: random playouts and legal-move listing, per Nibble variant, per
Nebuchadnezzar board size and per Number One player count.

A playout lists all legal moves at every ply and plays one drawn uniformly, until the
game ends: Nibble from a fresh random set-up (``decided_early`` off) until the board is
empty, Nebuchadnezzar from the empty board, Number One from its start position until
one player is left. ``legal_moves_us`` is the mean time to list all legal moves (afresh,
no cache) of positions sampled from those games. Figures are for one process on one core.
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol, Self, TypeVar

from .core.protocol import Result
from .games import get_game
from .games.nebuchadnezzar import NebuchadnezzarGame, NebuchadnezzarState
from .games.nibble import NibbleGame, NibbleState
from .games.number_one import NumberOneGame

NIBBLE_IDS = ("square9", "square13", "hex13")
NEBUCHADNEZZAR_SIZES = {"nebuchadnezzar-8": 8, "nebuchadnezzar-15": 15}
NUMBER_ONE_PLAYERS = {"number-one-2": 2, "number-one-3": 3, "number-one-4": 4}
VARIANT_IDS = (*NIBBLE_IDS, *NEBUCHADNEZZAR_SIZES, *NUMBER_ONE_PLAYERS)

SAMPLES = 4000  # positions kept for timing the listing of legal moves


class Playable(Protocol):
    """What a playout uses of a state: besides the protocol's result, the fast path every
    game of this package has (a copy without history, ``advance`` without undo)."""

    @property
    def result(self) -> Result | None: ...

    def copy(self, history: bool = True) -> Self: ...

    def advance(self, move: int) -> None: ...


P = TypeVar("P", bound=Playable)


def _playouts(start: Callable[[int], P], list_moves: Callable[[P], list[int]],
              seconds: float, seed: int) -> dict[str, Any]:
    """Random playouts from ``start(i)`` for ``seconds`` (at least three), then the
    listing time over positions sampled on the way."""
    rng = random.Random(seed)
    playouts = plies = 0
    positions: list[P] = []
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or playouts < 3:
        state = start(playouts)
        while state.result is None:
            moves = list_moves(state)
            if len(positions) < SAMPLES and rng.random() < 0.25:
                positions.append(state.copy(history=False))
            state.advance(moves[rng.randrange(len(moves))])
            plies += 1
        playouts += 1
    elapsed = time.perf_counter() - t0
    t1 = time.perf_counter()
    listed = sum(len(list_moves(s)) for s in positions)
    listing = time.perf_counter() - t1
    return {
        "playouts_per_s": round(playouts / elapsed, 1),
        "legal_moves_us": round(listing / len(positions) * 1e6, 2),
        "plies_per_playout": round(plies / playouts, 1),
        "legal_moves_per_position": round(listed / len(positions), 1),
        "playouts": playouts,
        "seconds": round(elapsed, 2),
    }


def bench_variant(variant: str, seconds: float = 3.0, seed: int = 1) -> dict[str, Any]:
    """Figures for one entry of :data:`VARIANT_IDS`."""
    if variant in NEBUCHADNEZZAR_SIZES:
        game = get_game("nebuchadnezzar")
        assert isinstance(game, NebuchadnezzarGame)
        empty = game.new_state(game.normalize_options({"size": NEBUCHADNEZZAR_SIZES[variant]}))
        return _playouts(lambda _i: empty.copy(history=False), lambda s: s.generate(),
                         seconds, seed)
    if variant in NUMBER_ONE_PLAYERS:
        game = get_game("number-one")
        assert isinstance(game, NumberOneGame)
        first = game.new_state(game.normalize_options({"players": NUMBER_ONE_PLAYERS[variant]}))
        return _playouts(lambda _i: first.copy(history=False), lambda s: s.legal_moves(),
                         seconds, seed)
    game = get_game("nibble")
    assert isinstance(game, NibbleGame)

    def fresh(i: int) -> NibbleState:
        return game.new_state(game.normalize_options(
            {"variant": variant, "seed": seed + i, "decided_early": False}))

    return _playouts(fresh, lambda s: s.board.takes(), seconds, seed)


def nebuchadnezzar_positions(size: int, count: int, seed: int = 1, rate: float = 0.05
                             ) -> list[NebuchadnezzarState]:
    """``count`` running positions sampled (each ply with probability ``rate``, so from
    several games and every stage of them) from uniform random games on an empty board."""
    game = get_game("nebuchadnezzar")
    assert isinstance(game, NebuchadnezzarGame)
    rng = random.Random(seed)
    start = game.new_state(game.normalize_options({"size": size}))
    out: list[NebuchadnezzarState] = []
    while len(out) < count:
        state = start.copy(history=False)
        while state.result is None and len(out) < count:
            moves = state.generate()
            if rng.random() < rate:
                out.append(state.copy(history=False))
            state.advance(moves[rng.randrange(len(moves))])
    return out


def run(seconds: float = 3.0, variants: Iterable[str] = VARIANT_IDS) -> dict[str, Any]:
    out: dict[str, Any] = {v: bench_variant(v, seconds) for v in variants}
    out["python"] = f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})"
    return out
