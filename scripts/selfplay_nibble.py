"""Self-play games of Nibble for fitting the evaluation (scripts/fit_nibble.py reads them).

    python scripts/selfplay_nibble.py --variant square9 --games 2000 --jobs 2 \
        --out build/fit/square9.jsonl

Each game is played between two alpha-beta players (``--evals hand``: the hand-written
evaluation; ``fitted``: the fitted one, so that a second round learns from better games;
``mixed``: one of each, seats alternating by board, so that the fit also sees what
happens to a player that misjudges a threat the other one pursues; tried on square9,
its fit made ``hard`` weaker: docs/ai.md; ``pool``: the pool's independent player
(``pool-nibble``, iterations from ``--pool-iters``) against the fitted alpha-beta, seats
alternating by board, so that the fit learns from an opponent that plays for "all of a
colour" as the pool does; ``pool-pool``: the pool's player on both seats) with a
small node budget drawn per game (so the positions are those of sensible play, not of
random moves), a few random
moves at the start and a random move now and then (so that games differ and the fit
sees positions off the players' own main lines). One JSON line a game: the variant, the
board seed, the start position, the moves as notation, the winner and the reason.
Appends to ``--out``, so a run can be continued; ``--seed`` picks the first board.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nibble.ai.alphabeta import AlphaBetaPlayer  # noqa: E402
from nibble.ai.mcts import Budget  # noqa: E402
from nibble.games import get_game  # noqa: E402
from nibble.games.nibble.pool import NibbleMCTS  # noqa: E402

NODES = (150, 300, 600, 1200)  # node budgets a game's players are drawn from
POOL_ITERS = (100, 200, 400)  # the pool player's iterations a move, drawn per game


#: each seat's player: the hand-written or fitted alpha-beta, or the pool's
SEATS = {"hand": ("hand", "hand"), "fitted": ("fitted", "fitted"),
         "pool-pool": ("pool", "pool")}
ALTERNATING = {"mixed": ("hand", "fitted"), "pool": ("pool", "fitted")}


def _player(kind: str, seed: int) -> AlphaBetaPlayer | NibbleMCTS:
    if kind == "pool":
        return NibbleMCTS(seed)
    return AlphaBetaPlayer(seed, hand_written=kind == "hand")


def play(task: tuple[str, int, float, int, tuple[int, ...], str, tuple[int, ...]]) -> dict:
    variant, seed, explore, opening, budgets, evals, pool_iters = task
    rng = random.Random(seed * 7919 + 17)
    game = get_game("nibble")
    state = game.new_state(game.normalize_options({"variant": variant, "seed": seed}))
    kinds = SEATS.get(evals)
    if kinds is None:  # one of each, the seats swapped on every other board
        a, b = ALTERNATING[evals]
        kinds = (a, b) if seed % 2 else (b, a)
    nodes = [rng.choice(pool_iters if k == "pool" else budgets) for k in kinds]
    players = [_player(k, rng.randrange(1 << 30)) for k in kinds]
    first = rng.randrange(opening + 1)
    while state.result is None:
        if len(state.moves) < first or rng.random() < explore:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        else:
            seat = state.to_move
            move = players[seat].choose(state, Budget(None, nodes[seat])).move
        state.push(move)
    r = state.result
    return {"variant": variant, "seed": seed, "setup": state.setup(),
            "moves": [state.move_to_str(m) for m in state.moves], "nodes": nodes,
            "evals": list(kinds),
            "winner": r.winner, "reason": r.reason}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="square9")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1, help="first board seed")
    p.add_argument("--explore", type=float, default=0.04, help="share of random moves")
    p.add_argument("--opening", type=int, default=4, help="random moves at the start, at most")
    p.add_argument("--nodes", default=",".join(map(str, NODES)),
                   help="node budgets the players of a game are drawn from")
    p.add_argument("--evals", choices=("hand", "fitted", "mixed", "pool", "pool-pool"),
                   default="hand",
                   help="the players: both hand-written, both fitted, one of each, the pool's "
                        "player against the fitted one, or the pool's on both seats")
    p.add_argument("--pool-iters", default=",".join(map(str, POOL_ITERS)),
                   help="the pool player's iterations a move, drawn per game")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", required=True)
    args = p.parse_args(argv)
    budgets = tuple(int(x) for x in args.nodes.split(","))
    pool_iters = tuple(int(x) for x in args.pool_iters.split(","))
    tasks = [(args.variant, args.seed + i, args.explore, args.opening, budgets, args.evals,
              pool_iters) for i in range(args.games)]
    t0 = time.perf_counter()
    with open(args.out, "a") as out:
        if args.jobs > 1:
            with mp.get_context("fork").Pool(args.jobs) as pool:
                results = pool.imap_unordered(play, tasks)
                for i, rec in enumerate(results, 1):
                    out.write(json.dumps(rec) + "\n")
                    print(f"\r{i}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
        else:
            for i, rec in enumerate(map(play, tasks), 1):
                out.write(json.dumps(rec) + "\n")
                print(f"\r{i}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(f"\n{len(tasks)} games in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
