"""MCTS speed per variant: ``python -m nibble.ai.bench [--json] [--seconds S]``.

Also callable as ``run(seconds=…)`` so the same measurement runs inside Pyodide.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from ..games import get_game
from .knowledge import knowledge_for
from .levels import LEVELS
from .mcts import MCTS, Budget, Config

VARIANTS = ("square9", "square13", "hex13")


def _start(variant: str, seed: int = 1):
    game = get_game("nibble")
    return game.new_state(game.normalize_options({"variant": variant, "seed": seed}))


def _playouts(variant: str, seconds: float) -> float:
    """Random playouts to the end per second (the engine's raw speed)."""
    root = _start(variant)
    rng = random.Random(0)
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = root.copy(history=False)
        while s.result is None:
            moves = s.legal_moves()
            s.advance(moves[rng.randrange(len(moves))])
        n += 1
    return n / (time.perf_counter() - t0)


def _mcts(variant: str, seconds: float, config: Config) -> float:
    """MCTS iterations per second from the start position."""
    state = _start(variant)
    search = MCTS(knowledge_for(state), random.Random(0), config)
    t0 = time.perf_counter()
    _, iters = search.search(state, None, Budget(seconds * 1000))
    return iters / (time.perf_counter() - t0)


def run(seconds: float = 2.0) -> dict:
    """Iterations per second of the ``medium`` and ``hard`` searches, per variant."""
    medium = LEVELS["medium"][0](0).config  # type: ignore[attr-defined]
    hard = LEVELS["hard"][0](0).config  # type: ignore[attr-defined]
    out: dict = {"python": platform.python_version(),
                 "implementation": platform.python_implementation(),
                 "platform": sys.platform, "seconds": seconds, "variants": {}}
    for v in VARIANTS:  # warm up: tables, imports, caches
        _mcts(v, 0.1, hard)
    for v in VARIANTS:
        out["variants"][v] = {
            "mcts_hard_iter_per_s": round(_mcts(v, seconds, hard)),
            "mcts_medium_iter_per_s": round(_mcts(v, seconds, medium)),
            "random_playouts_per_s": round(_playouts(v, seconds / 2), 1),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m nibble.ai.bench", description=__doc__)
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    res = run(args.seconds)
    if args.json:
        print(json.dumps(res))
    else:
        for v, r in res["variants"].items():
            print(f"{v:9s} hard {r['mcts_hard_iter_per_s']:>6} it/s   medium "
                  f"{r['mcts_medium_iter_per_s']:>6} it/s   random playouts "
                  f"{r['random_playouts_per_s']:>7}/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
