"""The game's options, and new games or set-ups as states."""

from __future__ import annotations

from typing import Any

from ...core.errors import BadSetup
from ...core.protocol import MAX_SEED, Game, Option
from .layout import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, layout
from .notation import BLACK, parse_position
from .state import NebuchadnezzarState


class NebuchadnezzarGame(Game):
    id = "nebuchadnezzar"
    name = "Nebuchadnezzar"
    knowledge = "nibble.games.nebuchadnezzar.knowledge:NebuchadnezzarKnowledge"
    themes = "nibble.games.nebuchadnezzar.themes:NebuchadnezzarThemes"
    lessons = "nibble.games.nebuchadnezzar.lessons:LESSONS"
    ratings = "nibble.games.nebuchadnezzar.ratings"
    pool = "nibble.games.nebuchadnezzar.pool:NebAlphaBeta"
    bench = "nibble.games.nebuchadnezzar.bench:CASES"
    # MCTS iterations: the first pass is the budget the analysis's lean was fitted at
    first_pass_iterations = 1_500
    second_pass_iterations = 10_000
    options = (
        Option("size", "int", DEFAULT_SIZE, "Board size", min=MIN_SIZE, max=MAX_SIZE),
        Option("seed", "int", None, "Seed", min=0, max=MAX_SEED),
    )

    def normalize_options(self, options: dict[str, Any] | None, *,
                          fill_seed: int | None = None) -> dict[str, Any]:
        """As for every game, except that a missing size stays ``None`` here: a set-up then
        decides it, and a new game takes the default."""
        out = super().normalize_options(options, fill_seed=fill_seed)
        if (options or {}).get("size") is None:
            out["size"] = None
        return out

    def new_state(self, options: dict[str, Any]) -> NebuchadnezzarState:
        """An empty board, Black (seat 0) to move. The seed is for computer players only."""
        size = options.get("size") or DEFAULT_SIZE
        return NebuchadnezzarState(self, {**options, "size": size}, layout(size), 0, 0, BLACK)

    def start_paint(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """Nothing more: the start (an empty board) is the same whatever the seed."""
        return {}

    def from_setup(self, setup: str, options: dict[str, Any]) -> NebuchadnezzarState:
        pos = parse_position(setup)
        given = options.get("size")
        if given is not None and given != pos.size:
            raise BadSetup(f"The set-up is a {pos.size} × {pos.size} board but the options say "
                           f"size {given}.")
        lay = layout(pos.size)
        black = white = 0
        for r, row in enumerate(pos.rows):
            for c, ch in enumerate(row):
                if ch == "b":
                    black |= 1 << lay.bit(r, c)
                elif ch == "w":
                    white |= 1 << lay.bit(r, c)
        return NebuchadnezzarState(self, {**options, "size": pos.size}, lay, black, white,
                                   pos.to_move)
