"""The four walls of one rectangle, judged one at a time: for explaining refusals and
for showing a capture. (Listing captures does not go through here; see captures.py.)"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Layout

SIDES = ("top", "bottom", "left", "right")


@dataclass(frozen=True)
class Wall:
    side: str
    points: tuple[tuple[int, int], ...]  # (row, col) along the side; off the board if edge
    edge: bool


def walls(lay: Layout, r0: int, c0: int, r1: int, c1: int) -> list[Wall]:
    """Top, bottom, left and right wall of the rectangle (corners belong to none)."""
    n = lay.size
    across = tuple(range(c0, c1 + 1))
    down = tuple(range(r0, r1 + 1))
    return [
        Wall("top", tuple((r0 - 1, c) for c in across), r0 == 0),
        Wall("bottom", tuple((r1 + 1, c) for c in across), r1 == n - 1),
        Wall("left", tuple((r, c0 - 1) for r in down), c0 == 0),
        Wall("right", tuple((r, c1 + 1) for r in down), c1 == n - 1),
    ]


def wall_mask(lay: Layout, r0: int, c0: int, r1: int, c1: int) -> int:
    """The on-board points of the rectangle's walls."""
    mask = 0
    for wall in walls(lay, r0, c0, r1, c1):
        if not wall.edge:
            for r, c in wall.points:
                mask |= 1 << lay.bit(r, c)
    return mask


def span(lay: Layout, wall: Wall) -> str:
    """A wall's points in notation: ``d2`` or ``c2–e2``."""
    first, last = wall.points[0], wall.points[-1]
    if first == last:
        return lay.name(*first)
    return f"{lay.name(*first)}–{lay.name(*last)}"
