"""How the puzzle maker plays its games (nibble/puzzles/mine.py, docs/puzzles.md, "How
games are played"): Nibble's games as they were when its shipped files were made, the
blunders of the other games' profiles where the profile says, the stop of a decided game,
the positions inside a turn never valued, and games that come out the same every time."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from test_puzzles import TheorySearch
from test_toy_game import TakeAwayGame

from nibble.ai import knowledge
from nibble.ai.knowledge import Knowledge
from nibble.core.protocol import State
from nibble.games import GAMES
from nibble.puzzles import judge, mine, profile
from nibble.puzzles.mine import mine_game, play_game, profile_for
from nibble.puzzles.profile import Profile
from nibble.puzzles.search import EngineSearch, Look, Ranked

#: the lab's tools run on CPython only (tests/conftest.py)
pytestmark = pytest.mark.lab

# the first moves and a hash of all the moves of games of seed 1, recorded from the code
# that made data/puzzles/nibble-*.jsonl (before profiles existed)
NIBBLE_GAMES = {
    ("square9", 0): (41, "50fe4c9bb05af9ea", "a1 b1 a2 a3 a9 c1+a8 d1+a4 e1+i1"),
    ("square9", 1): (40, "e65b4898f53250dd", "i9 i1 h1 g1+i2 a1+a9 b1+a2+h9 f1+a3"),
    ("square9", 2): (40, "14888e477aa414a3", "i1 i2+i9 h9 i3+i8 h8+g9 i4+i7 a1 b1+a9"),
    ("hex13", 0): (98, "0dedf7d4a732839c", "h1+h15 a1 i2 b1+o8 c1+a8 a7+i14 d1+a15"),
}


def _moves(state: State[Any]) -> str:
    return " ".join(state.move_to_str(m) for m in state.moves)


@pytest.mark.parametrize(("variant", "index"), sorted(NIBBLE_GAMES))
def test_nibbles_games_are_the_ones_its_files_were_made_from(variant: str, index: int) -> None:
    plies, digest, start = NIBBLE_GAMES[variant, index]
    for search in (None, CountingSearch()):  # the judge's search changes nothing
        played = play_game("nibble", {"variant": variant}, 1, index, search)
        text = _moves(played)
        assert (len(played.moves), hashlib.sha256(text.encode()).hexdigest()[:16]) \
            == (plies, digest)
        assert text.startswith(start)
        if search is not None:
            assert search.looked == []  # Nibble's games never ask the judge


# (plies, hash of the moves) of game 0 of seed 1 with the judge EngineSearch(100, 1),
# recorded from the code that made the shipped files (every MCTS child a node at once)
OTHER_GAMES = {("nebuchadnezzar", 7): (52, "af685047009e66a4"),
               ("number-one", 2): (45, "52dc5a2b43332817")}


@pytest.mark.parametrize(("game", "n"), sorted(OTHER_GAMES))
def test_the_other_games_are_the_ones_their_files_were_made_from(game: str, n: int) -> None:
    """The players' MCTS trees make a child a node only when first visited, which chooses
    the same moves until a tree fills up: at the maker's budgets it never does, so the same
    command still makes the same games."""
    options = {"size": n} if game == "nebuchadnezzar" else {"players": n}
    played = play_game(game, options, 1, 0, EngineSearch(100, 1))
    text = _moves(played)
    assert (len(played.moves), hashlib.sha256(text.encode()).hexdigest()[:16]) \
        == OTHER_GAMES[game, n]


# (verdicts, puzzles, hash of both as JSON) of mine_game(EngineSearch(100, 1), "nibble",
# square9, seed 1, game i), recorded from the code before profiles existed
NIBBLE_VERDICTS = {0: (10, 1, "569dd5be5ddd1139"), 1: (12, 1, "3506d338d33c78da")}


@pytest.mark.parametrize("index", sorted(NIBBLE_VERDICTS))
def test_nibbles_verdicts_are_the_same(index: int) -> None:
    out = mine_game(EngineSearch(100, 1), "nibble", {"variant": "square9"}, 1, index, set())
    text = json.dumps([out.verdicts, out.puzzles], sort_keys=True)
    assert (len(out.verdicts), len(out.puzzles), hashlib.sha256(text.encode()).hexdigest()[:16]) \
        == NIBBLE_VERDICTS[index]


def test_nibble_keeps_todays_profile() -> None:
    p = profile_for("nibble")
    assert p == Profile() and p.pairs == profile.PAIRS and p.opening == profile.OPENING
    assert p.blunder == 0 and p.decided is None


def test_the_other_games_play_equal_pairs_with_blunders() -> None:
    for game_id in ("nebuchadnezzar", "number-one"):
        p = profile_for(game_id)
        assert p.blunder > 0 and p.decided is not None
        assert all(a == b for a, b in p.pairs)


# -- blunders, on Take-away with a made-up judge ----------------------------------------------


class BlurSearch(TheorySearch):
    """Take-away's theory, but a pile above ``blur`` counters looks even (0.5 each): the
    judge sees such a position as balanced. Notes the piles it is asked to look at."""

    def __init__(self, blur: int = 6) -> None:
        super().__init__()
        self.blur = blur
        self.looked: list[int] = []

    def value(self, state: Any) -> float:
        if not state.is_over() and state.left > self.blur:
            return 0.5
        return super().value(state)

    def look(self, state: State[Any], scale: int = 1) -> Look:
        self.looked.append(state.left)  # type: ignore[attr-defined]
        return super().look(state, scale)


class CountingSearch:
    """A search that must not be asked anything but notes what it was asked."""

    iterations = 1

    def __init__(self) -> None:
        self.looked: list[int] = []

    def look(self, state: State[Any], scale: int = 1) -> Look:
        self.looked.append(len(state.moves))
        raise AssertionError("looked at")

    def rank(self, state: State[Any], scale: int = 1) -> list[Ranked]:
        raise AssertionError("ranked")

    def prove(self, state: State[Any]) -> list[tuple[Any, int]] | None:
        raise AssertionError("proved")


@pytest.fixture
def take_away(monkeypatch: pytest.MonkeyPatch) -> TakeAwayGame:
    game = TakeAwayGame()
    monkeypatch.setitem(GAMES, game.id, game)
    return game


def _profile(monkeypatch: pytest.MonkeyPatch, game_id: str, **kw: Any) -> None:
    """The game's knowledge gives this profile (``Knowledge.puzzle_profile``), for this
    test only."""

    class Profiled(Knowledge[Any]):
        puzzle_profile = Profile(**{"pairs": (("random", "random"),), "opening": 0, **kw})

    monkeypatch.setitem(knowledge._REGISTRY, game_id, Profiled)
    # a cache of this test's own, so that the knowledge built here goes with it
    monkeypatch.setattr(knowledge, "_CACHE", {})


def _piles_before(played: State[Any], plies: list[int]) -> list[int]:
    pile_ = played.pile  # type: ignore[attr-defined]
    return [pile_ - sum(played.moves[:k]) for k in plies]


def test_a_blunder_comes_at_a_turn_the_judge_values_as_balanced(
        take_away: TakeAwayGame, monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge sees a pile above 6 as even: with the chance 1, every turn from such a
    pile is a blunder, and none after."""
    _profile(monkeypatch, take_away.id, blunder=1.0)
    for index in range(4):
        blunders: list[int] = []
        played = play_game(take_away.id, {"pile": 20}, 1, index, BlurSearch(), None,
                           blunders)
        piles = _piles_before(played, list(range(len(played.moves))))
        assert blunders == [k for k, left in enumerate(piles) if left > 6]


def test_a_blunder_can_hand_over_a_puzzle(take_away: TakeAwayGame,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """From 9 counters (even to the judge) a random take of 3 leaves 6, where the other
    seat wins by taking 2 (to 4), its one good move: a puzzle whose mistake is the
    blunder."""
    _profile(monkeypatch, take_away.id, blunder=1.0)
    made = 0
    for index in range(10):
        out = mine_game(BlurSearch(), take_away.id, {"pile": 9}, 1, index, set())
        blunders: list[int] = []
        played = play_game(take_away.id, {"pile": 9}, 1, index, BlurSearch(), None,
                           blunders)
        assert blunders[0] == 0  # 9 counters look even: the first move is a blunder
        if played.moves[0] == 3:
            made += 1
            v = out.verdicts[0]
            assert (v["verdict"], v["before"], v["after"]) == ("accepted", 0.5, 0.95)
            assert out.puzzles[0]["line"][0] == "2" and out.puzzles[0]["ply"] == 1
    assert made


def test_the_chance_of_a_blunder(take_away: TakeAwayGame,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    counts = {}
    for chance in (0.0, 0.5):
        _profile(monkeypatch, take_away.id, blunder=chance)
        blunders: list[int] = []
        played = play_game(take_away.id, {"pile": 40, "most": 3}, 1, 0, BlurSearch(), None,
                           blunders)
        balanced = sum(1 for left in _piles_before(played, list(range(len(played.moves))))
                       if left > 6)
        counts[chance] = (len(blunders), balanced)
    assert counts[0.0][0] == 0
    assert 0 < counts[0.5][0] < counts[0.5][1]


def test_no_blunder_where_the_judge_sees_a_seat_winning(
        take_away: TakeAwayGame, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``blur`` 40 the judge sees a winner everywhere (0.95 > judge.BEFORE)."""
    _profile(monkeypatch, take_away.id, blunder=1.0)
    blunders: list[int] = []
    play_game(take_away.id, {"pile": 9}, 1, 0, BlurSearch(blur=40), None, blunders)
    assert blunders == []


def test_no_blunder_in_the_opening(take_away: TakeAwayGame,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _profile(monkeypatch, take_away.id, blunder=1.0, opening=4)
    openings = set()
    for index in range(8):
        blunders: list[int] = []
        played = play_game(take_away.id, {"pile": 20}, 1, index, BlurSearch(), None,
                           blunders)
        piles = _piles_before(played, list(range(len(played.moves))))
        balanced = [k for k, left in enumerate(piles) if left > 6]
        # the blunders are the balanced turns from some ply on: the opening's end
        assert blunders == balanced[len(balanced) - len(blunders):]
        openings.add(len(balanced) - len(blunders))
    assert len(openings) > 1  # the openings differ, and hold no blunder


def test_a_profile_with_blunders_needs_the_judge(
        take_away: TakeAwayGame, monkeypatch: pytest.MonkeyPatch) -> None:
    _profile(monkeypatch, take_away.id, blunder=0.5)
    with pytest.raises(ValueError, match="search"):
        play_game(take_away.id, {"pile": 9}, 1, 0)


def test_a_decided_game_stops_at_a_turns_start(
        take_away: TakeAwayGame, monkeypatch: pytest.MonkeyPatch) -> None:
    """Theory gives the side to move 0.95 or 0.05: with ``decided`` 0.9 the game stops at
    the first turn after the opening, and its last position is still judged."""
    _profile(monkeypatch, take_away.id, decided=0.9, opening=1)
    played = play_game(take_away.id, {"pile": 9}, 1, 0, TheorySearch())
    assert len(played.moves) == 1 and not played.is_over()
    _profile(monkeypatch, take_away.id, decided=None, opening=1)
    assert play_game(take_away.id, {"pile": 9}, 1, 0, TheorySearch()).is_over()


def test_the_blunders_own_random_stream_leaves_the_game_alone(
        take_away: TakeAwayGame, monkeypatch: pytest.MonkeyPatch) -> None:
    """A profile without blunders plays the same moves whether or not a judge is given."""
    _profile(monkeypatch, take_away.id, opening=3)
    a = play_game(take_away.id, {"pile": 15}, 1, 4)
    b = play_game(take_away.id, {"pile": 15}, 1, 4, BlurSearch())
    assert a.moves == b.moves


# -- the real engine ---------------------------------------------------------------------------


def test_positions_inside_a_turn_are_never_valued() -> None:
    """Number One's turn is a move per peg: only its first position can follow another
    seat's mistake or begin a turn, so only that one is looked at."""
    seen: list[tuple[int, bool]] = []

    class Spy(EngineSearch):
        def look(self, state: State[Any], scale: int = 1) -> Look:
            if scale == 1 and not getattr(self, "ranking", False):
                seen.append((len(state.moves), mine._last_mover(state) == state.to_move))
            return super().look(state, scale)

        def rank(self, state: State[Any], scale: int = 1) -> list[Ranked]:
            self.ranking = True
            try:
                return super().rank(state, scale)
            finally:
                self.ranking = False

    mine_game(Spy(30, 1), "number-one", {"players": 2}, 1, 0, set())
    assert seen and all(not inside for _, inside in seen)


@pytest.mark.parametrize(("game_id", "options"), [
    ("number-one", {"players": 2}), ("nebuchadnezzar", {"size": 5})])
def test_games_with_blunders_are_the_same_every_time(game_id: str,
                                                     options: dict[str, Any]) -> None:
    runs = []
    for _ in range(2):
        blunders: list[int] = []
        played = play_game(game_id, options, 3, 1, EngineSearch(40, 3), None, blunders)
        runs.append((_moves(played), blunders))
    assert runs[0] == runs[1]
    assert judge.BEFORE == 0.65 and judge.AFTER == 0.8 and judge.SWING == 0.3


def test_judge_criteria_are_the_issues() -> None:
    assert (judge.SWING, judge.AFTER, judge.BEFORE, judge.GAP, judge.VERIFY,
            judge.MAX_SOLVER_MOVES) == (0.3, 0.8, 0.65, 0.35, 10, 4)
