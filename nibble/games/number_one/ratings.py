"""Elo ratings of Number One's levels (two players), as measured by ``python -m nibble ladder
--write-ratings`` (nibble/ai/ratings.py says what an entry holds). Written by the ladder,
which rewrites the table that ends this file; do not edit by hand.
"""

from __future__ import annotations

from typing import Any

RATINGS: dict[str, dict[str, Any]] = {'number-one': {'budget_ms': 1500.0,
                'clock': 'cpu',
                'games_per_pair': 4,
                'games_played': 84,
                'intervals': {'easy': [39, 1302],
                              'hard': [1045, 2879],
                              'medium': [320, 1861],
                              'random': [0, 0]},
                'options': {'players': 2},
                'players': ['random@50',
                            'easy@100',
                            'medium@500',
                            'hard@1500',
                            'greedy',
                            'alphabeta',
                            'pool-number-one'],
                'ratings': {'easy': 670, 'hard': 1962, 'medium': 1090, 'random': 0},
                'seeds': [3]}}
