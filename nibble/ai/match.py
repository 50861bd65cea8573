"""``python -m nibble match``: seeded games between two players, seats alternating.

Game ``i`` is played on the board of seed ``seed + i // 2``, player A in seat ``i % 2``,
so every board is played once from each side. Prints the score of A with a 95 %
Wilson confidence interval.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from ..games import get_game
from .levels import PLAYERS, make_player
from .mcts import Budget


def wilson(score: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval for a proportion ``score / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(args: tuple) -> dict[str, Any]:
    """One game; ``args`` = (index, game id, options, a, b, budget ms, iterations, seed)."""
    i, game_id, options, a, b, budget_ms, iterations, seed = args
    game = get_game(game_id)
    opts = game.normalize_options({**options, "seed": seed + i // 2})
    state = game.new_state(opts)
    a_seat = i % 2
    names = [a, b] if a_seat == 0 else [b, a]
    players = [make_player(n, seed * 1_000_003 + i * 2 + s) for s, n in enumerate(names)]
    think = [0.0, 0.0]
    moves = [0, 0]
    while state.result is None:
        seat = state.to_move
        t0 = time.perf_counter()
        d = players[seat].choose(state, Budget(budget_ms, iterations))
        think[seat] += time.perf_counter() - t0
        moves[seat] += 1
        state.check_move(d.move)
        state.push(d.move)
    r = state.result
    winner = None if r.winner is None else ("a" if r.winner == a_seat else "b")
    return {"index": i, "board_seed": seed + i // 2, "a_seat": a_seat, "winner": winner,
            "reason": r.reason, "plies": len(state.moves),
            "a_ms": 1000 * think[a_seat] / max(1, moves[a_seat]),
            "b_ms": 1000 * think[a_seat ^ 1] / max(1, moves[a_seat ^ 1])}


def run_match(game_id: str, options: dict, a: str, b: str, games: int,
              budget_ms: float | None, iterations: int | None, seed: int, jobs: int = 1,
              progress: bool = False) -> dict[str, Any]:
    tasks = [(i, game_id, options, a, b, budget_ms, iterations, seed) for i in range(games)]
    t0 = time.perf_counter()
    results: list[dict] = []
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(jobs) as pool:
            for r in pool.imap_unordered(play_game, tasks):
                results.append(r)
                if progress:
                    _progress(results, games)
    else:
        for t in tasks:
            results.append(play_game(t))
            if progress:
                _progress(results, games)
    results.sort(key=lambda r: r["index"])
    aw = sum(r["winner"] == "a" for r in results)
    bw = sum(r["winner"] == "b" for r in results)
    draws = games - aw - bw
    score = aw + draws / 2
    lo, hi = wilson(score, games)
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    return {
        "game": game_id, "options": options, "a": a, "b": b, "games": games,
        "budget_ms": budget_ms, "iterations": iterations, "seed": seed,
        "a_wins": aw, "b_wins": bw, "draws": draws,
        "a_score": round(score / games, 4) if games else None,
        "ci95": [round(lo, 4), round(hi, 4)],
        "a_wins_as_first": sum(r["winner"] == "a" and r["a_seat"] == 0 for r in results),
        "a_wins_as_second": sum(r["winner"] == "a" and r["a_seat"] == 1 for r in results),
        "reasons": reasons,
        "avg_plies": round(sum(r["plies"] for r in results) / max(1, games), 1),
        "a_ms_per_move": round(sum(r["a_ms"] for r in results) / max(1, games), 1),
        "b_ms_per_move": round(sum(r["b_ms"] for r in results) / max(1, games), 1),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def _progress(results: list[dict], total: int) -> None:
    aw = sum(r["winner"] == "a" for r in results)
    print(f"\r{len(results)}/{total} games, A won {aw}", end="", file=sys.stderr, flush=True)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m nibble match",
                                description="Play seeded games between two computer players.")
    names = ", ".join(PLAYERS)
    p.add_argument("--game", default="nibble")
    p.add_argument("--variant", default=None, help="game variant (default: the game's)")
    p.add_argument("--a", default="hard", help=f"player A ({names})")
    p.add_argument("--b", default="greedy", help=f"player B ({names})")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--budget-ms", type=float, default=300.0, help="thinking time per move")
    p.add_argument("--iterations", type=int, default=None,
                   help="fixed search iterations per move (reproducible; overrides time)")
    p.add_argument("--seed", type=int, default=1, help="first board seed")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    p.add_argument("--no-decided-early", action="store_true",
                   help="play on until an instant win or an empty board")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--progress", action="store_true", help="show progress on stderr")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    for name in (args.a, args.b):
        if name not in PLAYERS:
            print(f"error: unknown player {name!r} (known: {', '.join(PLAYERS)})",
                  file=sys.stderr)
            return 2
    if args.games < 1 or args.jobs < 1:
        print("error: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    if args.variant:
        options["variant"] = args.variant
    if args.no_decided_early:
        options["decided_early"] = False
    try:
        get_game(args.game).normalize_options(options)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    budget = None if args.iterations else args.budget_ms
    summary = run_match(args.game, options, args.a, args.b, args.games, budget,
                        args.iterations, args.seed, args.jobs, args.progress)
    if args.progress:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(summary))
    else:
        lo, hi = summary["ci95"]
        print(f"{args.a} vs {args.b}: {summary['a_wins']}-{summary['b_wins']}"
              f" ({summary['draws']} draws) in {args.games} games, score "
              f"{100 * summary['a_score']:.1f} % (95 % CI {100 * lo:.1f}–{100 * hi:.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
