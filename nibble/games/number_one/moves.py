"""Moves as small integers, and their notation (``M-c4-e4``, ``L-c4-d5-f5*``, ``S-c4x``).

One protocol move is one peg's move. The integer holds everything its notation says, so
it can be written out without the position and two paths to one hole stay two moves:

    bits 0-7 start hole · 8-15 landing hole · 16-23 bend hole (0: straight)
    bits 24-25 peg size (0 small, 1 medium, 2 large) · bit 26 ``*`` · bit 27 removal

Hole numbers are bits of the board's grid (never 0: bit 0 is padding). Any combination
the notation can express is representable, legal or not, so that
:func:`..rules.explain_refusal` can say what is wrong with it.
"""

from __future__ import annotations

from ...core.errors import BadNotation, IllegalMove
from ...core.text import quote
from .board import GRID, name

SIZES = "SML"
SIZE_NAMES = ("small", "medium", "large")
STEPS = (1, 2, 3)

LAND_SHIFT = 8
BEND_SHIFT = 16
SIZE_SHIFT = 24
EMPTY = 1 << 26  # lands on a hole without a token: the peg is turned
REMOVE = 1 << 27  # the peg leaves the board


def encode(size: int, start: int, landing: int = 0, bend: int = 0, *, empty: bool = False,
           remove: bool = False) -> int:
    return (start | landing << LAND_SHIFT | bend << BEND_SHIFT | size << SIZE_SHIFT
            | (EMPTY if empty else 0) | (REMOVE if remove else 0))


def size_of(move: int) -> int:
    return (move >> SIZE_SHIFT) & 3


def start_of(move: int) -> int:
    return move & 255


def landing_of(move: int) -> int:
    return (move >> LAND_SHIFT) & 255


def bend_of(move: int) -> int:
    return (move >> BEND_SHIFT) & 255


def move_to_str(move: int) -> str:
    head = f"{SIZES[size_of(move)]}-{name(start_of(move))}"
    if move & REMOVE:
        return f"{head}x"
    bend = bend_of(move)
    mid = f"-{name(bend)}" if bend else ""
    return f"{head}{mid}-{name(landing_of(move))}{'*' if move & EMPTY else ''}"


HOW = ("A move names the peg (S, M or L), its hole and where it lands, joined by -, "
       "like M-c4-e4 or L-c4-d5-f5* (a bent path names its bend; * lands on an empty "
       "hole); S-c4x removes a peg that cannot move.")


def _hole(text: str, move: str) -> int:
    try:
        return GRID.bits[GRID.parse(text)]
    except ValueError as e:
        raise BadNotation(f"Cannot read the move {quote(move)}: {e}.") from None


def parse_move(text: str) -> int:
    """The move written ``text`` (not yet checked against the position)."""
    if not isinstance(text, str) or not text.strip():
        raise BadNotation(HOW)
    t = text.strip()
    parts = t.split("-")
    letter = parts[0].upper()
    if letter not in ("S", "M", "L") or len(parts) < 2:
        raise BadNotation(f"Cannot read the move {quote(t)}. {HOW}")
    size = SIZES.index(letter)
    if len(parts) == 2:
        if not parts[1].lower().endswith("x"):
            raise BadNotation(f"The move {quote(t)} says where the peg is but not where it goes. "
                              f"{HOW}")
        return encode(size, _hole(parts[1][:-1], t), remove=True)
    empty = parts[-1].endswith("*")
    if empty:
        parts[-1] = parts[-1][:-1]
    holes = [_hole(p, t) for p in parts[1:]]
    if len(holes) > 3:
        raise IllegalMove(f"{t} cannot be played: a path bends at most once.",
                          "number-one.bend-once", move=t)
    bend = holes[1] if len(holes) == 3 else 0
    return encode(size, holes[0], holes[-1], bend, empty=empty)
