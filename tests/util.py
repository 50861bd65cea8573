"""Helpers for building Nibble states in tests, and for loading the scripts."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from nibble.games import get_game
from nibble.games.nibble import NibbleState

GAME = get_game("nibble")
ROOT = Path(__file__).resolve().parent.parent


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module (the scripts are not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play_random(state, rng, plies: int = 10_000):
    """Play random legal moves (any game); yield the state before each move."""
    for _ in range(plies):
        if state.is_over():
            return
        yield state
        moves = state.legal_moves()
        state.push(moves[rng.randrange(len(moves))])


def new(variant: str = "square9", seed: int = 1, **options) -> NibbleState:
    return GAME.new_state(GAME.normalize_options({"variant": variant, "seed": seed, **options}))


def from_rows(variant: str, rows: list[str], table: str | None = None, **options) -> NibbleState:
    """A state from rows written top to bottom, padded with empty cells to the board size.

    ``rows`` may be shorter than the board: missing rows and cells are empty.
    """
    from nibble.games.nibble.variants import COLOR_CHARS, VARIANTS

    v = VARIANTS[variant]
    lengths = v.grid.row_lengths
    full = [(rows[r] if r < len(rows) else "").ljust(lengths[r], ".") for r in range(len(lengths))]
    table = table or COLOR_CHARS[: v.colors]
    return GAME.from_setup(f"{variant}:{'/'.join(full)} {table}",
                           GAME.normalize_options({"variant": variant, **options}))


def names(state: NibbleState) -> set[str]:
    return set(state.legal_moves_str())
