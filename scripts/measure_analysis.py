"""Do the analysis's chances mean what they say? (issue 43; docs/ai.md, "The analysis's
chances"). Prints one JSON object:

* ``drops``: per board and kind of mover, the mean of (the mover's chances before the
  move − after it), read from the bridge's ``analyse`` op at ``--budget-ms`` on every
  position of ``--games`` games of ``--plies`` moves from fixed boards (both sides played
  by the same kind of player). A move can never raise the mover's chances on average: the
  best move keeps them, any other lowers them. ``played_drop`` is the same drop read from
  one search (the position before's best move against the played move's value in that
  search: the answer's ``played``), as the page's marks read it.
* ``reliability``: over ``--cal-games`` whole engine games per game (levels of the page,
  ``--cal-pairs``, each at ``--cal-mover-ms``), every ``--cal-every``-th position analysed:
  the mover's chances by decile against how often the mover went on to win, and the Brier
  score (with the coin's 0.25 beside it).
* ``--cal-tiers page,deep``: each calibration position analysed at the page's first and
  second pass (``--iterations`` names: ``page``; ``deep``, the page's own fixed second
  pass, ``Game.second_pass_iterations``), fitted apart.
* ``--fit``: the run analyses uncalibrated and fits each game's calibration (the
  ``CALIBRATION`` its knowledge.py gives, ``Knowledge.calibration``), one
  ``Scale(a, eps, lean)`` per game (``scale``): ``a`` and ``eps``
  by maximum likelihood of the calibration games' outcomes, ``lean`` so that the position
  after each move of the drops games is worth, on average, what the search before the
  move gave it (``played``); ``held_out``: the same fit on half the rounds read on the
  other half, both ways. ``fit``: ``a`` and ``eps`` per board without a lean.
  ``shipped``: the same games read with the scale each game ships today (on
  games of a run it was not fitted to: held out).
* Calibration games on a board whose set-up the seed does not change (Nebuchadnezzar,
  Number One) open with a few random moves (``OPENING_PLIES``): else engines at a fixed
  budget replay one game per pair of levels.

Quick run (a few minutes on two cores)::

    python scripts/measure_analysis.py --games 2 --cal-games 0 --jobs 2

The issue's table, and the reliability table of docs/ai.md::

    python scripts/measure_analysis.py --games 6 --cal-games 0 --jobs 2
    python scripts/measure_analysis.py --games 0 --cal-games 12 --jobs 2 --fit
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nibble.ai import analysis  # noqa: E402
from nibble.ai.api import second_pass_iterations  # noqa: E402
from nibble.ai.calibration import Scale  # noqa: E402
from nibble.ai.levels import make_player  # noqa: E402
from nibble.ai.mcts import Budget  # noqa: E402
from nibble.api import handle  # noqa: E402
from nibble.core.protocol import State  # noqa: E402
from nibble.core.record import to_record  # noqa: E402
from nibble.games import get_game  # noqa: E402

#: board name -> (game id, options without the seed)
BOARDS: dict[str, tuple[str, dict[str, Any]]] = {
    "square9": ("nibble", {"variant": "square9"}),
    "square13": ("nibble", {"variant": "square13"}),
    "hex13": ("nibble", {"variant": "hex13"}),
    "neb8": ("nebuchadnezzar", {"size": 8}),
    "one2": ("number-one", {"players": 2}),
}


def new_state(board: str, seed: int) -> State[Any]:
    game_id, options = BOARDS[board]
    game = get_game(game_id)
    return game.new_state(game.normalize_options({**options, "seed": seed}))


#: board name -> its key in the results (the game, and the variant where it has one)
CAL_KEYS = {"square9": "nibble/square9", "square13": "nibble/square13", "hex13": "nibble/hex13",
            "neb8": "nebuchadnezzar", "one2": "number-one"}

#: ``--iterations page``: about what the page's first pass made of a position in Chromium's
#: worker when it searched 300 ms (alpha-beta nodes on Nibble; MCTS iterations on the
#: others): the budget the shipped scales were fitted at, kept so that the runs of
#: docs/ai.md reproduce. The page's first pass is now ``Game.first_pass_iterations`` (the same
#: on the MCTS games; 2,000 nodes on Nibble).
PAGE_ITERATIONS = {"nibble": 6000, "nebuchadnezzar": 1500, "number-one": 2000}


def iterations_for(game_id: str, iterations: int | str | None) -> int | None:
    if iterations == "page":
        return PAGE_ITERATIONS[game_id]
    if iterations == "deep":
        return second_pass_iterations()[game_id]  # the page asks exactly this
    return None if iterations is None else int(iterations)


def analyse(record: dict[str, Any], ply: int, budget_ms: int | None,
            iterations: int | str | None) -> dict[str, Any]:
    req: dict[str, Any] = {"op": "analyse", "record": record, "ply": ply,
                           "seed": 1 + ply % 1000}  # as the page asks (web/review/analysis.js)
    if budget_ms is not None:
        req["budget_ms"] = budget_ms
    if iterations is not None:
        req["iterations"] = iterations_for(record["game"], iterations)
    cpu = time.process_time()
    out = handle(req)
    if "error" in out:
        raise RuntimeError(out["error"])
    out["cpu_ms"] = round((time.process_time() - cpu) * 1000, 1)  # (wall-clock ms: "ms")
    return out


#: random moves that open a calibration game on a board whose set-up is the same for
#: every seed: engines at a fixed budget would otherwise play one game per pair of levels
#: over and over (the runs before 2026-11-27 had four distinct games on these boards)
OPENING_PLIES = {"neb8": 4, "one2": 6}


def play_game(board: str, seed: int, kinds: list[str], mover_ms: int, plies: int | None,
              rng_seed: int, iterations: int | None = None, opening: int = 0) -> State[Any]:
    """A game on board ``seed`` with ``kinds[seat]`` in each seat, ``plies`` moves long (None:
    to the end), its first ``opening`` moves random (seeded by ``rng_seed``); ``iterations``:
    a fixed budget a move instead of ``mover_ms``."""
    state = new_state(board, seed)
    players = [make_player(k, rng_seed + i) for i, k in enumerate(kinds)]
    rng = random.Random(rng_seed)
    while not state.is_over() and (plies is None or len(state.moves) < plies):
        if len(state.moves) < opening:
            state.push(rng.choice(state.legal_moves()))
            continue
        seat = state.to_move
        budget = Budget(mover_ms) if iterations is None else Budget(None, iterations)
        d = players[seat % len(players)].choose(state, budget)
        state.push(d.move)
    return state


def shipped_scale(board: str) -> Scale | None:
    """The scale the analysis applies on ``board`` today (its game's knowledge's)."""
    return analysis._scale(new_state(board, 1))


def uncalibrated() -> None:
    """Analyse with the raw chances, ``(v + 1) / 2``, in this process: what --fit fits."""
    analysis._scale = lambda state: None


def _drops_task(args: tuple[str, str, int, int, int | str | None, int | None, int, bool]
                ) -> dict[str, Any]:
    board, kind, seed, mover_ms, iterations, budget_ms, plies, raw = args
    if raw:
        uncalibrated()
    t0 = time.perf_counter()
    state = play_game(board, seed, [kind, kind], mover_ms, plies, 1000 * seed + 7)
    record = to_record(state)
    answers = [analyse(record, k, budget_ms, iterations) for k in range(len(record["moves"]) + 1)]
    rows = []
    for k in range(len(record["moves"])):
        before, after = answers[k], answers[k + 1]
        mover = before["to_move"]
        if mover is None:
            continue
        row: dict[str, Any] = {
            "drop": before["chances"][mover] - after["chances"][mover],
            "forced": before["forced"],
            # the chances themselves, for fitting the calibration's lean (fit_lean)
            "before_p": before["chances"][mover], "after_p": after["chances"][mover],
            "same_mover": after["to_move"] == mover, "after_exact": after["exact"],
            "before_mid": k > 0 and answers[k - 1]["to_move"] == mover}
        played = before.get("played")
        if played is not None and played.get("move") == record["moves"][k]:
            row["played_drop"] = before["chances"][mover] - played["chances"][mover]
            row["played_p"] = played["chances"][mover]
        rows.append(row)
    return {"board": board, "kind": kind, "rows": rows,
            "ms": [a["ms"] for a in answers], "cpu_ms": [a["cpu_ms"] for a in answers],
            "s": time.perf_counter() - t0}


def _cal_task(args: tuple[str, str, str, int, int, int | None, list[int | str | None], int,
                          bool, int | None, int]) -> list[dict[str, Any]]:
    """One whole game's calibration points, one entry per analysis budget (``tiers``: the
    same positions analysed at each); ``round``: the pair of games with the same levels in
    both seats (held-out checks keep a round together)."""
    board, a, b, seed, mover_ms, budget_ms, tiers, every, raw, mover_it, round_ = args
    if raw:
        uncalibrated()
    if mover_it is not None and BOARDS[board][0] != "nibble":
        mover_it = max(1, mover_it // 4)
    state = play_game(board, seed, [a, b], mover_ms, None, 1000 * seed + 11, mover_it,
                      OPENING_PLIES.get(board, 0))
    record = to_record(state)
    winner = state.result.winner if state.result is not None else None
    out = []
    movers = []  # the seat to move at each ply
    replay = new_state(board, seed)
    for move in state.moves:
        movers.append(replay.to_move)
        replay.push(move)
    for tier in tiers:
        points = []
        for k in range(0, len(record["moves"]), every):
            ans = analyse(record, k, budget_ms, tier)
            mover = ans["to_move"]
            if mover is None or ans["exact"]:
                continue
            outcome = 0.5 if winner is None else (1.0 if winner == mover else 0.0)
            # (chances, outcome, seat, inside a turn: the mover made the move before too)
            points.append((ans["chances"][mover], outcome, mover,
                           k > 0 and movers[k - 1] == mover))
        key = CAL_KEYS[board] if len(tiers) == 1 else f"{CAL_KEYS[board]}@{tier}"
        out.append({"game": BOARDS[board][0], "board": board, "key": key, "seed": seed,
                    "tier": tier, "points": points, "pair": f"{a}:{b}", "round": round_,
                    "moves": record["moves"]})
    return out


def reliability(points: list[tuple[float, float]]) -> dict[str, Any]:
    bins: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for p, o, *_ in points:
        bins[min(9, int(p * 10))].append((p, o))
    table = []
    for i, b in enumerate(bins):
        if not b:
            continue
        mp = sum(p for p, _ in b) / len(b)
        mo = sum(o for _, o in b) / len(b)
        table.append({"decile": f"{i / 10:.1f}-{(i + 1) / 10:.1f}", "n": len(b),
                      "predicted": round(mp, 3), "won": round(mo, 3),
                      "gap": round(mo - mp, 3)})
    brier = sum((p - o) ** 2 for p, o, *_ in points) / len(points) if points else None
    return {"positions": len(points), "brier": None if brier is None else round(brier, 4),
            "deciles": table}


def calibrate(p: float, a: float, eps: float, lean: float = 0.0, turn_lean: float = 0.0,
              mid: bool = False) -> float:
    """``Scale``'s map of raw chances ``p`` (``mid``: inside a turn)."""
    return Scale(a, eps, lean, turn_lean).chances(p, mid)


Fit = tuple[float, float, float, float]  # Scale's (a, eps, lean, turn_lean)


def _point(point: Any) -> tuple[float, float, bool]:
    """A calibration point's chances, outcome and whether its mover is inside a turn
    (points of runs before 2026-11-27 have no such flag: outside)."""
    return point[0], point[1], bool(point[3]) if len(point) > 3 else False


def _read_shipped(run: dict[str, Any]) -> list[tuple[float, float]]:
    """A calibration game's raw points (a ``--fit`` run's) read with the scale shipped
    today for its board (:func:`shipped_scale`)."""
    scale = shipped_scale({key: board for board, key in CAL_KEYS.items()}[run["key"]])
    return [(round(scale.chances(p, mid), 3) if scale else p, o)
            for p, o, mid in map(_point, run["points"])]


def fit_scale(points: list[Any], lean: float = 0.0, turn_lean: float = 0.0
              ) -> tuple[float, float]:
    """The ``(a, eps)`` of :func:`calibrate` (the leans given) that maximise the likelihood
    of the outcomes (``eps`` on a grid of 0.005, ``a`` by golden-section search: the log
    loss is convex in it); a raw 0 or 1 (a search's forced result) is left alone, and left
    out."""
    pts = [pt for pt in map(_point, points) if 0.0 < pt[0] < 1.0]

    def loss(a: float, eps: float) -> float:
        s = 0.0
        for p, o, mid in pts:
            q = min(1 - 1e-9, max(1e-9, calibrate(p, a, eps, lean, turn_lean, mid)))
            s -= o * math.log(q) + (1 - o) * math.log(1 - q)
        return s / len(pts)

    best = (math.inf, 1.0, 0.0)
    for i in range(0, 31):
        eps = i * 0.005
        lo, hi = 0.05, 6.0
        g = (math.sqrt(5) - 1) / 2
        for _ in range(40):
            c, d = hi - g * (hi - lo), lo + g * (hi - lo)
            if loss(c, eps) < loss(d, eps):
                hi = d
            else:
                lo = c
        a = (lo + hi) / 2
        v = loss(a, eps)
        if v < best[0]:
            best = (v, a, eps)
    return round(best[1], 3), round(best[2], 3)


def lean_gap(rows: list[dict[str, Any]], fit: Fit, inside: bool) -> float:
    """Over the moves ``rows`` (raw chances of ``_drops_task``) after which the mover moves
    again (``inside``: within a turn of several moves) or not, the mean of the position
    after the move valued by its own search less the same position valued by the search
    before the move (its ``played`` value), for the mover: 0 when the two searches agree
    on average."""
    a, eps, lean, turn_lean = fit
    gaps = []
    for r in rows:
        if (r.get("played_p") is None or r["forced"] or r["after_exact"]
                or r["same_mover"] != inside):
            continue
        if inside:
            after = calibrate(r["after_p"], a, eps, lean, turn_lean, True)
        else:  # the next search's value is the opponent's, at the start of their turn
            after = 1.0 - calibrate(1.0 - r["after_p"], a, eps, lean, turn_lean, False)
        gaps.append(after - calibrate(r["played_p"], a, eps, lean, turn_lean,
                                      r.get("before_mid", False)))
    return sum(gaps) / len(gaps) if gaps else 0.0


def _bisect(gap: Callable[[float], float]) -> float:
    """The x in [-2, 2] where the monotonic ``gap`` crosses 0 (0 when it does not)."""
    lo, hi = -2.0, 2.0
    g_lo, g_hi = gap(lo), gap(hi)
    if g_lo * g_hi > 0:
        return 0.0
    rising = g_hi > g_lo
    for _ in range(40):
        mid = (lo + hi) / 2
        if (gap(mid) < 0) == rising:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def fit_leans(rows: list[dict[str, Any]], a: float, eps: float) -> tuple[float, float]:
    """The ``lean`` at which :func:`lean_gap` is 0 over the moves that end a turn, and the
    ``turn_lean`` at which it is 0 over the moves inside one (none: 0), each refitted given
    the other."""
    lean = turn_lean = 0.0
    inside = any(r["same_mover"] for r in rows)
    for _ in range(8 if inside else 1):
        lean = _bisect(lambda x, t=turn_lean: lean_gap(rows, (a, eps, x, t), False))
        if inside:
            turn_lean = _bisect(lambda x, le=lean: lean_gap(rows, (a, eps, le, x), True))
    return lean, turn_lean


def _round(entry: dict[str, Any]) -> int:
    """A calibration game's round (its pair of levels in both seats); runs before rounds
    were written had odd seed bases, so that ``(seed + 1) // 2`` is the round there."""
    return int(entry.get("round", (entry["seed"] + 1) // 2))


def fit_game(points: list[Any], rows: list[dict[str, Any]]) -> Fit:
    """``Scale`` for one game: ``a`` and ``eps`` from the outcomes (``points``),
    the leans from the moves' two values (``rows``; none: no lean), each refitted given the
    others until they settle."""
    lean = turn_lean = 0.0
    a, eps = fit_scale(points)
    for _ in range(4 if rows else 0):
        lean, turn_lean = fit_leans(rows, a, eps)
        a, eps = fit_scale(points, lean, turn_lean)
    return a, eps, round(lean, 3), round(turn_lean, 3)


#: the smallest planted mistake (tests/test_analysis_truth.py requires every one marked)
PLANTED_MIN = 0.15


def _drop_of(record: dict[str, Any], ply: int, iterations: int) -> tuple[float, dict[str, Any]]:
    """The drop of the record's move ``ply + 1`` in one search of the position before it
    (best move's chances less the played move's, for the mover), and that answer."""
    ans = analyse(record, ply, None, iterations)
    mover = ans["to_move"]
    played = ans["played"]
    return ans["chances"][mover] - played["chances"][mover], ans


def planted_game(board: str, seed: int, plies: int | None, plant: list[int],
                 move_iterations: int, long_iterations: int, tries: int = 8) -> dict[str, Any]:
    """A game of ``hard`` (``move_iterations`` a move) with a planted mistake at (or soon
    after) each ply of ``plant``: a move that a long search (``long_iterations``) finds
    15-30 points below the best one (clear of the mark's 10 by more than a shorter
    search's noise: 13.7 points were seen as 8.9 on Nebuchadnezzar), and that does not
    hand over an instant win nor
    leave a position the search proves lost; ``plies`` long (None: to the end)."""
    from nibble.ai.knowledge import hands_win, knowledge_for

    state = new_state(board, seed)
    player = make_player("hard", seed)
    rng = random.Random(seed)
    planted: list[dict[str, Any]] = []
    want = sorted(plant)
    while not state.is_over() and (plies is None or len(state.moves) < plies):
        ply = len(state.moves)
        if want and ply >= want[0]:
            k = knowledge_for(state)
            moves = state.legal_moves()
            rng.shuffle(moves)
            scored = []
            for m in moves[:tries]:
                if hands_win(k, state, m):
                    continue
                state.push(m)
                record = to_record(state)
                state.pop()
                drop, ans = _drop_of(record, ply, long_iterations)
                if ans["forced"] or ans["exact"]:
                    break  # no choice, or a proved result: no place for a mistake
                if PLANTED_MIN <= drop <= 0.30:
                    scored.append((abs(drop - 0.2), drop, m, record))
            pick = None
            # the one nearest 20 points first
            for _, drop, m, record in sorted(scored, key=lambda x: x[0]):
                after = analyse(record, ply + 1, None, long_iterations)
                if not (after["exact"] and after["winner"] != state.to_move):
                    pick = (m, drop)  # (not a move that loses by force)
                    break
            if pick is not None:
                planted.append({"ply": ply + 1, "move": state.move_to_str(pick[0]),
                                "drop": round(pick[1], 3), "mover": state.to_move})
                state.push(pick[0])
                want.pop(0)
                continue
        d = player.choose(state, Budget(None, move_iterations))
        state.push(d.move)
    return {"board": board, "record": to_record(state), "planted": planted,
            "move_iterations": move_iterations, "long_iterations": long_iterations}


def _selfplay(board: str, seed: int, iterations: int) -> dict[str, Any]:
    state = play_game(board, seed, ["hard", "hard"], 0, None, seed, iterations)
    return {"board": board, "record": to_record(state), "move_iterations": iterations}


def make_fixture(path: str, move_iterations: int, long_iterations: int, jobs: int) -> None:
    """tests/data/analysis_truth.json: games with planted mistakes, and a game of ``hard``
    against itself (tests/test_analysis_truth.py); the games in parallel."""
    mcts = (move_iterations // 4, long_iterations // 6)  # MCTS iterations cost more
    # square9's games go on to the end (e2e/test_review.py opens one whole); more moves are
    # tried on hex13 and Nebuchadnezzar, whose mistakes of 10-30 points are rarer
    specs: list[tuple[Any, ...]] = [
        ("square9", 5, None, [5, 10, 16, 21], move_iterations, long_iterations),
        ("square9", 6, None, [6, 11, 17, 22], move_iterations, long_iterations),
        ("hex13", 5, 30, [6, 12, 18], move_iterations, long_iterations, 40),
        ("neb8", 5, 24, [6, 11, 16], *mcts, 64),
        ("one2", 5, 24, [6, 11, 16], *mcts)]
    with Pool(jobs) as pool:
        selfplay = pool.apply_async(_selfplay, ("square9", 7, move_iterations))
        games = pool.starmap(planted_game, specs, chunksize=1)
        data = {"made_by": "python scripts/measure_analysis.py --make-fixture " + path,
                "planted": games, "selfplay": selfplay.get()}
    Path(path).write_text(json.dumps(data, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", default=",".join(BOARDS))
    ap.add_argument("--movers", default="hard,medium,random")
    ap.add_argument("--games", type=int, default=2, help="16-move games per board and mover")
    ap.add_argument("--plies", type=int, default=16)
    ap.add_argument("--mover-ms", type=int, default=300)
    ap.add_argument("--budget-ms", type=int, default=300, help="the analysis's (the page's)")
    ap.add_argument("--iterations", default=None,
                    help="a fixed analysis budget instead (reproducible): a number, or 'page'"
                         " (PAGE_ITERATIONS: about the page's 300 ms in the browser)")
    ap.add_argument("--cal-games", type=int, default=0, help="whole games per board")
    ap.add_argument("--cal-boards", default="square9,square13,hex13,neb8,one2")
    ap.add_argument("--cal-pairs", default="hard:hard,medium:hard,medium:medium,easy:medium")
    ap.add_argument("--cal-mover-ms", type=int, default=200)
    ap.add_argument("--cal-mover-iterations", type=int, default=None,
                    help="the calibration games' players: a fixed budget a move (Nibble's"
                         " alpha-beta nodes; a quarter of it for MCTS iterations)")
    ap.add_argument("--cal-every", type=int, default=3)
    ap.add_argument("--cal-tiers", default=None,
                    help="analyse each calibration position at each of these budgets (e.g."
                         " page,deep; default: --iterations)")
    ap.add_argument("--fit", action="store_true",
                    help="analyse uncalibrated and fit each game's calibration Scale")
    ap.add_argument("--fit-from", metavar="PATH", nargs="*",
                    help="add the calibration points of earlier runs (--points-out)")
    ap.add_argument("--moves-out", metavar="PATH",
                    help="write the drops games' moves with their raw chances (for --fit's"
                         " lean) as JSON, by game")
    ap.add_argument("--moves-from", metavar="PATH", nargs="*",
                    help="add the moves of earlier runs (--moves-out) to --fit's lean")
    ap.add_argument("--points-out", metavar="PATH",
                    help="write every calibration game's (chances, outcome) points as JSON")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--make-fixture", metavar="PATH",
                    help="write the tests' recorded games (tests/data/analysis_truth.json)")
    ap.add_argument("--fixture-iterations", type=int, default=12000,
                    help="hard's nodes a move in the fixture's games")
    ap.add_argument("--long-iterations", type=int, default=60000,
                    help="the long search that finds the planted mistakes' drops")
    args = ap.parse_args(argv)
    if args.make_fixture:
        make_fixture(args.make_fixture, args.fixture_iterations, args.long_iterations,
                     args.jobs)
        return 0
    budget = None if args.iterations is not None else args.budget_ms
    boards = [b for b in args.boards.split(",") if b]
    kinds = [k for k in args.movers.split(",") if k]
    tasks = [(b, k, args.seed + g, args.mover_ms, args.iterations, budget, args.plies, args.fit)
             for g in range(args.games) for b in boards for k in kinds]
    pairs = [p.split(":") for p in args.cal_pairs.split(",") if p]
    cal = [(b, *pairs[g % len(pairs)][::1 if g % 2 == 0 else -1], 500 + args.seed + g,
            args.cal_mover_ms, budget,
            args.cal_tiers.split(",") if args.cal_tiers else [args.iterations], args.cal_every,
            args.fit,
            args.cal_mover_iterations, g // 2)
           for g in range(args.cal_games) for b in args.cal_boards.split(",") if b]
    random.Random(0).shuffle(tasks)  # mix the long tasks with the short ones
    t0 = time.perf_counter()
    with Pool(args.jobs) as pool:
        done = pool.map(_drops_task, tasks, chunksize=1) if tasks else []
        cal_done: list[dict[str, Any]] = []
        # each game's points as it ends, to <points-out>.part (a long run can be read early)
        part = Path(args.points_out + ".part") if args.points_out else None
        for entries in pool.imap_unordered(_cal_task, cal, chunksize=1):
            cal_done.extend(entries)
            if part is not None:
                with part.open("a") as f:
                    f.write(json.dumps(entries) + "\n")
    out: dict[str, Any] = {"budget_ms": budget, "iterations": args.iterations,
                           "mover_ms": args.mover_ms, "games": args.games,
                           "plies": args.plies, "seed": args.seed,
                           "calibration": {game_id: shipped_scale(board)
                                           for board, (game_id, _) in BOARDS.items()}}
    drops: dict[str, dict[str, Any]] = {}
    for b in boards:
        drops[b] = {}
        for k in kinds:
            rows = [r for d in done if d["board"] == b and d["kind"] == k for r in d["rows"]]
            ms = [m for d in done if d["board"] == b and d["kind"] == k for m in d["ms"]]
            cpu = [m for d in done if d["board"] == b and d["kind"] == k for m in d["cpu_ms"]]
            if not rows:
                continue
            cell: dict[str, Any] = {"moves": len(rows),
                                    "drop": round(sum(r["drop"] for r in rows) / len(rows), 3)}
            choice = [r for r in rows if not r["forced"]]
            if choice:
                cell["drop_unforced"] = round(sum(r["drop"] for r in choice) / len(choice), 3)
            pl = [r["played_drop"] for r in rows if "played_drop" in r]
            if pl:
                cell["played_drop"] = round(sum(pl) / len(pl), 3)
                cell["marked"] = sum(1 for x in pl if x >= 0.1 - 1e-9)
            cell["max_ms"] = max(ms)  # wall-clock: longer on a loaded machine
            cell["max_cpu_ms"] = max(cpu)
            drops[b][k] = cell
    out["drops"] = drops
    # every drops game's moves with their raw chances, by game: the calibration's lean
    moves: dict[str, list[dict[str, Any]]] = {}
    if args.fit:
        for d in done:
            moves.setdefault(BOARDS[d["board"]][0], []).extend(d["rows"])
    for name in args.moves_from or []:
        for g, rows in json.loads(Path(name).read_text()).items():
            moves.setdefault(g, []).extend(rows)
    if args.moves_out and moves:
        Path(args.moves_out).write_text(json.dumps(moves) + "\n")
    for name in args.fit_from or []:  # calibration games measured earlier (--points-out)
        cal_done.extend(json.loads(Path(name).read_text()))
    if cal_done:
        by_game: dict[str, list[tuple[float, float]]] = {}
        for c in cal_done:
            by_game.setdefault(c["key"], []).extend(c["points"])
        allp = [p for c in cal_done for p in c["points"]]
        out["reliability"] = {"all": reliability(allp),
                              **{g: reliability(p) for g, p in by_game.items()}}
        if args.fit:
            out["fit"] = {g: fit_scale(p) for g, p in by_game.items()}  # per board, no lean
            # shipped (each game's calibration): one Scale per game (per game and tier with
            # --cal-tiers), the lean from the drops games' moves
            pooled: dict[str, list[dict[str, Any]]] = {}
            for c in cal_done:
                tier = c.get("tier")
                pooled.setdefault(c["game"] if tier in (None, args.iterations) else
                                  f"{c['game']}@{tier}", []).append(c)
            out["scale"] = {g: fit_game([p for c in cs for p in c["points"]],
                                        moves.get(g.split("@")[0], []))
                            for g, cs in pooled.items()}
            # checked: two-fold, each half of the rounds read with the other half's fit
            held: dict[str, list[tuple[float, float]]] = {}
            for g, cs in pooled.items():
                halves = [[c for c in cs if _round(c) % 2 == side] for side in (0, 1)]
                for fit_on, read in (halves, halves[::-1]):
                    fit = fit_game([p for c in fit_on for p in c["points"]],
                                   moves.get(g.split("@")[0], []))
                    held.setdefault(g, []).extend(
                        (round(calibrate(p, *fit, mid), 3), o)
                        for c in read for p, o, mid in map(_point, c["points"]))
            out["held_out"] = {"all": reliability([p for v in held.values() for p in v]),
                               **{g: reliability(p) for g, p in held.items()}}
            # the scale shipped today, read on these games (held out when they are new)
            out["shipped"] = {g: reliability([pt for c in cs for pt in _read_shipped(c)])
                              for g, cs in pooled.items()}
            out["lean_gap"] = {  # raw: the searches' disagreement, end of a turn / inside
                g: [round(lean_gap(rows, (1.0, 0.0, 0.0, 0.0), inside), 4)
                    for inside in (False, True)] for g, rows in moves.items()}
        if args.points_out and cal:
            Path(args.points_out).write_text(json.dumps(cal_done) + "\n")
    out["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
