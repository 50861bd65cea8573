"""``python -m nibble sprt``: a sequential probability ratio test of player A against a pool
of opponents, the way chess engines accept or reject a change (fishtest), for games of
two seats.

Games come in **pairs**: one board (one seed) played twice against the same opponent,
A once in each seat, so that a board that favours one side counts for both. Pair ``k``
is played on the board of seed ``seed + k`` against the pool's member ``k mod len(pool)``
(the pool in turn). A pair scores 0, ½, 1, 1½ or 2 for A: the **pentanomial** counts of
those five outcomes are what the test reads.

The hypotheses are A's Elo against the pool: H0 ``elo <= elo0`` against H1 ``elo >=
elo1``. After every pair (in order), the log-likelihood ratio of the generalised SPRT
(Van den Bergh's normal approximation, as fishtest's ``LLR_logistic``)::

    LLR = N · (s1 − s0) · (2 μ − s0 − s1) / (2 σ²)

with ``N`` pairs, ``μ`` A's mean score a game, ``σ²`` the variance of a pair's mean
score, ``s = 1 / (1 + 10^(−elo/400))``. The test stops by itself once the LLR leaves
``[ln(β / (1 − α)), ln((1 − β) / α)]``: below, H0 is accepted (reject the change), above,
H1 (accept it); or at ``--max-pairs`` with no verdict. To accept a change to a level,
test the changed level against the pool with ``elo0`` the unchanged level's Elo against
the same pool and ``elo1`` = that + 20 (docs/ai.md, "Measuring against the pool").
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from ...games import DEFAULT_GAME, GAMES, get_game
from ...option_flags import add_option_flags, game_of, options_from_args
from .. import clock
from .match import OWN_OPTIONS, Task, add_play_flags, known_player, play_games, seats_of

#: a count of zero is taken as this much (a pentanomial with an empty cell has no variance)
REGULARISE = 1e-3
#: pair scores, as A's mean score a game: 0, ¼, ½, ¾, 1
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: no verdict before this many pairs: a handful of one-sided pairs has almost no spread,
#: and the approximation would decide on them
MIN_PAIRS = 10


def score_of(elo: float) -> float:
    """The expected score a game of a player ``elo`` points stronger (logistic Elo)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of(score: float) -> float:
    """The Elo difference of a mean score (±inf at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def stats(counts: list[int]) -> tuple[float, float, float]:
    """(pairs, mean score a game, variance of a pair's mean score) of pentanomial
    ``counts`` (pairs scoring 0, ½, 1, 1½, 2), each empty cell taken as REGULARISE."""
    reg = [c if c > 0 else REGULARISE for c in counts]
    n = sum(reg)
    mu = sum(c * x for c, x in zip(reg, PAIR_SCORES, strict=True)) / n
    var = sum(c * (x - mu) ** 2 for c, x in zip(reg, PAIR_SCORES, strict=True)) / n
    return float(sum(counts)), mu, var


def llr(counts: list[int], elo0: float, elo1: float) -> float:
    """The generalised SPRT's log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``)
    after the pairs of ``counts`` (0 before any pair)."""
    n, mu, var = stats(counts)
    if n == 0 or var <= 0:
        return 0.0
    s0, s1 = score_of(elo0), score_of(elo1)
    return n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """(lower, upper) LLR bounds: below, accept H0; above, accept H1."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


@dataclass
class Sprt:
    """A running test: pairs are added in order, and ``verdict`` says where it stands."""

    elo0: float = 0.0
    elo1: float = 20.0
    alpha: float = 0.05
    beta: float = 0.05
    min_pairs: int = MIN_PAIRS
    counts: list[int] = field(default_factory=lambda: [0] * 5)

    def add(self, pair_score: float) -> None:
        """A pair's score for A: 0, 0.5, 1, 1.5 or 2."""
        i = round(pair_score * 2)
        if not 0 <= i <= 4 or abs(i - pair_score * 2) > 1e-9:
            raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2, not {pair_score}")
        self.counts[i] += 1

    @property
    def llr(self) -> float:
        return llr(self.counts, self.elo0, self.elo1)

    @property
    def verdict(self) -> str:
        """``H1`` (accept: A is at least elo1), ``H0`` (reject), or ``continue``."""
        if sum(self.counts) < self.min_pairs:
            return "continue"
        lo, hi = bounds(self.alpha, self.beta)
        value = self.llr
        return "H1" if value >= hi else "H0" if value <= lo else "continue"

    def elo(self) -> tuple[float, float, float]:
        """A's Elo against the pool so far, with a 95 % interval (from the pairs' spread)."""
        n, mu, var = stats(self.counts)
        if n == 0:
            return 0.0, -math.inf, math.inf
        half = 1.959964 * math.sqrt(var / n)
        return elo_of(mu), elo_of(mu - half), elo_of(mu + half)


def pair_score(games: list[dict[str, Any]]) -> float:
    """A's score over the two games of a pair (a draw counts half)."""
    return sum(1.0 if g["winner"] == "a" else 0.5 if g["winner"] is None else 0.0
               for g in games)


def run_sprt(game_id: str, options: dict[str, Any], a: str, pool: list[str], test: Sprt,
             budget_ms: float | None, iterations: int | None, seed: int, max_pairs: int,
             jobs: int = 1, batch: int | None = None, clock_name: str = "wall",
             report: Any = None) -> dict[str, Any]:
    """Play pairs until the test decides or ``max_pairs`` are played; ``jobs`` games at a
    time, in batches of ``batch`` pairs (default: ``jobs``) whose results are read in
    order (the test is the same whatever the number of processes, up to the pairs of
    the batch it stops in). ``report(line)`` hears one dict per pair."""
    if seats_of(game_id, options) != 2:
        raise ValueError("the SPRT compares players of two-seat games only")
    clock.use(clock_name)
    batch = max(1, batch or jobs)
    t0 = time.perf_counter()
    pairs: list[dict[str, Any]] = []
    by_opponent: dict[str, list[float]] = {name: [] for name in pool}
    while len(pairs) < max_pairs and test.verdict == "continue":
        ks = range(len(pairs), min(max_pairs, len(pairs) + batch))
        # pair k: the board of seed + k, against pool[k % len], A in seat 0 then seat 1
        # (play_game's game j, j < 2, is on the board of its seed + j // 2, A in seat j)
        tasks: list[Task] = [(j, game_id, options, a, pool[k % len(pool)], budget_ms,
                              iterations, seed + k, 2) for k in ks for j in (0, 1)]
        results = play_games(tasks, jobs)
        for k in ks:
            games = results[2 * (k - ks[0]): 2 * (k - ks[0]) + 2]
            score = pair_score(games)
            opponent = pool[k % len(pool)]
            test.add(score)
            by_opponent[opponent].append(score)
            line = {"pair": k, "board_seed": seed + k, "opponent": opponent, "score": score,
                    "llr": round(test.llr, 3), "verdict": test.verdict}
            pairs.append(line)
            if report:
                report(line)
            if test.verdict != "continue":
                break
    elo, lo, hi = test.elo()
    lower, upper = bounds(test.alpha, test.beta)
    return {
        "game": game_id, "options": options, "a": a, "pool": pool,
        "elo0": test.elo0, "elo1": test.elo1, "alpha": test.alpha, "beta": test.beta,
        "budget_ms": budget_ms, "iterations": iterations, "seed": seed, "clock": clock_name,
        "pairs": len(pairs), "games": 2 * len(pairs), "pentanomial": list(test.counts),
        "llr": round(test.llr, 3), "bounds": [round(lower, 3), round(upper, 3)],
        "verdict": test.verdict,
        "elo": _finite(elo), "elo_ci95": [_finite(lo), _finite(hi)],
        "score_by_opponent": {name: (round(sum(s) / (2 * len(s)), 4) if s else None)
                              for name, s in by_opponent.items()},
        "seconds": round(time.perf_counter() - t0, 1),
    }


def _finite(x: float) -> float | None:
    return round(x, 1) if math.isfinite(x) else None


def parser(game: Any = None) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m nibble sprt",
        description="A sequential test of player A against a pool of opponents, in pairs of "
                    "games (one board, A in each seat): stops by itself once A's Elo against "
                    "the pool is shown to be at most ELO0 (H0) or at least ELO1 (H1).")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"game ({', '.join(GAMES)})")
    p.add_argument("--variant", default=None, help="game variant (default: the game's)")
    p.add_argument("--a", default="hard", help="the player tested (NAME or NAME@MS)")
    p.add_argument("--pool", default="alphabeta",
                   help="opponents, comma-separated, taken in turn pair by pair")
    p.add_argument("--elo0", type=float, default=0.0, help="H0: A's Elo against the pool")
    p.add_argument("--elo1", type=float, default=20.0, help="H1: A's Elo against the pool")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--max-pairs", type=int, default=500, help="stop here without a verdict")
    add_play_flags(p, "the first pair's board seed", "a line per pair on stderr")
    add_option_flags(p, game, skip=OWN_OPTIONS)
    return p


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parser(game_of(argv)).parse_args(argv)
    pool = [name for name in args.pool.split(",") if name]
    for name in [args.a, *pool]:
        if not known_player(name):
            print(f"error: unknown player {name!r}", file=sys.stderr)
            return 2
    if not pool or args.max_pairs < 1 or args.jobs < 1:
        print("error: a pool, --max-pairs and --jobs of at least 1", file=sys.stderr)
        return 2
    if not (0 < args.alpha < 0.5 and 0 < args.beta < 0.5) or args.elo1 <= args.elo0:
        print("error: 0 < alpha, beta < 0.5 and elo0 < elo1", file=sys.stderr)
        return 2
    options: dict[str, Any] = {"variant": args.variant} if args.variant else {}
    options.update(options_from_args(args))
    try:
        get_game(args.game).normalize_options(options)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    test = Sprt(args.elo0, args.elo1, args.alpha, args.beta)
    report = (lambda line: print(json.dumps(line), file=sys.stderr, flush=True)) \
        if args.progress else None
    try:
        summary = run_sprt(args.game, options, args.a, pool, test,
                           None if args.iterations else args.budget_ms, args.iterations,
                           args.seed, args.max_pairs, args.jobs, clock_name=args.clock,
                           report=report)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(summary) if args.json else _text(summary))
    return 0


def _text(s: dict[str, Any]) -> str:
    verdict = {"H1": f"accepted: {s['a']} is at least {s['elo1']:+g} Elo against the pool",
               "H0": f"rejected: {s['a']} is at most {s['elo0']:+g} Elo against the pool",
               "continue": "no verdict yet"}[s["verdict"]]
    lo, hi = s["elo_ci95"]
    elo = "?" if s["elo"] is None else f"{s['elo']:+.0f}"
    return (f"{verdict} (LLR {s['llr']} in {s['bounds']}, {s['pairs']} pairs, pentanomial "
            f"{s['pentanomial']}); Elo {elo} (95 % {lo}…{hi}); by opponent "
            f"{s['score_by_opponent']}")
