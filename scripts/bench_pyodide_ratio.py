"""Pyodide against CPython: how much of its search speed the page keeps, in one run.

    python scripts/bench_pyodide_ratio.py [--rounds 2] [--seconds 2]

Runs ``python -m nibble.ai.lab.bench`` on this CPython and inside Pyodide under Node
(``scripts/pyodide_run.mjs``, needs ``npm ci``), alternating, ``--rounds`` times each, so
that both meet the same load on a shared machine; prints one JSON object: per variant the
median of ``hard``'s alpha-beta nodes and ``medium``'s MCTS iterations a second in each
runtime and their ratio (the issue on strength asks ``hard`` in Pyodide to keep at least
0.6 of its CPython speed). ``e2e/bench_ai_browser.py`` does the same with Pyodide in the
page's browser (Chromium) instead of Node.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ("hard_nodes_per_s", "medium_iter_per_s")


def bench_cpython(seconds: float) -> dict:
    """``nibble.ai.lab.bench``'s figures on this CPython, in a fresh process."""
    return _run([sys.executable, "-m", "nibble.ai.lab.bench", "--seconds", str(seconds), "--json"])


def bench_node(seconds: float) -> dict:
    """The same inside Pyodide under Node."""
    return _run(["node", str(ROOT / "scripts" / "pyodide_run.mjs"), "-m", "nibble.ai.lab.bench",
                 "--seconds", str(seconds), "--json"])


def _run(cmd: list[str]) -> dict:
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def compare(runtimes: dict[str, Callable[[float], dict]], rounds: int, seconds: float) -> dict:
    """Each runtime's figures ``rounds`` times, alternating (so that all meet the same load),
    their medians, and each runtime's ratio to the first one."""
    runs: dict[str, list[dict]] = {name: [] for name in runtimes}
    for _ in range(rounds):
        for name, bench in runtimes.items():
            runs[name].append(bench(seconds))
    base = next(iter(runtimes))
    out: dict = {"rounds": rounds, "seconds": seconds,
                 "python": {r: runs[r][0]["python"] for r in runs}, "variants": {}}
    for variant in runs[base][0]["variants"]:
        row: dict = {}
        for field in FIELDS:
            med = {r: statistics.median(x["variants"][variant][field] for x in runs[r])
                   for r in runs}
            row[field] = {**{r: round(v) for r, v in med.items()},
                          **{("ratio" if len(runs) == 2 else f"ratio_{r}"):
                             round(med[r] / med[base], 3) for r in runs if r != base}}
        out["variants"][variant] = row
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=2, help="runs in each runtime, alternating")
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = p.parse_args(argv)
    runtimes = {"cpython": bench_cpython, "pyodide": bench_node}
    print(json.dumps(compare(runtimes, args.rounds, args.seconds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
