"""Errors the bridge turns into ``{"error": {"code", "message", "reason", "params"}}``.

Each carries a stable ``code`` for programs, a message written for players (English),
and optionally a ``reason`` key with ``params`` so that the page can say the same thing
in the player's language (``reason`` names the rule, ``params`` fill in its blanks).
"""

from __future__ import annotations

from typing import Any


class NibbleError(ValueError):
    code = "bad-request"

    def __init__(self, message: str, reason: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": str(self)}
        if self.reason:
            out["reason"] = self.reason
            out["params"] = self.params
        return out


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
