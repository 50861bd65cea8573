"""Rule lessons: short tasks played on the board, one per rule a newcomer must see at work
("take as many as you can", "find the capture"). Written once for every game: a game
lists its lessons (``Game.lessons = "module:NAME"``, in the game's own ``lessons.py``),
each a position and a goal; a goal is a test of one move, and the lesson's answers are
every legal move that passes it, found here from the rules themselves (never written by
hand), so a lesson cannot ask for a move the rules forbid nor leave out one they allow.
The page plays a lesson as a puzzle of one move (docs/contracts.md, "Lessons").
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core.lessons import Lesson
from ..core.protocol import Game
from ..core.record import replay, to_record
from ..games import get_game

FORMAT = "nibble-lessons/1"

class LessonError(ValueError):
    """A lesson that teaches nothing: no move meets its goal, or every move does."""


def lessons_of(game: Game) -> list[Lesson]:
    """``game``'s lessons in teaching order (``Game.lessons``), none if it has none."""
    if not game.lessons:
        return []
    module, _, name = game.lessons.partition(":")
    found: list[Lesson] = getattr(importlib.import_module(module), name)
    return list(found)


def entry(game: Game, lesson: Lesson) -> dict[str, Any]:
    """A lesson as the page plays it: the position's record, the learner's seat, every
    answer (``accept``, in the order of ``legal_moves``), the first of them as the
    solution's ``line``, and the texts' ``params``. Raises :class:`LessonError` for a
    lesson whose goal no legal move meets, or every legal move meets."""
    state = replay({"format": "nibble-record/1", "game": game.id, **lesson.record})
    if state.is_over():
        raise LessonError(f"{game.id} lesson {lesson.id!r}: the game is over there.")
    legal = state.legal_moves()
    accept = [state.move_to_str(m) for m in legal if lesson.goal(state.copy(), m)]
    if not accept:
        raise LessonError(f"{game.id} lesson {lesson.id!r}: no move meets its goal.")
    if len(accept) == len(legal):
        raise LessonError(f"{game.id} lesson {lesson.id!r}: every move meets its goal.")
    return {
        "id": f"{game.id}-{lesson.id}",
        "lesson": lesson.id,
        "game": game.id,
        "options": dict(state.options),
        "record": to_record(state),
        "solver": state.to_move,
        "line": accept[:1],
        "accept": accept,
        "params": dict(lesson.params),
        "themes": [],
    }


def lessons_file(game_id: str) -> dict[str, Any]:
    """The page's lessons of one game (``lessons/<game>.json`` of the built site)."""
    game = get_game(game_id)
    return {"format": FORMAT, "game": game.id,
            "lessons": [entry(game, lesson) for lesson in lessons_of(game)]}

