"""Elo ratings of Nebuchadnezzar's levels, as measured by ``python -m nibble ladder
--write-ratings`` (nibble/ai/ratings.py says what an entry holds). Written by the ladder,
which rewrites the table that ends this file; do not edit by hand.
"""

from __future__ import annotations

from typing import Any

RATINGS: dict[str, dict[str, Any]] = {'nebuchadnezzar': {'budget_ms': 1500.0,
                    'clock': 'cpu',
                    'games_per_pair': 4,
                    'games_played': 60,
                    'intervals': {'easy': [-81, 626],
                                  'hard': [362, 1369],
                                  'medium': [111, 967],
                                  'random': [0, 0]},
                    'options': {},
                    'players': ['random@50',
                                'easy@100',
                                'medium@500',
                                'hard@1500',
                                'greedy',
                                'alphabeta'],
                    'ratings': {'easy': 272, 'hard': 866, 'medium': 539, 'random': 0}}}
