"""The three Nibble variants of ``rules/nibble.md``."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.geometry import Grid, hex_grid, square_grid


@dataclass(frozen=True)
class Variant:
    id: str
    label: str
    grid: Grid
    colors: int  # n colours of n discs each
    exposed: int  # k: adjacent exposed sides a disc needs to be taken
    adjacent_need: int  # t: discs in each of three adjacent colours for an instant win
    majority: int  # discs of a colour that make a majority
    majorities: int  # colours with a majority that win at the end


VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in (
        Variant("square9", "9 × 9 square, 9 colours", square_grid(9, 9), 9, 2, 7, 5, 5),
        Variant("square13", "13 × 13 square, 13 colours", square_grid(13, 13), 13, 2, 10, 7, 7),
        Variant("hex13", "Hexagon, 13 colours", hex_grid(8), 13, 3, 10, 7, 7),
    )
}

COLOR_CHARS = "123456789abcd"  # colour 1..13 as one character


def color_char(color: int) -> str:
    """Notation character of a 0-based colour index."""
    return COLOR_CHARS[color]
