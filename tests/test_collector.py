"""nibble/ai/collector.py: what ``hard`` keeps after a move is never walked by the
collector again, and frozen objects are handed back once there are too many."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from nibble.ai import collector
from nibble.ai.levels import PLAY, make_player
from nibble.ai.mcts import Budget
from nibble.games import get_game


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # what this test froze goes back to the collector


def three_player_move(seed: int = 4):
    """``hard`` after one move of a three-player Number One game (a tuned MCTS, whose
    tree it keeps for its next move)."""
    game = get_game("number-one")
    state = game.new_state(game.normalize_options({"players": 3, "seed": seed}))
    player = make_player("hard", seed)
    player.choose(state.copy(), Budget(None, 400))
    return player


def test_the_tree_kept_for_the_next_move_is_frozen():
    player = three_player_move()
    root = player.inner.tree[1]
    assert root.n > 0 and root.children
    frozen = gc.get_freeze_count()
    assert frozen >= root.n
    walked = {id(o) for o in gc.get_objects()}  # every object a collection would walk
    assert id(root) not in walked
    assert not walked & {id(c) for c in root.children}


def test_too_many_frozen_objects_go_back_to_the_collector(monkeypatch):
    three_player_move()
    assert gc.get_freeze_count() > 0
    monkeypatch.setattr(collector, "FROZEN_LIMIT", 0)
    player = three_player_move(5)
    assert gc.get_freeze_count() == 0
    assert id(player.inner.tree[1]) in {id(o) for o in gc.get_objects()}


def test_a_dropped_tree_is_freed_though_frozen():
    player = three_player_move()
    before = gc.get_freeze_count()
    player.forget()  # the tree is dropped: reference counting frees it, frozen or not
    assert gc.get_freeze_count() < before


def test_a_full_tree_of_hard_s_bound_stays_frozen():
    """A tree unit is at most one tracked object (a node, or an expanded node's list of
    children; its arrays are not tracked), so the limit must leave room for a full tree of
    ``hard``'s bound besides the interpreter's own objects (418,000 were frozen after one)."""
    player = three_player_move()
    tracked = sum(1 for _ in gc.get_objects()) + gc.get_freeze_count()
    assert PLAY.max_nodes + tracked < collector.FROZEN_LIMIT, (PLAY.max_nodes, tracked)
    assert player.inner.tree[1].size() <= PLAY.max_nodes
