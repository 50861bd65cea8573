"""Square and hexagonal grids laid out as integer bitboards.

Every cell gets a bit in one Python integer. Rows are stored with a stride one wider
than the widest row and with an empty padding row above and below, so a neighbour in
any direction is a fixed bit shift and every off-board neighbour lands on a bit that is
never set. That makes "which discs have an exposed side towards d" one shift and one
mask for the whole board, which is what makes the engine fast in pure Python.

Hex boards (pointy-top, horizontal rows) use axial columns: row ``r`` of a hexagon of
side ``s`` starts at ``x = max(0, s - 1 - r)``; then the six neighbours are fixed shifts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .text import quote

if TYPE_CHECKING:
    from collections.abc import Iterable

LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Grid:
    """Cells, their bits, neighbour shifts in cyclic order and cell notation."""

    shape: str  # "square" or "hex"
    row_lengths: tuple[int, ...]
    stride: int
    x_offsets: tuple[int, ...]  # axial column of each row's first cell
    dirs: tuple[int, ...]  # neighbour bit shifts in the rules' cyclic order
    dir_names: tuple[str, ...]
    ring: tuple[int, ...]  # cells around a cell, cyclic, whose emptiness links gaps
    ring_orthogonal: tuple[bool, ...]  # which ring cells are neighbours (not diagonals)
    cells: tuple[tuple[int, int], ...] = field(init=False)
    bits: tuple[int, ...] = field(init=False)
    cell_of_bit: dict[int, int] = field(init=False)
    board_mask: int = field(init=False)
    size: int = field(init=False)  # bits needed, padding included

    def __post_init__(self) -> None:
        cells, bits = [], []
        for r, length in enumerate(self.row_lengths):
            for c in range(length):
                cells.append((r, c))
                bits.append(self.bit_at(r, c))
        object.__setattr__(self, "cells", tuple(cells))
        object.__setattr__(self, "bits", tuple(bits))
        object.__setattr__(self, "cell_of_bit", {b: i for i, b in enumerate(bits)})
        mask = 0
        for b in bits:
            mask |= 1 << b
        object.__setattr__(self, "board_mask", mask)
        object.__setattr__(self, "size", (len(self.row_lengths) + 3) * self.stride)

    # -- addressing -------------------------------------------------------------

    def bit_at(self, row: int, col: int) -> int:
        return (row + 1) * self.stride + self.x_offsets[row] + col + 1

    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < len(self.row_lengths) and 0 <= col < self.row_lengths[row]

    @property
    def n_cells(self) -> int:
        return len(self.cells)

    def neighbours(self, cell: int) -> list[int]:
        """Cell indices next to ``cell``, in the cyclic order of ``dirs``."""
        b = self.bits[cell]
        return [self.cell_of_bit[b + d] for d in self.dirs if b + d in self.cell_of_bit]

    def mask_of(self, cells: Iterable[int]) -> int:
        m = 0
        for i in cells:
            m |= 1 << self.bits[i]
        return m

    def cells_of(self, mask: int) -> list[int]:
        """Cell indices of the bits of ``mask``, in reading order."""
        out = []
        cell_of_bit = self.cell_of_bit
        while mask:
            low = mask & -mask
            out.append(cell_of_bit[low.bit_length() - 1])
            mask ^= low
        return out

    # -- notation ---------------------------------------------------------------

    def name(self, cell: int) -> str:
        r, c = self.cells[cell]
        return f"{LETTERS[c]}{r + 1}"

    def parse(self, text: str) -> int:
        """Cell index of a name such as ``c4``; ``ValueError`` if it is not on the board."""
        t = text.strip().lower()
        if len(t) < 2 or t[0] not in LETTERS or not t[1:].isdigit():
            raise ValueError(f"{quote(text, 12)} is not a cell name (a letter and a row number, "
                             "like c4)")
        r, c = int(t[1:]) - 1, LETTERS.index(t[0])
        if not self.on_board(r, c):
            raise ValueError(f"{quote(text, 12)} is not on the board")
        return self.cell_of_bit[self.bit_at(r, c)]


def square_grid(height: int, width: int) -> Grid:
    s = width + 1
    return Grid(
        shape="square",
        row_lengths=(width,) * height,
        stride=s,
        x_offsets=(0,) * height,
        dirs=(-s, 1, s, -1),
        dir_names=("N", "E", "S", "W"),
        ring=(-s, -s + 1, 1, s + 1, s, s - 1, -1, -s - 1),
        ring_orthogonal=(True, False, True, False, True, False, True, False),
    )


def hex_grid(side: int) -> Grid:
    rows = 2 * side - 1
    t = rows + 1
    lengths = tuple(side + min(r, rows - 1 - r) for r in range(rows))
    offsets = tuple(max(0, side - 1 - r) for r in range(rows))
    dirs = (1, -t + 1, -t, -1, t - 1, t)  # E, NE, NW, W, SW, SE
    return Grid(
        shape="hex",
        row_lengths=lengths,
        stride=t,
        x_offsets=offsets,
        dirs=dirs,
        dir_names=("E", "NE", "NW", "W", "SW", "SE"),
        ring=dirs,
        ring_orthogonal=(True,) * 6,
    )
