"""The registry of games: one module (or package) per game, all on one protocol."""

from __future__ import annotations

from ..core.errors import UnknownGame
from ..core.protocol import Game
from .nebuchadnezzar import NebuchadnezzarGame
from .nibble import NibbleGame

GAMES: dict[str, Game] = {g.id: g for g in (NibbleGame(), NebuchadnezzarGame())}


def get_game(game_id: object) -> Game:
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise UnknownGame(f"Unknown game '{game_id}' (known: {', '.join(GAMES)}).")
    return game
