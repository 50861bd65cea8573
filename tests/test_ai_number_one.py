"""Computer players for Number One: the knowledge on hand-built positions, its shortcuts
checked against the protocol, and every level for two, three and four players."""

from __future__ import annotations

import random
import time

import pytest

from nibble.ai.knowledge import generic, knowledge_for
from nibble.ai.levels import LEVELS, make_player
from nibble.ai.mcts import Budget
from nibble.api import handle
from nibble.games.number_one.knowledge import NumberOneKnowledge
from tests.util_number_one import around, new, state


def random_states(players: int, games: int, seed: int):
    """Every position of a few random games (copies, without history)."""
    rng = random.Random(seed)
    for _ in range(games):
        s = new(players)
        while s.result is None:
            yield s.copy(history=False)
            moves = s.legal_moves()
            s.push(moves[rng.randrange(len(moves))])
        yield s.copy(history=False)


# -- shortcuts agree with the protocol ---------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_win_checks_agree_with_the_protocol(players):
    k, g = knowledge_for(new(players)), generic()
    ended = 0
    for s in random_states(players, 4, players):
        if s.result is not None:
            continue
        for m in s.legal_moves():
            expected = g.winner_after(s, m)
            assert k.winner_after(s, m) == expected
            assert not k.wins_now(s, m)  # a move never makes its own player win
            ended += expected is not None
    assert ended > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_path_per_landing_reaches_every_position_the_legal_moves_reach(players):
    k = NumberOneKnowledge(dedupe=True)
    fewer = 0
    for s in random_states(players, 2, 10 + players):
        if s.result is not None:
            continue
        legal = s.legal_moves()
        searched, complete = k.tree_moves(s, 400)
        assert set(searched) <= set(legal)
        assert {after(s, m) for m in searched} == {after(s, m) for m in legal}
        fewer += len(searched) < len(legal)
    assert fewer > 0


def after(s, move: int) -> str:
    c = s.copy(history=False)
    c.advance(move)
    return c.position()


# -- the evaluation ------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_per_seat_are_win_chances(players):
    k = knowledge_for(new(players))
    seen = 0
    for s in random_states(players, 3, 20 + players):
        values = k.evaluate_all(s)
        assert len(values) == players
        assert all(-1.0 <= v <= 1.0 for v in values)
        assert [k.evaluate(s, seat) for seat in range(players)] == values
        for seat in s.out:
            assert values[seat] == -1.0
        if s.result is None:
            # 2p - 1 per seat, the chances summing to one
            assert sum(values) == pytest.approx(2 - players)
        else:
            assert values[s.result.winner] == 1.0 and sum(values) == 2 - players
        seen += 1
    assert seen > 30


def test_a_kept_evaluation_is_the_positions_own() -> None:
    """The evaluations are kept by position: what one knowledge answers from its store,
    over games of two, three and four players played into each other's positions, is what
    a knowledge that keeps nothing computes, and two positions with one key never
    differ (the key holds everything the evaluation reads)."""
    kept, fresh = NumberOneKnowledge(), NumberOneKnowledge()
    by_key: dict = {}
    repeats = 0
    for players in (2, 3, 4):
        for s in list(random_states(players, 3, 40 + players)) * 2:
            if s.result is not None:
                continue
            fresh._evals.clear()
            value = fresh.evaluate_all(s)
            key = kept.key(s)
            assert by_key.setdefault(key, value) == value
            repeats += key in kept._evals
            assert kept.evaluate_all(s) == value
    assert repeats > 100
    # one position, each seat to move: games rarely meet those, and they differ
    values = []
    for turn in ("1:", "2:", "3:"):
        s = state(3, ["Sc4,Mi6", "Sf6*", "Sd9*"], FAR, turn=turn)
        fresh._evals.clear()
        values.append(fresh.evaluate_all(s))
        assert kept.evaluate_all(s) == values[-1]
    assert len(set(map(tuple, values))) > 1


def naive_territory(s, seats: list[int]) -> list[float]:
    """The race of ``features``' territory, hole by hole: a breadth-first distance from each
    small peg over the tokens, a token going to the nearest peg (half each to two tied)."""
    nbr = NumberOneKnowledge().board(s).nbr
    tokens = [h for h in range(s.tokens.bit_length()) if (s.tokens >> h) & 1]
    dist = []
    for seat in seats:
        d, front, step = {}, [s.pegs[3 * seat]], 0
        while front:
            step += 1
            nxt = []
            for h in front:
                for t in tokens:
                    if (nbr[h] >> t) & 1 and t not in d:
                        d[t] = step
                        nxt.append(t)
            front = nxt
        dist.append(d)
    out = [0.0] * len(seats)
    for t in tokens:
        near = [d.get(t) for d in dist]
        best = min((x for x in near if x is not None), default=None)
        winners = [i for i, x in enumerate(near) if x is not None and x == best]
        for i in winners:
            out[i] += 1.0 if len(winners) == 1 else 0.5
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_territory_race_is_a_nearest_peg_count(players):
    """Two seats have a loop of their own, more have the general one: both give each small
    peg the tokens nearer to it than to every other (a tie between two: half each)."""
    seen = 0
    for s in random_states(players, 4, 70 + players):
        if s.result is not None:
            continue
        seats = [x for x in range(players) if (s.alive >> (3 * x)) & 1]
        got = NumberOneKnowledge._territory(list(s.pegs), seats, s.tokens)
        assert got == naive_territory(s, seats), (players, seats)
        seen += len(seats) == 2
    assert seen > 20 or players > 2


# Three-player positions with 23 to 28 tokens left (the middle of a game): a small peg on
# f6, the others far away; FAR empties most holes three and four steps from f6.
FAR = ("b2", "d2", "e2", "f2", "b3", "e3", "f3", "g3", "g4", "h4", "c5", "h5", "i5", "b6",
       "c6", "i6", "b7", "c7", "h7", "i7", "b8", "g8", "h8", "b9", "f9", "g9", "b10", "c10",
       "f10")
BLOCKED = ("e5", "f5", "e6", "e7", "f7")  # all of f6's neighbours but g6


def test_the_hand_built_positions_are_mid_game():
    assert set(BLOCKED) | {"g6"} == set(around("f6", 1, 3))
    assert not set(FAR) & set(around("f6", 2, 3))
    assert state(3, ["Sf6*", "Sc3*,Lb5", "Sd9*"], FAR).tokens.bit_count() == 28
    assert state(3, ["Sf6*", "Sc3*,Lb5", "Sd9*"], FAR + BLOCKED).tokens.bit_count() == 23


def test_a_small_peg_about_to_be_blocked_in_is_worth_less():
    """Six landings beat one; one landing that the large peg moving next can take is worth
    less than one nobody can reach before the small peg moves."""
    def value(large: str, empty: tuple[str, ...]) -> float:
        s = state(3, ["Sf6*", f"Sc3*,{large}", "Sd9*"], empty, turn="2:")
        return knowledge_for(s).evaluate(s, 0)

    open_, alone, exposed = value("Lb5", FAR), value("Lb5", FAR + BLOCKED), value(
        "Lj6", FAR + BLOCKED)  # j6: three steps from g6
    assert open_ > alone > exposed


def test_an_upright_small_peg_is_worth_more_than_a_turned_one():
    for turned in ("", "*"):
        s = state(3, [f"Sf6{turned}", "Sc3*", "Sd9*"], FAR + BLOCKED)
        values = knowledge_for(s).evaluate_all(s)
        if not turned:
            upright = values[0]
    assert upright > values[0]


def test_a_small_peg_with_nowhere_to_land_counts_as_out():
    s = state(3, ["Sf6*", "Sc3*", "Sd9*"], FAR + BLOCKED + ("g6",))
    values = knowledge_for(s).evaluate_all(s)
    assert values[0] == pytest.approx(-1.0, abs=1e-3) and values[1] > -0.9


@pytest.mark.parametrize("level", ["heuristic", "medium", "hard"])  # easy: the same, noisy
def test_a_move_that_blocks_an_opponents_small_peg_is_preferred(level):
    """Player 2's small peg (f6, turned) has one landing left, g6; player 1's medium peg
    on i6 can land there, and then player 2 is out."""
    s = state(3, ["Sc4*,Mi6", "Sf6*", "Sd9*"], FAR + BLOCKED, turn="1:S")
    k = knowledge_for(s)
    moves = s.legal_moves()
    scores = k.move_scores(s, moves)
    best = max(range(len(moves)), key=scores.__getitem__)
    assert s.move_to_str(moves[best]) == "M-i6-g6"
    assert sorted(scores)[-2] < scores[best]
    d = make_player(level, 1).choose(s, Budget(None, 200))
    assert s.move_to_str(d.move) == "M-i6-g6"


# -- levels ----------------------------------------------------------------------------------

def record_after(players: int, plies: int, seed: int = 3) -> dict:
    rec = handle({"op": "new", "game": "number-one", "options": {"players": players}})["record"]
    for i in range(plies):
        answer = handle({"op": "ai", "record": rec, "level": "random", "seed": seed + i})
        rec = handle({"op": "play", "record": rec, "move": answer["move"]})["record"]
    return rec


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_answers_a_legal_move_within_its_budget(level, players):
    rec = record_after(players, 3 * players)
    legal = handle({"op": "load", "record": rec})["view"]["legal_moves"]
    budget = 120
    t0 = time.perf_counter()
    answer = handle({"op": "ai", "record": rec, "level": level, "seed": 1,
                     "budget_ms": budget, "reuse": False})
    elapsed = (time.perf_counter() - t0) * 1000
    assert answer["move"] in legal, answer
    assert -1 <= answer["stats"]["value"] <= 1
    assert elapsed < budget + 2000, (level, elapsed)  # the tight figure: test_ai.py


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_thinks_for_its_budget_and_keeps_it(players):
    """Behaviour, not speed: it uses its time and never overruns by more than the bridge's
    hard limit (the tight figures come from scripts/bench_budget.py, not from a test a
    busy machine could fail)."""
    rec = record_after(players, 2 * players)
    budget = 300
    t0 = time.perf_counter()
    answer = handle({"op": "ai", "record": rec, "level": "hard", "seed": 1,
                     "budget_ms": budget, "reuse": False})
    ms = (time.perf_counter() - t0) * 1000
    assert "move" in answer and answer["stats"]["iterations"] > 0
    assert 0.9 * budget <= ms <= budget + 2000, ms


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_same_seed_and_iterations_same_move(level):
    rec = record_after(3, 5)
    req = {"op": "ai", "record": rec, "level": level, "seed": 4, "iterations": 120,
           "reuse": False}
    a, b = handle(req), handle(req)
    assert a["move"] == b["move"] and a["stats"] == {**b["stats"], "ms": a["stats"]["ms"]}


@pytest.mark.parametrize("players", [3, 4])
def test_searching_players_play_whole_games(players):
    s = new(players)
    cast = [make_player(name, i) for i, name in enumerate(["hard", "medium", "easy", "hard"])]
    while s.result is None:
        d = cast[s.to_move].choose(s, Budget(None, 15))
        s.check_move(d.move)
        s.push(d.move)
    assert len(s.out) == players - 1
