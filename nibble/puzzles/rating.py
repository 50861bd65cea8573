"""A puzzle's starting rating: which levels find its first solver move.

Each level of :data:`LEVELS` (weakest first, small fixed budgets: no clock) tries the
start position ``TRIES`` times with different seeds; it *finds* the move when most tries
play it. With ``i`` the index of the weakest level that finds it (5 if none does) and
``m`` the number of stronger levels that miss it anyway::

    rating = BASE + STEP * i + MISS * m

so random 800, easy 1100, medium 1400, hard 1700, expert 2000, none 2300, plus 100 for
each stronger level that misses the move.
"""

from __future__ import annotations

import hashlib
from typing import Any

from ..ai.levels import make_player
from ..ai.mcts import Budget
from ..core.protocol import State

#: (level, iterations a move: MCTS iterations or alpha-beta nodes; None: none counted)
LEVELS: tuple[tuple[str, int | None], ...] = (
    ("random", None), ("easy", None), ("medium", 200), ("hard", 300), ("expert", 3000))
TRIES = 3
BASE, STEP, MISS = 800, 300, 100


def found_by(state: State[Any], move: Any, seed: int = 0) -> dict[str, bool]:
    """For each level, does it play ``move`` in ``state`` in most of its tries?"""
    out: dict[str, bool] = {}
    for level, iterations in LEVELS:
        hits = 0
        for t in range(TRIES):
            player = make_player(level, _seed(seed, level, t), judge=True)
            decision = player.choose(state.copy(), Budget(None, iterations or 1))
            hits += decision.move == move
        out[level] = 2 * hits > TRIES
    return out


def rating(found: dict[str, bool]) -> int:
    """The formula of the module's docstring."""
    names = [level for level, _ in LEVELS]
    first = next((i for i, name in enumerate(names) if found.get(name)), len(names))
    missed = sum(1 for name in names[first + 1:] if not found.get(name))
    return BASE + STEP * first + MISS * missed


def _seed(seed: int, level: str, t: int) -> int:
    digest = hashlib.sha256(f"{seed}:{level}:{t}".encode()).digest()
    return int.from_bytes(digest[:6], "big")
