"""``python -m nibble match``: seeded games between computer players, seats rotated.

Two players: game ``i`` is played on the board of seed ``seed + i // 2``, player A in
seat ``i % 2``, so every board is played once from each side; prints the score of A with
a 95 % Wilson confidence interval.

More players (a game whose options give three or four): player A against ``N - 1``
seats of player B. Game ``i`` uses seed ``seed + i // N`` with A in seat ``i % N``, so
the position of every seed is played with A in every seat; prints A's win rate with its
95 % Wilson interval next to the ``1 / N`` a seat wins by chance, and A's wins per seat.

Options of the game pass through as flags named after them (``--players 3``,
``--variant <choice>``, ``--size 9``); the game decides which exist.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from typing import Any

from ...core.protocol import Game
from ...games import DEFAULT_GAME, GAMES, get_game
from ...option_flags import add_option_flags, game_of, options_from_args
from .. import clock
from ..levels import PLAYERS, make_player
from ..mcts import Budget

#: options the match sets itself (the board seed comes from ``--seed`` and the game index)
OWN_OPTIONS = ("seed",)


def wilson(score: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval for a proportion ``score / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def seats_of(game_id: str, options: dict[str, Any]) -> int:
    """How many seats a game with these options has (from its start position)."""
    game = get_game(game_id)
    return game.new_state(game.normalize_options({**options, "seed": 0})).num_players


#: :func:`play_game`'s arguments: (index, game id, options, a, b, budget ms, iterations,
#: seed, seats)
Task = tuple[int, str, dict[str, Any], str, str, float | None, int | None, int, int]


def play_game(args: Task) -> dict[str, Any]:
    """One game; ``args`` = (index, game id, options, a, b, budget ms, iterations, seed,
    seats). A sits in seat ``index % seats``, every other seat is B."""
    i, game_id, options, a, b, budget_ms, iterations, seed, n = args
    game = get_game(game_id)
    opts = game.normalize_options({**options, "seed": seed + i // n})
    state = game.new_state(opts)
    a_seat = i % n
    names = [a if s == a_seat else b for s in range(n)]
    cast = [split_name(name) for name in names]
    players = [make_player(name, seed * 1_000_003 + i * n + s)
               for s, (name, _) in enumerate(cast)]
    budgets = [budget_ms if ms is None or iterations else ms for _, ms in cast]
    think = [0.0] * n
    moves = [0] * n
    longest = [0.0] * n  # each seat's longest move
    over = [0] * n  # each seat's moves over its budget + 20 % (docs/ai.md)
    while state.result is None:
        seat = state.to_move
        t0 = clock.now()
        d = players[seat].choose(state, Budget(budgets[seat], iterations))
        took = clock.now() - t0
        think[seat] += took
        moves[seat] += 1
        longest[seat] = max(longest[seat], took)
        ms = budgets[seat]
        if ms is not None and not iterations and 1000 * took > 1.2 * ms:
            over[seat] += 1
        state.check_move(d.move)
        state.push(d.move)
    r = state.result
    winner = None if r.winner is None else ("a" if r.winner == a_seat else "b")
    b_think = sum(t for s, t in enumerate(think) if s != a_seat)
    b_moves = sum(m for s, m in enumerate(moves) if s != a_seat)
    out = {"index": i, "board_seed": seed + i // n, "a_seat": a_seat, "winner": winner,
           "reason": r.reason, "plies": len(state.moves),
           "a_ms": 1000 * think[a_seat] / max(1, moves[a_seat]),
           "b_ms": 1000 * b_think / max(1, b_moves),
           "a_max_ms": 1000 * longest[a_seat],
           "b_max_ms": 1000 * max((t for s, t in enumerate(longest) if s != a_seat), default=0.0),
           "a_over": over[a_seat], "b_over": sum(o for s, o in enumerate(over) if s != a_seat)}
    order = r.details.get("out")
    if n > 2 and isinstance(order, list):  # place of A: 1 for the winner, n for the first out
        out["a_place"] = 1 if r.winner == a_seat else (
            n - order.index(a_seat) if a_seat in order else None)
    return out


def split_name(name: str) -> tuple[str, float | None]:
    """``"hard@1500"`` → ("hard", 1500.0): a player with its own thinking time per move
    (so that levels can meet at their own budgets); a plain name has none."""
    player, _, ms = name.partition("@")
    return player, (float(ms) if ms else None)


def known_player(name: str) -> bool:
    """A player of ``PLAYERS``, with a positive thinking time if it names one."""
    try:
        player, ms = split_name(name)
    except ValueError:  # "greedy@x"
        return False
    return player in PLAYERS and (ms is None or ms > 0)


def pair_tasks(game_id: str, options: dict[str, Any], a: str, b: str, games: int,
               budget_ms: float | None, iterations: int | None, seed: int,
               n: int) -> list[Task]:
    """The arguments of :func:`play_game` for ``games`` games of A against B."""
    return [(i, game_id, options, a, b, budget_ms, iterations, seed, n) for i in range(games)]


def play_games(tasks: list[Task], jobs: int = 1,
               progress: Callable[[list[dict[str, Any]]], None] | None = None
               ) -> list[dict[str, Any]]:
    """Play every task (:func:`play_game`'s arguments), ``jobs`` at a time; the results
    come back in the order of the tasks, each with its players' names added."""
    def collect(results: Any) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for r in results:
            out.append(r)
            if progress:
                progress(out)
        return out

    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(jobs) as pool:
            results = collect(pool.imap_unordered(_play_numbered, enumerate(tasks)))
    else:
        results = collect(_play_numbered(t) for t in enumerate(tasks))
    results.sort(key=lambda r: r.pop("task"))
    return results


def _play_numbered(numbered: tuple[int, Task]) -> dict[str, Any]:
    number, task = numbered
    return {**play_game(task), "task": number, "a": task[3], "b": task[4]}


def run_match(game_id: str, options: dict[str, Any], a: str, b: str, games: int,
              budget_ms: float | None, iterations: int | None, seed: int, jobs: int = 1,
              progress: bool = False, clock_name: str = "wall") -> dict[str, Any]:
    n = seats_of(game_id, options)
    clock.use(clock_name)  # before the pool forks, so every game reads the same clock
    tasks = pair_tasks(game_id, options, a, b, games, budget_ms, iterations, seed, n)
    t0 = time.perf_counter()
    results = play_games(tasks, jobs, (lambda done: _progress(done, games)) if progress
                         else None)
    summary = _two_player(results, games) if n == 2 else _many_players(results, games, n)
    return {
        "game": game_id, "options": options, **({} if n == 2 else {"players": n}),
        "a": a, "b": b, "games": games,
        "budget_ms": budget_ms, "iterations": iterations, "seed": seed, "clock": clock_name,
        **summary,
        "avg_plies": round(sum(r["plies"] for r in results) / max(1, games), 1),
        "a_ms_per_move": round(sum(r["a_ms"] for r in results) / max(1, games), 1),
        "b_ms_per_move": round(sum(r["b_ms"] for r in results) / max(1, games), 1),
        # the longest move, and the moves over the budget + 20 % (a budget of time only)
        "a_max_ms": round(max((r["a_max_ms"] for r in results), default=0.0), 1),
        "b_max_ms": round(max((r["b_max_ms"] for r in results), default=0.0), 1),
        "a_moves_over_budget": sum(r["a_over"] for r in results),
        "b_moves_over_budget": sum(r["b_over"] for r in results),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def _reasons(results: list[dict[str, Any]]) -> dict[str, int]:
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    return reasons


def _two_player(results: list[dict[str, Any]], games: int) -> dict[str, Any]:
    """A's score (a draw counts half), and A's wins from each side."""
    aw = sum(r["winner"] == "a" for r in results)
    bw = sum(r["winner"] == "b" for r in results)
    draws = games - aw - bw
    score = aw + draws / 2
    lo, hi = wilson(score, games)
    return {
        "a_wins": aw, "b_wins": bw, "draws": draws,
        "a_score": round(score / games, 4) if games else None,
        "ci95": [round(lo, 4), round(hi, 4)],
        "a_wins_as_first": sum(r["winner"] == "a" and r["a_seat"] == 0 for r in results),
        "a_wins_as_second": sum(r["winner"] == "a" and r["a_seat"] == 1 for r in results),
        "reasons": _reasons(results),
    }


def _many_players(results: list[dict[str, Any]], games: int, n: int) -> dict[str, Any]:
    """A's win rate (a draw counts 1/n) against the 1/n of a seat, per seat and place."""
    aw = sum(r["winner"] == "a" for r in results)
    bw = sum(r["winner"] == "b" for r in results)
    draws = games - aw - bw
    score = aw + draws / n
    lo, hi = wilson(score, games)
    out: dict[str, Any] = {
        "a_wins": aw, "b_wins": bw, "draws": draws,
        "a_score": round(score / games, 4) if games else None,
        "ci95": [round(lo, 4), round(hi, 4)],
        "baseline": round(1 / n, 4),
        "a_wins_by_seat": [sum(r["winner"] == "a" and r["a_seat"] == s for r in results)
                           for s in range(n)],
        "games_by_seat": [sum(r["a_seat"] == s for r in results) for s in range(n)],
        "reasons": _reasons(results),
    }
    if all(r.get("a_place") for r in results):
        out["a_places"] = [sum(r["a_place"] == p for r in results) for p in range(1, n + 1)]
    return out


def add_clock_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--clock", choices=sorted(clock.CLOCKS), default="wall",
                   help="what --budget-ms counts: wall-clock time (as at the board), or this "
                        "process's CPU time (fair budgets on a machine busy with other work)")


def _progress(results: list[dict[str, Any]], total: int) -> None:
    aw = sum(r["winner"] == "a" for r in results)
    print(f"\r{len(results)}/{total} games, A won {aw}", end="", file=sys.stderr, flush=True)


def parser(game: Game | None = None) -> argparse.ArgumentParser:
    """The match's own flags, plus one flag per option of ``game`` that the match does not
    set itself (``--variant``, ``--players``, …: whatever the game declares)."""
    p = argparse.ArgumentParser(
        prog="python -m nibble match",
        description="Play seeded games between computer players: A against B (two players) "
                    "or A against N-1 seats of B, seats rotated.")
    names = ", ".join(PLAYERS)
    p.add_argument("--game", default=DEFAULT_GAME, help=f"game ({', '.join(GAMES)})")
    p.add_argument("--variant", default=None, help="game variant (default: the game's)")
    p.add_argument("--a", default="hard", help=f"player A ({names}; NAME@MS: with its own "
                                                  "thinking time a move)")
    p.add_argument("--b", default="greedy", help="player B, every other seat (as A)")
    p.add_argument("--games", type=int, default=20)
    add_play_flags(p, "first board seed", "show progress on stderr")
    p.add_argument("--no-decided-early", action="store_true",
                   help="play on until an instant win or an empty board")
    add_option_flags(p, game, skip=OWN_OPTIONS)
    return p


def add_play_flags(p: argparse.ArgumentParser, seed_help: str, progress_help: str) -> None:
    """The flags of how games are played and reported, shared by ``match`` and ``sprt``."""
    p.add_argument("--budget-ms", type=float, default=300.0, help="thinking time per move")
    p.add_argument("--iterations", type=int, default=None,
                   help="fixed search iterations per move (reproducible; overrides time)")
    p.add_argument("--seed", type=int, default=1, help=seed_help)
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    add_clock_flag(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--progress", action="store_true", help=progress_help)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    game = game_of(argv)
    args = parser(game).parse_args(argv)
    for name in (args.a, args.b):
        if not known_player(name):
            print(f"error: unknown player {name!r} (known: {', '.join(PLAYERS)}, each "
                  f"optionally with @MS, its own thinking time a move)", file=sys.stderr)
            return 2
    if args.games < 1 or args.jobs < 1:
        print("error: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    if args.variant:
        options["variant"] = args.variant
    if args.no_decided_early:
        options["decided_early"] = False
    options.update(options_from_args(args))
    try:
        get_game(args.game).normalize_options(options)
    except ValueError as e:  # unknown game or option (NibbleError is a ValueError)
        print(f"error: {e}", file=sys.stderr)
        return 2
    budget = None if args.iterations else args.budget_ms
    summary = run_match(args.game, options, args.a, args.b, args.games, budget,
                        args.iterations, args.seed, args.jobs, args.progress, args.clock)
    if args.progress:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(summary))
    else:
        print(_text(summary))
    return 0


def _text(summary: dict[str, Any]) -> str:
    lo, hi = summary["ci95"]
    a, b, games = summary["a"], summary["b"], summary["games"]
    if "players" not in summary:
        return (f"{a} vs {b}: {summary['a_wins']}-{summary['b_wins']}"
                f" ({summary['draws']} draws) in {games} games, score "
                f"{100 * summary['a_score']:.1f} % (95 % CI {100 * lo:.1f}–{100 * hi:.1f} %)")
    n = summary["players"]
    seats = ", ".join(f"{s + 1}: {w}/{g}" for s, (w, g) in enumerate(
        zip(summary["a_wins_by_seat"], summary["games_by_seat"], strict=True)))
    return (f"{a} vs {n - 1}× {b} ({n} players): {a} won {summary['a_wins']} of {games} "
            f"games, {100 * summary['a_score']:.1f} % (95 % CI {100 * lo:.1f}–{100 * hi:.1f} %)"
            f" against {100 * summary['baseline']:.1f} % by chance; wins by seat ({seats})")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
