"""Helpers for building Nebuchadnezzar states in tests."""

from __future__ import annotations

from nibble.games import get_game
from nibble.games.nebuchadnezzar import NebuchadnezzarState

GAME = get_game("nebuchadnezzar")

#: Black to move; xc3:e4 flips both white rows and leaves White nothing
ANNIHILATE = """
    ........
    ..bbb...
    .bwwwb..
    .bwwwb..
    ..bbb...
    ........
    ........
    ........"""


def new(size: int = 8) -> NebuchadnezzarState:
    return GAME.new_state(GAME.normalize_options({"size": size}))


def setup(rows: str, to_move: str = "b") -> str:
    """A position from rows written top to bottom, one per line or joined by '/'."""
    lines = [line.strip() for line in rows.replace("/", "\n").split("\n") if line.strip()]
    return f"neb{len(lines)}:{'/'.join(lines)} {to_move}"


def board(rows: str, to_move: str = "b") -> NebuchadnezzarState:
    return GAME.from_setup(setup(rows, to_move), GAME.normalize_options({}))


def names(state: NebuchadnezzarState) -> list[str]:
    return state.legal_moves_str()


def captures(state: NebuchadnezzarState) -> list[str]:
    return [m for m in state.legal_moves_str() if m.startswith("x")]


def rows_of(state: NebuchadnezzarState) -> list[str]:
    """The board as rows of '.', 'b', 'w' (as the naive reference reads it)."""
    return state.position().split()[0].partition(":")[2].split("/")
