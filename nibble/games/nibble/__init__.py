"""Nibble, by Jared McComb: take discs of one colour from the edge of a connected group."""

from .state import NibbleGame, NibbleState

__all__ = ["NibbleGame", "NibbleState"]
