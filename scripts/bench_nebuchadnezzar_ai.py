#!/usr/bin/env python3
"""How fast is the Nebuchadnezzar knowledge inside a search?

    python scripts/bench_nebuchadnezzar_ai.py [--sizes 8 15] [--seconds 2] [--json]

Samples positions from random games of each size (fixed seeds), then measures
evaluations per second, move scorings per second (all legal moves of a position at
once) and MCTS iterations per second of ``medium`` and ``hard`` searching from those
positions.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nibble.ai.knowledge import knowledge_for  # noqa: E402
from nibble.ai.levels import LEVELS  # noqa: E402
from nibble.ai.mcts import MCTS, Budget  # noqa: E402
from nibble.games import get_game  # noqa: E402


def sample(size: int, count: int = 40, seed: int = 1) -> list:
    """Positions of random games, spread over their whole length."""
    game = get_game("nebuchadnezzar")
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = game.new_state(game.normalize_options({"size": size}))
        while s.result is None:
            if rng.random() < 0.1:
                out.append(s.copy(history=False))
            moves = s.legal_moves()
            s.push(moves[rng.randrange(len(moves))])
    return out[:count]


def rate(fn, positions: list, seconds: float) -> float:
    """Calls of ``fn(position)`` per second, cycling through the positions."""
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        fn(positions[n % len(positions)])
        n += 1
    return n / (time.perf_counter() - t0)


def mcts_rate(level: str, positions: list, seconds: float) -> float:
    player = LEVELS[level][0](0)
    config = player.config  # type: ignore[attr-defined]
    k = knowledge_for(positions[0])
    if getattr(player, "tuned", False) and k.tuned_search:
        from dataclasses import replace

        config = replace(config, **k.tuned_search)
    iters = 0
    t0 = time.perf_counter()
    per = seconds / len(positions)
    for s in positions:
        _, i = MCTS(k, random.Random(0), config).search(s, None, Budget(per * 1000))
        iters += i
    return iters / (time.perf_counter() - t0)


def _evaluate(k, s) -> float:
    return k.evaluate(s, 0)


def _score(k, pair) -> list[float]:
    return k.move_scores(*pair)


def run(sizes: list[int], seconds: float) -> dict:
    out: dict = {"python": f"{platform.python_implementation()} {platform.python_version()}",
                 "seconds": seconds, "sizes": {}}
    for size in sizes:
        positions = sample(size)
        k = knowledge_for(positions[0])
        legal = [s.legal_moves() for s in positions]
        pairs = list(zip(positions, legal, strict=True))
        out["sizes"][size] = {
            "moves_per_position": round(sum(map(len, legal)) / len(legal), 1),
            "evaluations_per_s": round(rate(partial(_evaluate, k), positions, seconds)),
            "move_scorings_per_s": round(rate(partial(_score, k), pairs, seconds)),
            "medium_iter_per_s": round(mcts_rate("medium", positions, seconds)),
            "hard_iter_per_s": round(mcts_rate("hard", positions, seconds)),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", type=int, nargs="*", default=[8, 15])
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    res = run(args.sizes, args.seconds)
    if args.json:
        print(json.dumps(res))
    else:
        for size, r in res["sizes"].items():
            print(f"{size:>2} × {size:<2} {r['moves_per_position']:>6} moves: "
                  f"{r['evaluations_per_s']:>6} evaluations/s, "
                  f"{r['move_scorings_per_s']:>6} move scorings/s, MCTS medium "
                  f"{r['medium_iter_per_s']:>5} it/s, hard {r['hard_iter_per_s']:>5} it/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
