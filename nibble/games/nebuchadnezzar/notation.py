"""Nebuchadnezzar notation: moves (``d4``, ``xc3:e5``, ``pass``, ``swap``) and positions
(``neb<N>:<rows> b|w``)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import BadNotation, BadSetup
from ...core.text import quote
from .layout import MAX_SIZE, MIN_SIZE, Layout
from .moves import PASS, SWAP

BLACK, WHITE = 0, 1
COLOR_NAMES = ("black", "white")
DISC_CHARS = "bw"


def move_to_str(lay: Layout, move: int) -> str:
    if move == PASS:
        return "pass"
    if move == SWAP:
        return "swap"
    if move > 0:
        return lay.name(*lay.point(move))
    r0, c0, r1, c1 = lay.rect_of(-move)
    return f"x{lay.name(r0, c0)}:{lay.name(r1, c1)}"


def _point(lay: Layout, text: str, whole: str) -> tuple[int, int]:
    try:
        cell = lay.grid.parse(text)
    except ValueError as e:
        raise BadNotation(f"Cannot read the move {quote(whole)}: {e}.") from None
    return lay.grid.cells[cell]


def parse_move(lay: Layout, text: str) -> int:
    """The move written ``text``; ``BadNotation`` saying what is wrong if it cannot be read."""
    if not isinstance(text, str) or not text.strip():
        raise BadNotation("A move is a point (d4), a capture (xc3:e5), pass or swap.")
    t = text.strip().lower()
    if t == "pass":
        return PASS
    if t == "swap":
        return SWAP
    if not t.startswith("x"):
        r, c = _point(lay, t, text)
        return lay.bit(r, c)
    first, sep, second = t[1:].partition(":")
    if not sep:
        raise BadNotation(f"Cannot read the capture {quote(text)}: write x, then the top-left and "
                          "the bottom-right corner joined by a colon, like xc3:e5.")
    r0, c0 = _point(lay, first, text)
    r1, c1 = _point(lay, second, text)
    if r1 < r0 or c1 < c0:
        raise BadNotation(f"In the capture {quote(text)} the first corner must be the top-left "
                          f"one: x{lay.name(min(r0, r1), min(c0, c1))}:"
                          f"{lay.name(max(r0, r1), max(c0, c1))}.")
    return -lay.rect_mask(r0, c0, r1, c1)


@dataclass(frozen=True)
class Position:
    """A board and the colour to move, as read from notation."""

    size: int
    rows: tuple[str, ...]  # each point '.', 'b' or 'w'
    to_move: int  # BLACK or WHITE


def position_str(lay: Layout, black: int, white: int, to_move: int) -> str:
    rows = []
    for r in range(lay.size):
        row = []
        for c in range(lay.size):
            bit = 1 << lay.bit(r, c)
            row.append("b" if black & bit else "w" if white & bit else ".")
        rows.append("".join(row))
    return f"neb{lay.size}:{'/'.join(rows)} {DISC_CHARS[to_move]}"


def parse_position(text: str) -> Position:
    """``BadSetup`` with a message saying what is wrong, unless ``text`` is a position."""
    if not isinstance(text, str):
        raise BadSetup("The set-up must be text, like 'neb5:...../...../...../...../..... b'.")
    parts = text.split()
    if len(parts) != 2:
        raise BadSetup("A position is neb<size>:, the rows joined by '/', a space, then b or w "
                       "for the colour to move, like 'neb5:...../..b../...../...../..... w'.")
    board, turn = parts
    head, colon, body = board.partition(":")
    if not colon or not head.lower().startswith("neb") or not head[3:].isdigit():
        raise BadSetup(f"A position starts with neb and the board size, then a colon "
                       f"(like neb8:), not '{board[:12]}'.")
    size = int(head[3:])
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BadSetup(f"The board size must be {MIN_SIZE} to {MAX_SIZE}, not {size}.")
    rows = body.lower().split("/")
    if len(rows) != size:
        raise BadSetup(f"A {size} × {size} board has {size} rows; this position has "
                       f"{len(rows)}. The board must be square.")
    for r, row in enumerate(rows):
        if len(row) != size:
            raise BadSetup(f"Row {r + 1} has {len(row)} points; every row of a {size} × {size} "
                           f"board has {size}. The board must be square.")
        bad = next((ch for ch in row if ch not in ".bw"), None)
        if bad is not None:
            raise BadSetup(f"'{bad}' in row {r + 1} is not a point: use '.' for empty, 'b' "
                           "for black, 'w' for white.")
    t = turn.lower()
    if t not in ("b", "w"):
        raise BadSetup(f"The colour to move must be b or w, not {quote(turn)}.")
    return Position(size, tuple(rows), DISC_CHARS.index(t))
