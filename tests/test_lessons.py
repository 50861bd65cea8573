"""Rule lessons (issue 45 part 8; nibble/core/lessons.py, nibble/puzzles/lessons.py, each
game's lessons.py): every lesson's position replays, its answers are exactly the moves
the rules make right for what it asks (checked here from the rules, independently of the
lesson's own goal), a lesson that teaches nothing fails the build, and every lesson has
its words in every language of the page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from nibble.core.lessons import Lesson
from nibble.core.record import replay
from nibble.games import GAMES, get_game
from nibble.puzzles.lessons import LessonError, entry, lessons_file, lessons_of
from tests.util_i18n import table as i18n_table

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("title", "goal", "text", "done", "wrong")
LANGUAGES = ("en", "uk", "ko")


def keys_of(lang: str) -> dict[str, Any]:
    """The page's translation table of ``lang``, every game's words included."""
    return i18n_table(lang)


def after(state: Any, text: str) -> Any:
    s = state.copy()
    s.push(s.parse_move(text))
    return s


def legal(state: Any) -> list[str]:
    return [state.move_to_str(m) for m in state.legal_moves()]


def test_every_game_has_three_to_five_lessons() -> None:
    for game_id in GAMES:
        lessons = lessons_file(game_id)["lessons"]
        assert 3 <= len(lessons) <= 5, game_id
        assert len({x["id"] for x in lessons}) == len(lessons)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_lesson_replays_and_its_answers_are_legal_and_not_every_move(game_id: str) -> None:
    for lesson in lessons_file(game_id)["lessons"]:
        state = replay(lesson["record"])
        assert not state.is_over() and state.to_move == lesson["solver"], lesson["id"]
        moves = legal(state)
        assert lesson["accept"] and set(lesson["accept"]) < set(moves), lesson["id"]
        assert lesson["line"] == lesson["accept"][:1]
        assert lesson["id"] == f"{game_id}-{lesson['lesson']}"


def answers(game_id: str, name: str) -> tuple[list[str], list[str]]:
    found = next(x for x in lessons_file(game_id)["lessons"] if x["lesson"] == name)
    state = replay(found["record"])
    return found["accept"], legal(state)


def test_nibble_several_is_the_biggest_take_at_the_start() -> None:
    accept, moves = answers("nibble", "several")
    biggest = max(m.count("+") for m in moves)
    assert biggest == 2  # three corners of one colour
    assert accept == [m for m in moves if m.count("+") == biggest]


@pytest.mark.parametrize(("name", "reason"), [("all-of-a-colour", "all-of-colour"),
                                              ("three-neighbours", "three-adjacent")])
def test_nibble_instant_win_lessons_are_won_by_their_answers_alone(name: str, reason: str) -> None:
    found = next(x for x in lessons_file("nibble")["lessons"] if x["lesson"] == name)
    state = replay(found["record"])
    for move in legal(state):
        result = after(state, move).result
        wins = result is not None and result.winner == state.to_move and result.reason == reason
        assert wins == (move in found["accept"]), move
        # and no other move wins the game at all: a win the lesson calls wrong would puzzle
        assert (result is not None and result.winner == state.to_move) == wins, move


def test_nibble_denial_answers_leave_the_opponent_no_instant_win() -> None:
    found = next(x for x in lessons_file("nibble")["lessons"] if x["lesson"] == "denial")
    state = replay(found["record"])
    me = state.to_move

    threatened = 0
    for move in legal(state):
        later = after(state, move)
        assert not later.is_over()
        # the opponent is to move after my take: do they have a take that wins at once?
        wins = any(instant_win(after(later, reply), 1 - me) for reply in legal(later))
        assert wins == (move not in found["accept"]), move
        threatened += wins
    assert threatened == len(legal(state)) - len(found["accept"]) > 0


def instant_win(state: Any, seat: int) -> bool:
    result = state.result
    return result is not None and result.winner == seat \
        and result.reason in ("all-of-colour", "three-adjacent")


def test_nebuchadnezzar_lessons() -> None:
    accept, moves = answers("nebuchadnezzar", "capture")
    assert accept == [m for m in moves if m.startswith("x")] and len(accept) == 1
    accept, moves = answers("nebuchadnezzar", "bigger-capture")
    captures = [m for m in moves if m.startswith("x")]
    assert len(captures) >= 2

    def size(m: str) -> int:
        (c0, r0), (c1, r1) = [(ord(p[0]), int(p[1:])) for p in m[1:].split(":")]
        return (c1 - c0 + 1) * (r1 - r0 + 1)

    assert accept == [m for m in captures if size(m) == max(map(size, captures))]
    assert len({size(m) for m in captures}) > 1
    accept, moves = answers("nebuchadnezzar", "swap")
    assert accept == ["swap"] and len(moves) > 1


def test_number_one_lessons() -> None:
    accept, moves = answers("number-one", "token")
    assert accept == [m for m in moves if m.startswith("S-") and not m.endswith(("*", "x"))]
    assert any(m.startswith("S-") and m.endswith("*") for m in moves)  # a wrong landing exists
    found = next(x for x in lessons_file("number-one")["lessons"] if x["lesson"] == "reach")
    cell = found["params"]["cell"]
    accept, moves = answers("number-one", "reach")
    assert accept == [m for m in moves if m.split("-")[-1] == cell]
    # one peg only can reach it
    assert len({m[0] for m in accept}) == 1


def test_number_one_knock_out_leaves_the_opponent_out_whatever_they_play() -> None:
    found = next(x for x in lessons_file("number-one")["lessons"] if x["lesson"] == "knock-out")
    state = replay(found["record"])
    me = state.to_move

    def out_whatever(s: Any, seat: int, depth: int = 0) -> bool:
        if s.is_over():
            return bool(s.result.winner == me)
        if seat in s.view()["out"]:
            return True
        if s.to_move != seat or depth > 4:
            return False
        return all(out_whatever(after(s, m), seat, depth + 1) for m in legal(s))

    for move in legal(state):
        later = after(state, move)
        knocked = later.to_move != me and out_whatever(later, later.to_move)
        assert knocked == (move in found["accept"]), move


def test_a_lesson_that_teaches_nothing_fails() -> None:
    game = get_game("nibble")
    record = {"options": {"variant": "square9", "seed": 0}, "moves": []}
    with pytest.raises(LessonError, match="no move"):
        entry(game, Lesson("none", record, lambda state, move: False))
    with pytest.raises(LessonError, match="every move"):
        entry(game, Lesson("all", record, lambda state, move: True))


def test_the_build_writes_each_games_lessons(tmp_path: Path) -> None:
    import sys
    sys.path.insert(0, str(ROOT / "scripts"))
    from puzzles_page import write_lessons

    written = write_lessons(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{g}.json" for g in GAMES)
    for path in written:
        page = json.loads(path.read_text(encoding="utf-8"))
        assert page["format"] == "nibble-lessons/1"
        assert page == lessons_file(page["game"])


def test_every_lesson_has_its_words_in_every_language() -> None:
    tables = {lang: keys_of(lang) for lang in LANGUAGES}
    for game_id in GAMES:
        for lesson in lessons_of(get_game(game_id)):
            for part in PARTS:
                key = f"lesson.{game_id}.{lesson.id}.{part}"
                for lang, table in tables.items():
                    assert table.get(key), f"{lang}: {key}"
                    # the texts' {names} are the lesson's params, in every language
                    names = set(re.findall(r"{(\w+)}", table[key]))
                    assert names <= set(lesson.params), f"{lang}: {key}"
