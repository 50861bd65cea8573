"""What the view and the refusals read of a Number One state.

A ``Protocol``, so that view.py and rules.py need not import state.py, which imports them
to build its view and explain a refusal: imports flow one way (board, moves, paths ->
rules, view -> state -> game). ``NumberOneState`` is the one class that has this shape.
"""

from __future__ import annotations

from typing import Protocol

from ...core.protocol import Game, Played


class NumberOneShape(Played, Protocol):
    game: Game
    players: int
    playable: int
    tokens: int
    pegs: list[int]
    turned: int
    alive: int
    moved: int
    out: list[int]

    def peg_moves(self, seat: int, size: int) -> list[int]: ...

    def peg_at(self, hole: int) -> int | None: ...

    def seat_of_move(self, ply: int) -> int: ...
