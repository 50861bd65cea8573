"""Elo ratings of the levels, as measured by ``python -m nibble ladder --write-ratings``.

Each game keeps its own in its package: ``Game.ratings`` names a module whose
``RATINGS`` table ends the file, and the ladder rewrites that table there (a game that
names none keeps none). Keyed by where they were measured: the game id, then ``/`` and
the variant for games that have variants. Each entry holds the rating of every level
that played (``random`` is 0) with its 95 % interval, and how the ladder was run, so that
the new-game dialog can show a level's strength and docs/ai.md can say where it came
from. A level too slow for the round robin may be added from a direct match against a
rated level (``ladder --chain``); its evidence is kept under ``chained``.
"""

from __future__ import annotations

import importlib
import pprint
from typing import TYPE_CHECKING, Any

from ..core.protocol import Game
from ..games import GAMES

if TYPE_CHECKING:  # the page reads ratings only: pathlib stays out of its Python
    from pathlib import Path

#: the line that opens the table in a game's ratings module
START = "RATINGS: dict[str, dict[str, Any]] = "


def stored(game: Game) -> dict[str, dict[str, Any]]:
    """``game``'s ratings by where they were measured (``{}`` if it keeps none)."""
    if not game.ratings:
        return {}
    table: dict[str, dict[str, Any]] = importlib.import_module(game.ratings).RATINGS
    return table


def level_ratings(level: str) -> dict[str, int]:
    """``{"<game>/<variant>": 1234, …}``: the level's rating wherever it was measured,
    over every game."""
    every = {where: entry for game in GAMES.values() for where, entry in stored(game).items()}
    return {where: round(entry["ratings"][level]) for where, entry in sorted(every.items())
            if level in entry["ratings"]}


def path_of(game: Game) -> Path:
    """The file of ``game``'s ratings module (``ValueError`` if it names none)."""
    from pathlib import Path

    module = importlib.import_module(game.ratings) if game.ratings else None
    if module is None or module.__file__ is None:
        raise ValueError(f"{game.name} keeps no ratings: its Game.ratings names no module")
    return Path(module.__file__)


def write(game: Game, where: str, ladder: dict[str, Any]) -> None:
    """Store the levels' ratings from a ladder's result (``run_ladder``) under ``where``
    in ``game``'s ratings module, keeping its other entries."""
    from .lab.match import split_name
    from .levels import LEVELS

    ratings, intervals = {}, {}
    for name in ladder["players"]:
        level, _ = split_name(name)
        if level in LEVELS:
            ratings[level] = round(ladder["ratings"][name])
            intervals[level] = [round(x) for x in ladder["intervals"][name]]
    entry = {"ratings": ratings, "intervals": intervals,
             "players": ladder["players"], "games_per_pair": ladder["games_per_pair"],
             "budget_ms": ladder["budget_ms"], "clock": ladder.get("clock", "wall"),
             "games_played": ladder["games_played"], "options": ladder["options"],
             "seeds": ladder.get("seeds", [ladder["seed"]])}
    _save(game, {**stored(game), where: entry})


def write_chained(game: Game, where: str, chained: dict[str, Any]) -> None:
    """Add a level rated by a direct match against a laddered level (``chain.chain``) to
    ``game``'s entry at ``where``; the evidence is kept under ``chained``. A new ladder
    at ``where`` replaces the entry, chained levels included: chain them again."""
    table = stored(game)
    entry = dict(table[where])
    level = chained["level"]
    entry["ratings"] = {**entry["ratings"], level: chained["rating"]}
    entry["intervals"] = {**entry["intervals"], level: chained["interval"]}
    evidence = {k: chained[k] for k in ("over", "player", "elo_over", "elo_over_interval",
                                        "points", "games", "seeds", "clock")}
    entry["chained"] = {**entry.get("chained", {}), level: evidence}
    _save(game, {**table, where: entry})


def _save(game: Game, table: dict[str, dict[str, Any]]) -> None:
    """Rewrite the table that ends ``game``'s ratings module, keeping what comes before."""
    path = path_of(game)
    text = path.read_text()
    head = text[:text.index(START)]
    path.write_text(head + START + pprint.pformat(table, width=92, sort_dicts=True) + "\n")
