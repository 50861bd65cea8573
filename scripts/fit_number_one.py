"""Fit the weights of the Number One evaluation to the winners of self-play games.

    python scripts/fit_number_one.py --games 300 --players 2,3,4 --iterations 150

Plays seeded games between ``hard`` players (a fixed number of search iterations a move,
and a random move now and then so that the positions vary; ``--player pool``: the pool's
paranoid alpha-beta, ``--iterations`` its nodes a move), records the features of
every seat (:meth:`NumberOneKnowledge.features`) in every position with the game's
winner, and fits the model the evaluation uses: the winner is drawn among the seats still
in with chances ``softmax(w(T) . f)``, where ``w(T)`` is linear in the tokens left ``T``
between the knots (:data:`KNOTS`). Maximum likelihood with a small L2 penalty, by Adam;
one game in five is held out and its log loss printed next to that of a uniform guess.
Prints the ``WEIGHTS`` table to paste into nibble/games/number_one/knowledge.py. Pure
Python (about ten minutes for a thousand games on one core).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nibble.ai.levels import HARD  # noqa: E402
from nibble.ai.mcts import Budget  # noqa: E402
from nibble.ai.players import MCTSPlayer  # noqa: E402
from nibble.games import get_game  # noqa: E402
from nibble.games.number_one.knowledge import KNOTS, WEIGHTS, NumberOneKnowledge  # noqa: E402
from nibble.games.number_one.pool import OneParanoid  # noqa: E402

NAMES = tuple(WEIGHTS)
Sample = tuple[int, int, list[list[float]], int]  # (game, tokens left, features, winner row)


def play(players: int, seed: int, iterations: int, explore: float,
         knowledge: NumberOneKnowledge, player: str = "hard"
         ) -> list[tuple[int, dict[int, tuple], int]]:
    """One self-play game: (tokens left, features per seat, winner) per position."""
    game = get_game("number-one")
    rng = random.Random(seed)
    state = game.new_state(game.normalize_options({"players": players}))
    cast: list[Any]
    if player == "pool":
        cast = [OneParanoid(rng.randrange(1 << 30)) for _ in range(players)]
    else:
        cast = [MCTSPlayer(rng.randrange(1 << 30), knowledge=knowledge, config=HARD)
                for _ in range(players)]
    seen = []
    while state.result is None:
        seen.append((state.tokens.bit_count(), knowledge.features(state)))
        if rng.random() < explore:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        else:
            move = cast[state.to_move].choose(state, Budget(None, iterations)).move
        state.push(move)
    return [(t, f, state.result.winner) for t, f in seen]


def samples(records: list[tuple[int, int, dict[int, tuple], int]]) -> list[Sample]:
    """Positions with two or more seats whose small peg can still move, the winner among
    them (a seat that must leave at its next move is out already)."""
    out = []
    for g, t, feats, winner in records:
        live = {s: f[:-1] for s, f in feats.items() if not f[-1]}
        if len(live) < 2 or winner not in live:
            continue
        seats = sorted(live)
        out.append((g, t, [list(live[s]) for s in seats], seats.index(winner)))
    return out


def hat(t: int) -> tuple[int, float]:
    """(knot k, weight of knot k) with weight ``1 - a`` on k and ``a`` on k + 1."""
    t = min(max(t, KNOTS[0]), KNOTS[-1])
    k = next(i for i in range(len(KNOTS) - 1) if t <= KNOTS[i + 1])
    return k, 1 - (t - KNOTS[k]) / (KNOTS[k + 1] - KNOTS[k])


def log_loss(w: list[list[float]], data: list[Sample], scale: list[float]) -> float:
    total = 0.0
    for _, t, rows, win in data:
        k, a = hat(t)
        z = [sum((a * w[j][k] + (1 - a) * w[j][k + 1]) * f[j] / scale[j]
                 for j in range(len(f))) for f in rows]
        top = max(z)
        total -= z[win] - top - math.log(sum(math.exp(x - top) for x in z))
    return total / max(1, len(data))


def fit(data: list[Sample], epochs: int, l2: float, rate: float = 0.1
        ) -> tuple[list[list[float]], list[float]]:
    """Weights per feature and knot (in units of the feature's standard deviation), and
    those standard deviations."""
    d = len(data[0][2][0])
    values = [f for _, _, rows, _ in data for f in rows]
    scale = []
    for j in range(d):
        mean = sum(f[j] for f in values) / len(values)
        scale.append(math.sqrt(sum((f[j] - mean) ** 2 for f in values) / len(values)) or 1.0)
    nk = len(KNOTS)
    w = [[0.0] * nk for _ in range(d)]
    m = [[0.0] * nk for _ in range(d)]
    v = [[0.0] * nk for _ in range(d)]
    n = len(data)
    for epoch in range(1, epochs + 1):
        grad = [[2 * l2 * w[j][k] for k in range(nk)] for j in range(d)]
        for _, t, rows, win in data:
            k, a = hat(t)
            wk = [a * w[j][k] + (1 - a) * w[j][k + 1] for j in range(d)]
            zs = [[f[j] / scale[j] for j in range(d)] for f in rows]
            z = [sum(x * y for x, y in zip(wk, f, strict=True)) for f in zs]
            top = max(z)
            e = [math.exp(x - top) for x in z]
            total = sum(e)
            for i, f in enumerate(zs):
                g = (e[i] / total - (i == win)) / n
                if g:
                    for j in range(d):
                        gj = g * f[j]
                        grad[j][k] += a * gj
                        grad[j][k + 1] += (1 - a) * gj
        for j in range(d):
            for k in range(nk):
                g = grad[j][k]
                m[j][k] = 0.9 * m[j][k] + 0.1 * g
                v[j][k] = 0.999 * v[j][k] + 0.001 * g * g
                mh = m[j][k] / (1 - 0.9 ** epoch)
                vh = v[j][k] / (1 - 0.999 ** epoch)
                w[j][k] -= rate * mh / (math.sqrt(vh) + 1e-8)
    return w, scale


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=300, help="games per player count")
    p.add_argument("--players", default="2,3,4")
    p.add_argument("--iterations", type=int, default=150, help="search iterations a move")
    p.add_argument("--explore", type=float, default=0.06, help="share of random moves")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--player", choices=("hard", "pool"), default="hard",
                   help="who plays the games (pool: pool-number-one)")
    p.add_argument("--epochs", type=int, default=150, help="Adam steps over all samples")
    p.add_argument("--l2", type=float, default=1e-4)
    p.add_argument("--save", help="also write the samples here (JSON lines)")
    p.add_argument("--load", help="fit samples written by --save instead of playing")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    records: list[tuple[int, int, dict[int, tuple], int]] = []
    if args.load:
        for line in Path(args.load).read_text().splitlines():
            g, t, feats, winner = json.loads(line)
            records.append((g, t, {int(s): tuple(f) for s, f in feats.items()}, winner))
    else:
        knowledge = NumberOneKnowledge()
        gid = 0
        for players in (int(x) for x in args.players.split(",")):
            for i in range(args.games):
                gid += 1
                for t, feats, winner in play(players, args.seed * 100_003 + gid,
                                             args.iterations, args.explore, knowledge,
                                             args.player):
                    records.append((gid, t, feats, winner))
                print(f"\r{players} players: {i + 1}/{args.games} games", end="",
                      file=sys.stderr, flush=True)
            print(file=sys.stderr)
        if args.save:
            with open(args.save, "w") as out:
                for r in records:
                    out.write(json.dumps(r) + "\n")
    data = samples(records)
    train = [x for x in data if x[0] % 5]
    test = [x for x in data if x[0] % 5 == 0]
    w, scale = fit(train, args.epochs, args.l2)
    uniform = sum(math.log(len(rows)) for _, _, rows, _ in test) / max(1, len(test))
    print(f"# {len(train)} positions fitted, {len(test)} held out; log loss held out "
          f"{log_loss(w, test, scale):.4f} (uniform guess {uniform:.4f}); "
          f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)
    print("WEIGHTS = {")
    for j, name in enumerate(NAMES):
        row = ", ".join(f"{x / scale[j]:.3f}" for x in w[j])
        print(f'    "{name}": ({row}),')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
