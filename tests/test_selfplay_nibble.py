"""scripts/selfplay_nibble.py: the games the evaluation is fitted to are whole, legal games
between the players asked for, seats swapped on every other board where one of each plays."""

from __future__ import annotations

import sys

import pytest

from nibble.games import get_game
from tests.util import load_script

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="a CPython tool (it forks worker processes)")


def replay(record: dict):
    game = get_game("nibble")
    state = game.from_setup(record["setup"], {"variant": record["variant"]})
    for text in record["moves"]:
        state.push(state.parse_move(text))
    return state


@pytest.mark.parametrize("evals, seats", [
    ("pool", {1: ["pool", "fitted"], 2: ["fitted", "pool"]}),
    ("pool-pool", {1: ["pool", "pool"], 2: ["pool", "pool"]}),
    ("mixed", {1: ["hand", "fitted"], 2: ["fitted", "hand"]}),
])
def test_a_game_is_whole_and_played_by_the_players_asked_for(evals, seats):
    play = load_script("selfplay_nibble").play
    for seed, kinds in seats.items():
        record = play(("square9", seed, 0.0, 2, (20,), evals, (8,)))
        assert record["evals"] == kinds
        assert record["nodes"] == [8 if k == "pool" else 20 for k in kinds]
        state = replay(record)  # every move legal, and the game over where it says
        assert state.result is not None
        assert (state.result.winner, state.result.reason) == (record["winner"],
                                                             record["reason"])
