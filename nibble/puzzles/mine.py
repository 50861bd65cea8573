"""One game of the maker: the engine plays itself as the game's :class:`.profile.Profile`
says, every position where a turn begins is valued (one inside a turn of several moves
can be no start), and each position where the opponent's turn left the solver winning
is judged as a puzzle start (:mod:`.judge`). No files and no processes here
(:mod:`.runner` has them)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from ..ai.knowledge import knowledge_of
from ..ai.levels import make_player
from ..ai.mcts import Budget
from ..core.protocol import NEW_SEEDS, State
from ..games import get_game
from . import judge, rating
from .profile import Profile
from .record import make_record, puzzle_id
from .search import Look, Search
from .themes import Line, themes_for

#: iterations a move of the levels that search (no clock: the games are reproducible)
PLAY_ITERATIONS = {"medium": 200, "hard": 300, "expert": 1000}
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


def profile_for(game_id: str) -> Profile:
    """How the maker plays ``game_id``'s games: its knowledge's profile, else the
    default."""
    return knowledge_of(get_game(game_id)).puzzle_profile or Profile()


def play_game(game_id: str, options: dict[str, Any], seed: int, index: int,
              search: Search | None = None, looks: dict[int, Look] | None = None,
              blunders: list[int] | None = None) -> State[Any]:
    """Game ``index`` of the run seeded ``seed``: its board, its pair of levels, its
    opening and its blunders all follow from the two (and, with blunders, the judge's
    looks at the positions: ``search`` is required then). The looks taken are left in
    ``looks`` by ply, the plies of the blunders in ``blunders``."""
    rng = random.Random(game_tag(seed, index))
    game = get_game(game_id)
    profile = profile_for(game_id)
    opts = game.normalize_options({**options, "seed": rng.randrange(NEW_SEEDS)})
    state = game.new_state(opts)
    pair = profile.pairs[rng.randrange(len(profile.pairs))]
    players = [make_player(level, rng.randrange(2**31), judge=True) for level in pair]
    opening = rng.randrange(profile.opening + 1)
    # the blunders draw from a stream of their own: the one above stays as it was
    slips = random.Random(f"{game_tag(seed, index)}:blunder")
    if looks is None:
        looks = {}
    asks = bool(profile.blunder) or profile.decided is not None
    if asks and search is None:
        raise ValueError(f"{game_id}'s games need the judge's search (its profile)")
    while not state.is_over() and len(state.moves) < MAX_PLIES:
        moves = state.legal_moves()
        ply = len(state.moves)
        seat = state.to_move
        move = None
        if ply < opening:
            move = moves[rng.randrange(len(moves))]
        elif asks and search is not None and _last_mover(state) != seat:  # a turn begins
            seen = looks[ply] = search.look(state)
            if profile.decided is not None and max(seen.chances) >= profile.decided:
                break
            if profile.blunder and max(seen.chances) <= judge.BEFORE \
                    and slips.random() < profile.blunder:
                move = moves[slips.randrange(len(moves))]
                if blunders is not None:
                    blunders.append(ply)
        if move is None:
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
    looks: dict[int, Look] = {}
    played = play_game(game_id, options, seed, index, search, looks)
    state = _start_of(played)
    # each seat's chances where the turn of the seat that moved last began: the mistake
    # is that whole turn (which may be several moves)
    before: list[float] | None = None
    mine: set[str] = set()  # judged in this game (``judged`` is the caller's, left alone)
    for ply in range(len(played.moves) + 1):
        if deadline is not None and time.monotonic() > deadline:
            out.finished = False
            return out
        if state.is_over():
            break
        mover = _last_mover(state)
        solver = state.to_move
        if mover == solver:  # inside a turn: no start, and no turn begins (not looked at)
            if ply == len(played.moves):
                break
            state.push(played.moves[ply])
            continue
        seen = looks.get(ply) or search.look(state)
        if before is not None and mover is not None and seen.chances[solver] >= judge.AFTER:
            key = puzzle_id(game_id, state.canonical_key())  # short: the side file grows
            if key not in judged and key not in mine:
                mine.add(key)
                verdict = judge_start(search, state, before[solver], seen.chances[solver],
                                      key, seed)
                out.verdicts.append(verdict)
                if "puzzle" in verdict:
                    out.puzzles.append(verdict.pop("puzzle"))
        before = seen.chances  # a turn begins here
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

