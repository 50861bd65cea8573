"""What the view and the refusals read of a Nebuchadnezzar state.

A ``Protocol``, so that view.py and explain.py need not import state.py, which imports
them to build its view and explain a refusal: imports flow one way (layout, notation,
placement, captures, walls -> view, explain -> state -> game). ``NebuchadnezzarState`` is
the one class that has this shape.
"""

from __future__ import annotations

from typing import Protocol

from ...core.protocol import Game, Played
from .layout import Layout


class NebuchadnezzarShape(Played, Protocol):
    game: Game
    lay: Layout
    black: int
    white: int
    color: int
    swapped: bool
    passes: int
    after_swap: bool

    def color_of(self, seat: int) -> int: ...

    def discs(self) -> list[int]: ...

    def move_to_str(self, move: int) -> str: ...

    def repetitions(self) -> int: ...
