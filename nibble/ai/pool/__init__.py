"""Sparring partners written apart from ``hard`` (issue 46): each one searcher with its own
evaluation and its own search shape, written from the rules pages (docs/rules/) and the
protocol (nibble/core/protocol.py) only, without looking at ``hard``'s code
(nibble/ai/alphabeta.py, mcts.py, knowledge.py, solver.py and the games' knowledge.py and
weights.py). They are players, not levels: ``python -m nibble match --a hard --b <name>``.

Each lives in its game's package, which names it (``Game.pool = "module:Class"``), and
plays as ``pool-<game id>``; it is imported only when first asked for. A class takes a
seed and answers ``choose(state, budget) -> Decision`` (nibble/ai/players.py), within the
budget's time or iterations.
"""

from __future__ import annotations

import importlib
from typing import Any

from ...games import GAMES


def pool() -> dict[str, str]:
    """name -> "module:Class" of every registered game's sparring partner."""
    return {f"pool-{gid}": g.pool for gid, g in GAMES.items() if g.pool}


#: the pool of the games registered at start-up: the players' names (nibble.ai.levels)
POOL: dict[str, str] = pool()


def make_pool_player(name: str, seed: int = 0) -> Any:
    """The pool's player ``name`` with ``seed`` (``KeyError`` if there is none)."""
    module, _, cls = pool()[name].partition(":")
    return getattr(importlib.import_module(module), cls)(seed)
