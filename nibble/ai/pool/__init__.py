"""Sparring partners written apart from ``hard`` (issue 46): each one searcher with its own
evaluation and its own search shape, written from the rules pages (docs/rules/) and the
protocol (nibble/core/protocol.py) only, without looking at ``hard``'s code
(nibble/ai/alphabeta.py, mcts.py, knowledge.py, solver.py and the games' knowledge.py and
weights.py). They are players, not levels: ``python -m nibble match --a hard --b <name>``.

Each is named here by ``module:Class`` and imported only when first asked for; a class
takes a seed and answers ``choose(state, budget) -> Decision`` (nibble/ai/players.py), within
the budget's time or iterations.
"""

from __future__ import annotations

import importlib
from typing import Any

#: name -> "module:Class" (the game each plays is in its name)
POOL: dict[str, str] = {
    "pool-nibble": "nibble.ai.pool.nibble_mcts:NibbleMCTS",
    "pool-nebuchadnezzar": "nibble.ai.pool.neb_alphabeta:NebAlphaBeta",
    "pool-number-one": "nibble.ai.pool.one_paranoid:OneParanoid",
}


def make_pool_player(name: str, seed: int = 0) -> Any:
    """The pool's player ``name`` with ``seed`` (``KeyError`` if there is none)."""
    module, _, cls = POOL[name].partition(":")
    return getattr(importlib.import_module(module), cls)(seed)
