"""The JSON bridge: ``handle(request) -> response``, the one door into the engine.

The browser's worker, the CLI and the tests all come through here. It never raises:
every failure becomes ``{"error": {"code", "message"}}`` with a message a player can
read, and a failed request changes nothing (records are values; nothing is stored).
"""

from __future__ import annotations

import json
import secrets
import time
import traceback
from typing import Any

from .core.errors import BadRequest, GameOver, NibbleError
from .core.protocol import MAX_SEED
from .core.record import replay, to_record
from .games import GAMES, get_game


def _games(_req: dict) -> dict:
    from .ai.levels import LEVELS, default_budget_ms

    return {"games": [g.describe() for g in GAMES.values()],
            "levels": [{"id": level, "label": level.capitalize(),
                        "budget_ms": default_budget_ms(level)} for level in LEVELS]}


def _answer(state) -> dict:
    return {"record": to_record(state), "view": state.view()}


def _new(req: dict) -> dict:
    game = get_game(req.get("game", "nibble"))
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise BadRequest("'options' must be a JSON object.")
    options = game.normalize_options(options, fill_seed=secrets.randbelow(MAX_SEED + 1))
    return _answer(game.new_state(options))


def _record(req: dict) -> dict:
    record = req.get("record")
    if record is None:
        raise BadRequest("This request needs a 'record'.")
    return record


def _play(req: dict) -> dict:
    state = replay(_record(req))
    move = req.get("move")
    if not isinstance(move, str):
        raise BadRequest("'move' must be a move in notation, like a1+c1.")
    state.play(move)
    return _answer(state)


def _load(req: dict) -> dict:
    return _answer(replay(_record(req)))


def _view(req: dict) -> dict:
    ply = req.get("ply")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int) or ply < 0):
        raise BadRequest("'ply' must be a move number (0 or more).")
    state = replay(_record(req))  # the whole record must be valid, not only the part shown
    while ply is not None and len(state.moves) > ply:
        state.pop()
    return _answer(state)


def _ai(req: dict) -> dict:
    started = time.perf_counter()  # the budget covers replaying the record too
    state = replay(_record(req))
    if state.is_over():
        raise GameOver("The game is over; there is no move to suggest.")
    from .ai.api import choose_move  # imported late: the AI is not needed to play

    return choose_move(state, req, started)


OPS = {"games": _games, "new": _new, "play": _play, "load": _load, "view": _view, "ai": _ai}


def handle(request: Any) -> dict:
    """Answer one bridge request (see docs/contracts.md)."""
    try:
        if not isinstance(request, dict):
            raise BadRequest("A request must be a JSON object with an 'op'.")
        op = OPS.get(request.get("op"))
        if op is None:
            raise BadRequest(f"Unknown op {request.get('op')!r} (known: {', '.join(OPS)}).")
        return op(request)
    except NibbleError as e:
        return {"error": e.to_json()}
    except RecursionError:
        return {"error": {"code": "bad-request", "message": "The request is nested too deeply."}}
    except Exception as e:  # the bridge must never raise into JavaScript
        return {"error": {"code": "internal",
                          "message": f"Internal error: {type(e).__name__}: {e}",
                          "trace": traceback.format_exc(limit=5)}}


MAX_DEPTH = 64  # records nest 3 deep; anything far deeper is damage or an attack


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


def handle_json(text: str) -> str:
    """``handle`` for callers that pass JSON text (the web worker)."""
    if not isinstance(text, str) or _too_deep(text):
        return json.dumps({"error": {"code": "bad-request",
                                     "message": "The request is not valid JSON or nests too "
                                                "deeply."}})
    try:
        request = json.loads(text)
    except (ValueError, RecursionError):
        return json.dumps({"error": {"code": "bad-request",
                                     "message": "The request is not valid JSON."}})
    return json.dumps(handle(request), ensure_ascii=False)
