"""Nibble matches of `hard` with and without late-move reductions: the A/Bs that decided
to keep them on square9 and hex13 and not on square13 (docs/ai.md, "Late-move
reductions").

Adds two players and hands the rest of the command line to `python -m nibble match`:
`hard-full` (hard's search and evaluation, every move searched at full depth) and
`hard-reduced` (the same, moves after the third searched a ply shallower first on every
board, as square9's and hex13's `hard` do), e.g.

    python scripts/match_reductions.py --game nibble --variant square9 --a hard \
        --b hard-full --games 100 --budget-ms 1000 --clock cpu --seed 32000 --jobs 2 --json
    python scripts/match_reductions.py --game nibble --variant hex13 --a hard \
        --b hard-full --games 100 --budget-ms 1000 --clock cpu --seed 33000 --jobs 2 --json
    python scripts/match_reductions.py --game nibble --variant square13 --a hard-reduced \
        --b hard --games 100 --budget-ms 1000 --clock cpu --seed 34000 --jobs 2 --json
"""

from __future__ import annotations

import sys

from nibble.ai.alphabeta import AlphaBetaPlayer
from nibble.ai.lab import match
from nibble.ai.levels import PLAYERS
from nibble.games.nibble.knowledge import REDUCE_AFTER, NibbleKnowledge


class Reductions(NibbleKnowledge):
    """Nibble's knowledge with the same late-move reductions on every board (``after``
    moves searched in full first; None: none at all)."""

    def __init__(self, after: int | None) -> None:
        super().__init__()
        self.after = after

    def reduce_after(self, state: object) -> int | None:
        return self.after


def add_player() -> None:
    for name, after in (("hard-full", None), ("hard-reduced", REDUCE_AFTER["square9"])):
        PLAYERS[name] = lambda seed, after=after: AlphaBetaPlayer(
            seed, knowledge=Reductions(after), solve=True)


if __name__ == "__main__":
    add_player()
    sys.exit(match.main(sys.argv[1:]))
