"""A rule lesson as a game states it (``Game.lessons``): a position and a goal, a test of
one move. What the page plays is made from it by ``nibble.puzzles.lessons``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .protocol import State

#: a goal: does ``move`` (legal in ``state``, the learner to move) do what the lesson asks
Goal = Callable[[State[Any], Any], bool]


@dataclass(frozen=True)
class Lesson:
    """A lesson: its id (the page's text keys are ``lesson.<game>.<id>.*``), the position
    (a record: options, a set-up or moves from the start), its goal, and the words the
    texts fill in (a cell, a colour)."""

    id: str
    record: dict[str, Any]
    goal: Goal
    params: dict[str, str] = field(default_factory=dict)


def after(state: State[Any], move: Any) -> State[Any]:
    """``state`` after ``move`` (a copy): what most goals look at."""
    s = state.copy()
    s.push(move)
    return s
