"""The bridge's ``analyse`` op (nibble/ai/analysis.py): winning chances per seat, the best
move and proofs, for the page's review of every position of a game.

The positions are records with their set-up written out, so they do not depend on how a
seed deals a board; each test first checks with the protocol that the position is what
it claims (an instant win is there, the blunder had a safe alternative). Searches use
``iterations`` where an answer must be reproducible.
"""

from __future__ import annotations

import random
import time

import pytest
from crafted import CRAFTED, number_one_busy_record

from nibble.ai import api as ai_api
from nibble.ai.knowledge import generic, hands_win
from nibble.api import handle
from nibble.core.record import FORMAT, replay
from nibble.games import GAMES

# Nibble: seat 0, to move after move 40 and winning, takes c5 (move 41), which lets
# seat 1 win at once.
NIBBLE_BLUNDER = {
    "format": FORMAT, "game": "nibble",
    "options": {"variant": "square9", "seed": 8, "color_order": "random",
                "decided_early": True},
    "setup": "square9:256532615/192869354/279698718/827947157/518364348/346738951/"
             "291219318/767624637/543482495 978164523",
    "moves": ["i1+a9", "i2", "i9", "b9", "a8", "h1", "a7", "c9", "h2", "h9", "g9", "b8",
              "b7", "a1", "i8", "g1", "i3", "g2+a6+h8", "i4+c8", "i7", "a2+i6+h7", "b6+d9",
              "h3+c7", "e9", "b1", "f1", "d8+g8", "d7", "h4+a5+h6", "a4+i5", "g3", "c6",
              "a3", "f2", "e8+f9", "b5", "g4+e7", "f3", "d6", "h5+f8", "c5"]}

# Nebuchadnezzar 5 × 5: White (seat 1) could win by force after move 31, but captures
# xa4:a4, which leaves Black (seat 0) an annihilating capture.
NEB_BLUNDER = {
    "format": FORMAT, "game": "nebuchadnezzar", "options": {"size": 5, "seed": 1},
    "setup": "neb5:...../...../...../...../..... b",
    "moves": ["e1", "e4", "c1", "b3", "a2", "b5", "c5", "e5", "a4", "a3", "d5", "b2", "b1",
              "e3", "a1", "b4", "e2", "d1", "d4", "c3", "xe4:e5", "d2", "c2", "a5", "d3",
              "c4", "xd1:d2", "xc5:c5", "xe3:e3", "xa2:a2", "xc3:c5", "xa4:a4"]}

# Nebuchadnezzar 5 × 5, White (seat 1) to move after move 21 with four empty points and
# no instant win: every move loses by force (the MCTS-solver proves it).
NEB_LOST = {
    "format": FORMAT, "game": "nebuchadnezzar", "options": {"size": 5, "seed": 3},
    "setup": "neb5:...../...../...../...../..... b",
    "moves": ["c2", "c5", "e4", "e1", "d3", "a5", "c1", "a1", "e5", "e2", "e3", "d2", "b2",
              "c4", "b5", "d5", "b4", "a4", "c3", "d1", "a2"]}

# Number One, two players: seat 0's last peg move of its turn (move 15, M-b2-b3-c4) lets
# seat 1 shut its small peg in; seat 0's small peg leaves at move 21 and seat 1 wins.
ONE_GAME = {
    "format": FORMAT, "game": "number-one",
    "options": {"players": 2, "seed": 2, "pegs1": "MSL", "pegs2": "MSL", "pegs3": "MSL",
                "pegs4": "MSL"},
    "setup": "one2:------/-..ooo-/-.ooooo-/-ooooooo-/-oooooooo-/-ooooooooo-/-oooooooo-/"
             "-ooooooo-/-ooooo.-/-ooo..-/------ Sb2,Mb3,Lc2/Sf10,Mg9,Le10 1: -",
    "moves": ["M-b3-d3", "S-b2-c3", "L-c2-f2", "L-e10-g8-h8", "M-g9-g7", "S-f10-e10*",
              "L-f2-f4-e4", "S-c3-d4", "M-d3-c2-b2*", "L-h8-i7-h5", "M-g7-h6-g5",
              "S-e10-d10", "S-d4-c3*", "L-e4-f5-e7", "M-b2-b3-c4", "M-g5-g4-h4",
              "L-h5-h6-h8*", "S-d10-c10", "L-e7-d7-c5", "M-c4-d5-d6", "S-c3x"]}

# Nibble: after move 52 every move of seat 0 hands seat 1 an instant win, with 14 discs
# left (more than the endgame solver's 12): alpha-beta finds the forced result and the
# solver proves it, here and one move earlier (seat 1's winning move).
NIBBLE_FORCED = {
    "format": FORMAT, "game": "nibble",
    "options": {"variant": "square9", "seed": 5, "color_order": "random",
                "decided_early": True},
    "setup": "square9:352182713/968924682/752368297/461483585/817241914/973697469/"
             "647523934/752458515/137861639 679845321",
    "moves": ["i9", "h9", "g9", "a9+f9", "e9", "a1", "d9", "b1", "c1", "b9", "d1", "a8",
              "a2", "b8+i8", "a3", "c9", "c8", "b2", "i7", "h8", "c2", "a4", "b3+g8", "e1",
              "i1+h7", "a5", "f1+c3", "d8", "a7", "d2+i6+g7", "b4", "e8", "c4", "h1+b5",
              "e2", "f8", "i2", "b7", "h6", "f2+i5", "i4", "g1+c5", "g2", "d3+f7", "i3+c7",
              "g6", "d4", "d5+e7", "f6", "e3", "h5", "f3+e4+h4"]}

KEYS = {"ply", "to_move", "chances", "best", "exact", "winner", "forced", "iterations", "ms",
        "level"}


def analyse(record: dict, ply: int | None = None, **fields) -> dict:
    request = {"op": "analyse", "record": record, **fields}
    if ply is not None:
        request["ply"] = ply
    answer = handle(request)
    assert "error" not in answer, answer
    assert set(answer) >= KEYS and answer["level"] == "hard"
    check_chances(answer, replay(record).num_players)
    return answer


def check_chances(answer: dict, seats: int) -> None:
    chances = answer["chances"]
    assert len(chances) == seats
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert sum(chances) == pytest.approx(1.0, abs=1e-9)
    assert all(round(c, 3) == c for c in chances)


def at(record: dict, ply: int) -> dict:
    return dict(record, moves=record["moves"][:ply])


def refusal(answer: dict) -> dict:
    assert set(answer) == {"error"}, answer
    return answer["error"]


def wins_at_once(record: dict, move: str) -> bool:
    state = replay(record)
    me = state.to_move
    state.play(move)
    return state.result is not None and state.result.winner == me


def planted_blunder(record: dict) -> int:
    """Checks that the record's last move handed the next player an instant win while the
    mover had a move that does not; the mover's seat."""
    state = replay(record)
    assert any(generic().wins_now(state, m) for m in state.legal_moves())
    blunder = state.pop()
    mover = state.to_move
    k = generic()
    assert hands_win(k, state, blunder)
    assert any(not hands_win(k, state, m) for m in state.legal_moves())
    return mover


# -- finished games -----------------------------------------------------------------------

def test_a_finished_game_is_exact():
    answer = analyse(ONE_GAME)
    assert answer["ply"] == len(ONE_GAME["moves"])
    assert answer["to_move"] is None and answer["best"] is None
    assert answer["exact"] is True and answer["winner"] == 1
    assert answer["chances"] == [0.0, 1.0]
    assert answer["iterations"] == 0


def test_a_game_finished_by_the_analysis_best_move_is_exact():
    best = analyse(NIBBLE_BLUNDER, iterations=500)["best"]
    winner = replay(NIBBLE_BLUNDER).to_move
    done = dict(NIBBLE_BLUNDER, moves=[*NIBBLE_BLUNDER["moves"], best])
    answer = analyse(done)
    assert answer["exact"] and answer["winner"] == winner
    assert answer["chances"] == [1.0 if s == winner else 0.0 for s in range(2)]
    assert answer["best"] is None and answer["to_move"] is None


def test_a_finished_three_player_game_gives_the_winner_everything():
    record = handle({"op": "new", "game": "number-one",
                     "options": {"players": 3, "seed": 4}})["record"]
    state = replay(record)
    rng = random.Random(4)
    while state.result is None:
        moves = state.legal_moves()
        state.push(moves[rng.randrange(len(moves))])
    record["moves"] = [state.move_to_str(m) for m in state.moves]
    answer = analyse(record)
    winner = state.result.winner
    assert answer["exact"] and answer["winner"] == winner
    assert answer["chances"] == [1.0 if s == winner else 0.0 for s in range(3)]


# -- instant wins and planted blunders ------------------------------------------------------

@pytest.mark.parametrize("record", [NIBBLE_BLUNDER, NEB_BLUNDER], ids=["nibble", "neb"])
def test_an_instant_win_is_the_best_move_and_a_certainty(record):
    n = len(record["moves"])
    answer = analyse(record, iterations=500, seed=1)
    me = answer["to_move"]
    assert answer["ply"] == n and me == replay(record).to_move
    assert wins_at_once(record, answer["best"])
    assert answer["chances"][me] >= 0.99
    assert answer["exact"] and answer["winner"] == me


@pytest.mark.parametrize("record", [NIBBLE_BLUNDER, NEB_BLUNDER], ids=["nibble", "neb"])
def test_a_move_that_hands_over_an_instant_win_drops_the_movers_chances(record):
    n = len(record["moves"])
    mover = planted_blunder(record)
    before = analyse(record, n - 1, iterations=2000, seed=1)
    after = analyse(record, n, iterations=2000, seed=1)
    assert before["to_move"] == mover and after["to_move"] != mover
    assert after["chances"][mover] <= 0.01
    assert before["chances"][mover] >= 0.5
    assert before["chances"][mover] - after["chances"][mover] >= 0.5
    assert before["best"] != record["moves"][n - 1]  # the engine knew better


def test_number_one_a_move_that_lets_the_small_peg_be_shut_in():
    before = analyse(ONE_GAME, 14, iterations=2000, seed=1)
    after = analyse(ONE_GAME, 15, iterations=2000, seed=1)
    assert before["to_move"] == 0 and after["to_move"] == 1  # move 15 ended seat 0's turn
    assert after["chances"][1] >= 0.95
    assert before["chances"][0] - after["chances"][0] >= 0.25
    assert before["best"] != ONE_GAME["moves"][14]


def test_a_forced_move_is_played_and_the_position_after_it_judged():
    answer = analyse(ONE_GAME, 20, iterations=300)
    state = replay(at(ONE_GAME, 20))
    assert state.legal_moves_str() == ["S-c3x"]  # the small peg must leave: seat 1 wins
    assert answer["best"] == "S-c3x" and answer["to_move"] == 0
    assert answer["exact"] and answer["winner"] == 1 and answer["chances"] == [0.0, 1.0]
    # the mover had no choice: the page never judges such a move
    assert answer["forced"] is True
    assert analyse(ONE_GAME, 19, iterations=300)["forced"] is False


def test_an_alpha_beta_forced_result_is_proved_by_the_solver():
    n = len(NIBBLE_FORCED["moves"])
    state = replay(NIBBLE_FORCED)
    k = generic()
    assert state.board.occ.bit_count() == 14  # above the endgame solver's 12
    assert all(hands_win(k, state, m) for m in state.legal_moves())
    assert not any(k.wins_now(state, m) for m in state.legal_moves())
    lost = analyse(NIBBLE_FORCED, iterations=3000)
    assert lost["to_move"] == 0 and lost["exact"] and lost["winner"] == 1
    assert lost["chances"] == [0.0, 1.0]
    won = analyse(NIBBLE_FORCED, n - 1, iterations=3000)
    assert won["to_move"] == 1 and won["exact"] and won["winner"] == 1
    after = dict(at(NIBBLE_FORCED, n - 1), moves=[*NIBBLE_FORCED["moves"][:n - 1], won["best"]])
    state = replay(after)
    assert state.to_move == 0 and all(hands_win(k, state, m) for m in state.legal_moves())


@pytest.mark.parametrize("record, ply, wins", [(NEB_BLUNDER, 21, True),
                                                (NEB_LOST, 21, False)], ids=["won", "lost"])
def test_an_mcts_solver_proof_at_the_root_is_exact(record, ply, wins):
    state = replay(at(record, ply))
    k = generic()
    empty = state.view()["board"]["cells"]
    assert sum(c["disc"] is None for c in empty) >= 4  # so the endgame solver is not used
    assert not any(k.wins_now(state, m) for m in state.legal_moves())
    answer = analyse(at(record, ply), iterations=3000, seed=1)
    me = state.to_move
    winner = me if wins else 1 - me
    assert answer["exact"] and answer["winner"] == winner
    assert answer["chances"] == [1.0 if s == winner else 0.0 for s in range(2)]
    assert answer["iterations"] < 3000  # the search stops once the root is proved


# -- chances per seat -----------------------------------------------------------------------

@pytest.mark.parametrize("game, options", [
    ("nibble", {"seed": 3}), ("nebuchadnezzar", {"seed": 3}),
    ("number-one", {"players": 2, "seed": 3}), ("number-one", {"players": 3, "seed": 3}),
    ("number-one", {"players": 4, "seed": 3}),
])
def test_chances_are_one_per_seat_and_sum_to_one(game, options):
    record = handle({"op": "new", "game": game, "options": options})["record"]
    state = replay(record)
    rng = random.Random(7)
    for _ in range(9):
        moves = state.legal_moves()
        state.push(moves[rng.randrange(len(moves))])
    record["moves"] = [state.move_to_str(m) for m in state.moves]
    answer = analyse(record, iterations=300, seed=2)  # checks the chances
    assert answer["to_move"] == state.to_move and not answer["exact"]
    assert answer["winner"] is None
    assert answer["best"] in state.legal_moves_str()
    assert 0.0 < answer["chances"][state.to_move] < 1.0


def test_seats_that_are_out_have_no_chances():
    record = number_one_busy_record()  # four seats, the second and third out
    answer = analyse(record, iterations=300)
    assert answer["to_move"] == 0
    assert answer["chances"][1] == 0.0 and answer["chances"][2] == 0.0
    assert answer["chances"][0] + answer["chances"][3] == pytest.approx(1.0)


# -- ply, refusals, limits --------------------------------------------------------------------

def test_ply_analyses_an_earlier_position():
    n = len(NIBBLE_BLUNDER["moves"])
    end = analyse(NIBBLE_BLUNDER, iterations=200)
    earlier = analyse(NIBBLE_BLUNDER, 3, iterations=200)
    start = analyse(NIBBLE_BLUNDER, 0, iterations=200)
    assert (end["ply"], earlier["ply"], start["ply"]) == (n, 3, 0)
    for answer in (end, earlier, start):
        position = replay(at(NIBBLE_BLUNDER, answer["ply"]))
        assert answer["to_move"] == position.to_move
        assert answer["best"] in position.legal_moves_str()
    assert earlier["to_move"] != start["to_move"]
    assert analyse(NIBBLE_BLUNDER, None, iterations=200)["ply"] == n  # null: the end
    assert not earlier["exact"] and end["exact"]


@pytest.mark.parametrize("ply", [42, 10_001, -1, "3", True, 2.5, [1]])
def test_a_ply_out_of_range_is_refused(ply):
    error = refusal(handle({"op": "analyse", "record": NIBBLE_BLUNDER, "ply": ply}))
    assert error["code"] == "bad-request"
    assert error["reason"] == "request.range" and error["params"]["name"] == "ply"
    assert "ply" in error["message"]
    if ply == 42:
        assert error["params"]["max"] == 41


@pytest.mark.parametrize("field, value", [
    ("budget_ms", 0), ("budget_ms", 20_001), ("budget_ms", "300"), ("budget_ms", None),
    ("iterations", 0), ("iterations", 200_001), ("seed", -1), ("seed", None),
])
def test_the_request_is_bounded_and_typed(field, value):
    error = refusal(handle({"op": "analyse", "record": NIBBLE_BLUNDER, field: value}))
    assert error["code"] == "bad-request" and error["reason"] == "request.range"
    assert error["params"]["name"] == field


def test_a_tampered_record_is_refused_as_load_refuses_it():
    tampered = dict(NEB_BLUNDER, moves=[*NEB_BLUNDER["moves"][:5], "a2", "zz"])
    loaded = refusal(handle({"op": "load", "record": tampered}))
    answer = refusal(handle({"op": "analyse", "record": tampered, "ply": 2}))
    assert answer == loaded
    assert answer["code"] == "bad-record" and answer["params"]["number"] == 6
    assert refusal(handle({"op": "analyse"}))["reason"] == "request.record"


def test_the_games_answer_publishes_the_analyse_budget():
    limits = handle({"op": "games"})["limits"]
    assert limits["analyse"]["budget_ms"] == {"min": 1, "max": ai_api.MAX_BUDGET_MS,
                                              "default": ai_api.ANALYSE_BUDGET_MS}
    assert limits["budget_ms"]["max"] == ai_api.MAX_BUDGET_MS  # the ai op's, unchanged
    # the page's second pass: a fixed search for every game, within the op's own limits
    first = limits["analyse"]["first_pass"]["iterations"]
    second = limits["analyse"]["second_pass"]["iterations"]
    assert set(first) == set(second) == set(GAMES)
    assert all(1 <= first[g] < second[g] <= ai_api.MAX_ITERATIONS for g in GAMES), (first, second)


# -- reproducible, bounded ---------------------------------------------------------------------

def without_ms(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "ms"}


def test_iterations_and_a_seed_reproduce_the_answer_whatever_came_before():
    one = {"op": "analyse", "record": ONE_GAME, "ply": 9, "iterations": 400, "seed": 3}
    first = handle(one)
    handle({"op": "analyse", "record": ONE_GAME, "ply": 8, "iterations": 400, "seed": 3})
    handle({"op": "analyse", "record": NIBBLE_BLUNDER, "ply": 4, "iterations": 300})
    assert without_ms(handle(one)) == without_ms(first)
    assert first["iterations"] >= 400
    neb = {"op": "analyse", "record": NEB_BLUNDER, "ply": 12, "iterations": 400, "seed": 3}
    assert without_ms(handle(neb)) == without_ms(handle(neb))


def test_analysis_leaves_the_ai_ops_kept_tree_alone():
    record = at(NIBBLE_BLUNDER, 6)
    handle({"op": "ai", "record": record, "level": "medium", "seed": 1, "iterations": 200})
    kept = {key: getattr(p, "tree", None) for key, p in ai_api._CACHE.items()}
    analyse(record, iterations=200)
    analyse(ONE_GAME, 5, iterations=200)
    assert {key: getattr(p, "tree", None) for key, p in ai_api._CACHE.items()} == kept


@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_the_budget_is_kept_on_the_busiest_positions(name):
    record = CRAFTED[name]()
    t0 = time.perf_counter()
    answer = analyse(record, budget_ms=200)
    elapsed = (time.perf_counter() - t0) * 1000
    assert elapsed < 200 + 1000, elapsed  # a bound, not a measure of speed
    assert answer["ms"] < 200 + 1000
    assert answer["best"] in replay(record).legal_moves_str()


def test_iterations_alone_still_stop_at_the_cap(monkeypatch):
    from nibble.ai import analysis

    monkeypatch.setattr(analysis, "MAX_BUDGET_MS", 150)
    record = at(NIBBLE_BLUNDER, 6)
    t0 = time.perf_counter()
    answer = analyse(record, iterations=200_000)
    assert answer["iterations"] < 200_000
    assert time.perf_counter() - t0 < 2.0
