"""Computer players that work for every game through the protocol.

A game's own knowledge (evaluation, move ordering, win checks) lives in the game's package
and is named by the game (``Game.knowledge``); :mod:`.knowledge` loads it when a computer
first plays that game.
"""

from __future__ import annotations

from .knowledge import Knowledge, knowledge_for, register

__all__ = ["Knowledge", "knowledge_for", "register"]
