"""Nibble's cases of ``python -m nibble bench`` (nibble/bench.py), one per board: playouts
from a fresh random set-up (``decided_early`` off) until the board is empty."""

from __future__ import annotations

from typing import Any

from ...bench import Case, playouts
from .state import NibbleGame, NibbleState
from .variants import VARIANTS


def _board(variant: str) -> Case:
    def run(seconds: float, seed: int) -> dict[str, Any]:
        game = NibbleGame()

        def fresh(i: int) -> NibbleState:
            return game.new_state(game.normalize_options(
                {"variant": variant, "seed": seed + i, "decided_early": False}))

        return playouts(fresh, lambda s: s.board.takes(), seconds, seed)

    return run


#: case id (the variant) -> its run
CASES: dict[str, Case] = {v: _board(v) for v in VARIANTS}
