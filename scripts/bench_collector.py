"""``hard``'s moves over budget + 20 % with and without the collector's freeze after a move
(nibble/ai/collector.py), alternated: three-player Number One games at 300 ms a move on
the CPU clock, ``--rounds`` rounds of two games each way. Prints JSON.

    python scripts/bench_collector.py --rounds 3
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nibble.ai import clock, levels  # noqa: E402
from nibble.ai.mcts import Budget  # noqa: E402
from nibble.games import get_game  # noqa: E402


def games(seeds: tuple[int, ...], budget_ms: int) -> dict:
    """Moves, moves over budget + 20 % and the longest move of ``hard`` on every seat."""
    game = get_game("number-one")
    over, longest, moves = 0, 0.0, 0
    for seed in seeds:
        state = game.new_state(game.normalize_options({"players": 3, "seed": seed}))
        players = [levels.make_player("hard", seed + i) for i in range(3)]
        while state.result is None:
            start = time.process_time()
            move = players[state.to_move].choose(state.copy(), Budget(budget_ms, None)).move
            ms = (time.process_time() - start) * 1000
            moves, longest = moves + 1, max(longest, ms)
            over += ms > 1.2 * budget_ms
            state.push(move)
    return {"moves": moves, "over": over, "longest_ms": round(longest, 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--budget-ms", type=int, default=300)
    p.add_argument("--seed", type=int, default=31000)
    args = p.parse_args(argv)
    clock.use("cpu")
    freeze = levels.after_move
    out: dict[str, list[dict]] = {"freeze": [], "none": []}
    for r in range(args.rounds):
        seeds = (args.seed + 2 * r, args.seed + 2 * r + 1)
        for mode in ("none", "freeze") if r % 2 == 0 else ("freeze", "none"):
            levels.after_move = freeze if mode == "freeze" else (lambda: None)
            gc.unfreeze()
            gc.collect()
            out[mode].append(games(seeds, args.budget_ms))
    levels.after_move = freeze
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
