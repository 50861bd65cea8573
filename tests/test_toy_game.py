"""A fourth game, defined in this file and nowhere else, played through every generic door.

The executable checklist of docs/adding-a-game.md. **Take-away** is a pile of counters;
the players take turns taking one to ``most`` of them; under the ``last-wins`` ending
whoever takes the last counter wins, under ``last-loses`` whoever takes it loses. It
implements the whole game protocol (nibble/core/protocol.py) with options, notation for
moves and positions, refusals with reasons, a result and a view, and is registered for
this module only by putting it into ``nibble.games.GAMES``. Nothing else is told about
it: the bridge, the command line (play, show, moves, match, ladder), every computer level
and the rules-page builder must take it as it is. If any of them special-cased the three
known games, these tests would fail.

What else a game may give the shared code it gives from its own package, named on its
``Game`` or its ``Knowledge`` (docs/adding-a-game.md, "What else a game may give"): the
page's analysis budgets, its level ratings, a sparring partner, engine-speed cases, the
analysis's calibration and the puzzle maker's profile. The last section gives each from
this file, and checks that a game without them falls back to the defaults.

A game package under nibble/games/<id>/ has the same parts as the classes below, and its
tests the same checks as this file (rules, properties against a naive reference, bridge,
CLI, computer levels), written against its own rules.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nibble.ai import knowledge
from nibble.ai.calibration import Scale
from nibble.ai.knowledge import Knowledge, knowledge_for, register
from nibble.ai.levels import LEVELS
from nibble.ai.mcts import Budget
from nibble.ai.players import Decision
from nibble.api import handle, handle_json
from nibble.cli import main
from nibble.core.errors import BadNotation, BadSetup, GameOver, IllegalMove, NibbleError
from nibble.core.protocol import MAX_SEED, Game, Option, Result, State
from nibble.core.record import FORMAT, replay, to_record
from nibble.core.text import quote
from nibble.games import GAMES
from nibble.puzzles.profile import Profile

TOY_ID = "take-away"
MAX_PILE = 40
MAX_MOST = 5
ENDINGS = ("last-wins", "last-loses")
_SETUP = re.compile(r"take:(\d{1,2}) ([12])")
_MOVE = re.compile(r"0|[1-9][0-9]?")  # a count, written without leading zeros


# -- the toy game ------------------------------------------------------------------------------


def cell(i: int) -> str:
    """The name of the ``i``-th counter from the bottom of the pile (0-based): c1, c2, …"""
    return f"c{i + 1}"


def parse_position(text: object) -> tuple[int, int]:
    """(counters left, seat to move) of ``take:<left> <seat, 1-based>``."""
    m = _SETUP.fullmatch(text) if isinstance(text, str) else None
    if m is None or not 1 <= int(m.group(1)) <= MAX_PILE:
        raise BadSetup(f"{quote(text)} is not a Take-away position (like take:12 1, with 1 to "
                       f"{MAX_PILE} counters).", "take-away.setup", setup=quote(text))
    return int(m.group(1)), int(m.group(2)) - 1


class TakeAwayGame(Game):
    """Options, and states from them or from a set-up."""

    id = TOY_ID
    name = "Take-away"
    options = (
        Option("pile", "int", 12, "Counters in the pile", min=1, max=MAX_PILE),
        Option("most", "int", 3, "Most counters a move takes", min=1, max=MAX_MOST),
        Option("ending", "choice", "last-wins", "The last counter",
               choices=(("last-wins", "Taking it wins"), ("last-loses", "Taking it loses"))),
        # every game has a seed: the bridge fills it in, match and ladder deal boards by it
        Option("seed", "int", None, "Seed", min=0, max=MAX_SEED),
    )

    def typed_setup(self, text: str) -> str:
        """``take:7`` typed on the command line is ``take:7 1`` (the first seat to move)."""
        return f"{text} 1" if re.fullmatch(r"take:\d+", text) else text

    def options_from_setup(self, setup: object) -> dict[str, Any]:
        """A set-up settles the pile, so a record with a set-up may leave it out."""
        try:
            return {"pile": parse_position(setup)[0]}
        except NibbleError:
            return {}

    def new_state(self, options: dict[str, Any]) -> TakeAwayState:
        return TakeAwayState(self, options, options["pile"], 0)

    def from_setup(self, setup: str, options: dict[str, Any]) -> TakeAwayState:
        left, seat = parse_position(setup)
        if left != options["pile"]:
            raise BadSetup(f"The set-up has {left} counters but the options say a pile of "
                           f"{options['pile']}.", "take-away.pile", left=left,
                           pile=options["pile"])
        return TakeAwayState(self, options, left, seat)


class TakeAwayState(State[int]):
    """A move is the number of counters taken (an int: compact, as the protocol asks)."""

    def __init__(self, game: Game, options: dict[str, Any], left: int, seat: int) -> None:
        self.game = game
        self.options = options
        self.pile: int = options["pile"]
        self.most: int = options["most"]
        self.last_wins: bool = options["ending"] == "last-wins"
        self.start = (left, seat)
        self.left = left
        self.taken = [0, 0]  # counters taken by each seat
        self._moves: list[int] = []

    @property
    def to_move(self) -> int:
        return (self.start[1] + len(self._moves)) % 2

    @property
    def result(self) -> Result | None:
        if self.left:
            return None
        last = 1 - self.to_move  # the seat that took the last counter
        if self.last_wins:
            return Result(last, "took-last", {"taken": list(self.taken)})
        return Result(1 - last, "left-last", {"taken": list(self.taken)})

    @property
    def moves(self) -> list[int]:
        return self._moves

    def legal_moves(self) -> list[int]:
        return list(range(1, min(self.most, self.left) + 1))

    def push(self, move: int) -> None:
        self.taken[self.to_move] += move
        self.left -= move
        self._moves.append(move)

    def pop(self) -> int:
        move = self._moves.pop()
        self.left += move
        self.taken[self.to_move] -= move
        return move

    def copy(self) -> TakeAwayState:
        other = TakeAwayState(self.game, self.options, *self.start)
        other.left, other.taken, other._moves = self.left, list(self.taken), list(self._moves)
        return other

    def move_to_str(self, move: int) -> str:
        return str(move)

    def parse_move(self, text: str) -> int:
        if not _MOVE.fullmatch(text):
            raise BadNotation(f"Cannot read the move {quote(text)}: write how many counters to "
                              "take, like 2.", "take-away.notation", move=quote(text))
        return int(text)

    def check_move(self, move: int) -> None:
        most = self.most
        if move < 1:
            raise IllegalMove("A move takes at least one counter.", "take-away.none",
                              move=str(move))
        if move > most:
            raise IllegalMove(f"A move takes at most {most} counters.", "take-away.too-many",
                              move=str(move), most=most)
        if move > self.left:
            raise IllegalMove(f"Only {self.left} counters are left.", "take-away.not-enough",
                              move=str(move), left=self.left)

    def setup(self) -> str:
        return f"take:{self.start[0]} {self.start[1] + 1}"

    def position(self) -> str:
        return f"take:{self.left} {self.to_move + 1}"

    def _taking(self, below: int, count: int) -> list[str]:
        """The cells of ``count`` counters from the ``below``-th one up."""
        return [cell(i) for i in range(below, below + count)]

    def view(self) -> dict[str, Any]:
        legal = self.legal_moves()
        last = None
        if self._moves:
            m = self._moves[-1]
            last = {"move": str(m), "seat": 1 - self.to_move, "cells": self._taking(self.left, m)}
        r = self.result
        return {
            "game": self.game.id, "variant": None, "players": 2,
            "to_move": self.to_move, "ply": len(self._moves),
            # one row of tiles; `color` makes web/games/generic.js draw the counters
            "board": {"shape": "square", "style": "tiles", "row_lengths": [self.pile],
                      "cells": [{"id": cell(i), "row": 0, "col": i,
                                 "color": 1 if i < self.left else None}
                                for i in range(self.pile)]},
            "legal_moves": [str(m) for m in legal],
            # a move is one click: on the lowest counter it takes (those above it go too)
            "input": {"kind": "steps",
                      "moves": [{"move": str(m), "steps": [[cell(self.left - m)]],
                                 "show": {"area": self._taking(self.left - m, m)}}
                                for m in legal],
                      "actions": [], "forced": None},
            "last_move": last,
            "result": None if r is None else r.to_json(),
            "left": self.left, "most": self.most, "taken": list(self.taken),
        }

    def render_text(self) -> str:
        return "o" * self.left + "." * (self.pile - self.left) + f"  {self.left} left"


def loses(state: TakeAwayState) -> bool:
    """Does the side to move lose with best play? (The theory of the subtraction game.)"""
    return state.left % (state.most + 1) == (0 if state.last_wins else 1)


class TakeAwayKnowledge(Knowledge[TakeAwayState]):
    """A knowledge plug-in (nibble/ai/knowledge.py): Take-away's exact value, and what
    lets the exact endgame solver take over at once."""

    has_evaluation = True
    solve_at = MAX_PILE
    strong_search = "alphabeta"

    def evaluate(self, state: TakeAwayState, seat: int) -> float:
        mine = -1.0 if loses(state) else 1.0  # for the side to move
        return mine if seat == state.to_move else -mine

    def material(self, state: TakeAwayState) -> int:
        return state.left

    def key(self, state: TakeAwayState) -> tuple[int, int]:
        return (state.left, state.to_move)


GAME = TakeAwayGame()


def forget_knowledge() -> None:
    """Knowledge is cached per game id: drop the toy's, so no test sees another's."""
    knowledge._REGISTRY.pop(TOY_ID, None)
    knowledge._CACHE.pop(TOY_ID, None)


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    """The game is registered for this module only (the registry is restored after)."""
    forget_knowledge()
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(GAMES, TOY_ID, GAME)
        yield
    forget_knowledge()


@pytest.fixture
def with_knowledge() -> Iterator[None]:
    """The knowledge plug-in named by the game, as a game package names its own
    (``Game.knowledge``: "module:Class", imported when a computer first plays it)."""
    forget_knowledge()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(TakeAwayGame, "knowledge", f"{__name__}:TakeAwayKnowledge")
        yield
    forget_knowledge()


def test_register_overrides_the_knowledge_a_game_names(with_knowledge: None) -> None:
    assert isinstance(knowledge_for(new()), TakeAwayKnowledge)
    forget_knowledge()
    register(TOY_ID, Knowledge)
    assert type(knowledge_for(new())) is Knowledge


def new(**options: Any) -> TakeAwayState:
    return GAME.new_state(GAME.normalize_options(options, fill_seed=1))


def record(setup: str | None = None, moves: tuple[str, ...] = (),
           **options: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "game": TOY_ID, "options": options,
                           "moves": list(moves)}
    if setup is not None:
        out["setup"] = setup
    return out


def ok(answer: dict[str, Any]) -> dict[str, Any]:
    assert "error" not in answer, answer
    return answer


def error(answer: dict[str, Any]) -> dict[str, Any]:
    assert set(answer) == {"error"}, answer
    err: dict[str, Any] = answer["error"]
    assert err["message"]
    return err


GENERIC_VIEW = {"game", "variant", "players", "to_move", "ply", "board", "legal_moves",
                "input", "last_move", "result"}


def check_view(view: dict[str, Any]) -> None:
    """What the page's shell reads of every game's view (docs/contracts.md, "View")."""
    assert set(view) >= GENERIC_VIEW
    board = view["board"]
    assert board["shape"] in ("square", "hex")
    assert board.get("style", "tiles") in ("tiles", "points", "holes")
    ids = [c["id"] for c in board["cells"]]
    assert len(ids) == len(set(ids)) == sum(board["row_lengths"])
    for r, length in enumerate(board["row_lengths"]):
        assert sorted(c["col"] for c in board["cells"] if c["row"] == r) == list(range(length))
    inp = view["input"]
    assert inp["kind"] == "steps"  # "set" is the other kind (docs/contracts.md)
    offered = [m["move"] for m in inp["moves"]] + [a["move"] for a in inp["actions"]]
    offered += [inp["forced"]] if inp["forced"] else []
    assert sorted(offered) == sorted(view["legal_moves"])  # every legal move, once
    for m in inp["moves"]:
        assert m["steps"] and all(set(step) <= set(ids) for step in m["steps"])
        assert set(m.get("show", {}).get("area", [])) <= set(ids)
    last = view["last_move"]
    assert last is None or (0 <= last["seat"] < view["players"] and set(last["cells"]) <= set(ids))
    r = view["result"]
    assert r is None or ((r["winner"] is None or 0 <= r["winner"] < view["players"])
                         and isinstance(r["reason"], str) and view["legal_moves"] == [])
    json.dumps(view)  # what the worker sends is JSON


# -- rules ------------------------------------------------------------------------------------


def test_a_new_game_is_a_full_pile_with_seat_0_to_move() -> None:
    s = new(pile=7)
    assert (s.to_move, s.left, s.result, s.moves) == (0, 7, None, [])
    assert s.legal_moves_str() == ["1", "2", "3"]
    assert s.setup() == s.position() == "take:7 1"
    assert s.returns() == [0.0, 0.0]


def test_refusals_name_the_rule() -> None:
    s = new(pile=2, most=3)
    for text, reason in (("0", "none"), ("4", "too-many"), ("3", "not-enough")):
        with pytest.raises(IllegalMove) as info:
            s.check_move(s.parse_move(text))
        assert info.value.reason == f"take-away.{reason}"
        assert info.value.params["move"] == text
    for text in ("", "x", "01", "-1", "1 ", "100"):
        with pytest.raises(BadNotation):
            s.parse_move(text)


@pytest.mark.parametrize(("ending", "winner", "reason"),
                         [("last-wins", 1, "took-last"), ("last-loses", 0, "left-last")])
def test_the_last_counter_decides(ending: str, winner: int, reason: str) -> None:
    s = new(pile=4, ending=ending)
    s.play("3")
    s.play("1")  # seat 1 takes the last counter
    assert s.result == Result(winner, reason, {"taken": [3, 1]})
    assert s.returns() == [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
    assert s.legal_moves() == []
    with pytest.raises(GameOver):
        s.play("1")


def test_set_ups_and_positions() -> None:
    s = GAME.from_setup("take:5 2", GAME.normalize_options({"pile": 5}))
    assert (s.left, s.to_move) == (5, 1)
    s.play("2")
    assert s.position() == "take:3 1" and s.setup() == "take:5 2"
    for bad in ("take:0 1", "take:41 1", "take:5 3", "take:5", "neb5:..... b", "take:5  1"):
        with pytest.raises(BadSetup):
            GAME.from_setup(bad, GAME.normalize_options({}))
    with pytest.raises(BadSetup):  # the pile given contradicts the set-up
        GAME.from_setup("take:5 1", GAME.normalize_options({"pile": 6}))


def test_push_pop_and_copy() -> None:
    s = new(pile=9)
    before = s.view()
    c = s.copy()
    s.push(2)
    s.push(3)
    assert c.view() == before  # a copy is independent
    assert (s.pop(), s.pop()) == (3, 2)
    assert s.view() == before


# -- properties against a naive reference ----------------------------------------------------


def naive_legal(left: int, most: int) -> list[str]:
    """Straight from the rules: take one to ``most`` counters, no more than are left."""
    return [str(n) for n in range(1, 10) if n <= most and n <= left]


@given(st.integers(1, MAX_PILE), st.integers(1, MAX_MOST), st.sampled_from(ENDINGS),
       st.randoms(use_true_random=False))
def test_random_games_agree_with_the_naive_reference(pile: int, most: int, ending: str,
                                                     rng: random.Random) -> None:
    s = new(pile=pile, most=most, ending=ending)
    left, seat, taker = pile, 0, 0
    while left:
        assert s.legal_moves_str() == naive_legal(left, most) and s.to_move == seat
        for n in range(10):  # every count is legal, or refused for a reason
            if str(n) in naive_legal(left, most):
                s.check_move(n)
            else:
                with pytest.raises(IllegalMove, match="."):
                    s.check_move(n)
        check_view(s.view())
        before = (s.position(), s.view())
        move = rng.choice(naive_legal(left, most))
        s.push(s.parse_move(move))
        s.pop()
        assert (s.position(), s.view()) == before  # undo restores exactly
        s.play(move)
        left, seat, taker = left - int(move), 1 - seat, seat
    assert s.result is not None
    assert s.result.winner == (taker if ending == "last-wins" else 1 - taker)
    assert replay(to_record(s)).view() == s.view()  # the record rebuilds the game


# -- the bridge ---------------------------------------------------------------------------------


def test_games_lists_the_game_with_its_options() -> None:
    games = {g["id"]: g for g in ok(handle({"op": "games"}))["games"]}
    toy = games[TOY_ID]
    assert toy["name"] == "Take-away" and toy["players"] == {"min": 2, "max": 2}
    opts = {o["name"]: o for o in toy["options"]}
    assert opts["pile"] == {"name": "pile", "type": "int", "default": 12,
                            "label": "Counters in the pile", "min": 1, "max": MAX_PILE}
    assert [c["value"] for c in opts["ending"]["choices"]] == list(ENDINGS)
    assert opts["seed"]["default"] is None


def test_only_registration_makes_the_game_known(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(GAMES, TOY_ID)
    err = error(handle({"op": "new", "game": TOY_ID}))
    assert err["code"] == "unknown-game" and err["reason"] == "game.unknown"


def test_new_fills_options_and_the_view_follows_the_contract() -> None:
    answer = ok(handle({"op": "new", "game": TOY_ID, "options": {"pile": 5}}))
    rec, view = answer["record"], answer["view"]
    assert rec["game"] == TOY_ID and rec["setup"] == "take:5 1" and rec["moves"] == []
    assert rec["options"]["most"] == 3 and rec["options"]["ending"] == "last-wins"
    assert isinstance(rec["options"]["seed"], int)  # the bridge picked one
    check_view(view)
    assert view["legal_moves"] == ["1", "2", "3"]
    assert view["input"]["moves"][1] == {"move": "2", "steps": [["c4"]],
                                         "show": {"area": ["c4", "c5"]}}
    err = error(handle({"op": "new", "game": TOY_ID, "options": {"pile": 99}}))
    assert err["code"] == "bad-option" and err["params"]["name"] == "pile"


def test_play_a_legal_move_and_refuse_an_illegal_one() -> None:
    rec = ok(handle({"op": "new", "game": TOY_ID, "options": {"pile": 5, "seed": 1}}))["record"]
    answer = ok(handle({"op": "play", "record": rec, "move": "2"}))
    assert answer["record"]["moves"] == ["2"] and rec["moves"] == []  # the input is a value
    view = answer["view"]
    check_view(view)
    assert view["last_move"] == {"move": "2", "seat": 0, "cells": ["c4", "c5"]}
    assert (view["to_move"], view["left"], view["taken"]) == (1, 3, [2, 0])
    err = error(handle({"op": "play", "record": answer["record"], "move": "4"}))
    assert err == {"code": "illegal-move", "message": "A move takes at most 3 counters.",
                   "reason": "take-away.too-many", "params": {"move": "4", "most": 3}}
    assert error(handle({"op": "play", "record": rec, "move": "two"}))["code"] == "bad-notation"


def test_load_a_record_from_a_set_up_and_refuse_a_tampered_one() -> None:
    answer = ok(handle({"op": "load", "record": record("take:9 2", ("1", "3", "1"))}))
    assert answer["record"]["options"]["pile"] == 9  # settled by the set-up
    assert answer["view"]["to_move"] == 0 and answer["view"]["left"] == 4
    err = error(handle({"op": "load", "record": record("take:9 2", ("1", "3", "5", "1"))}))
    assert err["code"] == "bad-record" and err["reason"] == "record.bad-move"
    assert err["params"]["number"] == 3 and err["params"]["move"] == "5"
    assert err["params"]["cause"]["reason"] == "take-away.too-many"
    assert "Move 3 (5)" in err["message"]
    assert error(handle({"op": "load", "record": record("take:9 3")}))["code"] == "bad-setup"
    bad = record("take:9 1", pile=8)
    assert error(handle({"op": "load", "record": bad}))["reason"] == "take-away.pile"


def test_a_record_without_a_set_up_is_rebuilt_from_its_options() -> None:
    answer = ok(handle({"op": "load", "record": record(None, ("3",), pile=6, seed=4)}))
    assert answer["record"]["setup"] == "take:6 1" and answer["view"]["left"] == 3


def test_view_shows_an_earlier_position() -> None:
    rec = record("take:9 1", ("1", "3", "2"))
    answer = ok(handle({"op": "view", "record": rec, "ply": 1}))
    assert answer["view"]["ply"] == 1 and answer["view"]["left"] == 8
    assert answer["view"]["last_move"]["cells"] == ["c9"]
    check_view(answer["view"])


def test_a_finished_game_refuses_moves_and_hints() -> None:
    rec = record("take:3 1", ("3",))
    view = ok(handle({"op": "load", "record": rec}))["view"]
    assert view["result"] == {"winner": 0, "reason": "took-last", "taken": [3, 0]}
    check_view(view)
    assert error(handle({"op": "play", "record": rec, "move": "1"}))["code"] == "game-over"
    assert error(handle({"op": "ai", "record": rec, "level": "easy"}))["code"] == "game-over"


def test_the_worker_s_json_door() -> None:
    text = handle_json(json.dumps({"op": "new", "game": TOY_ID, "options": {"seed": 2}}))
    assert json.loads(text)["view"]["game"] == TOY_ID


# -- the command line (in-process, so it runs inside Pyodide too) ------------------------------


def test_cli_plays_hot_seat_with_the_options_as_flags(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("moves\n3\nx\n2\nundo\n1\nrecord\nquit\n"))
    assert main(["play", "--game", TOY_ID, "--pile", "7", "--most", "2", "--ending",
                 "last-loses", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "seed 3" in out and "like 1" in out
    assert "> 1 2\n" in out  # the answer to 'moves'
    assert "! A move takes at most 2 counters." in out and "! Cannot read the move 'x'" in out
    line = next(x for x in out.splitlines() if '"format"' in x)  # after a prompt
    assert json.loads(line[line.index("{"):]) == {
        "format": FORMAT, "game": TOY_ID, "setup": "take:7 1", "moves": ["1"],
        "options": {"pile": 7, "most": 2, "ending": "last-loses", "seed": 3}}


def test_cli_plays_a_game_to_its_end(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("3\n3\n3\n3\n"))
    assert main(["play", "--game", TOY_ID, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "game over: player 2 wins (took-last" in out


def test_cli_shows_a_position_and_lists_its_moves(capsys: pytest.CaptureFixture[str]) -> None:
    # every game is asked in turn whether the text is one of its positions
    assert main(["moves", "take:7 2"]) == 0
    assert capsys.readouterr().out.split() == ["1", "2", "3"]
    assert main(["show", "take:7"]) == 0  # the game's short form (``Game.typed_setup``)
    assert "position: take:7 1" in capsys.readouterr().out
    assert main(["show", "take:2 2"]) == 0
    out = capsys.readouterr().out
    assert "oo  2 left" in out and "player 2 to move; 2 legal moves" in out
    assert "position: take:2 2" in out
    assert main(["show", "take:99 1"]) == 2
    assert "error:" in capsys.readouterr().err


def test_cli_shows_a_record_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record("take:5 1", ("2", "3"), ending="last-loses")))
    assert main(["show", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert "game over: player 1 wins (left-last" in out and "position: take:0 1" in out


def test_cli_match_and_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--game", TOY_ID, "--a", "easy", "--b", "random", "--games", "2",
                 "--iterations", "20", "--pile", "9", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == TOY_ID and summary["options"] == {"pile": 9}
    assert summary["a_wins"] + summary["b_wins"] + summary["draws"] == 2
    assert set(summary["reasons"]) <= {"took-last"}
    assert main(["ladder", "--game", TOY_ID, "--players", "random,greedy", "--games-per-pair",
                 "2", "--iterations", "10", "--json"]) == 0
    ladder = json.loads(capsys.readouterr().out)
    assert ladder["games_played"] == 2 and set(ladder["ratings"]) == {"random", "greedy"}


# -- the computer players -----------------------------------------------------------------------

BUDGET_MS = 40


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_a_whole_game_within_its_budget(level: str) -> None:
    """Without a plug-in the players know only the protocol (the generic knowledge)."""
    assert type(knowledge_for(new())) is Knowledge
    rec = ok(handle({"op": "new", "game": TOY_ID, "options": {"pile": 12, "seed": 5}}))["record"]
    view = ok(handle({"op": "load", "record": rec}))["view"]
    while view["result"] is None:
        t0 = time.perf_counter()
        answer = ok(handle({"op": "ai", "record": rec, "level": level, "seed": 1,
                            "budget_ms": BUDGET_MS, "reuse": False}))
        ms = (time.perf_counter() - t0) * 1000
        assert answer["move"] in view["legal_moves"]
        assert -1 <= answer["stats"]["value"] <= 1 and answer["stats"]["level"] == level
        assert ms < BUDGET_MS + 1000, (level, ms)  # a hard limit a busy machine keeps
        played = ok(handle({"op": "play", "record": rec, "move": answer["move"]}))
        rec, view = played["record"], played["view"]
    assert view["result"]["winner"] in (0, 1)


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "random"])
def test_levels_use_the_game_s_knowledge_plug_in(ending: str, level: str,
                                                 with_knowledge: None) -> None:
    """With the plug-in registered every level but ``random`` finds the winning move, and
    the tuned levels let the exact solver (``solve_at``, ``material``) answer."""
    assert isinstance(knowledge_for(new()), TakeAwayKnowledge)
    rec = record("take:10 1", (), most=3, ending=ending)
    answer = ok(handle({"op": "ai", "record": rec, "level": level, "seed": 1,
                        "iterations": 200, "reuse": False}))
    assert answer["move"] == ("2" if ending == "last-wins" else "1")  # leaves 8, or 9
    assert answer["stats"]["value"] > 0
    if level in ("hard", "expert"):
        assert answer["stats"].get("solved") is True


# -- what else a game may give, from its own package -----------------------------------------
#
# Each hook is named on the game (``Game.ratings``, ``pool``, ``bench``, the analysis
# budgets) or given by its knowledge (``Knowledge.calibration``, ``puzzle_profile``); a
# real game names modules of its own package, the toy this file.

#: the analysis's map of values to chances (nibble/ai/calibration.py): here it keeps a
#: quarter of doubt at either end, which the analysis's answers show
TOY_SCALE = Scale(1.0, 0.25)
#: how the puzzle maker plays the toy's games (nibble/puzzles/profile.py)
TOY_PROFILE = Profile((("random", "random"),), opening=0, blunder=0.5, decided=0.9)
#: the ratings module the ladder writes (a game's own ``ratings.py``), made in a folder of
#: the test's own
RATINGS_MODULE = "take_away_ratings"
RATINGS_SOURCE = '''"""Take-away's level ratings, written by ``ladder --write-ratings``."""

from typing import Any

RATINGS: dict[str, dict[str, Any]] = {}
'''


class TakeAwayJudged(Knowledge[TakeAwayState]):
    """A knowledge that knows nothing of the game but its calibration and its profile."""

    puzzle_profile = TOY_PROFILE

    def calibration(self, state: TakeAwayState) -> Scale:
        return TOY_SCALE


class TakeAwayTheory:
    """A sparring partner (``Game.pool``): a seed, and ``choose`` by the game's theory."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: TakeAwayState, budget: Budget) -> Decision:
        moves = state.legal_moves()
        for m in moves:  # a move that leaves the other seat losing
            state.push(m)
            lost = state.result is None and loses(state)
            state.pop()
            if lost:
                return Decision(m, 1.0)
        return Decision(moves[self.rng.randrange(len(moves))], -1.0)


def bench_pile(seconds: float, seed: int) -> dict[str, Any]:
    """An engine-speed case (nibble/bench.py): random games of a 40-counter pile."""
    rng = random.Random(seed)
    played, t0 = 0, time.perf_counter()
    while played < 3 or time.perf_counter() - t0 < seconds:
        s = new(pile=MAX_PILE)
        while s.result is None:
            moves = s.legal_moves()
            s.push(moves[rng.randrange(len(moves))])
        played += 1
    return {"playouts_per_s": round(played / (time.perf_counter() - t0), 1),
            "playouts": played}


#: the game's engine-speed cases, by id
BENCH = {"take-away-40": bench_pile}


@pytest.fixture
def with_hooks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every hook given, as a game's package gives them; yields the ratings file."""
    (tmp_path / f"{RATINGS_MODULE}.py").write_text(RATINGS_SOURCE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # the ladder rewrites it
    monkeypatch.delitem(sys.modules, RATINGS_MODULE, raising=False)
    for name, value in (("knowledge", f"{__name__}:TakeAwayJudged"),
                        ("ratings", RATINGS_MODULE), ("pool", f"{__name__}:TakeAwayTheory"),
                        ("bench", f"{__name__}:BENCH"), ("first_pass_iterations", 30),
                        ("second_pass_iterations", 300)):
        monkeypatch.setattr(TakeAwayGame, name, value)
    forget_knowledge()
    yield tmp_path / f"{RATINGS_MODULE}.py"
    forget_knowledge()
    sys.modules.pop(RATINGS_MODULE, None)


def test_the_analysis_budgets_are_the_game_s(with_hooks: Path) -> None:
    analyse = ok(handle({"op": "games"}))["limits"]["analyse"]
    assert analyse["first_pass"]["iterations"][TOY_ID] == 30
    assert analyse["second_pass"]["iterations"][TOY_ID] == 300


def test_the_analysis_applies_the_game_s_calibration(with_hooks: Path) -> None:
    from nibble.ai import analysis

    assert analysis._scale(new()) is TOY_SCALE
    answer = ok(handle({"op": "analyse", "record": record("take:12 1"), "iterations": 20}))
    assert not answer["exact"]
    assert all(0.25 <= c <= 0.75 for c in answer["chances"])


def test_the_ladder_writes_the_game_s_own_ratings(with_hooks: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import importlib

    from nibble.ai.ratings import level_ratings

    assert main(["ladder", "--game", TOY_ID, "--players", "random,easy", "--games-per-pair",
                 "2", "--iterations", "10", "--json", "--write-ratings"]) == 0
    capsys.readouterr()
    written = importlib.reload(sys.modules[RATINGS_MODULE]).RATINGS
    assert set(written) == {TOY_ID} and written[TOY_ID]["ratings"]["random"] == 0
    assert level_ratings("easy")[TOY_ID] == written[TOY_ID]["ratings"]["easy"]
    levels = {lv["id"]: lv for lv in ok(handle({"op": "games"}))["levels"]}
    assert levels["easy"]["ratings"][TOY_ID] == written[TOY_ID]["ratings"]["easy"]


def test_the_game_s_sparring_partner_plays_as_pool_take_away(with_hooks: Path) -> None:
    from nibble.ai.pool import make_pool_player

    player = make_pool_player(f"pool-{TOY_ID}", 3)
    assert isinstance(player, TakeAwayTheory)
    assert player.choose(new(pile=10), Budget(50)).move == 2  # leaves 8


def test_the_engine_benchmark_runs_the_game_s_cases(with_hooks: Path) -> None:
    from nibble.bench import cases, run

    assert set(BENCH) <= set(cases())
    assert run(0.01, list(BENCH))["take-away-40"]["playouts"] >= 3


@pytest.mark.lab  # the puzzle maker (CPython only, tests/conftest.py)
def test_the_puzzle_maker_plays_the_game_s_profile(with_hooks: Path) -> None:
    from nibble.puzzles.mine import profile_for

    assert profile_for(TOY_ID) == TOY_PROFILE


def test_a_game_without_them_gets_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """No budgets (the page's own), no ratings (and the ladder says it keeps none), no
    sparring partner, no speed cases, the raw chances, the maker's default profile."""
    from nibble.ai import analysis
    from nibble.ai.pool import make_pool_player, pool
    from nibble.ai.ratings import level_ratings, stored
    from nibble.bench import cases

    analyse = ok(handle({"op": "games"}))["limits"]["analyse"]
    assert TOY_ID not in analyse["first_pass"]["iterations"]
    assert TOY_ID not in analyse["second_pass"]["iterations"]
    assert stored(GAME) == {} and TOY_ID not in level_ratings("easy")
    assert main(["ladder", "--game", TOY_ID, "--players", "random,easy", "--games-per-pair",
                 "2", "--iterations", "10", "--json", "--write-ratings"]) == 2
    assert "keeps no ratings" in capsys.readouterr().err
    assert f"pool-{TOY_ID}" not in pool()
    with pytest.raises(KeyError):
        make_pool_player(f"pool-{TOY_ID}")
    assert not [c for c in cases() if c.startswith(TOY_ID)]
    assert analysis._scale(new()) is None
    assert knowledge_for(new()).puzzle_profile is None  # the maker's default profile


# -- the rules page -------------------------------------------------------------------------

RULES = """# Take-away

Two players take turns taking counters from one pile.

<!-- id: marks -->
## What the marks on the board mean

```diagram
id: take
setup: take:7 1
offer: all
show: 2
caption: Player 1 may take one, two or three counters: a click on **c6** takes two.
```

<!-- id: exact -->
## The exact rules

1. A move takes one counter or more, at most `most`.
"""


@pytest.mark.skipif(sys.platform == "emscripten", reason="the rules pages are built on CPython")
def test_the_rules_page_builder_draws_the_game_s_diagrams() -> None:
    from tests.util import load_script

    rules_pages = load_script("rules_pages")
    page = rules_pages.build_page("en", TOY_ID, text=RULES)
    (diagram,) = [b for b in page["blocks"] if b["type"] == "diagram"]
    assert diagram["view"]["left"] == 7 and "legal_moves" not in diagram["view"]
    assert diagram["marks"]["selectable"] == ["c5", "c6", "c7"]
    assert diagram["marks"]["overlays"] == [{"kind": "area", "cells": ["c6", "c7"]}]
    with pytest.raises(rules_pages.RulesError, match="2 is a legal move"):
        rules_pages.build_page("en", TOY_ID, text=RULES.replace("show: 2", "illegal: 2"))
