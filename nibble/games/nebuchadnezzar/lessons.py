"""Nebuchadnezzar's rule lessons (``nibble.core.lessons``; ``nibble.puzzles.lessons``
makes the page's file of them): a capture among placements, the bigger of two captures,
and the pie rule's swap. The positions come from games of the engine against itself
(seeded, so a record's moves reach them); the answers are found from the rules by each
goal."""

from __future__ import annotations

from typing import Any

from ...core.lessons import Lesson
from .moves import SWAP


def _captures(state: Any, move: int) -> bool:
    return move < 0


def _biggest_capture(state: Any, move: int) -> bool:
    """A capture of as many discs as any capture here (a capture is minus its mask)."""
    sizes = [(-m).bit_count() for m in state.legal_moves() if m < 0]
    return move < 0 and (-move).bit_count() == max(sizes)


def _swaps(state: Any, move: int) -> bool:
    return move == SWAP


def _size7(seed: int, moves: str) -> dict[str, Any]:
    return {"options": {"size": 7, "seed": seed}, "moves": moves.split()}


LESSONS = [
    Lesson("capture", _size7(3, "d2 a1 g7 g1 d3 b2 e4 c4 d4 c2 e6 c3 a7 d1 f4 g4 d5 e3 b5 "
                                "e2 f3"), _captures),
    Lesson("bigger-capture", _size7(22, "b2 g1 b3 a1 c3 c2 a2 d2 b5 f3 g6 d3 c1 a5 b1 d1 "
                                        "c6 xc1:c1"), _biggest_capture),
    # Black opened on the centre point, the strongest: White takes it over
    Lesson("swap", _size7(1, "d4"), _swaps),
]
