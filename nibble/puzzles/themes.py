"""A game's puzzle themes: the ideas of its own rules a puzzle's line shows, named by the
game (``Game.themes = "module:Class"``) and imported only by the puzzle maker."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.protocol import Game, State


@dataclass(frozen=True)
class Line:
    """What a game's themes read: the start position, the line from it (solver's moves and
    the replies), the solver's seat, and whether the first solver move was proved by the
    exact solver."""

    start: State[Any]
    moves: list[Any]
    solver: int
    exact: bool

    def end(self) -> State[Any]:
        """The position after the whole line (a copy)."""
        s = self.start.copy()
        for m in self.moves:
            s.push(m)
        return s

    def by_seat(self) -> list[tuple[int, Any, State[Any]]]:
        """Each move of the line with the seat that made it and the position before it."""
        s = self.start.copy()
        out: list[tuple[int, Any, State[Any]]] = []
        for m in self.moves:
            out.append((s.to_move, m, s.copy()))
            s.push(m)
        return out


class Themes(Protocol):
    """A game's themes: every name it may give, and those a line shows."""

    names: tuple[str, ...]

    def detect(self, line: Line) -> list[str]: ...


class NoThemes:
    """A game that names no themes."""

    names: tuple[str, ...] = ()

    def detect(self, line: Line) -> list[str]:
        return []


def themes_for(game: Game) -> Themes:
    """The themes ``game`` names (``Game.themes``), imported now; none if it names none."""
    if not game.themes:
        return NoThemes()
    module, _, name = game.themes.partition(":")
    made: Themes = getattr(importlib.import_module(module), name)()
    return made
