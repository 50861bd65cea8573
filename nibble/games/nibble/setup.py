"""Seeded random set-ups: n discs of each of n colours, no two alike side by side.

Min-conflicts local search from a random shuffle: swap a disc that touches its own
colour with another disc whenever the swap does not add conflicts. It converges in a few
hundred steps on every variant and, drawing only from :class:`SeededRng`, gives the same
board for the same seed on every Python.
"""

from __future__ import annotations

from ...core.rng import SeededRng
from .variants import Variant


def random_colors(variant: Variant, rng: SeededRng) -> list[int]:
    """A colour (0-based) for every cell, in reading order."""
    grid = variant.grid
    n_cells = grid.n_cells
    nbrs = [grid.neighbours(i) for i in range(n_cells)]
    for _attempt in range(100):
        colors = [i % variant.colors for i in range(n_cells)]
        rng.shuffle(colors)

        def clashes(cell: int, color: int, skip: int = -1) -> int:
            return sum(1 for j in nbrs[cell] if j != skip and colors[j] == color)

        for _step in range(200 * n_cells):
            bad = [i for i in range(n_cells) if clashes(i, colors[i])]
            if not bad:
                return colors
            i = bad[rng.below(len(bad))]
            j = rng.below(n_cells)
            ci, cj = colors[i], colors[j]
            if ci == cj:
                continue
            before = clashes(i, ci) + clashes(j, cj)
            after = clashes(i, cj, skip=j) + clashes(j, ci, skip=i)
            if after <= before:
                colors[i], colors[j] = cj, ci
    raise RuntimeError("could not build a set-up")  # pragma: no cover - never seen


def color_table(variant: Variant, order: str, rng: SeededRng) -> list[int]:
    """The colour table, first to last: fixed 1..n, or shuffled with the game's seed."""
    table = list(range(variant.colors))
    if order == "random":
        rng.shuffle(table)
    return table
