"""A game's table key (``Knowledge.key``, which ``alphabeta`` and the exact solver key their
tables by, within one game) stands for its position: two positions of a game share a key
exactly when they are the same position, as the game writes it, including positions
reached by moves in another order."""

from __future__ import annotations

import itertools
import random

import pytest

from nibble.ai.knowledge import knowledge_for
from nibble.games import GAMES

SETUPS = [("nibble", {"variant": "square9"}), ("nibble", {"variant": "hex13"}),
          ("nebuchadnezzar", {"size": 6}), ("number-one", {"players": 2}),
          ("number-one", {"players": 3})]


def positions(game_id: str, options: dict, seed: int) -> list:
    """Copies of every position of a random game (its first 60 moves)."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    st = game.new_state(game.normalize_options({**options, "seed": seed}))
    out = []
    while st.result is None and len(st.moves) < 60:
        out.append(st.copy(history=False))
        st.push(rng.choice(st.legal_moves()))
    out.append(st.copy(history=False))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("game_id", "options"), SETUPS)
def test_a_key_is_the_position(game_id: str, options: dict, seed: int) -> None:
    states = positions(game_id, options, seed)
    k = knowledge_for(states[0])
    keys: dict = {}
    for st in states:
        keys.setdefault(k.key(st), set()).add(st.position())
    assert all(len(texts) == 1 for texts in keys.values())
    assert len({st.position() for st in states}) == len(keys)


def test_number_one_pegs_moved_in_another_order_share_a_key() -> None:
    game = GAMES["number-one"]
    start = game.new_state(game.normalize_options({"players": 2}))
    k = knowledge_for(start)
    found = 0
    for a, b in itertools.permutations(start.legal_moves(), 2):
        one, two = start.copy(), start.copy()
        one.push(a)
        two.push(b)
        if b in one.legal_moves() and a in two.legal_moves():
            one.push(b)
            two.push(a)
            assert k.key(one) == k.key(two) and one.position() == two.position()
            found += 1
    assert found > 10
