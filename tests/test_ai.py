"""Computer players: determinism, tactics, the endgame solver, the ``ai`` op."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from nibble.ai.knowledge import generic, hands_win, knowledge_for
from nibble.ai.lab.match import main as match_main
from nibble.ai.lab.match import wilson
from nibble.ai.levels import HARD, make_player
from nibble.ai.mcts import MCTS, Budget
from nibble.ai.solver import Solver
from nibble.api import handle
from nibble.games import get_game

GAME = get_game("nibble")

# 9 discs left; moves b6, f4, d7, f4+d7, e3; table 6 5 4 1 8 2 3 9 7 (runs … 3 9 7)
POS_A = ("square9:........./........./....9..../....42.../....9..../.1471..../...2...../"
         "........./......... 654182397")
# seat 0 to move; only d7 wins (found and checked by plain minimax)
POS_SOLVE = ("square9:........./........./........./........./....9..../...237.../"
             "...1816../........./......... 582937416")
SOLVE_COLL = [[3, 3, 2, 2, 6, 3, 5, 5, 5], [4, 5, 6, 7, 3, 5, 3, 3, 3]]


def state_from(setup: str, coll0=None, coll1=None, decided_early: bool = True):
    s = GAME.from_setup(setup, {"decided_early": decided_early})
    for seat, coll in enumerate((coll0, coll1)):
        if coll is not None:
            s.collections[seat][:] = coll
    return s


def near_run(seat_coll_index: int):
    """Collections where one seat needs only e3 (colour 9) to hold 7 of colours 3, 9, 7."""
    held = [0, 0, 7, 0, 0, 0, 7, 0, 6]
    return (held, None) if seat_coll_index == 0 else (None, held)


def new_record(seed: int = 5, **options) -> dict:
    return handle({"op": "new", "options": {"seed": seed, **options}})["record"]


def minimax(s) -> int:
    r = s.result
    if r is not None:
        return 0 if r.winner is None else (1 if r.winner == s.to_move else -1)
    best = -1
    for m in s.legal_moves():
        s.push(m)
        v = -minimax(s)
        s.pop()
        best = max(best, v)
        if best == 1:
            break
    return best


# -- tactics -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["greedy", "easy", "medium", "hard"])
def test_takes_an_instant_win(name):
    s = state_from(POS_A, *near_run(0))
    d = make_player(name, 3).choose(s, Budget(None, 50))
    assert s.move_to_str(d.move) == "e3"


@pytest.mark.parametrize("name", ["greedy", "easy", "hard"])
def test_does_not_hand_an_instant_win(name):
    s = state_from(POS_A, *near_run(1))
    k = knowledge_for(s)
    bad = [m for m in s.legal_moves() if hands_win(k, s, m)]
    assert sorted(s.move_to_str(m) for m in bad) == ["b6", "d7", "f4", "f4+d7"]
    d = make_player(name, 3).choose(s, Budget(None, 50))
    assert s.move_to_str(d.move) == "e3"


def test_fast_win_checks_agree_with_the_protocol():
    rng = random.Random(1)
    k, g = knowledge_for(GAME.new_state(GAME.normalize_options({"seed": 1}))), generic()
    checked = 0
    for seed in range(6):
        for de in (True, False):
            s = GAME.new_state(GAME.normalize_options({"seed": seed, "decided_early": de}))
            while s.result is None:
                moves = s.legal_moves()
                for m in moves:
                    assert k.winner_after(s, m) == g.winner_after(s, m)
                if not k.opponent_may_win_next(s):
                    assert all(g.winner_after(s, m) is None for m in moves)
                checked += len(moves)
                s.push(moves[rng.randrange(len(moves))])
    assert checked > 500


def test_move_scores_follow_the_board_they_are_asked_about():
    """The knowledge remembers each take's colour and size; two boards of one variant (the
    same bitmask is a different colour on each) must not share what it remembers."""
    from nibble.games.nibble.knowledge import NibbleKnowledge

    def states(seed):
        s = GAME.new_state(GAME.normalize_options({"seed": seed}))
        rng = random.Random(seed)
        out = []
        while s.result is None:
            out.append(s.copy())
            moves = s.legal_moves()
            s.push(moves[rng.randrange(len(moves))])
        return out

    shared = NibbleKnowledge()
    differ = 0
    for a, b in zip(states(1), states(2), strict=False):  # games differ in length
        for s in (a, b, a):
            moves = s.legal_moves()
            got = shared.move_scores(s, moves)
            assert got == NibbleKnowledge().move_scores(s, moves)
        common = [m for m in a.legal_moves() if m in set(b.legal_moves())]
        differ += sum(a.board.color_of[(m & -m).bit_length() - 1]
                      != b.board.color_of[(m & -m).bit_length() - 1] for m in common)
    assert differ > 0  # the boards do give one take two colours


# -- endgame solver ----------------------------------------------------------------------

def test_solver_finds_the_forced_win():
    s = state_from(POS_SOLVE, *SOLVE_COLL, decided_early=False)
    wins = []
    for m in s.legal_moves():
        s.push(m)
        if minimax(s) == -1:
            wins.append(s.move_to_str(m))
        s.pop()
    assert wins == ["d7"]
    res = Solver(knowledge_for(s)).solve(s)
    assert res is not None and res[0] == 1 and s.move_to_str(res[1]) == "d7"
    d = make_player("hard", 0).choose(s, Budget(None, 10))
    assert s.move_to_str(d.move) == "d7" and d.value == 1.0


def test_solver_gives_up_at_its_node_limit():
    s = GAME.new_state(GAME.normalize_options({"seed": 2}))
    assert Solver(knowledge_for(s), node_limit=50).solve(s) is None


# -- MCTS --------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_same_seed_and_iterations_same_move(level):
    rec = new_record(11)
    req = {"op": "ai", "record": rec, "level": level, "seed": 4, "iterations": 150,
           "reuse": False}
    a, b = handle(req), handle(req)
    assert "move" in a, a
    assert a["move"] == b["move"]
    assert a["stats"]["iterations"] == b["stats"]["iterations"]
    assert a["stats"]["value"] == b["stats"]["value"]


@pytest.mark.parametrize("variant", ["square9", "hex13"])
def test_mcts_only_plays_legal_moves(variant):
    s = GAME.new_state(GAME.normalize_options({"seed": 3, "variant": variant}))
    players = [make_player("hard", 1), make_player("medium", 2)]
    plies = 0
    while s.result is None and plies < 30:
        d = players[s.to_move].choose(s, Budget(None, 40))
        assert d.move in s.legal_moves()
        assert -1.0 <= (d.value or 0.0) <= 1.0
        s.push(d.move)
        plies += 1


@pytest.mark.parametrize("level, kept", [("medium", "reused"), ("hard", "kept")])
def test_search_is_reused_between_moves(level, kept):
    """medium's MCTS tree and hard's alpha-beta table (Nibble) carry over to the next move
    of the same game in the same worker."""
    rec = new_record(8)
    first = handle({"op": "ai", "record": rec, "level": level, "seed": 1, "iterations": 300})
    rec2 = handle({"op": "play", "record": rec, "move": first["move"]})["record"]
    # the opponent plays its most likely move, then we search again
    reply = handle({"op": "ai", "record": rec2, "level": level, "seed": 1, "iterations": 200})
    rec3 = handle({"op": "play", "record": rec2, "move": reply["move"]})["record"]
    again = handle({"op": "ai", "record": rec3, "level": level, "seed": 1, "iterations": 50})
    assert "move" in again
    assert again["stats"][kept] > 0


# -- the ai op ---------------------------------------------------------------------------

@pytest.mark.parametrize("level,budget", [("medium", 300), ("hard", 300), ("hard", 1000)])
def test_ai_op_respects_budget(level, budget):
    rec = new_record(21)
    t0 = time.perf_counter()
    res = handle({"op": "ai", "record": rec, "level": level, "seed": 1, "budget_ms": budget,
                  "reuse": False})
    ms = (time.perf_counter() - t0) * 1000
    assert "move" in res, res
    assert res["move"] in handle({"op": "load", "record": rec})["view"]["legal_moves"]
    # it uses its time, and stops in time (the slack absorbs a busy test machine; the
    # tight figures come from scripts/bench_budget.py)
    assert 0.9 * budget <= ms <= 1.2 * budget + 200, ms
    assert res["stats"]["iterations"] > 0
    assert -1 <= res["stats"]["value"] <= 1


@pytest.mark.parametrize("extra", [
    {"level": "grandmaster"}, {"level": 3}, {"seed": -1}, {"seed": "x"}, {"seed": True},
    {"budget_ms": 0}, {"budget_ms": "fast"}, {"budget_ms": 10**9}, {"iterations": 0},
    {"reuse": "yes"},
])
def test_ai_op_refuses_bad_input(extra):
    res = handle({"op": "ai", "record": new_record(), "level": "easy", **extra})
    assert res["error"]["code"] == "bad-request", res


def test_ai_op_refuses_a_finished_game():
    rec = new_record(6)
    for _ in range(200):
        res = handle({"op": "ai", "record": rec, "level": "easy", "seed": 1})
        if "error" in res:
            break
        rec = handle({"op": "play", "record": rec, "move": res["move"]})["record"]
    assert res["error"]["code"] == "game-over"
    assert handle({"op": "load", "record": rec})["view"]["result"] is not None


def test_every_level_answers():
    rec = new_record(4)
    legal = handle({"op": "load", "record": rec})["view"]["legal_moves"]
    for level in ("random", "easy", "medium", "hard", "expert"):
        res = handle({"op": "ai", "record": rec, "level": level, "seed": 2, "budget_ms": 60})
        assert res["move"] in legal, (level, res)


# -- match runner ------------------------------------------------------------------------

def test_wilson_interval():
    lo, hi = wilson(80, 100)
    assert 0.70 < lo < 0.72 and 0.86 < hi < 0.88


def test_match_runs(capsys):
    assert match_main(["--a", "easy", "--b", "random", "--games", "2", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"a_wins"' in out
    assert match_main(["--a", "nobody", "--games", "1"]) == 2


def test_may_win_soon_is_a_sound_filter():
    rng = random.Random(2)
    k = knowledge_for(GAME.new_state(GAME.normalize_options({"seed": 1})))
    skipped = 0
    for seed in range(5):
        s = GAME.new_state(GAME.normalize_options({"seed": seed}))
        while s.result is None:
            moves = s.legal_moves()
            if not k.may_win_soon(s, s.to_move ^ 1):
                skipped += 1
                assert not any(hands_win(k, s, m) for m in moves)
            s.push(moves[rng.randrange(len(moves))])
    assert skipped > 20


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_value_is_always_a_number(level):
    res = handle({"op": "ai", "record": new_record(9), "level": level, "seed": 1,
                  "iterations": 20})
    assert isinstance(res["stats"]["value"], float) and -1 <= res["stats"]["value"] <= 1


def test_protocol_only_mcts_plays_to_the_end():
    """A game without registered knowledge still gets a searching player (playouts to
    the end of the game, protocol calls only)."""
    from nibble.ai.players import MCTSPlayer

    s = GAME.new_state(GAME.normalize_options({"seed": 12}))
    player = MCTSPlayer(1, knowledge=generic())
    d = player.choose(s, Budget(None, 30))
    assert d.move in s.legal_moves()
    assert d.extra["tree"] >= 30
    s2 = state_from(POS_A, *near_run(0))
    assert s2.move_to_str(MCTSPlayer(1, knowledge=generic()).choose(s2, Budget(None, 5)).move) \
        == "e3"


def test_implicit_minimax_backs_up_the_best_child_value():
    s = GAME.new_state(GAME.normalize_options({"seed": 3, "variant": "square9"}))
    k = knowledge_for(s)
    cfg = replace(HARD, minimax=0.5)
    root, _ = MCTS(k, random.Random(1), cfg).search(s, None, Budget(None, 300))
    checked = 0
    stack = [root]
    while stack:
        node = stack.pop()
        valued = [c for c in node.children or () if c.proven or c.mm is not None]
        if node.seat >= 0 and valued:
            best = max(c.proven or c.mm for c in valued)  # from the mover's side
            assert node.mm == pytest.approx(-best)  # seats alternate in Nibble
            checked += 1
        stack.extend(node.children or ())
    assert checked > 10
    plain, _ = MCTS(k, random.Random(1), HARD).search(s, None, Budget(None, 300))
    assert all(c.mm is None for c in plain.children)  # off unless asked for


def test_nibble_hard_takes_the_implicit_minimax_setting():
    s = GAME.new_state(GAME.normalize_options({"seed": 3}))
    assert knowledge_for(s).tuned_search.get("minimax", 0) > 0


def test_the_search_benchmark_measures_every_variant():
    """``python -m nibble.ai.lab.bench`` (also run inside Pyodide to compare the runtimes)."""
    from nibble.ai.lab import bench

    out = bench.run(seconds=0.05)
    assert set(out["variants"]) == set(bench.VARIANTS)
    for figures in out["variants"].values():
        assert figures["hard_nodes_per_s"] > 0 and figures["medium_iter_per_s"] > 0
        assert figures["random_playouts_per_s"] > 0


@pytest.mark.skipif(sys.platform == "emscripten", reason="runs a fresh interpreter")
def test_a_games_knowledge_is_imported_only_when_a_computer_plays_it() -> None:
    """Each game names its knowledge (``Game.knowledge``, in its own package); a game of
    people never imports it, the first computer move does."""
    code = """
import json, sys
from nibble.api import handle
from nibble.core.record import replay
names = {"nibble": "nibble.games.nibble.knowledge",
         "nebuchadnezzar": "nibble.games.nebuchadnezzar.knowledge",
         "number-one": "nibble.games.number_one.knowledge"}
out = {}
for game, module in names.items():
    answer = handle({"op": "new", "game": game, "options": {"seed": 3}})
    state = replay(answer["record"])
    move = state.move_to_str(state.legal_moves()[0])
    assert "error" not in handle({"op": "play", "record": answer["record"], "move": move})
    before = module in sys.modules
    handle({"op": "ai", "record": answer["record"], "level": "easy", "seed": 1})
    out[game] = [before, module in sys.modules]
print(json.dumps(out))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parent.parent)
    assert json.loads(done.stdout) == {g: [False, True] for g in
                                       ("nibble", "nebuchadnezzar", "number-one")}
