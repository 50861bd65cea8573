"""How far the exact endgame solver reaches, and whether it would change alpha-beta's move.

    python scripts/solver_reach.py --variant square9 --seeds 5000-5005 --at 20,18,16,14

Plays self-play games of ``hard``'s alpha-beta (a node budget a move, so the games are
reproducible) and, the first time a game has at most N discs left for each N of
``--at``, solves the position (node and time caps) and lets alpha-beta without the
solver choose at ``expert``'s budget (``--nodes``, 100,000: about 5 s on CPython). Where
the side to move has a win, it checks that alpha-beta's take keeps it. Prints one JSON
line per position: discs left, takes, the solver's value (1 win, -1 loss, null not
proven), its nodes and seconds, alpha-beta's depth, value and whether its take wins.
"""

from __future__ import annotations

import argparse
import json
import time

from nibble.ai.alphabeta import AlphaBetaPlayer
from nibble.ai.knowledge import knowledge_for
from nibble.ai.mcts import Budget
from nibble.ai.solver import Solver
from nibble.games import get_game


def _solve(k, state, nodes: int, seconds: float) -> tuple[tuple | None, int, float]:
    t0 = time.perf_counter()
    solver = Solver(k, nodes, time.perf_counter() + seconds)
    return solver.solve(state), solver.nodes, time.perf_counter() - t0


def probe(variant: str, seed: int, at: list[int], play_nodes: int, nodes: int,
          solver_nodes: int, seconds: float) -> list[dict]:
    game = get_game("nibble")
    opts = game.normalize_options({"variant": variant, "seed": seed})
    state = game.new_state(opts)
    k = knowledge_for(state)
    player = AlphaBetaPlayer(seed, solve=True)
    rows, done = [], set()
    while state.result is None:
        left = k.material(state)
        if any(n >= left and n not in done for n in at):
            done.update(n for n in at if n >= left)
            res, solver_nodes_used, secs = _solve(k, state, solver_nodes, seconds)
            ab = AlphaBetaPlayer(0, solve=False).choose(state.copy(), Budget(None, nodes))
            keeps = None
            if res is not None and res[0] == 1:
                after = state.copy()
                after.push(ab.move)
                if after.result is not None:
                    keeps = after.result.winner == state.to_move
                else:
                    reply = _solve(k, after, solver_nodes, seconds)[0]
                    keeps = None if reply is None else reply[0] == -1
            rows.append({"seed": seed, "discs": left, "takes": len(state.legal_moves()),
                         "solved": None if res is None else res[0], "nodes": solver_nodes_used,
                         "seconds": round(secs, 2), "ab_depth": ab.extra.get("depth"),
                         "ab_value": ab.value, "ab_keeps_win": keeps})
        state.push(player.choose(state, Budget(None, play_nodes)).move)
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="square9")
    p.add_argument("--seeds", default="5000-5005", help="board seeds, FIRST-LAST")
    p.add_argument("--at", default="20,18,16,14", help="discs left at which to probe")
    p.add_argument("--play-nodes", type=int, default=3000, help="self-play nodes a move")
    p.add_argument("--nodes", type=int, default=100_000, help="alpha-beta's nodes")
    p.add_argument("--solver-nodes", type=int, default=3_000_000)
    p.add_argument("--seconds", type=float, default=20.0, help="the solver's time cap")
    a = p.parse_args()
    first, _, last = a.seeds.partition("-")
    at = [int(x) for x in a.at.split(",")]
    for seed in range(int(first), int(last or first) + 1):
        for row in probe(a.variant, seed, at, a.play_nodes, a.nodes, a.solver_nodes,
                         a.seconds):
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
