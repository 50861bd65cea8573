"""Number One's puzzle themes (docs/puzzles.md): an opponent's peg left with no landing,
in the line or in the forced moves right after it; the small one puts its player out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import REMOVE, size_of

if TYPE_CHECKING:
    from ...core.protocol import State
    from ...puzzles.themes import Line

#: forced moves followed after the line's end to see a peg leave (a turn has three pegs)
FOLLOW = 6


class NumberOneThemes:
    names = ("knock-out", "blockade")

    def detect(self, line: Line) -> list[str]:
        left = [m for seat, m, _ in line.by_seat() if seat != line.solver and m & REMOVE]
        left += _forced_leaves(line.end(), line.solver)
        found: list[str] = []
        if any(size_of(m) == 0 for m in left):
            found.append("knock-out")
        if any(size_of(m) > 0 for m in left):
            found.append("blockade")
        return found


def _forced_leaves(state: State[Any], solver: int) -> list[int]:
    """The other seats' pegs that leave the board in the forced moves after ``state``
    (moves without a choice, as long as no one has one)."""
    out: list[int] = []
    for _ in range(FOLLOW):
        moves = state.legal_moves()
        if state.is_over() or len(moves) != 1 or state.to_move == solver:
            break
        if moves[0] & REMOVE:
            out.append(moves[0])
        state.push(moves[0])
    return out
