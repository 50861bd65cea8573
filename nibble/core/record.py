"""Records: the whole game in JSON, enough to rebuild every position.

``{"format": "nibble-record/1", "game", "options", "setup", "moves": [...]}``. Loading a
record re-validates every move, so a tampered or damaged record is refused with a
message saying which move is wrong and why.
"""

from __future__ import annotations

from typing import Any

from ..games import get_game
from .errors import BadRecord, BadSetup, NibbleError
from .protocol import State
from .text import quote, shorten

FORMAT = "nibble-record/1"
MAX_MOVES = 10_000


def to_record(state: State[Any]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": state.game.id,
        "options": dict(state.options),
        "setup": state.setup(),
        "moves": [state.move_to_str(m) for m in state.moves],
    }


def movers(state: State[Any]) -> list[int]:
    """The seat that made each move of ``state``, first move first: read back by taking
    the moves back on a copy (a turn may hold several moves of one seat, or a pass)."""
    back = state.copy()
    seats: list[int] = []
    while back.moves:
        back.pop()
        seat = back.to_move
        assert seat is not None  # a move was made from here, so someone was to move
        seats.append(seat)
    seats.reverse()
    return seats


def start_state(record: object) -> State[Any]:
    """The start position of ``record`` (its set-up, or a fresh one from its seed);
    ``record`` is any JSON value, checked here."""
    if not isinstance(record, dict):
        raise BadRecord("A record must be a JSON object.", "record.object")
    if record.get("format") != FORMAT:
        raise BadRecord(f"Not a game record (expected format '{FORMAT}', got "
                        f"{quote(record.get('format'))}).", "record.format")
    game = get_game(record.get("game"))
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise BadRecord("The record's options must be a JSON object.", "record.options")
    setup = record.get("setup")
    if setup is not None:  # a set-up may settle options the record leaves out
        options = {**game.options_from_setup(setup), **options}
    options = game.normalize_options(options)
    if setup is None:
        if options.get("seed") is None:
            raise BadRecord("The record has neither a set-up nor a seed to build one from.",
                            "record.no-setup")
        return game.new_state(options)
    if not isinstance(setup, str):
        raise BadSetup("The record's set-up must be a position in notation.",
                       "record.setup")
    return game.from_setup(setup, options)


def resigned_seat(record: Any, state: State[Any]) -> int | None:
    """The seat that resigned at the end of ``record`` (its optional ``"resigned"``), or
    None; refused when it names no seat, the game has more than two players, or the game
    was already over."""
    seat: object = record.get("resigned") if isinstance(record, dict) else None
    if seat is None:
        return None
    players = state.num_players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise BadRecord(f"'resigned' must be a seat, 0 to {players - 1}.", "record.resigned",
                        max=players - 1)
    if players != 2:
        raise BadRecord("Only a game of two players can be resigned.", "record.resign-players")
    if state.is_over():
        raise BadRecord("The game was over before the resignation.", "record.resign-over")
    return seat


def replay(record: Any) -> State[Any]:
    """The state after the record's moves, each one checked (``record`` is any JSON
    value: :func:`start_state` refuses one that is not a record)."""
    state = start_state(record)
    moves = record.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BadRecord("The record's moves must be a list of moves in notation.",
                        "record.moves")
    if len(moves) > MAX_MOVES:
        raise BadRecord(f"The record has too many moves (more than {MAX_MOVES}).",
                        "record.too-long", max=MAX_MOVES)
    for i, text in enumerate(moves):
        try:
            state.play(text)
        except NibbleError as e:
            raise BadRecord(f"Move {i + 1} ({shorten(text, 30)}) cannot be played: {e}",
                            "record.bad-move", number=i + 1, move=shorten(text, 30),
                            cause=e.to_json()) from None
    return state
