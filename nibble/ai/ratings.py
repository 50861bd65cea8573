"""Elo ratings of the levels, as measured by ``python -m nibble ladder --write-ratings``.

Keyed by where they were measured: the game id, then ``/`` and the variant for games
that have variants (``nibble/square9``). Each entry holds the rating of every level that
played (``random`` is 0) with its 95 % interval, and how the ladder was run, so that the
new-game dialog can show a level's strength and docs/ai.md can say where it came from.
A level too slow for the round robin may be added from a direct match against a rated
level (``ladder --chain``); its evidence is kept under ``chained``. Written by the
ladder; do not edit by hand.
"""

from __future__ import annotations

import pprint
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

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
                    'ratings': {'easy': 272, 'hard': 866, 'medium': 539, 'random': 0}},
 'nibble/hex13': {'budget_ms': 1500.0,
                  'clock': 'cpu',
                  'games_per_pair': 8,
                  'games_played': 120,
                  'intervals': {'easy': [-39, 1435],
                                'hard': [954, 2807],
                                'medium': [732, 2564],
                                'random': [0, 0]},
                  'options': {'variant': 'hex13'},
                  'players': ['random@50',
                              'easy@100',
                              'medium@500',
                              'hard@1500',
                              'greedy',
                              'alphabeta'],
                  'ratings': {'easy': 698, 'hard': 1881, 'medium': 1648, 'random': 0},
                  'seeds': [1, 3]},
 'nibble/square13': {'budget_ms': 1500.0,
                     'clock': 'cpu',
                     'games_per_pair': 4,
                     'games_played': 60,
                     'intervals': {'easy': [-215, 1271],
                                   'hard': [990, 3417],
                                   'medium': [535, 2565],
                                   'random': [0, 0]},
                     'options': {'variant': 'square13'},
                     'players': ['random@50',
                                 'easy@100',
                                 'medium@500',
                                 'hard@1500',
                                 'greedy',
                                 'alphabeta'],
                     'ratings': {'easy': 528, 'hard': 2203, 'medium': 1550, 'random': 0},
                     'seeds': [1]},
 'nibble/square9': {'budget_ms': 1500.0,
                    'chained': {'expert': {'clock': 'cpu',
                                           'elo_over': 118.6,
                                           'elo_over_interval': [60.2, 177.1],
                                           'games': 152,
                                           'over': 'hard@1500',
                                           'player': 'expert@5000',
                                           'points': 101.0,
                                           'seeds': [4206,
                                                     4208,
                                                     4210,
                                                     4212,
                                                     4214,
                                                     4216,
                                                     4218,
                                                     4220,
                                                     4222,
                                                     4224,
                                                     4226,
                                                     4228,
                                                     4230,
                                                     4232,
                                                     4234,
                                                     4236,
                                                     4238,
                                                     4240,
                                                     4242,
                                                     4244,
                                                     4246,
                                                     4248,
                                                     4250,
                                                     4252,
                                                     4254,
                                                     4256,
                                                     4258,
                                                     4260,
                                                     4262,
                                                     4264,
                                                     4266,
                                                     4268,
                                                     4270,
                                                     4272,
                                                     4274,
                                                     4276,
                                                     4278,
                                                     4280]}},
                    'clock': 'cpu',
                    'games_per_pair': 12,
                    'games_played': 180,
                    'intervals': {'easy': [16, 1408],
                                  'expert': [1277, 3070],
                                  'hard': [1161, 2950],
                                  'medium': [998, 2778],
                                  'random': [0, 0]},
                    'options': {'variant': 'square9'},
                    'players': ['random@50',
                                'easy@100',
                                'medium@500',
                                'hard@1500',
                                'greedy',
                                'alphabeta'],
                    'ratings': {'easy': 712,
                                'expert': 2174,
                                'hard': 2055,
                                'medium': 1888,
                                'random': 0},
                    'seeds': [1, 3]},
 'number-one': {'budget_ms': 1500.0,
                'clock': 'cpu',
                'games_per_pair': 4,
                'games_played': 60,
                'intervals': {'easy': [67, 937],
                              'hard': [401, 1429],
                              'medium': [354, 1368],
                              'random': [0, 0]},
                'options': {'players': 2},
                'players': ['random@50',
                            'easy@100',
                            'medium@500',
                            'hard@1500',
                            'greedy',
                            'alphabeta'],
                'ratings': {'easy': 502, 'hard': 915, 'medium': 861, 'random': 0}}}


def level_ratings(level: str) -> dict[str, int]:
    """``{"nibble/square9": 1234, …}``: the level's rating wherever it was measured."""
    return {where: round(entry["ratings"][level]) for where, entry in sorted(RATINGS.items())
            if level in entry["ratings"]}


def write(where: str, ladder: dict[str, Any], path: Path) -> None:
    """Store the levels' ratings from a ladder's result (``run_ladder``) under ``where``,
    keeping the other entries, as Python source at ``path``."""
    from .lab.match import split_name
    from .levels import LEVELS

    ratings, intervals = {}, {}
    for name in ladder["players"]:
        level, _ = split_name(name)
        if level in LEVELS:
            ratings[level] = round(ladder["ratings"][name])
            intervals[level] = [round(x) for x in ladder["intervals"][name]]
    entry = {"ratings": ratings, "intervals": intervals,
             "players": ladder["players"], "games_per_pair": ladder["games_per_pair"],
             "budget_ms": ladder["budget_ms"], "clock": ladder.get("clock", "wall"),
             "games_played": ladder["games_played"], "options": ladder["options"],
             "seeds": ladder.get("seeds", [ladder["seed"]])}
    _save({**RATINGS, where: entry}, path)


def write_chained(where: str, chained: dict[str, Any], path: Path) -> None:
    """Add a level rated by a direct match against a laddered level (``chain.chain``) to
    the entry at ``where``; the evidence is kept under ``chained``. A new ladder at
    ``where`` replaces the entry, chained levels included: chain them again."""
    entry = dict(RATINGS[where])
    level = chained["level"]
    entry["ratings"] = {**entry["ratings"], level: chained["rating"]}
    entry["intervals"] = {**entry["intervals"], level: chained["interval"]}
    evidence = {k: chained[k] for k in ("over", "player", "elo_over", "elo_over_interval",
                                        "points", "games", "seeds", "clock")}
    entry["chained"] = {**entry.get("chained", {}), level: evidence}
    _save({**RATINGS, where: entry}, path)


def _save(table: dict[str, dict[str, Any]], path: Path) -> None:
    """Rewrite ``RATINGS`` in the module's source at ``path``, keeping the code."""
    text = path.read_text()
    start = "RATINGS: dict[str, dict[str, Any]] = "
    head = text[:text.index(start)]
    body = start + pprint.pformat(table, width=92, sort_dicts=True)
    tail = text[text.index("\n\n\ndef level_ratings"):]
    path.write_text(head + body + tail)
