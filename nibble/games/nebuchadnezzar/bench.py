"""Nebuchadnezzar's cases of ``python -m nibble bench`` (nibble/bench.py), one per board
size: playouts from the empty board; and positions sampled from random games, for
benchmarks of the engine's parts."""

from __future__ import annotations

import random
from typing import Any

from ...bench import Case, playouts
from .game import NebuchadnezzarGame
from .state import NebuchadnezzarState


def _empty(size: int) -> NebuchadnezzarState:
    game = NebuchadnezzarGame()
    return game.new_state(game.normalize_options({"size": size}))


def _size(size: int) -> Case:
    def run(seconds: float, seed: int) -> dict[str, Any]:
        empty = _empty(size)
        return playouts(lambda _i: empty.copy(history=False), lambda s: s.generate(),
                        seconds, seed)

    return run


#: case id -> its run
CASES: dict[str, Case] = {f"nebuchadnezzar-{n}": _size(n) for n in (8, 15)}


def positions(size: int, count: int, seed: int = 1, rate: float = 0.05
              ) -> list[NebuchadnezzarState]:
    """``count`` running positions sampled (each ply with probability ``rate``, so from
    several games and every stage of them) from uniform random games on an empty board."""
    rng = random.Random(seed)
    start = _empty(size)
    out: list[NebuchadnezzarState] = []
    while len(out) < count:
        state = start.copy(history=False)
        while state.result is None and len(out) < count:
            moves = state.generate()
            if rng.random() < rate:
                out.append(state.copy(history=False))
            state.advance(moves[rng.randrange(len(moves))])
    return out
