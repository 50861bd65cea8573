#!/usr/bin/env python3
"""Do the computer players keep their budget on positions that flood them with moves?

    python scripts/bench_budget.py [--json] [--levels easy hard] [--hints 100]
    node scripts/pyodide_run.mjs scripts/bench_budget.py --json      # the same in Pyodide

For every crafted position of ``tests/crafted.py`` and every level (at its default
budget), times the bridge's ``ai`` op and the replay of the record alone, and checks
the target: answered within budget + 20 % + replay time, and never more than 2 s over.
``--hints N`` also asks N hints in a row on one position (the tree is kept and reused)
and reports the memory the search used (in Pyodide: the WebAssembly heap).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from crafted import CRAFTED  # noqa: E402

from nibble.ai.levels import LEVELS, default_budget_ms  # noqa: E402
from nibble.api import handle  # noqa: E402
from nibble.core.record import replay  # noqa: E402


def heap_bytes() -> int | None:
    """The WebAssembly heap in Pyodide, the peak resident size on CPython (Linux)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        return int(js.nibbleHeapBytes())
    try:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    except ImportError:
        return None


def time_replay(record: dict, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        replay(record)
        best = min(best, (time.perf_counter() - t0) * 1000)
    return best


def measure(name: str, record: dict, level: str) -> dict:
    budget = default_budget_ms(level)
    replay_ms = time_replay(record)
    t0 = time.perf_counter()
    answer = handle({"op": "ai", "record": record, "level": level, "seed": 1,
                     "budget_ms": budget, "reuse": False})
    ms = (time.perf_counter() - t0) * 1000
    if "error" in answer:
        raise SystemExit(f"{name} {level}: {answer['error']}")
    limit = budget * 1.2 + replay_ms
    return {"position": name, "level": level, "budget_ms": budget,
            "moves": len(replay(record).legal_moves()), "ms": round(ms, 1),
            "replay_ms": round(replay_ms, 1), "limit_ms": round(limit, 1),
            "within_target": ms <= limit, "over_ms": round(max(0.0, ms - budget), 1),
            "iterations": answer["stats"]["iterations"]}


def hints(count: int, level: str) -> dict:
    """``count`` hints in a row on a square13 start position, the tree kept and reused."""
    record = handle({"op": "new", "game": "nibble",
                     "options": {"variant": "square13", "seed": 1}})["record"]
    before = heap_bytes()
    t0 = time.perf_counter()
    for i in range(count):
        answer = handle({"op": "ai", "record": record, "level": level, "seed": i,
                         "budget_ms": default_budget_ms(level)})
        assert "move" in answer, answer
    return {"hints": count, "level": level, "seconds": round(time.perf_counter() - t0, 1),
            "heap_before_mb": None if before is None else round(before / 2**20, 1),
            "heap_after_mb": None if heap_bytes() is None else round(heap_bytes() / 2**20, 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--levels", nargs="*", default=list(LEVELS))
    p.add_argument("--positions", nargs="*", default=list(CRAFTED))
    p.add_argument("--hints", type=int, default=0, help="hints in a row on one position")
    p.add_argument("--hint-level", default="medium")
    args = p.parse_args(argv)
    handle({"op": "ai", "record": handle({"op": "new"})["record"], "level": "easy",
            "budget_ms": 5})  # warm up: imports and tables, as a page does at its first move
    rows = [measure(name, CRAFTED[name](), level)
            for name in args.positions for level in args.levels]
    out = {"python": f"{platform.python_implementation()} {platform.python_version()} "
                     f"({sys.platform})",
           "rows": rows,
           "all_within_target": all(r["within_target"] for r in rows),
           "worst_over_ms": max((r["over_ms"] for r in rows), default=0.0)}
    if args.hints:
        out["hints"] = hints(args.hints, args.hint_level)
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for r in rows:
            flag = "ok " if r["within_target"] else "OVER"
            print(f"{flag} {r['position']:>12} {r['level']:>7} {r['moves']:>6} moves: "
                  f"{r['ms']:7.1f} ms for {r['budget_ms']} (limit {r['limit_ms']})")
        if "hints" in out:
            print(out["hints"])
    return 0 if out["all_within_target"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
