"""The analysis's map of a search value to winning chances, fitted per game.

A game's knowledge gives its :class:`Scale` (``Knowledge.calibration``), fitted to engine
games by ``python scripts/measure_analysis.py --fit`` (docs/ai.md, "The analysis's
chances"); the analysis (:mod:`.analysis`) applies it. Apart from both so that a game's
knowledge can name its scale without importing the analysis.
"""

from __future__ import annotations

import math
from typing import NamedTuple


class Scale(NamedTuple):
    """The map of a search value ``v`` to the chances of the side to move:
    ``p = eps + (1 - 2 eps) σ(a · logit((v + 1) / 2) + lean)``, with ``turn_lean`` added
    to ``lean`` inside a turn of several moves (the side to move made the move before
    too). ``a`` sharpens or flattens the search's values (fitted to the outcomes of
    games), ``eps`` keeps some doubt at the ends, and the leans take out the search's lean
    towards the side to move, fitted so that a position's own search and the search of
    the position before it (its ``played`` value) agree on average: an MCTS search's best
    child is the best of several noisy values, so whoever is to move looks better than
    the same position does one move later, and any move looks like a loss."""

    a: float
    eps: float = 0.0
    lean: float = 0.0
    turn_lean: float = 0.0

    def chances(self, p: float, inside: bool = False) -> float:
        """The calibrated chances of raw chances ``p`` (0 and 1, forced results, stay);
        ``inside``: within a turn of several moves."""
        if p <= 0.0 or p >= 1.0:
            return p
        x = self.a * math.log(p / (1.0 - p)) + self.lean + (self.turn_lean if inside else 0.0)
        return self.eps + (1.0 - 2.0 * self.eps) / (1.0 + math.exp(-x))
