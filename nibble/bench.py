"""Engine speed: random playouts and legal-move listing, per case of each game.

Each game lists its own cases (``Game.bench = "module:NAME"``: a dict of case id -> a
function of the seconds and the seed), say one per board or per player count, each a run
of :func:`playouts` from the game's start positions. A playout lists all legal moves at
every ply and plays one drawn uniformly, until the game ends. ``legal_moves_us`` is the
mean time to list all legal moves (afresh, no cache) of positions sampled from those
games. Figures are for one process on one core.
"""

from __future__ import annotations

import importlib
import platform
import random
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol, Self, TypeVar

from .core.protocol import Result
from .games import GAMES

SAMPLES = 4000  # positions kept for timing the listing of legal moves

#: one case of a game: its figures from the seconds to run and the seed
Case = Callable[[float, int], dict[str, Any]]


class Playable(Protocol):
    """What a playout uses of a state: besides the protocol's result, the fast path every
    game of this package has (a copy without history, ``advance`` without undo)."""

    @property
    def result(self) -> Result | None: ...

    def copy(self, history: bool = True) -> Self: ...

    def advance(self, move: int) -> None: ...


P = TypeVar("P", bound=Playable)


def playouts(start: Callable[[int], P], list_moves: Callable[[P], list[int]],
             seconds: float, seed: int) -> dict[str, Any]:
    """Random playouts from ``start(i)`` for ``seconds`` (at least three), then the
    listing time over positions sampled on the way."""
    rng = random.Random(seed)
    played = plies = 0
    positions: list[P] = []
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or played < 3:
        state = start(played)
        while state.result is None:
            moves = list_moves(state)
            if len(positions) < SAMPLES and rng.random() < 0.25:
                positions.append(state.copy(history=False))
            state.advance(moves[rng.randrange(len(moves))])
            plies += 1
        played += 1
    elapsed = time.perf_counter() - t0
    t1 = time.perf_counter()
    listed = sum(len(list_moves(s)) for s in positions)
    listing = time.perf_counter() - t1
    return {
        "playouts_per_s": round(played / elapsed, 1),
        "legal_moves_us": round(listing / len(positions) * 1e6, 2),
        "plies_per_playout": round(plies / played, 1),
        "legal_moves_per_position": round(listed / len(positions), 1),
        "playouts": played,
        "seconds": round(elapsed, 2),
    }


def cases() -> dict[str, Case]:
    """Every game's cases, in the order of the registry (each game's module imported)."""
    out: dict[str, Case] = {}
    for game in GAMES.values():
        if game.bench:
            module, _, name = game.bench.partition(":")
            out.update(getattr(importlib.import_module(module), name))
    return out


def run(seconds: float = 3.0, names: Iterable[str] | None = None) -> dict[str, Any]:
    """Figures for the cases ``names`` (default: all), and the Python that ran them."""
    every = cases()
    out: dict[str, Any] = {v: every[v](seconds, 1) for v in (every if names is None else names)}
    out["python"] = f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})"
    return out
