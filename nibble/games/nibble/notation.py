"""Nibble notation: moves (``a1+c1``), positions (``square9:123…/…``) and start positions
(the position, a space, the colour table ``381927456``), as ``rules/nibble.md`` defines."""

from __future__ import annotations

from ...core.errors import BadNotation, BadSetup
from ...core.geometry import Grid
from ...core.text import quote, shorten
from .variants import COLOR_CHARS, VARIANTS, Variant


def move_to_str(grid: Grid, move: int) -> str:
    return "+".join(grid.name(i) for i in grid.cells_of(move))


def parse_move(grid: Grid, text: str) -> int:
    """The bitmask of the cells named in ``text``; order is free, repeats are not."""
    if not isinstance(text, str) or not text.strip():
        raise BadNotation("A move names the discs to take, like a1 or a1+c1.",
                          "nibble.move-empty")
    mask = 0
    for part in text.strip().split("+"):
        try:
            cell = grid.parse(part)
        except ValueError as e:
            raise BadNotation(f"Cannot read the move {quote(text)}: {e}.", "notation.cell",
                              move=shorten(text), cell=shorten(part, 12)) from None
        bit = 1 << grid.bits[cell]
        if mask & bit:
            raise BadNotation(f"The move {quote(text)} names {grid.name(cell)} twice.",
                              "nibble.move-repeat", cell=grid.name(cell))
        mask |= bit
    return mask


def position_str(variant: Variant, cells: list[int | None]) -> str:
    rows, i = [], 0
    for length in variant.grid.row_lengths:
        rows.append("".join("." if c is None else COLOR_CHARS[c] for c in cells[i:i + length]))
        i += length
    return f"{variant.id}:{'/'.join(rows)}"


def table_str(table: list[int]) -> str:
    return "".join(COLOR_CHARS[c] for c in table)


def parse_position(text: str) -> tuple[Variant, list[int | None]]:
    """Variant and cell colours (0-based, ``None`` when empty) of a position."""
    if not isinstance(text, str) or ":" not in text:
        raise BadSetup("A position starts with the variant, a colon, then the rows, "
                       "like square9:123456789/….")
    vid, _, body = text.strip().partition(":")
    variant = VARIANTS.get(vid)
    if variant is None:
        raise BadSetup(f"Unknown variant {quote(vid)} (known: {', '.join(VARIANTS)}).",
                       "setup.variant", variant=quote(vid))
    rows = body.split("/")
    lengths = variant.grid.row_lengths
    if len(rows) != len(lengths):
        raise BadSetup(f"A {vid} position has {len(lengths)} rows, this one has {len(rows)}.",
                       "setup.rows", need=len(lengths), got=len(rows))
    allowed = COLOR_CHARS[: variant.colors]
    cells: list[int | None] = []
    for r, (row, length) in enumerate(zip(rows, lengths, strict=True)):
        if len(row) != length:
            raise BadSetup(f"Row {r + 1} must have {length} cells, it has {len(row)}.",
                           "setup.row-length", row=r + 1, need=length, got=len(row))
        for ch in row.lower():
            if ch == ".":
                cells.append(None)
            elif ch in allowed:
                cells.append(allowed.index(ch))
            else:
                raise BadSetup(f"{quote(ch)} in row {r + 1} is neither '.' nor a colour "
                               f"({allowed[0]}–{allowed[-1]}).", "setup.char", row=r + 1,
                               char=quote(ch))
    return variant, cells


def parse_setup(text: str) -> tuple[Variant, list[int | None], list[int]]:
    """Variant, cells and colour table of a start position."""
    if not isinstance(text, str):
        raise BadSetup("The set-up must be text.")
    parts = text.split()
    if len(parts) != 2:
        raise BadSetup("A set-up is the position, a space, then the colour table, "
                       "like 'square9:…/… 381927456'.")
    variant, cells = parse_position(parts[0])
    allowed = COLOR_CHARS[: variant.colors]
    order = parts[1].lower()
    if sorted(order) != sorted(allowed):
        raise BadSetup(f"The colour table must list each colour {allowed[0]}–{allowed[-1]} "
                       f"exactly once, not {quote(parts[1])}.", "nibble.table")
    return variant, cells, [allowed.index(ch) for ch in order]
