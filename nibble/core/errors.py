"""Errors the bridge turns into ``{"error": {"code", "message"}}``.

Each carries a stable ``code`` for programs and a message written for players.
"""

from __future__ import annotations


class NibbleError(ValueError):
    code = "bad-request"


class BadRequest(NibbleError):
    code = "bad-request"


class UnknownGame(NibbleError):
    code = "unknown-game"


class BadOption(NibbleError):
    code = "bad-option"


class BadRecord(NibbleError):
    code = "bad-record"


class BadSetup(NibbleError):
    code = "bad-setup"


class BadNotation(NibbleError):
    code = "bad-notation"


class IllegalMove(NibbleError):
    code = "illegal-move"


class GameOver(NibbleError):
    code = "game-over"
