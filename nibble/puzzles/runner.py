"""``python -m nibble puzzles``: the maker's command line, its bounds and its processes
(the only module of the maker that starts any: the rest runs in Pyodide too)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..games import DEFAULT_GAME, GAMES, get_game
from ..option_flags import add_option_flags, game_of, options_from_args
from .judge import AFTER, BEFORE, GAP, MAX_SOLVER_MOVES, SWING, VERIFY
from .mine import GameResult, mine_game
from .record import board_name
from .search import EngineSearch
from .store import Store

DEFAULT_FOLDER = Path("data/puzzles")

HELP = f"""Make puzzles from games the engine plays against itself (docs/puzzles.md).
A puzzle starts after an opponent's mistake that lifts the solver's chances by
{SWING} or more to {AFTER} or more from {BEFORE} or less; at each of its 1-{MAX_SOLVER_MOVES}
solver moves one move only is good (ahead of the second best by {GAP}, or the only
win the exact solver proves), confirmed by a search {VERIFY} times longer.
Puzzles go to FOLDER/<board>.jsonl, every position judged to
FOLDER/<board>.judged.jsonl; a run started again with the same --seed skips the
games and positions done and appends."""


def build_parser(game_id: str | None) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m nibble puzzles", description=HELP,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default=DEFAULT_GAME, choices=sorted(GAMES))
    p.add_argument("--games", type=int, default=10, help="new games to play (default 10)")
    p.add_argument("--minutes", type=float, default=None,
                   help="stop after this many minutes (a game cut short is played again "
                        "on the next run)")
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed: its games follow "
                   "from it (default 0)")
    p.add_argument("--iterations", type=int, default=300,
                   help="the judging search's budget a position (nodes or MCTS iterations; "
                        f"the check's is {VERIFY} times as much; default 300)")
    p.add_argument("--out", type=Path, default=DEFAULT_FOLDER,
                   help=f"the folder of the files (default {DEFAULT_FOLDER})")
    p.add_argument("--quiet", action="store_true")
    add_option_flags(p, GAMES.get(game_id or DEFAULT_GAME), skip=("seed",))
    return p


Task = tuple[str, dict[str, Any], int, int, int, set[str], float | None]


def _mine(task: Task) -> GameResult:
    game_id, options, seed, index, iterations, judged, deadline = task
    return mine_game(EngineSearch(iterations, seed), game_id, options, seed, index, judged,
                     deadline)


def main(argv: list[str]) -> int:
    game = game_of(argv)
    args = build_parser(game.id if game else None).parse_args(argv)
    game = get_game(args.game)
    options = game.normalize_options({**options_from_args(args), "seed": 0})
    options.pop("seed")
    store = Store(args.out, board_name(game, options))
    deadline = None if args.minutes is None else time.monotonic() + args.minutes * 60
    tasks = _tasks(store, args, options, deadline)
    started, before = time.monotonic(), store.count
    done = 0
    for result in _run(tasks, args.jobs, deadline):
        if result.finished:
            done += 1
        _keep(store, result)
        if not args.quiet:
            print(f"game {result.tag}: {len(result.verdicts)} judged, "
                  f"{len(result.puzzles)} puzzles"
                  f"{'' if result.finished else ' (cut short)'}", file=sys.stderr)
    minutes = (time.monotonic() - started) / 60
    print(f"{done} games, {store.count - before} new puzzles in {minutes:.1f} min "
          f"({store.count} in {store.puzzles})")
    return 0


def _tasks(store: Store, args: argparse.Namespace, options: dict[str, Any],
           deadline: float | None) -> Iterator[Task]:
    """The next ``--games`` games of the run's seed not finished before."""
    index = made = 0
    while made < args.games:
        if f"{args.seed}:{index}" not in store.games:
            # one job reads the store's set as it grows; a pool's workers get a copy
            yield (args.game, options, args.seed, index, args.iterations,
                   store.judged if args.jobs <= 1 else set(store.judged), deadline)
            made += 1
        index += 1


def _run(tasks: Iterator[Task], jobs: int, deadline: float | None) -> Iterator[GameResult]:
    """The games' results as they come, ``jobs`` processes at a time (as
    ``nibble.ai.lab.match`` does); one job plays them here. No game starts after the
    deadline (those in play then end cut short)."""
    tasks = _until(tasks, deadline)
    if jobs <= 1:
        for task in tasks:
            yield _mine(task)
        return
    import multiprocessing as mp

    context = mp.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(jobs) as pool:
        yield from pool.imap_unordered(_mine, tasks)


def _until(tasks: Iterator[Task], deadline: float | None) -> Iterator[Task]:
    """``tasks`` until the deadline. Why here: a pool takes tasks as its workers free up,
    so without it a run of several processes went on handing out every game left of
    ``--games`` after its time, each cut short at once (--games 100000 --minutes 27 --jobs
    2: a process still busy minutes later, printing thousands of empty games)."""
    for task in tasks:
        if deadline is not None and time.monotonic() > deadline:
            return
        yield task


def _keep(store: Store, result: GameResult) -> None:
    """Write a game's verdicts and puzzles; a position another process judged first (or a
    symmetric one) keeps its first verdict."""
    ids = {p["id"]: p for p in result.puzzles}
    for v in result.verdicts:
        if store.judge(v["key"], v["verdict"], v["why"],
                       **{k: x for k, x in v.items() if k not in ("key", "verdict", "why")}) \
                and v["key"] in ids:
            store.add(ids[v["key"]])
    if result.finished:
        store.finish_game(result.tag)
