"""Cells, neighbours and names of the square and hex grids, against rules/nibble.md."""

from __future__ import annotations

import pytest

from nibble.core.geometry import hex_grid, square_grid
from tests.reference import neighbours_rc


@pytest.mark.parametrize("grid", [square_grid(9, 9), square_grid(13, 13), hex_grid(8)],
                         ids=["square9", "square13", "hex13"])
def test_neighbours_follow_the_rules_in_cyclic_order(grid):
    for i, (r, c) in enumerate(grid.cells):
        expected = [grid.cells.index(rc) for rc in neighbours_rc(grid.shape, r, c)
                    if grid.on_board(*rc)]
        assert grid.neighbours(i) == expected


def test_hex_board_shape():
    g = hex_grid(8)
    assert g.row_lengths == (8, 9, 10, 11, 12, 13, 14, 15, 14, 13, 12, 11, 10, 9, 8)
    assert g.n_cells == 169
    assert g.name(g.parse("a8")) == "a8" and g.cells[g.parse("a8")] == (7, 0)
    assert len(g.neighbours(g.parse("h8"))) == 6  # the centre
    assert len(g.neighbours(g.parse("a1"))) == 3  # a corner


def test_cell_names():
    g = square_grid(9, 9)
    assert g.name(0) == "a1" and g.name(80) == "i9"
    assert g.parse("C4") == 3 * 9 + 2
    for bad in ("j1", "a10", "a0", "1a", "", "aa1"):
        with pytest.raises(ValueError):
            g.parse(bad)


def test_every_off_board_neighbour_is_an_unused_bit():
    for g in (square_grid(9, 9), hex_grid(8)):
        used = set(g.bits)
        for b in g.bits:
            for d in g.ring:
                assert 0 <= b + d < g.size
                assert (b + d in used) == (b + d in g.cell_of_bit)
