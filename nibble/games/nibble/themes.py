"""Nibble's puzzle themes (docs/puzzles.md): how the line wins, by the rules' own names,
and whether the first take takes away an instant win the opponent had waiting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules
from .state import NibbleState

if TYPE_CHECKING:
    from ...puzzles.themes import Line

#: the result's reason at the end of the line -> the theme it names
ENDINGS = {
    "all-of-colour": "all-of-a-colour",
    "three-adjacent": "three-adjacent-colours",
    "majority-of-majorities": "majority-of-majorities",
    "decided": "majority-of-majorities",
}


class NibbleThemes:
    names = ("all-of-a-colour", "three-adjacent-colours", "majority-of-majorities",
             "denial", "endgame")

    def detect(self, line: Line) -> list[str]:
        found: list[str] = []
        end = line.end()
        r = end.result
        if r is not None and r.winner == line.solver and r.reason in ENDINGS:
            found.append(ENDINGS[r.reason])
        start = line.start
        if isinstance(start, NibbleState) and line.moves:
            other = start.to_move ^ 1
            if _wins_at_once(start, other):
                after = start.copy()
                after.push(line.moves[0])
                if not after.is_over() and not _wins_at_once(after, other):
                    found.append("denial")
        if line.exact:
            found.append("endgame")
        return found


def _wins_at_once(state: NibbleState, other: int) -> bool:
    """Would ``other`` win at once with one of the takes on the board now, were it their
    turn (the rules of taking do not ask whose turn it is)?"""
    board, v = state.board, state.variant
    for take in board.takes():
        color = board.color_of[(take & -take).bit_length() - 1]
        held = list(state.collections[other])
        held[color] += take.bit_count()
        if rules.instant_win(other, held, color, state.triples, v) is not None:
            return True
    return False
