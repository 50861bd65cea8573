"""Playing levels: each is an algorithm plus a default thinking time.

| level  | algorithm                                                          | default |
|--------|--------------------------------------------------------------------|---------|
| random | uniform random legal move                                          | –       |
| easy   | one ply: instant wins, safety, hand-written evaluation with noise  | 100 ms  |
| medium | MCTS, evaluation-only leaves, no safety filter, no endgame solver  | 500 ms  |
| hard   | the game's strongest search (``Knowledge.strong_search``):         | 1500 ms |
|        | alpha-beta over its evaluation or tuned MCTS, both with the exact  |         |
|        | endgame solver, or a search of the game's own (``own_search``)     |         |
| expert | as hard, with more time                                            | 5000 ms |

``greedy`` (the measuring stick of docs/ai.md) and ``uct`` (plain UCT with random
playouts to the end and no game knowledge at all: the generic player of general game
systems, a protocol-only baseline for every game) are players but not levels, and so is
``alphabeta`` (``hard``'s alpha-beta over the hand-written evaluation: the sparring
partner ``hard`` must beat, see :mod:`.alphabeta`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..core.protocol import State
from .alphabeta import AlphaBetaPlayer
from .collector import after_move
from .knowledge import Knowledge, generic, knowledge_for
from .mcts import Budget, Config
from .players import Decision, GreedyPlayer, HeuristicPlayer, MCTSPlayer, Player, RandomPlayer
from .pool import POOL, make_pool_player

# Tuned by matches at 100 ms a move (40 games each, against ``medium``; on which board:
# docs/ai-experiments.md):
# evaluation-only leaves beat 4-ply playouts 26-14, exploration 0.4 beat 0.7 28-12
# (0.2: 25-15, 1.2: 21-19), and the per-expansion safety filter lost 17-23 (MCTS-solver
# already marks a move that allows an instant win as lost once it is expanded).
HARD = Config(c=0.4, playout_depth=0, safety=False)

# The tuned MCTS as ``hard`` and ``expert`` play it (not the judge's: its puzzle files and
# the analysis's chances were made with HARD's bound). In a game of three players with
# several moves a turn the tree filled HARD's 150,000 units on most moves at the page's
# 1.5 s (about 30,000 iterations), after which more time bought nothing: 16 of 45 games
# against the pool at 1.5 s against 29 of 60 at 300 ms, and 22 of the 45 with three times
# the bound (docs/ai-experiments.md, 2026-11-30, 21:37–22:05 UTC).
PLAY = replace(HARD, max_nodes=450_000)

# Plain UCT: exploration sqrt(2)-ish, no priors, random playouts to the end.
UCT = Config(c=1.4, prior_weight=0.0, playout_depth=10_000, safety=False)

class TunedPlayer(Player):
    """``hard`` and ``expert``: the search each game plays best with, as its knowledge says
    (``Knowledge.strong_search``): alpha-beta with the endgame solver, tuned MCTS, or the
    game's own search (``Knowledge.own_search``). The judge plays the search of the
    judge's knowledge (``Knowledge.for_judge``)."""

    name = "tuned"

    def __init__(self, seed: int = 0, judge: bool = False) -> None:
        super().__init__(seed)
        self.inner: Player | None = None
        self.kind = ""  # the search ``inner`` is (``Knowledge.strong_search``, own: named)
        #: play with the judge's knowledge (``Knowledge.for_judge``): the puzzle maker's
        #: games and ratings, which must stay the ones its files were made with
        self.judge = judge

    def _for(self, state: State[Any]) -> Player:
        k = knowledge_for(state)
        own = k.for_judge() if self.judge else None
        kind = (own or k).strong_search_for(state)
        if kind == "own":  # one game's own search is not another's
            kind = f"own:{k.own_search}"
        inner = self.inner
        if inner is None or kind != self.kind:
            self.kind = kind
            if kind.startswith("own:"):
                inner = _own_search(k)
            elif kind == "alphabeta":
                inner = AlphaBetaPlayer(0, own, solve=True)
            else:
                inner = MCTSPlayer(0, own, config=HARD if self.judge else PLAY, tuned=True)
            self.inner = inner
        inner.rng = self.rng  # the bridge reseeds this player per request
        return inner

    def choose(self, state: State[Any], budget: Budget) -> Decision:
        decision = self._for(state).choose(state, budget)
        after_move()  # what the search keeps is not walked by the collector again
        return decision

    def forget(self) -> None:
        if self.inner is not None:
            self.inner.forget()


def _own_search(k: Knowledge[Any]) -> Player:
    """The game's own search for the tuned levels (``Knowledge.own_search``)."""
    if not k.own_search:
        raise ValueError(f"{type(k).__name__} names no own search")
    module, _, cls = k.own_search.partition(":")
    player: Player = getattr(importlib.import_module(module), cls)(0)
    return player


def _pool(name: str) -> Callable[[int], Player]:
    """A pool player's factory (its module imported on first use)."""
    def make(seed: int) -> Player:
        player: Player = make_pool_player(name, seed)
        return player
    return make


LEVELS: dict[str, tuple[Callable[[int], Player], int]] = {
    "random": (lambda seed: RandomPlayer(seed), 50),
    "easy": (lambda seed: HeuristicPlayer(seed, noise=0.15, hand_written=True), 100),
    "medium": (lambda seed: MCTSPlayer(seed, config=Config(playout_depth=0, safety=False),
                                       solve=False), 500),
    "hard": (lambda seed: TunedPlayer(seed), 1500),
    "expert": (lambda seed: TunedPlayer(seed), 5000),
}

PLAYERS: dict[str, Callable[[int], Player]] = {
    **{name: make for name, (make, _) in LEVELS.items()},
    "greedy": lambda seed: GreedyPlayer(seed),
    "uct": lambda seed: MCTSPlayer(seed, knowledge=generic(), solve=False, config=UCT),
    "heuristic": lambda seed: HeuristicPlayer(seed, noise=0.0),
    "alphabeta": lambda seed: AlphaBetaPlayer(seed, hand_written=True, solve=True),
    # sparring partners written apart from ``hard`` (issue 46), imported when first asked for
    **{name: _pool(name) for name in POOL},
}


def make_player(name: str, seed: int = 0, judge: bool = False) -> Player:
    """A player by level or player name (``KeyError`` if unknown); ``judge``: ``hard`` and
    ``expert`` play with the judge's knowledge (``Knowledge.for_judge``), as the puzzle
    maker's games and ratings do."""
    player = PLAYERS[name](seed)
    if judge and isinstance(player, TunedPlayer):
        player.judge = True
    return player


def default_budget_ms(level: str) -> int:
    return LEVELS[level][1] if level in LEVELS else 300
