"""Pyodide against CPython: how much of its search speed the page keeps, in one run.

    python scripts/bench_pyodide_ratio.py [--rounds 2] [--seconds 2]

Runs ``python -m nibble.ai.bench`` on this CPython and inside Pyodide under Node
(``scripts/pyodide_run.mjs``, needs ``npm ci``), alternating, ``--rounds`` times each, so
that both meet the same load on a shared machine; prints one JSON object: per variant the
median of ``hard``'s alpha-beta nodes and ``medium``'s MCTS iterations a second in each
runtime and their ratio (the issue on strength asks ``hard`` in Pyodide to keep at least
0.6 of its CPython speed).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ("hard_nodes_per_s", "medium_iter_per_s")


def _bench(runtime: str, seconds: float) -> dict:
    args = ["-m", "nibble.ai.bench", "--seconds", str(seconds), "--json"]
    cmd = [sys.executable, *args] if runtime == "cpython" else [
        "node", str(ROOT / "scripts" / "pyodide_run.mjs"), *args]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=2, help="runs in each runtime, alternating")
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = p.parse_args(argv)
    runs: dict[str, list[dict]] = {"cpython": [], "pyodide": []}
    for _ in range(args.rounds):
        for runtime in runs:
            runs[runtime].append(_bench(runtime, args.seconds))
    out: dict = {"rounds": args.rounds, "seconds": args.seconds,
                 "python": {r: runs[r][0]["python"] for r in runs}, "variants": {}}
    for variant in runs["cpython"][0]["variants"]:
        row: dict = {}
        for field in FIELDS:
            med = {r: statistics.median(x["variants"][variant][field] for x in runs[r])
                   for r in runs}
            row[field] = {**{r: round(v) for r, v in med.items()},
                          "ratio": round(med["pyodide"] / med["cpython"], 3)}
        out["variants"][variant] = row
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
