"""The JSON bridge: ``handle(request) -> response``, the one door into the engine.

The browser's worker, the CLI and the tests all come through here. It never raises:
every failure becomes ``{"error": {"code", "message"}}`` (plus ``reason`` and ``params``
where the page can translate it) with a message a player can read, and a failed request
changes nothing (records are values; nothing is stored). Every field of a request is
checked for its type and range before use, so wrong input is a ``bad-request`` or
``bad-option`` refusal, never an ``internal`` error; and every request is bounded in
time and memory (see ``nibble/ai/api.py`` for the computer players' limits).
"""

from __future__ import annotations

import json
import secrets
import sys
import time
import traceback
from typing import TYPE_CHECKING, Any

from .core.errors import BadRequest, GameOver, NibbleError
from .core.protocol import NEW_SEEDS
from .core.record import movers, replay, resigned_seat, to_record
from .core.text import clean, quote
from .games import DEFAULT_GAME, GAMES, get_game

if TYPE_CHECKING:
    from .core.protocol import State


def _games(_req: dict[str, Any]) -> dict[str, Any]:
    from .ai.api import limits
    from .ai.levels import LEVELS, default_budget_ms
    from .ai.ratings import level_ratings

    return {"games": [g.describe() for g in GAMES.values()],
            "levels": [{"id": level, "label": level.capitalize(),
                        "budget_ms": default_budget_ms(level),
                        "ratings": level_ratings(level)} for level in LEVELS],
            "limits": limits()}


def _answer(state: State[Any], resigned: int | None = None) -> dict[str, Any]:
    """The record and view of ``state``; ``resigned``: the seat that gave the game up
    there (the record keeps it, the view shows the game as over)."""
    record, view = to_record(state), state.view()
    # who made each move, for every game (the page checks that a link adds only the
    # sender's moves, and labels the move list; a game may say it itself)
    view.setdefault("movers", movers(state))
    # the position in the game's notation: two moves that reach the same one (two paths of
    # a piece to one place) are the same move in effect, for the page's puzzles
    view.setdefault("position", state.position())
    if resigned is not None:
        record["resigned"] = resigned
        view["result"] = {"winner": 1 - resigned, "reason": "resigned", "seat": resigned}
        view["legal_moves"] = []
    return {"record": record, "view": view}


def _replayed(req: dict[str, Any]) -> tuple[State[Any], int | None]:
    """The state after the request's record, and the seat that resigned in it (if any)."""
    record = _record(req)
    state = replay(record)
    return state, resigned_seat(record, state)


def _not_resigned(resigned: int | None) -> None:
    if resigned is not None:
        raise GameOver("The game is over: a player resigned.", "game.resigned")


def _new(req: dict[str, Any]) -> dict[str, Any]:
    game = get_game(req.get("game", DEFAULT_GAME))
    options = req.get("options", {})
    if not isinstance(options, dict):
        raise BadRequest("'options' must be a JSON object.", "request.options")
    options = game.normalize_options(options, fill_seed=secrets.randbelow(NEW_SEEDS))
    return _answer(game.new_state(options))


def _record(req: dict[str, Any]) -> object:
    record = req.get("record")
    if record is None:
        raise BadRequest("This request needs a 'record'.", "request.record")
    return record  # replay() refuses anything that is not a record


def _play(req: dict[str, Any]) -> dict[str, Any]:
    move = req.get("move")
    if not isinstance(move, str):
        raise BadRequest("'move' must be a move in notation, like a1+c1.", "request.move")
    state, resigned = _replayed(req)
    _not_resigned(resigned)
    state.play(move)
    return _answer(state)


def _load(req: dict[str, Any]) -> dict[str, Any]:
    return _answer(*_replayed(req))


def _resign(req: dict[str, Any]) -> dict[str, Any]:
    seat = req.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise BadRequest("'seat' must be the number of the seat that resigns.", "request.seat")
    state, resigned = _replayed(req)
    _not_resigned(resigned)
    record = {**_record(req), "resigned": seat}  # type: ignore[dict-item]
    return _answer(state, resigned_seat(record, state))


def _view(req: dict[str, Any]) -> dict[str, Any]:
    ply = req.get("ply")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int) or ply < 0):
        raise BadRequest("'ply' must be a move number (0 or more).", "request.ply")
    state, resigned = _replayed(req)  # the whole record must be valid, not only the part shown
    if ply is not None and len(state.moves) > ply:
        resigned = None  # the resignation came after the position asked for
    while ply is not None and len(state.moves) > ply:
        state.pop()
    return _answer(state, resigned)


def _ai(req: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()  # the budget covers replaying the record too
    from .ai.api import choose_move, parse_request  # imported late: not needed to play

    params = parse_request(req)  # refuse a bad level or budget before any work
    state, resigned = _replayed(req)
    _not_resigned(resigned)
    if state.is_over():
        raise GameOver("The game is over; there is no move to suggest.", "game.over")
    return choose_move(state, params, started)


def _analyse(req: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()  # the budget covers replaying the record too
    from .ai.analysis import analyse, parse_request  # imported late: not needed to play

    params = parse_request(req)  # refuse a bad ply or budget before any work
    # the whole record is checked as ``load`` checks it, its resignation included
    state, resigned = _replayed(req)
    return analyse(state, params, started, resigned)


def _judge(req: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()  # the budget covers replaying the record too
    from .puzzles.own import judge_request  # imported late: not needed to play

    state, resigned = _replayed(req)
    _not_resigned(resigned)
    return judge_request(state, req, started)


OPS = {"games": _games, "new": _new, "play": _play, "load": _load, "view": _view, "ai": _ai,
       "analyse": _analyse, "resign": _resign, "judge": _judge}


def handle(request: Any) -> dict[str, Any]:
    """Answer one bridge request (see docs/contracts.md)."""
    try:
        if not isinstance(request, dict):
            raise BadRequest("A request must be a JSON object with an 'op'.", "request.object")
        op_name = request.get("op")
        op = OPS.get(op_name) if isinstance(op_name, str) else None
        if op is None:
            raise BadRequest(f"Unknown op {quote(op_name)} (known: {', '.join(OPS)}).",
                             "request.op", op=quote(op_name))
        return op(request)
    except NibbleError as e:
        return {"error": _clean(e.to_json())}
    except RecursionError:
        return {"error": {"code": "bad-request", "message": "The request is nested too deeply.",
                          "reason": "request.deep", "params": {}}}
    except MemoryError:
        return {"error": {"code": "bad-request", "message": "The request is too large.",
                          "reason": "request.large", "params": {}}}
    except ImportError as e:
        # In the page: a module missing from its Python library whose fallback could not
        # be downloaded (offline; scripts/stdlib_fallback.py)
        traceback.print_exc(file=sys.stderr)
        module = e.name if isinstance(e.name, str) else "?"
        return {"error": {"code": "internal",
                          "message": f"Part of the engine could not be loaded (module {module}).",
                          "reason": "engine.missing", "params": {"module": module}}}
    except Exception as e:  # the bridge must never raise into JavaScript
        traceback.print_exc(file=sys.stderr)  # for developers (the worker's console)
        return {"error": {"code": "internal",
                          "message": f"The engine failed on this request ({type(e).__name__}).",
                          "reason": "internal", "params": {"kind": type(e).__name__}}}


def _clean(value: Any) -> Any:
    """Lone surrogates out of every string of an error (messages quote the input)."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


MAX_DEPTH = 64  # records nest 3 deep; anything far deeper is damage or an attack
MAX_REQUEST_CHARS = 4_000_000  # a 10,000-move record is well under 200 kB


def _too_deep(text: str) -> bool:
    """Does the JSON text nest deeper than ``MAX_DEPTH``?

    Checked before parsing: Python's JSON parser recurses, and under Pyodide a deep
    enough input exhausts the JavaScript stack and kills the worker instead of raising
    ``RecursionError`` as CPython does.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _refuse(message: str, reason: str) -> str:
    return json.dumps({"error": {"code": "bad-request", "message": message, "reason": reason,
                                 "params": {}}})


def handle_json(text: object) -> str:
    """``handle`` for callers that pass JSON text (the web worker; anything else is
    refused). The answer is plain JSON text that encodes as UTF-8 (no lone surrogates)."""
    if not isinstance(text, str):
        return _refuse("The request is not valid JSON.", "request.json")
    if len(text) > MAX_REQUEST_CHARS:
        return _refuse("The request is too large.", "request.large")
    if _too_deep(text):
        return _refuse("The request nests too deeply.", "request.deep")
    try:
        request = json.loads(text)
    except (ValueError, RecursionError):
        return _refuse("The request is not valid JSON.", "request.json")
    return clean(json.dumps(handle(request), ensure_ascii=False))
