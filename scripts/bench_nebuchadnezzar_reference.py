#!/usr/bin/env python3
"""The Nebuchadnezzar engine against its naive reference, in one run, on the same positions.

    python scripts/bench_nebuchadnezzar_reference.py [--positions 100] [--sizes 15 8] [--seed 1]

Positions are sampled from uniform random games on the empty board, as by
``python -m nibble bench`` but sparser, so that they come from several games and every
stage of a game. For each size it times listing every legal move of every
position with the engine (``state.generate()``, no cache) and with the reference written
straight from the rules (``tests/reference_nebuchadnezzar.py``), checks that both list
the same moves in the same order, and prints JSON: mean microseconds per position for
each (the fastest of ``--repeat`` alternating runs), and the ratio.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nibble.games.nebuchadnezzar.bench import positions  # noqa: E402
from tests.reference_nebuchadnezzar import RefGame  # noqa: E402


def reference_game(state) -> RefGame:
    board, turn = state.position().split()
    ref = RefGame(board.partition(":")[2].split("/"), turn)
    if state.after_swap:
        ref.last = "swap"
    return ref


def compare(size: int, count: int, seed: int, repeat: int) -> dict:
    states = positions(size, count, seed)
    refs = [reference_game(s) for s in states]
    for s, ref in zip(states, refs, strict=True):
        mine = [s.move_to_str(m) for m in s.generate()]
        assert mine == ref.list_moves(), f"engine and reference disagree on {s.position()}"
    engine = reference = float("inf")
    for _ in range(repeat):  # alternating, so that both see the same load; the best counts
        t0 = time.perf_counter()
        for s in states:
            s.generate()
        t1 = time.perf_counter()
        for r in refs:
            r.list_moves()
        t2 = time.perf_counter()
        engine, reference = min(engine, t1 - t0), min(reference, t2 - t1)
    return {
        "positions": len(states),
        "engine_us": round(engine / len(states) * 1e6, 1),
        "reference_us": round(reference / len(states) * 1e6, 1),
        "ratio": round(reference / engine, 1),
        "moves_per_position": round(sum(len(s.generate()) for s in states) / len(states), 1),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=100, help="positions per size")
    p.add_argument("--sizes", type=int, nargs="*", default=[15, 8])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3, help="timed runs of each (the fastest counts)")
    args = p.parse_args(argv)
    out: dict = {f"nebuchadnezzar-{n}": compare(n, args.positions, args.seed, args.repeat)
                 for n in args.sizes}
    out["python"] = f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})"
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
