"""Nibble's rule lessons (``nibble.core.lessons``; ``nibble.puzzles.lessons`` makes the
page's file of them): taking several discs at once, the two instant wins, and taking
away the opponent's. The positions come from games of the engine against itself (seeded,
so a record's moves reach them); the answers are found from the rules by each goal."""

from __future__ import annotations

from typing import Any

from ...core.lessons import Lesson, after
from .state import NibbleState
from .themes import _wins_at_once


def _most(state: Any, move: Any) -> bool:
    """A take of as many discs as any take here."""
    return bool(move.bit_count() == max(m.bit_count() for m in state.legal_moves()))


def _wins_by(reason: str) -> Any:
    def goal(state: Any, move: Any) -> bool:
        result = after(state, move).result
        return result is not None and result.winner == state.to_move and result.reason == reason
    return goal


def _denies(state: Any, move: Any) -> bool:
    """After it the opponent has no take that would win at once."""
    later = after(state, move)
    return isinstance(later, NibbleState) and not later.is_over() \
        and not _wins_at_once(later, state.to_move ^ 1)


def _square9(seed: int, moves: str = "") -> dict[str, Any]:
    return {"options": {"variant": "square9", "seed": seed}, "moves": moves.split()}


LESSONS = [
    # the start: only the corners; three of them are of one colour
    Lesson("several", _square9(0), _most),
    Lesson("all-of-a-colour", _square9(
        43, "a1 a9 i1+a8 i2 a2+b9 h1 g1+h2 i3+i9 a3+a7+i8 a4+c9 b1+i4 c1+f1+b8 h3+c8 "
            "e1+g2+h4+i7 b2+i6+b7 c2 b3+i5+d9 b4+e9 c3+c7 d1 g3+c4+h9 g4+a5+h5+g9 f2+b5 "
            "d2+a6+f9 f3+d8"), _wins_by("all-of-colour")),
    Lesson("three-neighbours", _square9(
        47, "a1 a9 a8+b9 i9 b1+h9 b8+i8 i7+g9 c1 d1+a2+i6 b2+i5+c9 i4+c8+h8 i1 e1 a7 "
            "i2+a3+f9 b3+a6+d9 h1+c2 f1+c3+i3+h7 d8 d2+h6+g8 g1+a5+g7 e9 g6 d3 b7 b6 "
            "h2+c7 d7 h3+a4+c6 b5 f8 h4+f7 e8 b4+d6 e7 h5 c5+f6 d5+e6 g5"),
        _wins_by("three-adjacent")),
    Lesson("denial", _square9(
        37, "i1+a9 h1+b9 g1+i2 i9 a8+i8 i3+a7+c9 f1+h2+i4+b8 a1+e1+c8+h9 b1+g2+i7+h8 "
            "a6+d9 d1+f2 c1+d8+e9 a2 a3+a5+i6+b7 a4 b6 e2+b5+i5 d2 c2+h7 g9 g8+f9 "
            "c7+g7+e8 h3 b2+g3 h4+f8"), _denies),
]
