"""``python -m nibble ladder``: a round robin of computer players, rated on one Elo scale.

Every pair of players meets ``--games-per-pair`` times, exactly as in ``match`` (game
``i`` on the board of seed ``seed + i // 2``, the first of the pair in seat ``i % 2``), so
each board is played from both sides. The results are fitted by a Bradley–Terry model,
P(A beats B) = 1 / (1 + 10^((R_B − R_A) / 400)), by maximum likelihood with Newton's
method; a draw counts as half a win. A weak prior (each rating normal around 0 with a
standard deviation of ``prior_elo``) keeps an unbeaten player finite without pulling
ratings that the games pin down. Ratings are then shifted so the anchor (``random`` if
it plays, else the first player) is 0; the 95 % intervals of the differences to the
anchor come from the inverse of the Hessian (the observed Fisher information).

Pure Python (it runs in Pyodide too): a handful of players means a tiny matrix.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...games import DEFAULT_GAME, GAMES, get_game

if TYPE_CHECKING:
    from ...core.protocol import Game
from ...option_flags import add_option_flags, game_of, options_from_args
from .. import clock, ratings
from ..levels import LEVELS, PLAYERS, default_budget_ms
from .elo import PRIOR_ELO, rated, tally
from .match import (
    OWN_OPTIONS,
    add_clock_flag,
    known_player,
    pair_tasks,
    play_games,
    seats_of,
)


def run_ladder(game_id: str, options: dict[str, Any], players: list[str], games_per_pair: int,
               budget_ms: float | None, iterations: int | None, seed: int, jobs: int = 1,
               progress: bool = False, prior_elo: float = PRIOR_ELO,
               clock_name: str = "wall") -> dict[str, Any]:
    n = seats_of(game_id, options)
    clock.use(clock_name)
    if n != 2:
        raise ValueError(f"the ladder rates two-player games; these options give {n} seats")
    tasks = [t for a, b in combinations(players, 2)
             for t in pair_tasks(game_id, options, a, b, games_per_pair, budget_ms,
                                 iterations, seed, n)]
    t0 = time.perf_counter()

    def show(done: list[dict[str, Any]]) -> None:
        print(f"\r{len(done)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)

    results = play_games(tasks, jobs, show if progress else None)
    if progress:
        print(file=sys.stderr)
    scores, games = tally(players, results)
    return {
        "game": game_id, "options": options, "players": players,
        **rated(players, scores, games, prior_elo),
        "games_played": len(results), "games_per_pair": games_per_pair,
        "budget_ms": budget_ms, "iterations": iterations, "seed": seed, "clock": clock_name,
        "prior_elo": prior_elo,
        "seconds": round(time.perf_counter() - t0, 1),
    }


def parser(game: Game | None = None) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m nibble ladder",
        description="A round robin of computer players, rated by a Bradley-Terry (Elo) fit.")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"game ({', '.join(GAMES)})")
    p.add_argument("--variant", default=None, help="game variant (default: the game's)")
    p.add_argument("--players", dest="ladder_players",
                   default="random,easy,medium,hard,greedy,uct,alphabeta",
                   help=f"comma-separated players ({', '.join(PLAYERS)}; NAME@MS: with "
                        "its own thinking time a move)")
    p.add_argument("--games-per-pair", type=int, default=10)
    p.add_argument("--budget-ms", type=float, default=300.0,
                   help="thinking time per move (of players without their own, NAME@MS)")
    p.add_argument("--level-budgets", action="store_true",
                   help="levels think for their own default time (as on the page: "
                        f"{', '.join(f'{k} {v[1]} ms' for k, v in LEVELS.items())}); other "
                        "players for --budget-ms")
    p.add_argument("--iterations", type=int, default=None,
                   help="fixed search iterations (alphabeta: nodes) per move; overrides time")
    p.add_argument("--seed", type=int, default=1, help="first board seed")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    add_clock_flag(p)
    p.add_argument("--prior-elo", type=float, default=PRIOR_ELO,
                   help="standard deviation of the weak prior on each rating")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--write-ratings", action="store_true",
                   help="store the levels' ratings in the game's ratings module (the "
                        "new-game dialog shows them), under the game and its variant")
    p.add_argument("--progress", action="store_true", help="show progress on stderr")
    p.add_argument("--chain", nargs="+", metavar="MATCH_JSON", default=None,
                   help="play nothing: rate player A of these 'match --json' results (one "
                        "pairing, summed) from its score against B, a level rated by the "
                        "stored ladder of their game and variant; with --write-ratings, "
                        "store the rating there")
    p.add_argument("--merge", nargs="+", metavar="LADDER_JSON", default=None,
                   help="play nothing: one ladder from these 'ladder --json' results of the "
                        "same round robin on other boards (points and games summed, "
                        "refitted); with --write-ratings, store it")
    # ``--players`` names the rated players; a game's own player count is set to two
    add_option_flags(p, game, skip=(*OWN_OPTIONS, "players"))
    return p


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    game = game_of(argv)
    args = parser(game).parse_args(argv)
    if args.chain:
        return _chain_main(args)
    if args.merge:
        return _merge_main(args)
    players = [p.strip() for p in args.ladder_players.split(",") if p.strip()]
    if args.level_budgets:  # each level at its own default thinking time
        players = [f"{p}@{default_budget_ms(p)}" if p in LEVELS and "@" not in p else p
                   for p in players]
    unknown = [p for p in players if not known_player(p)]
    if unknown or len(set(players)) != len(players) or len(players) < 2:
        print(f"error: --players needs two or more different known players "
              f"(known: {', '.join(PLAYERS)})", file=sys.stderr)
        return 2
    if args.games_per_pair < 1 or args.jobs < 1 or args.prior_elo <= 0:
        print("error: --games-per-pair, --jobs and --prior-elo must be positive",
              file=sys.stderr)
        return 2
    options: dict[str, Any] = {"variant": args.variant} if args.variant else {}
    options.update(options_from_args(args))
    if game is not None and game.players_option:
        options[game.players_option] = 2  # the ladder rates two-player games
    try:
        get_game(args.game).normalize_options(options)
        budget = None if args.iterations else args.budget_ms
        out = run_ladder(args.game, options, players, args.games_per_pair, budget,
                         args.iterations, args.seed, args.jobs, args.progress,
                         args.prior_elo, args.clock)
    except ValueError as e:  # unknown game or option, or not a two-player game
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out) if args.json else _text(out))
    if args.write_ratings:
        return _write(args.game, _where(args.game, options), out)
    return 0


def _write(game_id: str, where: str, out: dict[str, Any]) -> int:
    """``--write-ratings``: store a ladder's ratings in its game's ratings module."""
    try:
        ratings.write(get_game(game_id), where, out)
    except ValueError as e:  # the game keeps no ratings
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


def _where(game_id: str, options: dict[str, Any]) -> str:
    """The key of a game's stored ratings: its id, then ``/`` and the variant if any."""
    variant = get_game(game_id).normalize_options(options).get("variant")
    return game_id + (f"/{variant}" if variant else "")


def _merge_main(args: argparse.Namespace) -> int:
    """``--merge``: one ladder from several runs of the same round robin."""
    from .merge import merge

    try:
        out = merge([json.loads(Path(f).read_text(encoding="utf-8")) for f in args.merge],
                    args.prior_elo)
        where = _where(out["game"], out["options"])
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError, TypeError,
            KeyError, AttributeError) as e:
        print(f"error: --merge: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out) if args.json else _text(out))
    if args.write_ratings:
        return _write(out["game"], where, out)
    return 0


def _chain_main(args: argparse.Namespace) -> int:
    """``--chain``: a level's rating from direct matches against a rated level."""
    from .chain import chain, sum_matches

    try:
        matches = [json.loads(Path(f).read_text(encoding="utf-8")) for f in args.chain]
        summary = sum_matches(matches)
        game = get_game(summary["game"])
        where = _where(game.id, summary["options"])
        stored = ratings.stored(game)
        if where not in stored:
            raise ValueError(f"no ladder is stored for {where}: run one with --write-ratings")
        out = {"where": where, **chain(stored[where], summary, args.prior_elo)}
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError, TypeError,
            KeyError) as e:
        print(f"error: --chain: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out))
    else:
        lo, hi = out["interval"]
        dlo, dhi = out["elo_over_interval"]
        print(f"{out['level']} {out['rating']} [{lo}, {hi}] at {where}: "
              f"{out['elo_over']:+.0f} [{dlo:+.0f}, {dhi:+.0f}] over {out['over']} "
              f"({out['points']:g}/{out['games']})")
    if args.write_ratings:
        ratings.write_chained(game, where, out)
    return 0


def _text(out: dict[str, Any]) -> str:
    """Players by rating, then each one's points / games against every column."""
    players = sorted(out["players"], key=lambda p: -out["ratings"][p])
    width = max(len(p) for p in players)
    lines = [f"{out['games_played']} games, Elo anchored at {out['anchor']} = 0 "
             "(95 % interval); points/games against",
             " " * (width + 27) + " ".join(f"{q[:8]:>8}" for q in players)]
    for p in players:
        lo, hi = out["intervals"][p]
        cells = " ".join(f"{out['scores'][p].get(q, 0):g}/{out['games'][p].get(q, 0)}"
                         .rjust(8) if q != p else " " * 8 for q in players)
        lines.append(f"{p:>{width}} {out['ratings'][p]:7.0f} [{lo:6.0f}, {hi:6.0f}]  {cells}")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
