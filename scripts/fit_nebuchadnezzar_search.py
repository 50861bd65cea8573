"""Fit the weights of ``hard``'s Nebuchadnezzar evaluation to the results of games.

    python scripts/fit_nebuchadnezzar_search.py --games 202 --first-seed 1000 --nodes 1500 --jobs 2

Plays seeded games on 8 x 8 between two copies of the independent sparring partner
(``pool-nebuchadnezzar``; ``--player hard``: of this search with the weights in use), a
fixed number of nodes a move, in the first six plies a random move seven times in ten so
that the games differ; records every position from the fifth ply on with the side to move
and the winner, and fits a logistic model of "the side to move wins" on the features of
:func:`nibble.games.nebuchadnezzar.search.features` (Newton's method, a small L2 penalty;
``--quiet``: only positions where the side to move has no capture). Games whose seed is a
multiple of five are held out: their log loss is printed beside the training loss, and
beside the weights in use scored on the same games. Prints the ``WEIGHTS`` to paste into
nibble/games/nebuchadnezzar/search.py (thousandths of a logistic unit). ``--save`` keeps
the games, ``--load`` fits saved ones again. About ten minutes for 200 games on two cores
at 1,500 nodes; the 2026-11-30 weights came from this command.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nibble.ai.mcts import Budget  # noqa: E402
from nibble.games import get_game  # noqa: E402
from nibble.games.nebuchadnezzar.captures import captures  # noqa: E402
from nibble.games.nebuchadnezzar.notation import BLACK  # noqa: E402
from nibble.games.nebuchadnezzar.pool import NebAlphaBeta  # noqa: E402
from nibble.games.nebuchadnezzar.search import (  # noqa: E402
    FEATURES,
    WEIGHTS,
    NebSearch,
    features,
)

#: (mover's discs, the other colour's, seat to move, ply) of every position of a game
Position = tuple[int, int, int, int]


def play(args: tuple[int, int, str]) -> tuple[int, int | None, list[Position]]:
    """One game of seed ``seed`` at ``nodes`` a move between two copies of ``player``
    (``pool``: the sparring partner; ``hard``: this search with the weights in use):
    (seed, winner, positions)."""
    seed, nodes, player = args
    game = get_game("nebuchadnezzar")
    rng = random.Random(seed)
    state = game.new_state(game.normalize_options({"seed": seed}))
    make = NebAlphaBeta if player == "pool" else NebSearch
    players = [make(seed * 2), make(seed * 2 + 1)]
    seen: list[Position] = []
    while state.result is None:
        me, them = ((state.black, state.white) if state.color == BLACK
                    else (state.white, state.black))
        seen.append((me, them, state.to_move, len(state.moves)))
        if len(state.moves) < 6 and rng.random() < 0.7:
            move = rng.choice(state.legal_moves())
        else:
            move = players[state.to_move].choose(state, Budget(None, nodes)).move
        state.push(move)
    return seed, state.result.winner, seen


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-4) -> np.ndarray:
    """Logistic regression with a bias (the last weight), by Newton's method."""
    a = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(a.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-(a @ w)))
        grad = a.T @ (p - y) / len(y) + l2 * np.r_[w[:-1], 0]
        hess = (a * (p * (1 - p))[:, None]).T @ a / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = 1 / (1 + np.exp(-(np.hstack([x, np.ones((len(x), 1))]) @ w)))
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=202)
    p.add_argument("--first-seed", type=int, default=1000)
    p.add_argument("--nodes", type=int, default=1500, help="nodes a move")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--player", choices=("pool", "hard"), default="pool",
                   help="who plays both sides: the sparring partner, or this search")
    p.add_argument("--save", type=Path, help="also write the games here (JSON lines)")
    p.add_argument("--load", type=Path, nargs="*",
                   help="fit games --save wrote instead of playing new ones")
    p.add_argument("--quiet", action="store_true",
                   help="fit only positions where the side to move has no capture (those "
                        "the search stands on without taking first)")
    args = p.parse_args()
    if args.load:
        games = [(g["seed"], g["winner"], [tuple(x) for x in g["pos"]])
                 for path in args.load for g in map(json.loads, path.read_text().splitlines())]
    else:
        seeds = range(args.first_seed, args.first_seed + args.games)
        tasks = [(s, args.nodes, args.player) for s in seeds]
        with Pool(args.jobs) as pool:
            games = pool.map(play, tasks, chunksize=1)
    if args.save and not args.load:
        args.save.write_text("".join(json.dumps({"seed": s, "winner": w, "pos": pos}) + "\n"
                                     for s, w, pos in games))
    lay = get_game("nebuchadnezzar").new_state(
        get_game("nebuchadnezzar").normalize_options({})).lay
    rows, wins, held = [], [], []
    for seed, winner, seen in games:
        for me, them, seat, ply in seen:
            if ply < 4:
                continue
            mine = captures(lay, me, them)
            if args.quiet and mine:
                continue
            rows.append(features(lay, me, them, mine, captures(lay, them, me)))
            wins.append(1.0 if winner == seat else 0.5 if winner is None else 0.0)
            held.append(seed % 5 == 0)
    x, y, out = np.array(rows, float), np.array(wins), np.array(held)
    w = fit(x[~out], y[~out])
    print(f"{len(x)} positions of {len(games)} games; log loss: training "
          f"{log_loss(x[~out], y[~out], w):.4f}, held out {log_loss(x[out], y[out], w):.4f}")
    print(f"FEATURES = {FEATURES}")
    print(f"WEIGHTS = {tuple(int(round(1000 * v)) for v in w[:-1])}  # bias {w[-1]:+.3f}")
    now = np.r_[np.array(WEIGHTS, float) / 1000, 0.0]  # the weights in use, no bias
    print(f"the weights in use (no bias) on these games: training "
          f"{log_loss(x[~out], y[~out], now):.4f}, held out {log_loss(x[out], y[out], now):.4f}")


if __name__ == "__main__":
    main()
