"""Where a disc may be placed: any empty point, except an inner point whose four
neighbours are exactly one enemy disc and three empty points.

Computed for the whole board at once: each neighbour direction is one shift of a
colour's bitboard, and "exactly one of four" is "at least one and not two".
"""

from __future__ import annotations

from .layout import Layout


def _counts(bits: int, s: int) -> tuple[int, int]:
    """Masks of the points with at least one / at least two neighbours in ``bits``."""
    north, south, west, east = bits << s, bits >> s, bits << 1, bits >> 1
    any_ = north | south | west | east
    two = (north & south) | (west & east) | ((north | south) & (west | east))
    return any_, two


def restricted(lay: Layout, mine: int, theirs: int) -> int:
    """Empty inner points that touch exactly one enemy disc and three empty points."""
    s = lay.stride
    enemy_any, enemy_two = _counts(theirs, s)
    own = mine << s | mine >> s | mine << 1 | mine >> 1
    empty = lay.board & ~(mine | theirs)
    return lay.inner & empty & enemy_any & ~enemy_two & ~own


def placements(lay: Layout, mine: int, theirs: int) -> int:
    """Every point where the side owning ``mine`` may place a disc, as a mask."""
    empty = lay.board & ~(mine | theirs)
    return empty & ~restricted(lay, mine, theirs)
