"""One game of the maker: the engine plays itself, every position is valued, and each
position where the opponent's move left the solver winning is judged as a puzzle start
(:mod:`.judge`). No files and no processes here (:mod:`.runner` has them)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from ..ai.levels import make_player
from ..ai.mcts import Budget
from ..core.protocol import NEW_SEEDS, State
from ..games import get_game
from . import judge, rating
from .record import make_record, puzzle_id
from .search import Search
from .themes import Line, themes_for

#: pairs of levels that play the maker's games (a weaker side makes more mistakes)
PAIRS = (("easy", "medium"), ("medium", "hard"), ("easy", "hard"), ("medium", "medium"),
         ("hard", "medium"), ("hard", "easy"))
#: iterations a move of the levels that search (no clock: the games are reproducible)
PLAY_ITERATIONS = {"medium": 200, "hard": 300, "expert": 1000}
#: random moves at most at the start of a game, so that games differ
OPENING = 4
MAX_PLIES = 600


@dataclass
class GameResult:
    """What one game gave: a verdict per position judged (``key``, ``verdict``, ``why``)
    and the puzzles; ``finished`` False if the deadline came first."""

    tag: str
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    puzzles: list[dict[str, Any]] = field(default_factory=list)
    finished: bool = True


def game_tag(seed: int, index: int) -> str:
    return f"{seed}:{index}"


def play_game(game_id: str, options: dict[str, Any], seed: int, index: int) -> State[Any]:
    """Game ``index`` of the run seeded ``seed``: its board, its pair of levels and its
    opening all follow from the two."""
    rng = random.Random(game_tag(seed, index))
    game = get_game(game_id)
    opts = game.normalize_options({**options, "seed": rng.randrange(NEW_SEEDS)})
    state = game.new_state(opts)
    pair = PAIRS[rng.randrange(len(PAIRS))]
    players = [make_player(level, rng.randrange(2**31)) for level in pair]
    opening = rng.randrange(OPENING + 1)
    while not state.is_over() and len(state.moves) < MAX_PLIES:
        moves = state.legal_moves()
        if len(state.moves) < opening:
            move = moves[rng.randrange(len(moves))]
        else:
            seat = state.to_move
            level = pair[seat % 2]
            budget = Budget(None, PLAY_ITERATIONS.get(level, 1))
            move = players[seat % 2].choose(state.copy(), budget).move
        state.push(move)
    return state


def mine_game(search: Search, game_id: str, options: dict[str, Any], seed: int, index: int,
              judged: set[str], deadline: float | None = None) -> GameResult:
    """Play game ``index`` and judge its positions (those whose canonical key is in
    ``judged`` are skipped)."""
    out = GameResult(game_tag(seed, index))
    played = play_game(game_id, options, seed, index)
    state = _start_of(played)
    # each seat's chances where the turn of the seat that moved last began: the mistake
    # is that whole turn (Number One's is a move per peg)
    before: list[float] | None = None
    mine: set[str] = set()  # judged in this game (``judged`` is the caller's, left alone)
    for ply in range(len(played.moves) + 1):
        if deadline is not None and time.monotonic() > deadline:
            out.finished = False
            return out
        if state.is_over():
            break
        seen = search.look(state)
        mover = _last_mover(state)
        solver = state.to_move
        if before is not None and mover is not None and mover != solver \
                and seen.chances[solver] >= judge.AFTER:
            key = puzzle_id(game_id, state.canonical_key())  # short: the side file grows
            if key not in judged and key not in mine:
                mine.add(key)
                verdict = judge_start(search, state, before[solver], seen.chances[solver],
                                      key, seed)
                out.verdicts.append(verdict)
                if "puzzle" in verdict:
                    out.puzzles.append(verdict.pop("puzzle"))
        if mover != solver:  # a turn begins here
            before = seen.chances
        if ply < len(played.moves):
            state.push(played.moves[ply])
    return out


def judge_start(search: Search, start: State[Any], before: float, after: float, key: str,
                seed: int = 0) -> dict[str, Any]:
    """The verdict on ``start`` as a puzzle (the solver to move, its chances ``before``
    and ``after`` the mistake that led here, the other seat's last turn; ``key``: its id,
    :func:`.record.puzzle_id`): ``{"key", "verdict", "why"}``, with the puzzle under
    ``"puzzle"`` if accepted."""
    why = judge.swing(before, after)
    verdict: dict[str, Any] = {"key": key, "before": round(before, 3),
                               "after": round(after, 3)}
    if why is not None:
        return {**verdict, "verdict": "rejected", "why": why}
    solver = start.to_move
    line = judge.find_line(search, start, solver)
    if line.why is not None or not line.steps:
        return {**verdict, "verdict": "rejected", "why": line.why or "no-line"}
    first = line.steps[0]
    themes = themes_for(start.game).detect(Line(start.copy(), list(line.moves), solver,
                                                first.exact))
    found = rating.found_by(start, first.move, seed)
    values = {
        "before": round(before, 3), "after": round(after, 3),
        "mistake": " ".join(_last_turn(start)),
        "gaps": [s.gap for s in line.steps],
        "checked_gaps": [s.checked_gap for s in line.steps],
        "exact": [s.exact for s in line.steps],
        "budgets": {"search": search.iterations, "check": search.iterations * judge.VERIFY},
        "levels": found,
    }
    puzzle = make_record(start, key, line.moves, themes, rating.rating(found), values)
    return {**verdict, "verdict": "accepted", "why": "ok", "puzzle": puzzle}


def _start_of(state: State[Any]) -> State[Any]:
    """``state``'s start position (a copy with every move taken back)."""
    s = state.copy()
    while s.moves:
        s.pop()
    return s


def _last_turn(state: State[Any]) -> list[str]:
    """The moves of the last turn before ``state`` (the seat that moved last, in a row)."""
    back = state.copy()
    seat = _last_mover(back)
    out: list[str] = []
    while back.moves and _last_mover(back) == seat:
        move = back.pop()
        out.insert(0, back.move_to_str(move))
    return out


def _last_mover(state: State[Any]) -> int | None:
    """The seat that made the last move (None at the start)."""
    if not state.moves:
        return None
    last = state.pop()
    seat = state.to_move
    state.push(last)
    return seat

