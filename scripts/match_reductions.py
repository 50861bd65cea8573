"""Nibble matches of `hard` with and without late-move reductions: the A/B that decided
to keep them on square9 (docs/ai.md, "Late-move reductions"), and the one that would
decide them for another board.

Adds two players and hands the rest of the command line to `python -m nibble match`:
`hard-full` (hard's search and evaluation, every move searched at full depth) and
`hard-reduced` (the same, moves after the third searched a ply shallower first on every
board, as square9's `hard` does), e.g.

    python scripts/match_reductions.py --game nibble --variant square9 --a hard \
        --b hard-full --games 100 --budget-ms 1000 --clock cpu --seed 32000 --jobs 2 --json
    python scripts/match_reductions.py --game nibble --variant hex13 --a hard-reduced \
        --b hard --games 100 --budget-ms 1000 --clock cpu --seed 33000 --jobs 2 --json
"""

from __future__ import annotations

import sys

from nibble.ai import match
from nibble.ai.alphabeta import AlphaBetaPlayer
from nibble.ai.levels import PLAYERS
from nibble.ai.nibble_knowledge import REDUCE_AFTER, NibbleKnowledge


class FullDepth(NibbleKnowledge):
    """Nibble's knowledge with no late-move reductions on any board."""

    def reduce_after(self, state: object) -> None:
        return None


class Reduced(NibbleKnowledge):
    """Nibble's knowledge with square9's reductions on every board."""

    def reduce_after(self, state: object) -> int:
        return REDUCE_AFTER["square9"]


def add_player() -> None:
    PLAYERS["hard-full"] = lambda seed: AlphaBetaPlayer(seed, knowledge=FullDepth(),
                                                        solve=True)
    PLAYERS["hard-reduced"] = lambda seed: AlphaBetaPlayer(seed, knowledge=Reduced(),
                                                           solve=True)


if __name__ == "__main__":
    add_player()
    sys.exit(match.main(sys.argv[1:]))
