"""Records: the whole game in JSON, enough to rebuild every position.

``{"format": "nibble-record/1", "game", "options", "setup", "moves": [...]}``. Loading a
record re-validates every move, so a tampered or damaged record is refused with a
message saying which move is wrong and why.
"""

from __future__ import annotations

from ..games import get_game
from .errors import BadRecord, NibbleError
from .protocol import State

FORMAT = "nibble-record/1"
MAX_MOVES = 10_000


def to_record(state: State) -> dict:
    return {
        "format": FORMAT,
        "game": state.game.id,
        "options": dict(state.options),
        "setup": state.setup(),
        "moves": [state.move_to_str(m) for m in state.moves],
    }


def start_state(record: dict) -> State:
    """The start position of ``record`` (its set-up, or a fresh one from its seed)."""
    if not isinstance(record, dict):
        raise BadRecord("A record must be a JSON object.")
    if record.get("format") != FORMAT:
        raise BadRecord(f"Not a game record (expected format '{FORMAT}', got "
                        f"{record.get('format')!r}).")
    game = get_game(record.get("game"))
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise BadRecord("The record's options must be a JSON object.")
    setup = record.get("setup")
    if setup is None:
        options = game.normalize_options(options)
        if options.get("seed") is None:
            raise BadRecord("The record has neither a set-up nor a seed to build one from.")
        return game.new_state(options)
    options = game.normalize_options({**game.options_from_setup(setup), **options})
    return game.from_setup(setup, options)


def replay(record: dict) -> State:
    """The state after the record's moves, each one checked."""
    state = start_state(record)
    moves = record.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BadRecord("The record's moves must be a list of moves in notation.")
    if len(moves) > MAX_MOVES:
        raise BadRecord("The record has too many moves.")
    for i, text in enumerate(moves):
        try:
            state.play(text)
        except NibbleError as e:
            raise BadRecord(f"Move {i + 1} ({text}) cannot be played: {e}") from None
    return state
