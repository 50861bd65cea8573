"""Nibble match against `hard` searching without late-move reductions: the A/B that
decided to keep them (docs/ai.md, "Late-move reductions").

Adds the player `hard-full` (hard's search and evaluation, every move searched at full
depth) and hands the rest of the command line to `python -m nibble match`, e.g.

    python scripts/match_reductions.py --game nibble --variant square9 --a hard \
        --b hard-full --games 100 --budget-ms 1000 --clock cpu --seed 32000 --jobs 2 --json
"""

from __future__ import annotations

import sys

from nibble.ai import match
from nibble.ai.alphabeta import AlphaBetaPlayer
from nibble.ai.levels import PLAYERS
from nibble.ai.nibble_knowledge import NibbleKnowledge


class FullDepth(NibbleKnowledge):
    """Nibble's knowledge with no late-move reductions on any board."""

    def reduce_after(self, state: object) -> None:
        return None


def add_player() -> None:
    PLAYERS["hard-full"] = lambda seed: AlphaBetaPlayer(seed, knowledge=FullDepth(),
                                                        solve=True)


if __name__ == "__main__":
    add_player()
    sys.exit(match.main(sys.argv[1:]))
