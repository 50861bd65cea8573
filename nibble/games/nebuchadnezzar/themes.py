"""Nebuchadnezzar's puzzle themes (docs/puzzles.md): captures by the solver, a disc placed
to be the wall of a later capture, and the pie rule's swap."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import SWAP
from .state import NebuchadnezzarState
from .walls import walls

if TYPE_CHECKING:
    from ...puzzles.themes import Line


class NebuchadnezzarThemes:
    names = ("capture", "double-capture", "wall", "pie")

    def detect(self, line: Line) -> list[str]:
        start = line.start
        if not isinstance(start, NebuchadnezzarState):
            return []
        lay = start.lay
        mine = [m for seat, m, _ in line.by_seat() if seat == line.solver]
        captures = [m for m in mine if m < 0]
        found: list[str] = []
        if captures:
            found.append("capture")
        if len(captures) >= 2:
            found.append("double-capture")
        placed: set[tuple[int, int]] = set()
        for m in mine:
            if m > SWAP:  # a placement
                placed.add(lay.point(m))
            elif m < 0 and placed and any(
                    p in placed for w in walls(lay, *lay.rect_of(-m)) for p in w.points):
                found.append("wall")
                break
        if SWAP in mine:
            found.append("pie")
        return found
