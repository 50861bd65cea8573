"""Computer players that work for every game through the protocol.

Game-specific knowledge is registered here per game id (see :mod:`.knowledge`).
"""

from __future__ import annotations

from typing import Any

from .knowledge import Knowledge, knowledge_for, register


def _nibble() -> Knowledge[Any]:
    from .nibble_knowledge import NibbleKnowledge

    return NibbleKnowledge()


def _nebuchadnezzar() -> Knowledge[Any]:
    from .nebuchadnezzar_knowledge import NebuchadnezzarKnowledge

    return NebuchadnezzarKnowledge()


def _number_one() -> Knowledge[Any]:
    from .number_one_knowledge import NumberOneKnowledge

    return NumberOneKnowledge()


register("nibble", _nibble)
register("nebuchadnezzar", _nebuchadnezzar)
register("number-one", _number_one)

__all__ = ["Knowledge", "knowledge_for", "register"]
