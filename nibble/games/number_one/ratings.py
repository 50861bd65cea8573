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
                'intervals': {'easy': [24, 873],
                              'hard': [772, 2214],
                              'medium': [361, 1717],
                              'random': [0, 0]},
                'options': {'players': 2},
                'players': ['random@50',
                            'easy@100',
                            'medium@500',
                            'hard@1500',
                            'greedy',
                            'alphabeta',
                            'pool-number-one'],
                'ratings': {'easy': 449, 'hard': 1493, 'medium': 1039, 'random': 0},
                'seeds': [1]}}
