"""Every path a peg may take, precomputed per hole and peg size.

A path is ``STEPS[size]`` steps in one direction, or (medium and large pegs) a first leg
in one direction and the rest in a neighbouring one, the bend coming after any step but
the last. Each entry is ``(holes, landing, token move, empty move)``: ``holes`` is the
mask of every hole stepped on (landing included), so "no peg on the way" is one AND; the
two moves are the encoded move for landing on a token and for landing on an empty hole.
Tables keep only paths that stay on holes in play, so there is one per board (61 or 91).
"""

from __future__ import annotations

from .board import COORD, GRID, playable_radius, step
from .moves import REMOVE, SIZE_SHIFT, STEPS, encode

Path = tuple[int, int, int, int]


def path_shapes(steps: int) -> list[tuple[int, int, int]]:
    """(first direction, steps before the bend, second direction) of every path shape;
    a straight path has its bend "after" all its steps and the same second direction."""
    shapes = []
    for d in range(6):
        shapes.append((d, steps, d))
        for k in range(1, steps):
            for d2 in ((d + 1) % 6, (d + 5) % 6):
                shapes.append((d, k, d2))
    return shapes


def walk(start: int, steps: int, shape: tuple[int, int, int]) -> tuple[list[int], int] | None:
    """(holes stepped on, bend hole or 0) of a path shape from ``start``; None off the board."""
    d, k, d2 = shape
    holes, here = [], start
    for i in range(steps):
        nxt = step(here, d if i < k else d2)
        if nxt is None:
            return None
        holes.append(nxt)
        here = nxt
    bend = holes[k - 1] if k < steps else 0
    return holes, bend


def _build(playable: int) -> list[list[tuple[Path, ...]]]:
    table: list[list[tuple[Path, ...]]] = []
    for size, steps in enumerate(STEPS):
        per_hole: list[tuple[Path, ...]] = [()] * GRID.size
        for start in COORD:
            if not (playable >> start) & 1:
                continue
            paths = []
            for shape in path_shapes(steps):
                walked = walk(start, steps, shape)
                if walked is None:
                    continue
                holes, bend = walked
                mask = 0
                for h in holes:
                    mask |= 1 << h
                if mask & ~playable:
                    continue
                land = holes[-1]
                paths.append((mask, 1 << land, encode(size, start, land, bend),
                              encode(size, start, land, bend, empty=True)))
            per_hole[start] = tuple(paths)
        table.append(per_hole)
    return table


_TABLES: dict[int, list[list[tuple[Path, ...]]]] = {}


def path_table(players: int, playable: int) -> list[list[tuple[Path, ...]]]:
    """``table[size][hole]``: the paths of that peg from that hole (built once per board)."""
    radius = playable_radius(players)
    if radius not in _TABLES:
        _TABLES[radius] = _build(playable)
    return _TABLES[radius]


def removal(size: int, start: int) -> int:
    return start | size << SIZE_SHIFT | REMOVE

