"""Computer players that work for every game through the protocol.

Game-specific knowledge is registered here per game id (see :mod:`.knowledge`).
"""

from __future__ import annotations

from .knowledge import Knowledge, knowledge_for, register


def _nibble() -> Knowledge:
    from .nibble_knowledge import NibbleKnowledge

    return NibbleKnowledge()


def _nebuchadnezzar() -> Knowledge:
    from .nebuchadnezzar_knowledge import NebuchadnezzarKnowledge

    return NebuchadnezzarKnowledge()


def _number_one() -> Knowledge:
    from .number_one_knowledge import NumberOneKnowledge

    return NumberOneKnowledge()


register("nibble", _nibble)
register("nebuchadnezzar", _nebuchadnezzar)
register("number-one", _number_one)

__all__ = ["Knowledge", "knowledge_for", "register"]
