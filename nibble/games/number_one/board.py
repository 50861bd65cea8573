"""The Number One board: 91 holes, which of them are in play, and the start holes.

Holes are the bits of :func:`nibble.core.geometry.hex_grid` ``(6)``, the padded layout
Nibble's hex board uses, so a set of holes is one Python integer. Geometry that is only
needed while building tables or explaining a refusal (lines, distances, corners) works
on axial coordinates ``(x, r)``: ``r`` is the row from the top, ``x`` the column on the
slanted axis, and the grid's six directions are fixed ``(dx, dr)`` steps.
"""

from __future__ import annotations

from ...core.geometry import hex_grid

GRID = hex_grid(6)
RADIUS = 5  # holes of the full board lie within 5 steps of the centre hole f6

#: (dx, dr) of one step in the grid's cyclic order E, NE, NW, W, SW, SE
UNIT = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
E, NE, NW, W, SW, SE = range(6)

COORD: dict[int, tuple[int, int]] = {}  # hole bit -> (x, r)
for _cell, (_r, _c) in enumerate(GRID.cells):
    COORD[GRID.bits[_cell]] = (GRID.x_offsets[_r] + _c, _r)
BIT_AT: dict[tuple[int, int], int] = {xy: b for b, xy in COORD.items()}
HOLES: tuple[int, ...] = GRID.bits  # every hole bit, in reading order


def distance_from_centre(x: int, r: int) -> int:
    q, s = x - RADIUS, r - RADIUS
    return max(abs(q), abs(s), abs(q + s))


def playable_radius(players: int) -> int:
    """With 2 or 3 players the outer ring is not in play."""
    return RADIUS if players == 4 else RADIUS - 1


def playable_mask(players: int) -> int:
    radius = playable_radius(players)
    mask = 0
    for b, (x, r) in COORD.items():
        if distance_from_centre(x, r) <= radius:
            mask |= 1 << b
    return mask


def name(bit: int) -> str:
    return GRID.name(GRID.cell_of_bit[bit])


def step(bit: int, direction: int, n: int = 1) -> int | None:
    """The hole ``n`` steps from ``bit`` in ``direction``, or None off the board."""
    x, r = COORD[bit]
    dx, dr = UNIT[direction]
    return BIT_AT.get((x + n * dx, r + n * dr))


def line(a: int, b: int) -> tuple[int, int] | None:
    """(direction, steps) of the straight line from ``a`` to ``b``, or None if there is none."""
    (xa, ra), (xb, rb) = COORD[a], COORD[b]
    dx, dr = xb - xa, rb - ra
    n = max(abs(dx), abs(dr), abs(dx + dr))
    if n == 0:
        return None
    for d, (ux, ur) in enumerate(UNIT):
        if (dx, dr) == (n * ux, n * ur):
            return d, n
    return None


# -- start holes ---------------------------------------------------------------------------

#: the corners of the playable hexagon used by each player count, seat by seat
CORNERS_USED = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4)}
#: direction of the edge leaving corner k clockwise (top-left, top-right, right, …)
EDGE_DIR = (E, SE, SW, W, NW, NE)


def corner(players: int, k: int) -> int:
    """Corner ``k`` (0 = top-left, clockwise) of the hexagon in play."""
    n = playable_radius(players)
    q, s = ((0, -n), (n, -n), (n, 0), (0, n), (-n, n), (-n, 0))[k]
    return BIT_AT[(q + RADIUS, s + RADIUS)]


def start_holes(players: int, seat: int) -> tuple[int, int, int]:
    """The seat's three start holes going clockwise: the edge hole before its corner, the
    corner, the edge hole after it (the order the ``pegsK`` options name pegs in)."""
    k = CORNERS_USED[players][seat]
    c = corner(players, k)
    before = step(c, (EDGE_DIR[k - 1] + 3) % 6)
    after = step(c, EDGE_DIR[k])
    assert before is not None and after is not None
    return before, c, after
