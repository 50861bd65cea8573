"""Every sparring partner of the pool (nibble/ai/pool) keeps the budget's own clock, as the
levels do: ``match --clock cpu`` gives each player the same computing whatever else runs
(nibble/ai/clock.py), and a partner that counted wall-clock time instead thought less the
busier the machine (pool-number-one did until 2026-12-05)."""

from __future__ import annotations

import pytest

from nibble.ai import clock
from nibble.ai.mcts import Budget
from nibble.ai.pool import POOL, make_pool_player
from nibble.games import get_game

#: the lab's tools run on CPython only (tests/conftest.py)
pytestmark = pytest.mark.lab


@pytest.mark.parametrize("name", sorted(POOL))
def test_a_pool_player_ends_its_search_by_the_budgets_clock(name, monkeypatch) -> None:
    """A clock that jumps 10 s at every reading: a minute's budget is over after a few
    readings, so a player that reads it answers at once; one that read another clock
    would think for the whole minute (and read this one only at the start)."""
    game = get_game(name.removeprefix("pool-"))
    state = game.new_state(game.normalize_options({"seed": 1}))  # the game's own board
    player = make_pool_player(name, 0)
    now = [0.0]
    readings = [0]

    def jumping() -> float:
        readings[0] += 1
        now[0] += 10.0
        return now[0]

    monkeypatch.setattr(clock, "now", jumping)
    budget = Budget(60_000, None)
    before = readings[0]
    move = player.choose(state, budget).move
    assert move in state.legal_moves()
    assert readings[0] - before >= 2, f"{name} never read the budget's clock while it searched"
