"""The Nebuchadnezzar sparring partner (nibble/games/nebuchadnezzar/pool.py, issue 46):
legal to the end of whole games, on time, takes an annihilating capture, reproducible by
nodes, and better than random."""

from __future__ import annotations

import time

import pytest

from nibble.ai.levels import make_player
from nibble.ai.mcts import Budget
from nibble.ai.pool import make_pool_player
from nibble.games.nebuchadnezzar.pool import NebAlphaBeta
from tests.util_nebuchadnezzar import ANNIHILATE, board, new
from tests.util_players import longest_move, wins_against_random

#: the lab's tools run on CPython only (tests/conftest.py)
pytestmark = pytest.mark.lab


def test_registered_in_the_pool() -> None:
    assert isinstance(make_pool_player("pool-nebuchadnezzar", 3), NebAlphaBeta)


@pytest.mark.parametrize("size", [6, 8, 10])
def test_whole_games_are_legal(size: int) -> None:
    st = new(size)
    players = [NebAlphaBeta(1), NebAlphaBeta(2)]
    while not st.is_over() and len(st.moves) < 400:
        d = players[st.to_move].choose(st, Budget(None, 300))
        assert d.move in st.legal_moves()
        st.push(d.move)
    assert st.is_over()


@pytest.mark.usefixtures("cpu_clock")
@pytest.mark.parametrize("size", [5, 8, 15])
def test_keeps_its_time(size: int) -> None:
    assert longest_move(NebAlphaBeta(0), new(size), 100, 40) <= 0.12 + 0.03


def test_takes_the_annihilating_capture() -> None:
    st = board(ANNIHILATE)
    d = NebAlphaBeta(0).choose(st, Budget(None, 50))
    assert st.move_to_str(d.move) == "xc3:e4"
    st.push(d.move)
    assert st.result is not None and st.result.reason == "annihilation"


def test_reproducible_by_nodes() -> None:
    st = new(8)
    rnd = make_player("random", 5)
    for _ in range(16):
        st.push(rnd.choose(st, Budget(None, 1)).move)
    first = [NebAlphaBeta(7).choose(st.copy(), Budget(None, 1500)) for _ in range(2)]
    assert first[0].move == first[1].move
    assert first[0].iterations == first[1].iterations
    assert first[0].extra == first[1].extra


def test_beats_random() -> None:
    assert wins_against_random(NebAlphaBeta, lambda: new(6), 4, 400) >= 3


def test_within_a_wall_clock_budget() -> None:
    """A budget of time alone, on the wall clock, on a crowded board."""
    st = new(12)
    rnd = make_player("random", 1)
    for _ in range(70):
        st.push(rnd.choose(st, Budget(None, 1)).move)
    start = time.perf_counter()
    d = NebAlphaBeta(0).choose(st, Budget(60, None))
    assert d.move in st.legal_moves()
    assert time.perf_counter() - start < 0.06 * 1.2 + 0.5  # generous: a busy machine
