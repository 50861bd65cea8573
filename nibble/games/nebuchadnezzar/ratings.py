"""Elo ratings of Nebuchadnezzar's levels, as measured by ``python -m nibble ladder
--write-ratings`` (nibble/ai/ratings.py says what an entry holds). Written by the ladder,
which rewrites the table that ends this file; do not edit by hand.
"""

from __future__ import annotations

from typing import Any

RATINGS: dict[str, dict[str, Any]] = {'nebuchadnezzar': {'budget_ms': 1500.0,
                    'clock': 'cpu',
                    'games_per_pair': 4,
                    'games_played': 84,
                    'intervals': {'easy': [23, 1326],
                                  'hard': [640, 2110],
                                  'medium': [23, 1326],
                                  'random': [0, 0]},
                    'options': {},
                    'players': ['random@50',
                                'easy@100',
                                'medium@500',
                                'hard@1500',
                                'greedy',
                                'alphabeta',
                                'pool-nebuchadnezzar'],
                    'ratings': {'easy': 674, 'hard': 1375, 'medium': 674, 'random': 0},
                    'seeds': [1]}}
