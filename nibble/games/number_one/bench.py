"""Number One's cases of ``python -m nibble bench`` (nibble/bench.py), one per player
count: playouts from the start position until one player is left."""

from __future__ import annotations

from typing import Any

from ...bench import Case, playouts
from .game import NumberOneGame


def _players(players: int) -> Case:
    def run(seconds: float, seed: int) -> dict[str, Any]:
        game = NumberOneGame()
        first = game.new_state(game.normalize_options({"players": players}))
        return playouts(lambda _i: first.copy(history=False), lambda s: s.legal_moves(),
                        seconds, seed)

    return run


#: case id -> its run
CASES: dict[str, Case] = {f"number-one-{n}": _players(n) for n in (2, 3, 4)}
