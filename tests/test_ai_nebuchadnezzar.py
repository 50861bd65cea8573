"""Computer players for Nebuchadnezzar: the knowledge (win checks, evaluation, move
ordering) on hand-built positions, and every level on every board size."""

from __future__ import annotations

import random
import time

import pytest

from nibble.ai.knowledge import generic, hands_win, knowledge_for
from nibble.ai.levels import HARD, LEVELS, make_player
from nibble.ai.mcts import MCTS, Budget, Config
from nibble.ai.players import MCTSPlayer
from nibble.api import handle
from nibble.core.record import to_record
from nibble.games.nebuchadnezzar.knowledge import NebuchadnezzarKnowledge
from nibble.games.nebuchadnezzar.moves import SWAP
from tests.util_nebuchadnezzar import ANNIHILATE, GAME, board, new

K = NebuchadnezzarKnowledge()


def value(rows: str, to_move: str = "b") -> float:
    """The evaluation for Black."""
    s = board(rows, to_move)
    return K.evaluate(s, s.seat_of(0))


def random_states(size: int, games: int, seed: int):
    """Every position of a few random games."""
    rng = random.Random(seed)
    for _ in range(games):
        s = new(size)
        while s.result is None:
            yield s
            moves = s.legal_moves()
            s.push(moves[rng.randrange(len(moves))])


# -- win checks ------------------------------------------------------------------------------


def test_fast_win_checks_agree_with_the_protocol():
    g = generic()
    checked = skipped = 0
    for size in (5, 8):
        for s in random_states(size, 4, size):
            moves = s.legal_moves()
            for m in moves:
                assert K.winner_after(s, m) == g.winner_after(s, m)
            if not K.opponent_may_win_next(s):
                skipped += 1
                assert all(g.winner_after(s, m) is None for m in moves)
            if not K.may_win_soon(s, s.to_move ^ 1):
                skipped += 1
                assert not any(hands_win(g, s, m) for m in moves)
            checked += len(moves)
    assert checked > 1000 and skipped > 100


def test_a_capture_that_annihilates_is_found_at_once():
    s = board(ANNIHILATE)
    win = s.parse_move("xc3:e4")
    assert win in s.legal_moves()
    assert K.winner_after(s, win) == 0
    assert K.opponent_may_win_next(s)
    assert K.evaluate(s, 0) > 0.99  # the mover wins next move
    for level in ("easy", "medium", "hard"):
        d = make_player(level, 1).choose(s, Budget(None, 1))
        assert s.move_to_str(d.move) == "xc3:e4", level


def test_no_annihilation_while_the_enemy_is_not_one_solid_rectangle():
    s = board(ANNIHILATE.replace("..bbb...", "..bbb.w."))  # a white disc outside the block
    assert not K.opponent_may_win_next(s)
    assert all(K.winner_after(s, m) is None for m in s.legal_moves())


# -- evaluation ------------------------------------------------------------------------------


def test_a_wall_is_worth_more_than_a_loose_disc():
    base = """
        ........
        ........
        ..bbb...
        ..www...
        ........
        ........
        ........
        ........"""
    rows = base.split()
    wall = rows[:]
    wall[2] = "..bbbb.."  # the fourth disc extends the line over the white row
    loose = rows[:]
    loose[5] = "......b."  # the same disc alone in the open
    assert value("/".join(wall), "w") > value("/".join(loose), "w")


def test_a_disc_inside_an_enemy_capturable_rectangle_is_worth_less():
    loose = """
        ........
        ........
        ...w....
        ..wbw...
        ........
        ........
        ......w.
        .b......"""
    caught = """
        ........
        ........
        ...w....
        ..wbw...
        ...w....
        ........
        ........
        .b......"""
    assert board(caught, "w").parse_move("xd4:d4") in board(caught, "w").legal_moves()
    assert board(loose, "w").parse_move("xd4:d4") not in board(loose, "w").legal_moves()
    assert value(caught) < value(loose)


def test_evaluation_is_zero_sum_and_bounded():
    for s in random_states(8, 2, 3):
        a, b = K.evaluate(s, 0), K.evaluate(s, 1)
        assert -1.0 <= a <= 1.0 and a == pytest.approx(-b)


# -- move ordering ---------------------------------------------------------------------------


def test_captures_come_first_and_larger_ones_before_smaller():
    s = board("""
        ........
        .bbb....
        bwwwb...
        .bbb....
        ........
        ....b...
        ...bwb..
        ....b...""")
    moves = s.legal_moves()
    scores = dict(zip(moves, K.move_scores(s, moves), strict=True))
    big, small = s.parse_move("xb3:d3"), s.parse_move("xe7:e7")
    assert big in scores and small in scores
    assert scores[big] > scores[small] > max(v for m, v in scores.items() if m > SWAP)


def test_the_swap_is_scored_by_the_position_it_takes_over():
    s = new(8)
    s.push(s.parse_move("d4"))
    assert SWAP in s.legal_moves()
    scores = K.move_scores(s, s.legal_moves())
    assert scores[s.legal_moves().index(SWAP)] == pytest.approx(-K.raw(s) * K.w["order"])


# -- every level, every size -----------------------------------------------------------------


def midgame_record(size: int, plies: int, seed: int = 1) -> dict:
    """The record of a game after ``plies`` random moves (fewer if it ends)."""
    s = GAME.new_state(GAME.normalize_options({"size": size, "seed": seed}))
    rng = random.Random(seed)
    for _ in range(plies):
        moves = s.legal_moves()
        s.push(moves[rng.randrange(len(moves))])
        if s.result is not None:
            s.pop()
            break
    return to_record(s)


@pytest.mark.parametrize("size", [5, 8, 15])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_answers_a_legal_move_within_budget(level, size):
    rec = midgame_record(size, size * size // 2)
    legal = handle({"op": "load", "record": rec})["view"]["legal_moves"]
    budget = 150
    t0 = time.perf_counter()
    res = handle({"op": "ai", "record": rec, "level": level, "seed": 3, "budget_ms": budget,
                  "reuse": False})
    ms = (time.perf_counter() - t0) * 1000
    assert res.get("move") in legal, res
    assert -1 <= res["stats"]["value"] <= 1
    assert ms < budget + 1000, (level, size, ms)


def test_knowledge_is_registered():
    assert isinstance(knowledge_for(new(5)), NebuchadnezzarKnowledge)


# -- search settings -------------------------------------------------------------------------


def test_progressive_widening_keeps_to_the_best_priors():
    s = GAME.new_state(GAME.normalize_options({"size": 8}))
    s.push(s.parse_move("d4"))  # 63 placements and the swap
    for widen, most in ((0.0, 65), (1.0, 2 + 10)):
        search = MCTS(K, random.Random(1), Config(playout_depth=0, safety=False, widen=widen))
        root, _ = search.search(s, None, Budget(None, 100))
        visited = [c for c in root.children if c.n]
        assert len(visited) <= most
        if widen:
            assert visited == root.children[:len(visited)]  # in order of their priors
        else:
            assert len(visited) == len(root.children)


def test_tuned_levels_take_the_game_settings():
    class Capped(NebuchadnezzarKnowledge):
        tuned_search = {"max_nodes": 1}  # the tree stops growing at the root

    s = GAME.new_state(GAME.normalize_options({"size": 6}))
    tuned = MCTSPlayer(1, knowledge=Capped(), config=HARD, tuned=True)
    plain = MCTSPlayer(1, knowledge=Capped(), config=HARD)
    tuned.choose(s, Budget(None, 50))
    plain.choose(s, Budget(None, 50))
    tuned_root, plain_root = tuned.tree[1], plain.tree[1]
    assert tuned_root.unvisited() + len(tuned_root.children) == 36  # the root expanded,
    assert all(c.children is None for c in tuned_root.children)  # nothing below it
    assert any(c.children is not None for c in plain_root.children)
    assert NebuchadnezzarKnowledge.tuned_search  # Nebuchadnezzar's hard is tuned
