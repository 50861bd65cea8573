"""The bridge's ``ai`` op: pick a move for the side to move within a time budget."""

from __future__ import annotations

import random

from ..core.errors import BadRequest
from ..core.protocol import State


def choose_move(state: State, request: dict) -> dict:
    seed = request.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadRequest("'seed' must be a whole number.")
    moves = state.legal_moves()
    move = random.Random(seed).choice(moves)
    return {"move": state.move_to_str(move), "stats": {"iterations": 0, "value": None}}
