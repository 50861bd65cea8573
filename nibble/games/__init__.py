"""The registry of games: one module (or package) per game, all on one protocol."""

from __future__ import annotations

from ..core.errors import UnknownGame
from ..core.protocol import Game
from ..core.text import quote
from .nebuchadnezzar import NebuchadnezzarGame
from .nibble import NibbleGame
from .number_one import NumberOneGame

GAMES: dict[str, Game] = {g.id: g for g in (NibbleGame(), NebuchadnezzarGame(),
                                             NumberOneGame())}
#: the game of a request or command that names none (the bridge, ``python -m nibble``)
DEFAULT_GAME = NibbleGame.id


def get_game(game_id: object) -> Game:
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise UnknownGame(f"Unknown game {quote(game_id)} (known: {', '.join(GAMES)}).",
                          "game.unknown", game=quote(game_id), known=list(GAMES))
    return game
