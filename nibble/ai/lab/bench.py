"""Search speed per variant of the default game:
``python -m nibble.ai.lab.bench [--json] [--seconds S]``.

How much the levels search in a given time: ``hard`` (alpha-beta nodes or MCTS
iterations a second, whichever the game's knowledge has it run), ``medium`` (MCTS
iterations a second), and random playouts a second (the engine's raw speed), each from
the start position of every variant (the choices of the game's ``variant`` option,
seed 1). Also callable as ``run(seconds=…)``, so the same measurement runs inside
Pyodide under Node (``node scripts/pyodide_run.mjs -m nibble.ai.lab.bench --json``) and
the two can be compared.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from typing import Any, Protocol, cast

from ...bench import Playable
from ...core.protocol import State
from ...games import DEFAULT_GAME, get_game
from ..levels import make_player
from ..mcts import Budget

GAME = get_game(DEFAULT_GAME)
VARIANTS = tuple(value for o in GAME.options if o.name == "variant" for value, _ in o.choices)


class _Fast(Playable, Protocol):
    """A state on the engine's fast path (nibble.bench), listing its moves."""

    def legal_moves(self) -> list[int]: ...


def _start(variant: str, seed: int = 1) -> State[Any]:
    return GAME.new_state(GAME.normalize_options({"variant": variant, "seed": seed}))


def _playouts(variant: str, seconds: float) -> float:
    """Random playouts to the end per second (the engine's raw speed)."""
    root = cast(_Fast, _start(variant))
    rng = random.Random(0)
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = root.copy(history=False)
        while s.result is None:
            moves = s.legal_moves()
            s.advance(moves[rng.randrange(len(moves))])
        n += 1
    return n / (time.perf_counter() - t0)


def _search(level: str, variant: str, seconds: float) -> float:
    """Search steps a second of a fresh ``level`` player on the start position: alpha-beta
    nodes or MCTS iterations, whichever the level runs (``Decision.iterations``)."""
    state = _start(variant)
    t0 = time.perf_counter()
    d = make_player(level, 0).choose(state, Budget(seconds * 1000))
    return d.iterations / (time.perf_counter() - t0)


def run(seconds: float = 2.0) -> dict[str, Any]:
    """Search speed of ``hard`` and ``medium`` and random playouts, per variant."""
    out: dict[str, Any] = {"python": platform.python_version(),
                 "implementation": platform.python_implementation(),
                 "platform": sys.platform, "seconds": seconds, "variants": {}}
    for v in VARIANTS:  # warm up: tables, imports, caches
        _search("hard", v, 0.1)
        _search("medium", v, 0.1)
    for v in VARIANTS:
        out["variants"][v] = {
            "hard_nodes_per_s": round(_search("hard", v, seconds)),
            "medium_iter_per_s": round(_search("medium", v, seconds)),
            "random_playouts_per_s": round(_playouts(v, seconds / 2), 1),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m nibble.ai.lab.bench", description=__doc__)
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    res = run(args.seconds)
    if args.json:
        print(json.dumps(res))
    else:
        for v, r in res["variants"].items():
            print(f"{v:9s} hard {r['hard_nodes_per_s']:>6} nodes/s   medium "
                  f"{r['medium_iter_per_s']:>6} it/s   random playouts "
                  f"{r['random_playouts_per_s']:>7}/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
