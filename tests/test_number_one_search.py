"""``hard``'s own search for Number One (nibble/games/number_one/search.py): legal to the
end of whole games with two, three and four players, sees a small peg shut in through
the forced removal, reproducible by nodes, on time, and what the tuned levels play
(while the judge keeps the MCTS its chances were calibrated on)."""

from __future__ import annotations

import sys

import pytest

from nibble.ai.knowledge import knowledge_for
from nibble.ai.levels import HARD, PLAY, TunedPlayer, make_player
from nibble.ai.mcts import Budget
from nibble.ai.players import MCTSPlayer
from nibble.games.number_one.knowledge import one_path_per_landing
from nibble.games.number_one.search import OneSearch
from tests.test_ai_number_one import BLOCKED, FAR
from tests.util_number_one import new, state
from tests.util_players import longest_move, random_plies, wins_against_random


def played(players: int, plies: int, seed: int):
    """A position ``plies`` random moves into a game (fewer if it ends first)."""
    return random_plies(new(players), plies, seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_are_legal_and_end(players: int) -> None:
    st = new(players)
    cast = [OneSearch(seat) for seat in range(players)]
    while st.result is None:
        d = cast[st.to_move].choose(st, Budget(None, 300))
        assert d.move in st.legal_moves()
        assert d.value is None or -1 <= d.value <= 1
        st.push(d.move)
    assert len(st.out) == players - 1


def test_shuts_in_the_last_small_peg_and_knows_it_wins() -> None:
    """Player 2's turned small peg on f6 has one landing left, g6; player 1's medium peg
    on i6 lands there. Player 2's only move is then to leave, and the game is won: the
    search follows that forced move without spending depth on it."""
    st = state(2, ["Sc4*,Mi6", "Sf6*"], FAR + BLOCKED, turn="1:S")
    d = OneSearch(0).choose(st, Budget(None, 200))
    assert st.move_to_str(d.move) == "M-i6-g6"
    assert d.value == 1.0


def test_with_three_players_the_block_is_found_too() -> None:
    st = state(3, ["Sc4*,Mi6", "Sf6*", "Sd9*"], FAR + BLOCKED, turn="1:S")
    d = OneSearch(0).choose(st, Budget(None, 2000))
    assert st.move_to_str(d.move) == "M-i6-g6"


def _turn_ends(st, search: OneSearch, prune: bool) -> tuple[set, int]:
    """Every position at the end of the turn under way (by one path per landing, and with
    ``prune``, the pegs in one order where their moves commute), and the lines walked."""
    seat = st.to_move
    ends: set = set()
    lines = 0

    def walk() -> None:
        nonlocal lines
        if st.result is not None or st.to_move != seat or not st.moved and len(st.moves):
            ends.add((st.tokens, st.turned, tuple(st.pegs), st.to_move))
            lines += 1
            return
        moves = one_path_per_landing(st.legal_moves())
        if prune and st.moved:
            moves = search._in_turn_order(st, moves)
        for m in moves:
            st.push(m)
            walk()
            st.pop()

    walk()
    return ends, lines


@pytest.mark.parametrize("seed", range(6))
def test_pegs_in_one_order_reach_every_position_a_turn_can_reach(seed: int) -> None:
    """Inside a turn the search tries a smaller peg after a larger one only where their
    moves do not commute; the turn still ends in every position it can end in."""
    players = 2 + seed % 2
    st = played(players, 3 * players * (1 + seed % 3), seed)
    while st.moved:  # the start of a turn
        st.push(st.legal_moves()[0])
    st = st.copy(history=False)
    search = OneSearch(0)
    every, all_lines = _turn_ends(st, search, False)
    kept, fewer_lines = _turn_ends(st, search, True)
    assert kept == every
    assert fewer_lines < all_lines


def test_reproducible_by_nodes() -> None:
    st = played(2, 14, 5)
    first = [OneSearch(7).choose(st.copy(), Budget(None, 1500)) for _ in range(2)]
    assert first[0].move == first[1].move
    assert first[0].iterations == first[1].iterations == 1500
    assert first[0].extra == first[1].extra


@pytest.mark.usefixtures("cpu_clock")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_keeps_its_time(players: int) -> None:
    assert longest_move(OneSearch(0), new(players), 100, 18) <= 0.1 * 1.2


@pytest.mark.parametrize("players", [2, 3])
def test_beats_random(players: int) -> None:
    assert wins_against_random(OneSearch, lambda: new(players), players, 300) == players


def test_the_tuned_levels_play_it_with_two_players_and_the_judge_keeps_mcts() -> None:
    """``hard`` and ``expert`` play this search with two players and the tuned MCTS with
    three or four; the puzzle maker's and the analysis's ``hard`` (the judge) keep the
    tuned MCTS their files and chances were made with."""
    for players, kind in ((2, OneSearch), (3, MCTSPlayer), (4, MCTSPlayer), (2, OneSearch)):
        st = played(players, 10, 3)
        for level in ("hard", "expert"):
            player = make_player(level, 1)
            assert isinstance(player, TunedPlayer)
            assert player.choose(st, Budget(None, 200)).move in st.legal_moves()
            assert isinstance(player.inner, kind)
            judge = make_player(level, 1, judge=True)
            judge.choose(st, Budget(None, 200))
            assert isinstance(judge.inner, MCTSPlayer)
        k = knowledge_for(st)
        assert k.strong_search == "own" and k.for_judge().strong_search_for(st) == "mcts"
        assert k.for_judge().evaluate_all(st) == k.evaluate_all(st)


@pytest.mark.skipif(sys.platform == "emscripten", reason="40,000 iterations: CPython only")
def test_hard_s_tree_with_three_players_outgrows_the_judge_s_bound() -> None:
    """With three players a tree of the tuned MCTS filled the judge's bound (``HARD``) in
    about 30,000 iterations, a second of the page's 1.5 s, after which more time bought
    nothing; ``hard``'s own bound (``PLAY``) holds 40,000 iterations, and the judge keeps
    the bound its files were made with."""
    st = played(3, 0, 1)
    player = make_player("hard", 1)
    player.choose(st, Budget(None, 40_000))
    assert isinstance(player.inner, MCTSPlayer) and player.inner.config.max_nodes == PLAY.max_nodes
    assert player.inner.tree is not None
    size = player.inner.tree[1].size()
    assert HARD.max_nodes < size < PLAY.max_nodes
    judge = make_player("hard", 1, judge=True)
    judge.choose(st, Budget(None, 200))
    assert isinstance(judge.inner, MCTSPlayer) and judge.inner.config.max_nodes == HARD.max_nodes


def test_a_search_for_one_seat_is_not_reused_for_another() -> None:
    """Values are kept for the seat the search plays (paranoid: the others are one side);
    asked for another seat, it starts afresh and still plays legally."""
    player = OneSearch(1)
    st = played(3, 0, 1)
    for _ in range(9):
        d = player.choose(st, Budget(None, 200))
        assert d.move in st.legal_moves()
        st.push(d.move)
