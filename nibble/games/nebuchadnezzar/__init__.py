"""Nebuchadnezzar, by Corey Clark: place discs, capture rectangles walled in by a majority
of your colour, and wipe the other colour off the board."""

from .game import NebuchadnezzarGame
from .state import NebuchadnezzarState

__all__ = ["NebuchadnezzarGame", "NebuchadnezzarState"]
