"""A puzzle as one JSON line (docs/contracts.md, "Puzzles"): ``nibble-puzzle/1``."""

from __future__ import annotations

import hashlib
from typing import Any

from ..core.protocol import Game, Option, State
from ..core.record import to_record

FORMAT = "nibble-puzzle/1"


def puzzle_id(game_id: str, key: str) -> str:
    """A short stable id: a hash of the game and the position's canonical key."""
    return hashlib.sha256(f"{game_id}|{key}".encode()).hexdigest()[:12]


def board_name(game: Game, options: dict[str, Any]) -> str:
    """The name of a game's board in file names: the game id and its first option always,
    the others when not at their default (the seed never), joined by hyphens; a choice
    is its value, a number its name and value, a flag its name or ``no`` and its name
    (``<game>-size6``, ``<game>-<choice>-players2``)."""
    parts = [game.id]
    for i, opt in enumerate(game.options):
        value = options.get(opt.name, opt.default)
        if opt.name == "seed" or (i and value == opt.default):
            continue
        parts.append(_word(opt, value))
    return "-".join(parts)


def _word(opt: Option, value: Any) -> str:
    if opt.type == "bool":
        return opt.name.replace("_", "") if value else "no" + opt.name.replace("_", "")
    if opt.type == "int":
        return f"{opt.name}{value}"
    return str(value)


def make_record(start: State[Any], pid: str, line: list[Any], themes: list[str],
                rating: int, values: dict[str, Any]) -> dict[str, Any]:
    """The puzzle ``pid`` starting at ``start`` (its moves lead there from the board's
    start), with the solution ``line`` (moves of ``start``'s game) and what justified
    it."""
    record = to_record(start)
    notation: list[str] = []
    s = start.copy()
    for m in line:
        notation.append(s.move_to_str(m))
        s.push(m)
    return {
        "format": FORMAT,
        "id": pid,
        "game": start.game.id,
        "options": dict(start.options),
        "record": record,
        "ply": len(record["moves"]),
        "position": start.position(),
        "solver": start.to_move,
        "line": notation,
        "themes": themes,
        "rating": rating,
        "values": values,
    }
