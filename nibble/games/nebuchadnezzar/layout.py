"""The N × N board of points as a bitboard: bits, row masks and rectangle masks.

Built on :func:`nibble.core.geometry.square_grid`: point (row, col) is bit
``(row + 1) * (N + 1) + col + 1``, so one padding bit separates the rows and a shift by
one column never wraps into the next row. Everything here depends on N only and is
built once per size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.geometry import Grid, square_grid

MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 5, 15, 8

_BYTE_BITS = [tuple(k for k in range(8) if (byte >> k) & 1) for byte in range(256)]
_OFFSETS: list[list[tuple[int, ...]]] = []  # [i][byte]: bit indices of byte i of a mask


def _offsets(count: int) -> list[list[tuple[int, ...]]]:
    while len(_OFFSETS) < count:
        base = 8 * len(_OFFSETS)
        _OFFSETS.append([tuple(base + k for k in bits) for bits in _BYTE_BITS])
    return _OFFSETS


@dataclass(frozen=True)
class Layout:
    """Constants of one board size."""

    size: int
    grid: Grid = field(init=False)
    stride: int = field(init=False)
    row_shift: tuple[int, ...] = field(init=False)  # bit of (row, 0) per row
    full_row: int = field(init=False)  # N ones: a row as a column mask
    board: int = field(init=False)  # every point
    inner: int = field(init=False)  # points with four neighbours (not on the edge)
    repeat: tuple[int, ...] = field(init=False)  # repeat[h]: bit 0 of h rows in a column
    nbytes: int = field(init=False)  # bytes that hold every point's bit

    def __post_init__(self) -> None:
        n = self.size
        grid = square_grid(n, n)
        s = grid.stride
        put = object.__setattr__
        put(self, "grid", grid)
        put(self, "stride", s)
        put(self, "row_shift", tuple(grid.bit_at(r, 0) for r in range(n)))
        put(self, "full_row", (1 << n) - 1)
        put(self, "board", grid.board_mask)
        inner = 0
        for r in range(1, n - 1):
            for c in range(1, n - 1):
                inner |= 1 << grid.bit_at(r, c)
        put(self, "inner", inner)
        rep = [0]
        for h in range(n):
            rep.append(rep[-1] | (1 << (h * s)))
        put(self, "repeat", tuple(rep))
        put(self, "nbytes", (grid.size + 7) // 8)
        _offsets(self.nbytes)

    # -- points and rectangles ---------------------------------------------------------

    def bit(self, row: int, col: int) -> int:
        return self.row_shift[row] + col

    def point(self, bit: int) -> tuple[int, int]:
        """(row, col) of a point's bit."""
        r, c = divmod(bit, self.stride)
        return r - 1, c - 1

    def name(self, row: int, col: int) -> str:
        return self.grid.name(row * self.size + col)

    def rect_mask(self, r0: int, c0: int, r1: int, c1: int) -> int:
        """Bits of the rectangle with corners (r0, c0) and (r1, c1), inclusive."""
        return (((1 << (c1 - c0 + 1)) - 1) * self.repeat[r1 - r0 + 1]) << (
            self.row_shift[r0] + c0)

    def rect_of(self, mask: int) -> tuple[int, int, int, int]:
        """Corners (r0, c0, r1, c1) of a rectangle's mask: its lowest and highest bits."""
        r0, c0 = self.point((mask & -mask).bit_length() - 1)
        r1, c1 = self.point(mask.bit_length() - 1)
        return r0, c0, r1, c1

    def rows(self, bits: int) -> list[int]:
        """Each row of ``bits`` as a column mask (bit c = column c)."""
        full = self.full_row
        return [(bits >> sh) & full for sh in self.row_shift]

    def bit_indices(self, mask: int) -> list[int]:
        """The bits set in ``mask``, ascending (a byte at a time, from a table: a loop over
        single bits would cost more than the rest of listing the moves)."""
        out: list[int] = []
        offsets = _OFFSETS
        for i, byte in enumerate(mask.to_bytes(self.nbytes, "little")):
            if byte:
                out += offsets[i][byte]
        return out

    def names(self, mask: int) -> list[str]:
        """Point names of ``mask`` in reading order."""
        out = []
        while mask:
            low = mask & -mask
            mask ^= low
            out.append(self.name(*self.point(low.bit_length() - 1)))
        return out


_LAYOUTS: dict[int, Layout] = {}


def layout(size: int) -> Layout:
    lay = _LAYOUTS.get(size)
    if lay is None:
        lay = _LAYOUTS[size] = Layout(size)
    return lay
