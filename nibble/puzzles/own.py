"""The bridge's ``judge`` op: is a position of the player's own game a puzzle? The page
asks it in the background for the position before each of the player's mistakes in a
finished game ("Your puzzles", docs/web.md): a puzzle when the side to move has one good
move only, by the maker's criteria (:mod:`.judge`: the best move's chances at least
``GAP`` above the second best's, or the only win the exact solver proves, confirmed by a
search ``VERIFY`` times longer). The line is that one move: the page asks the player to
find it.

Request: ``{"op": "judge", "record", "ply"?, "iterations"?, "seed"?, "budget_ms"?}``
(the position after the record's first ``ply`` moves, default all). Answer::

    {"ply", "to_move", "puzzle": bool, "why", "move", "gap", "checked_gap", "exact",
     "themes", "ms"}

``why`` is ``ok`` for a puzzle, else ``forced`` (one legal move), ``gap`` (another move
is nearly as good), ``check`` (the longer search disagrees) or ``time`` (``budget_ms``
ran out first: no verdict, the page may ask again later). Bounded by ``iterations`` a
position searched and by ``budget_ms`` in all.
"""

from __future__ import annotations

import time
from typing import Any

from ..ai.api import int_field
from ..core.errors import BadRequest, GameOver
from ..core.protocol import MAX_SEED, State
from . import judge
from .search import EngineSearch, TimeUp
from .themes import Line, themes_for

#: the judging search's budget a position (the maker's default), and its bounds
ITERATIONS = 300
MAX_ITERATIONS = 5_000
#: the whole judgement's bound, by default and at most
BUDGET_MS = 20_000
MAX_BUDGET_MS = 120_000
MAX_MOVES = 10_000


def judge_request(state: State[Any], request: dict[str, Any],
                  started: float | None = None) -> dict[str, Any]:
    """The ``judge`` op on ``state`` (the record replayed): its fields checked before any
    work (``BadRequest``), the position after ``ply`` moves judged."""
    start = time.perf_counter() if started is None else started
    iterations = int_field(request, "iterations", 1, MAX_ITERATIONS, ITERATIONS)
    seed = int_field(request, "seed", 0, MAX_SEED, 0)
    budget_ms = int_field(request, "budget_ms", 1, MAX_BUDGET_MS, BUDGET_MS)
    ply = None if request.get("ply") is None else int_field(request, "ply", 0, MAX_MOVES, 0)
    if ply is not None and ply > len(state.moves):
        raise BadRequest(f"'ply' must be a whole number from 0 to {len(state.moves)}, "
                         f"not {ply}.", "request.range", name="ply", min=0,
                         max=len(state.moves))
    while ply is not None and len(state.moves) > ply:
        state.pop()
    if state.is_over():
        raise GameOver("The game is over there: there is no move to find.", "game.over")
    search = EngineSearch(iterations, seed, start + budget_ms / 1000)
    answer: dict[str, Any] = {"ply": len(state.moves), "to_move": state.to_move,
                              "puzzle": False, "move": None, "gap": None,
                              "checked_gap": None, "exact": False, "themes": []}
    try:
        step = judge.solver_step(search, state)
    except TimeUp:
        step = "time"
    if isinstance(step, str):
        answer["why"] = step
    else:
        line = Line(state.copy(), [step.move], state.to_move, step.exact)
        answer.update(puzzle=True, why="ok", move=state.move_to_str(step.move), gap=step.gap,
                      checked_gap=step.checked_gap, exact=step.exact,
                      themes=themes_for(state.game).detect(line))
    answer["ms"] = round((time.perf_counter() - start) * 1000)
    return answer
