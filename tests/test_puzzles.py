"""The puzzle maker (nibble/puzzles, docs/puzzles.md): each criterion of a puzzle has a
test that fails if it is broken. Most give the judging code a made-up search (the
judging functions take the search as a parameter); one runs the real engine end to end
on a tiny budget."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_toy_game import TakeAwayGame

from nibble.cli import main as cli_main
from nibble.core.protocol import State
from nibble.core.record import replay
from nibble.games import GAMES, get_game
from nibble.puzzles import judge, rating
from nibble.puzzles.mine import judge_start, mine_game
from nibble.puzzles.record import board_name, puzzle_id
from nibble.puzzles.runner import main as make_puzzles
from nibble.puzzles.search import EngineSearch, Look, Ranked
from nibble.puzzles.store import Store
from nibble.puzzles.themes import Line, themes_for

ROOT = Path(__file__).resolve().parent.parent

# -- a made-up search ---------------------------------------------------------------------


class TheorySearch:
    """Take-away's theory as a search: the side to move wins (0.95) unless the pile is a
    multiple of ``most + 1`` (0.05). ``bend`` changes what it says of a position (``scale``
    is the budget's multiple: the check searches at ``judge.VERIFY``)."""

    iterations = 1

    def __init__(self, bend: Callable[[State[Any], int, list[Ranked]], list[Ranked]]
                 | None = None) -> None:
        self.bend = bend
        self.ranks = 0

    #: what ``prove`` answers: None (no position small enough), or a function of the
    #: position giving each move's exact value
    proofs: Callable[[State[Any]], list[tuple[Any, int]] | None] | None = None

    def prove(self, state: State[Any]) -> list[tuple[Any, int]] | None:
        return None if self.proofs is None else self.proofs(state)

    def value(self, state: Any) -> float:
        if state.is_over():
            return 1.0 if state.result.winner == state.to_move else 0.0
        return 0.05 if state.left % (state.most + 1) == 0 else 0.95

    def look(self, state: State[Any], scale: int = 1) -> Look:
        p = self.value(state)
        me = state.to_move
        chances = [p if s == me else 1 - p for s in range(2)]
        ranked = [] if state.is_over() else self.rank(state, scale)
        return Look(chances, ranked[0].move if ranked else None)

    def rank(self, state: State[Any], scale: int = 1) -> list[Ranked]:
        self.ranks += 1
        out = []
        for m in state.legal_moves():
            child = state.copy()
            child.push(m)
            out.append(Ranked(m, 1 - self.value(child)))
        out.sort(key=lambda r: -r.chances)
        return self.bend(state, scale, out) if self.bend else out


def pile(left: int, most: int = 3) -> State[Any]:
    game = TakeAwayGame()
    return game.new_state(game.normalize_options({"pile": left, "most": most, "seed": 1}))


# -- the swing of the mistake ------------------------------------------------------------------


def test_a_puzzle_starts_after_a_swing_to_a_win() -> None:
    assert judge.swing(0.5, 0.85) is None
    assert judge.swing(0.65, 0.95) is None  # the limits themselves are in
    assert judge.swing(0.5, 0.8) is None


def test_a_solver_already_winning_before_the_mistake_is_rejected() -> None:
    assert judge.swing(0.66, 0.99) == "already-winning"
    verdict = judge_start(TheorySearch(), pile(7), 0.7, 0.95, "k")
    assert verdict["verdict"] == "rejected" and verdict["why"] == "already-winning"


def test_too_small_a_swing_or_no_win_after_it_is_rejected() -> None:
    assert judge.swing(0.55, 0.84) == "small-swing"
    assert judge.swing(0.3, 0.79) == "not-winning"


# -- one good move at every solver move ---------------------------------------------------------


def test_a_gap_under_the_limit_is_rejected() -> None:
    def close(state: State[Any], scale: int, ranked: list[Ranked]) -> list[Ranked]:
        return [ranked[0], Ranked(ranked[1].move, ranked[0].chances - 0.34), *ranked[2:]]

    assert judge.solver_step(TheorySearch(close), pile(7)) == "gap"
    assert judge_start(TheorySearch(close), pile(7), 0.5, 0.95, "k")["why"] == "gap"


def test_the_only_proved_win_needs_no_gap() -> None:
    ranked = [Ranked(1, 0.6, True, True), Ranked(2, 0.5, True, False)]
    assert judge.one_good_move(ranked) == (True, 0.1, True)
    unproved = [Ranked(1, 0.6, True, True), Ranked(2, 0.5, False, False)]
    assert judge.one_good_move(unproved)[0] is False  # the other move might win too
    two = [Ranked(1, 1.0, True, True), Ranked(2, 1.0, True, True)]
    assert judge.one_good_move(two)[0] is False


def test_the_longer_check_must_confirm_move_and_gap() -> None:
    def other_move(state: State[Any], scale: int, ranked: list[Ranked]) -> list[Ranked]:
        return ranked[::-1] if scale >= judge.VERIFY else ranked

    def gap_closes(state: State[Any], scale: int, ranked: list[Ranked]) -> list[Ranked]:
        if scale < judge.VERIFY:
            return ranked
        return [ranked[0], Ranked(ranked[1].move, ranked[0].chances - 0.2), *ranked[2:]]

    assert judge.solver_step(TheorySearch(other_move), pile(7)) == "check"
    assert judge.solver_step(TheorySearch(gap_closes), pile(7)) == "check"
    step = judge.solver_step(TheorySearch(), pile(7))
    assert isinstance(step, judge.Step) and step.move == 3
    assert step.gap == step.checked_gap == 0.9


def test_the_exact_solver_overrules_the_searches_where_it_reaches() -> None:
    """A position small enough for the exact solver: the move must be proved to win and
    no other move may win; beyond its bound (None) the searches' judgement stands."""
    def search(proofs: Callable[[State[Any]], list[tuple[Any, int]] | None]) -> TheorySearch:
        s = TheorySearch()
        s.proofs = proofs
        return s

    alone = search(lambda st: [(m, 1 if m == 3 else -1) for m in st.legal_moves()])
    step = judge.solver_step(alone, pile(7))
    assert isinstance(step, judge.Step) and step.move == 3
    both = search(lambda st: [(m, 1 if m in (1, 3) else -1) for m in st.legal_moves()])
    assert judge.solver_step(both, pile(7)) == "exact"
    loses = search(lambda st: [(m, 0 if m == 3 else -1) for m in st.legal_moves()])
    assert judge.solver_step(loses, pile(7)) == "exact"
    assert judge_start(loses, pile(7), 0.5, 0.95, "k")["why"] == "exact"
    unknown = search(lambda st: None)
    assert isinstance(judge.solver_step(unknown, pile(7)), judge.Step)


def test_the_engine_proves_a_small_position_move_by_move() -> None:
    """EngineSearch.prove on a Nibble endgame small enough: each move once, its value the
    one a plain search of the rules gives; a big position is beyond it."""
    puzzle = json.loads((ROOT / "data" / "puzzles" / "nibble-hex13.jsonl").read_text()
                        .splitlines()[0])
    state = replay(puzzle["record"])
    while len(state.legal_moves()) > 6 and not state.is_over():
        state.push(state.legal_moves()[0])
    assert not state.is_over()

    def plain(s: State[Any]) -> int:  # the value for the side to move, by the rules alone
        if s.result is not None:
            return 0 if s.result.winner is None else 1 if s.result.winner == s.to_move else -1
        best, me = -1, s.to_move
        for m in s.legal_moves():
            s.push(m)
            best = max(best, plain(s) if s.to_move == me else -plain(s))
            s.pop()
            if best == 1:
                break
        return best

    values = EngineSearch().prove(state)
    assert values is not None and len(values) == len(state.legal_moves())
    for move, value in values:
        child = state.copy()
        child.push(move)
        assert value == (plain(child) if child.to_move == state.to_move else -plain(child))
    nibble = get_game("nibble")
    assert EngineSearch().prove(nibble.new_state(nibble.normalize_options({"seed": 1}))) is None


def test_a_twin_is_no_second_good_move() -> None:
    """Number One: two paths of a peg to one hole reach one position, so the engine's
    ranking searches it once; every position a move reaches is ranked once."""
    state = get_game("number-one").new_state({"players": 2, "seed": 3})
    reached: dict[str, list[str]] = {}
    for m in state.legal_moves():
        child = state.copy()
        child.push(m)
        reached.setdefault(child.position(), []).append(state.move_to_str(m))
    assert any(len(moves) > 1 for moves in reached.values())  # the start has twins
    ranked = EngineSearch(iterations=4).rank(state)
    positions = []
    for r in ranked:
        child = state.copy()
        child.push(r.move)
        positions.append(child.position())
    assert sorted(positions) == sorted(reached)  # each once, none left out
    firsts = {moves[0] for moves in reached.values()}
    assert {state.move_to_str(r.move) for r in ranked} == firsts  # the first path of each


# -- the line -------------------------------------------------------------------------------------


def test_a_line_alternates_and_ends_on_a_solver_move() -> None:
    line = judge.find_line(TheorySearch(), pile(7), 0)
    assert line.why is None and line.moves == [3, 1, 3] and len(line.steps) == 2
    s = pile(7)
    for m in line.moves:
        s.push(m)
    assert s.result is not None and s.result.winner == 0  # the solver's last move won


def test_a_forced_solver_move_ends_the_line_before_it() -> None:
    # 5: the solver takes 1 (4 left), the reply takes 3, the solver's last counter is forced
    def best_reply_takes_three(state: State[Any], scale: int, ranked: list[Ranked]
                               ) -> list[Ranked]:
        return sorted(ranked, key=lambda r: (-r.chances, -r.move))

    line = judge.find_line(TheorySearch(best_reply_takes_three), pile(5), 0)
    assert line.moves == [1] and len(line.steps) == 1


def test_a_line_of_forced_solver_moves_is_no_puzzle() -> None:
    line = judge.find_line(TheorySearch(), pile(1), 0)
    assert line.why == "forced" and not line.moves
    assert judge_start(TheorySearch(), pile(1), 0.5, 0.95, "k")["why"] == "forced"


def test_a_line_has_four_solver_moves_at_most() -> None:
    line = judge.find_line(TheorySearch(), pile(39), 0)  # ten solver moves to the end
    assert len(line.steps) == judge.MAX_SOLVER_MOVES
    assert len(line.moves) == 2 * judge.MAX_SOLVER_MOVES - 1


# -- positions judged once, up to symmetry -------------------------------------------------------


def mirrored(setup: str) -> str:
    """A Nibble or Nebuchadnezzar set-up with its rows in the opposite order."""
    board, _, rest = setup.partition(" ")
    head, _, rows = board.partition(":")
    return f"{head}:{'/'.join(rows.split('/')[::-1])} {rest}".strip()


@pytest.mark.parametrize("game_id, options", [("nibble", {"variant": "square9"}),
                                              ("nebuchadnezzar", {"size": 6})])
def test_a_mirror_image_has_the_same_canonical_key(game_id: str,
                                                   options: dict[str, Any]) -> None:
    game = get_game(game_id)
    opts = game.normalize_options({**options, "seed": 5})
    s = game.new_state(opts)
    for _ in range(3):
        s.push(s.legal_moves()[len(s.legal_moves()) // 2])
    setup = s.position() + ("" if game_id == "nebuchadnezzar" else s.setup()[
        s.setup().index(" "):])
    a = game.from_setup(setup, opts)
    b = game.from_setup(mirrored(setup), opts)
    assert a.position() != b.position()
    assert a.canonical_key() == b.canonical_key()
    c = game.from_setup(setup, opts)
    c.push(c.legal_moves()[0])
    assert c.canonical_key() != a.canonical_key()


@pytest.mark.lab  # the maker: CPython only (tests/conftest.py)
def test_a_position_judged_before_is_skipped_and_symmetric_ones_too(tmp_path: Path) -> None:
    store = Store(tmp_path, "take-away")
    assert store.judge("k1", "rejected", "gap")
    assert not store.judge("k1", "accepted", "ok")  # a second verdict is never kept
    again = Store(tmp_path, "take-away")
    assert again.judged == {"k1"}


@pytest.mark.lab  # the maker: CPython only (tests/conftest.py)
def test_mining_skips_the_positions_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    game = TakeAwayGame()
    monkeypatch.setitem(GAMES, game.id, game)  # a game no code of the maker knows
    out = mine_game(TheorySearch(), game.id, {"pile": 9}, 1, 0, set())
    keys = {v["key"] for v in out.verdicts}
    assert keys
    again = mine_game(TheorySearch(), game.id, {"pile": 9}, 1, 0, keys)
    assert again.verdicts == [] and again.finished


# -- rating, themes, files ------------------------------------------------------------------------


def test_the_rating_follows_the_weakest_level_that_finds_the_move() -> None:
    names = [level for level, _ in rating.LEVELS]
    assert rating.rating(dict.fromkeys(names, True)) == 800
    assert rating.rating({"medium": True, "hard": True, "expert": True}) == 1400
    assert rating.rating({"medium": True, "expert": True}) == 1500  # hard misses it
    assert rating.rating({}) == 2300


@pytest.mark.parametrize("game_id, options", [("nibble", {"variant": "square9"}),
                                              ("nebuchadnezzar", {"size": 5}),
                                              ("number-one", {"players": 2})])
def test_themes_come_from_the_games_list(game_id: str, options: dict[str, Any]) -> None:
    game = get_game(game_id)
    themes = themes_for(game)
    assert themes.names and len(set(themes.names)) == len(themes.names)
    s = game.new_state(game.normalize_options({**options, "seed": 2}))
    moves = []
    while not s.is_over() and len(moves) < 200:
        m = s.legal_moves()[(len(moves) * 7) % len(s.legal_moves())]
        moves.append(m)
        s.push(m)
    for cut in range(0, len(moves) - 5, 9):
        start = s.copy()
        while len(start.moves) > cut:
            start.pop()
        found = themes.detect(Line(start, moves[cut:cut + 5], start.to_move, True))
        assert set(found) <= set(themes.names)


def test_nebuchadnezzar_names_its_captures_and_the_pie() -> None:
    game = get_game("nebuchadnezzar")
    opts = game.normalize_options({"size": 5, "seed": 1})
    s = game.from_setup("neb5:bb.../w..../bb.../...../..... b", opts)
    line = [s.parse_move("xa2:a2")]
    found = themes_for(game).detect(Line(s, line, s.to_move, False))
    assert "capture" in found and "double-capture" not in found
    s2 = game.new_state(opts)
    s2.push(s2.parse_move("c3"))
    found = themes_for(game).detect(Line(s2, [s2.parse_move("swap")], s2.to_move, False))
    assert found == ["pie"]


def test_board_names() -> None:
    assert board_name(get_game("nibble"), {"variant": "square9"}) == "nibble-square9"
    assert board_name(get_game("nebuchadnezzar"), {"size": 6}) == "nebuchadnezzar-size6"
    assert board_name(get_game("number-one"), {"players": 2}) == "number-one-players2"


@pytest.mark.lab  # the maker: CPython only (tests/conftest.py)
def test_only_the_runner_starts_processes() -> None:
    for path in (ROOT / "nibble" / "puzzles").glob("*.py"):
        if path.name != "runner.py":
            assert "multiprocessing" not in path.read_text(), path


@pytest.mark.lab  # the maker: CPython only (tests/conftest.py)
def test_the_cli_help_names_the_criteria(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli_main(["puzzles", "--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "--jobs" in out and "--minutes" in out and "0.35" in out


# -- the real engine, end to end -------------------------------------------------------------------


@pytest.mark.lab  # the maker: CPython only (tests/conftest.py)
def test_the_engine_makes_puzzles_that_replay_and_resumes(tmp_path: Path) -> None:
    args = ["--game", "nibble", "--variant", "square9", "--games", "2", "--seed", "1",
            "--iterations", "100", "--out", str(tmp_path), "--quiet"]
    assert make_puzzles(args) == 0
    puzzles = [json.loads(x) for x in (tmp_path / "nibble-square9.jsonl").read_text()
               .splitlines()]
    side = [json.loads(x) for x in (tmp_path / "nibble-square9.judged.jsonl").read_text()
            .splitlines()]
    assert puzzles, "seed 1 makes puzzles in its first two games"
    names = set(themes_for(get_game("nibble")).names)
    for p in puzzles:
        state = replay(p["record"])
        assert len(state.moves) == p["ply"] and state.to_move == p["solver"]
        assert p["id"] == puzzle_id("nibble", state.canonical_key())
        assert {"key": p["id"], "verdict": "accepted", "why": "ok"}.items() <= next(
            e for e in side if e.get("key") == p["id"]).items()
        before, after = p["values"]["before"], p["values"]["after"]
        assert judge.swing(before, after) is None
        solver_moves = 0
        for text in p["line"]:
            mine = state.to_move == p["solver"]
            assert len(state.legal_moves()) > 1 or not mine  # no forced solver move
            solver_moves += mine
            state.play(text)
        assert 1 <= solver_moves <= judge.MAX_SOLVER_MOVES
        assert len(p["values"]["gaps"]) == solver_moves
        assert state.moves and _mover_of_last(state) == p["solver"]
        for gap, checked, exact in zip(p["values"]["gaps"], p["values"]["checked_gaps"],
                                       p["values"]["exact"], strict=True):
            assert exact or (gap >= judge.GAP and checked >= judge.GAP)
        assert p["values"]["budgets"] == {"search": 100, "check": 1000}
        assert set(p["themes"]) <= names
        assert 800 <= p["rating"] <= 2300
    keys = [e["key"] for e in side if "key" in e]
    assert len(keys) == len(set(keys))
    assert [e["game"] for e in side if "game" in e] == ["1:0", "1:1"]
    # again: the two games are done, the next one is played and appended
    assert make_puzzles([*args[:4], "--games", "1", *args[6:]]) == 0
    side2 = [json.loads(x) for x in (tmp_path / "nibble-square9.judged.jsonl").read_text()
             .splitlines()]
    assert side2[:len(side)] == side
    assert [e["game"] for e in side2 if "game" in e] == ["1:0", "1:1", "1:2"]
    keys2 = [e["key"] for e in side2 if "key" in e]
    assert len(keys2) == len(set(keys2))


def _mover_of_last(state: State[Any]) -> int:
    last = state.pop()
    seat = state.to_move
    state.push(last)
    return seat


def _random_game(game_id: str, options: dict[str, Any], seed: int) -> State[Any]:
    game = get_game(game_id)
    s = game.new_state(game.normalize_options({**options, "seed": seed}))
    k = seed
    while not s.is_over():
        k = (k * 1103515245 + 12345) % 2**31
        s.push(s.legal_moves()[k % len(s.legal_moves())])
    return s


def test_number_one_names_a_peg_that_has_to_leave() -> None:
    from nibble.games.number_one.moves import REMOVE, size_of

    seen: set[str] = set()
    for seed in range(1, 30):
        s = _random_game("number-one", {"players": 2}, seed)
        moves = list(s.moves)
        for i, m in enumerate(moves):
            start = s.copy()
            while len(start.moves) > max(0, i - 2):
                start.pop()
            mover = start.copy()
            for x in moves[len(start.moves):i]:
                mover.push(x)
            if not m & REMOVE or start.to_move == mover.to_move:
                continue
            found = themes_for(s.game).detect(Line(start, moves[len(start.moves):i + 1],
                                                   start.to_move, False))
            want = "knock-out" if size_of(m) == 0 else "blockade"
            assert want in found
            seen.add(want)
        if seen == {"knock-out", "blockade"}:
            break
    assert seen == {"knock-out", "blockade"}


def test_nibble_names_how_the_line_wins() -> None:
    for seed in range(1, 6):
        s = _random_game("nibble", {"variant": "square9"}, seed)
        last = s.pop()
        found = themes_for(s.game).detect(Line(s, [last], s.to_move, False))
        s.push(last)
        r = s.result
        assert r is not None
        assert {"all-of-colour": "all-of-a-colour", "three-adjacent": "three-adjacent-colours"
                }.get(r.reason, "majority-of-majorities") in found


@pytest.mark.lab  # the maker: CPython only (tests/conftest.py)
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_run_out_of_time_starts_no_more_games(tmp_path: Path, jobs: int,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """--minutes ends a run: no game is handed out after it, however many --games are
    left (a run of two processes used to hand out every one of them, each cut short)."""
    assert make_puzzles(["--games", "200", "--minutes", "0", "--seed", "1", "--jobs",
                         str(jobs), "--out", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "game 1:" not in captured.err  # not one game played, cut short or not
    assert captured.out.startswith("0 games, 0 new puzzles")
    assert not (tmp_path / "nibble-square9.judged.jsonl").exists()


@pytest.mark.skipif(sys.platform == "emscripten", reason="starts processes")
def test_jobs_make_the_same_puzzles(tmp_path: Path) -> None:
    """Two processes play the same games as one and keep the same puzzles."""
    made = {}
    for jobs in (1, 2):
        out = tmp_path / str(jobs)
        assert make_puzzles(["--games", "2", "--seed", "1", "--iterations", "100", "--jobs",
                             str(jobs), "--out", str(out), "--quiet"]) == 0
        lines = (out / "nibble-square9.jsonl").read_text().splitlines()
        made[jobs] = sorted(json.loads(x)["id"] for x in lines)
    assert made[1] and made[1] == made[2]
