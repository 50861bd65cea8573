"""``hard``'s search finds a position's captures from its parent's
(``captures.find_after``, docs/engine.md, "How captures are found fast"): after every
placement and capture of seeded random games on every board size, for both sides, the
same captures as found afresh; and the search with the shortcut plays the same moves,
node for node, as with every position's captures found afresh."""

from __future__ import annotations

import random

import pytest

from nibble.ai.mcts import Budget
from nibble.games.nebuchadnezzar import search as neb_search
from nibble.games.nebuchadnezzar.captures import _find, find, find_after
from nibble.games.nebuchadnezzar.layout import layout
from nibble.games.nebuchadnezzar.placement import placements
from tests.util_nebuchadnezzar import new
from tests.util_players import random_plies


@pytest.mark.parametrize("size", [5, 6, 8, 11, 15])
def test_captures_after_each_move_are_those_found_afresh(size: int) -> None:
    """Random boards (every density), then moves as a game makes them (a capture two
    times in five when there is one, else a legal placement, else any empty point):
    each side's captures carried from move to move equal those found afresh."""
    rng = random.Random(size)
    lay = layout(size)
    every = [lay.bit(r, c) for r in range(size) for c in range(size)]
    moves = 0
    for _ in range(60):
        density = rng.random()
        mover = other = 0
        for p in every:
            x = rng.random()
            if x < density / 2:
                mover |= 1 << p
            elif x < density:
                other |= 1 << p
        ours, theirs = find(lay, mover, other), find(lay, other, mover)
        for _ply in range(25):
            legal = lay.bit_indices(placements(lay, mover, other))
            empty = [p for p in every if not (mover | other) >> p & 1]
            if ours[1] and (rng.random() < 0.4 or not empty):
                changed, placed = rng.choice(ours[1]), False
                mover, other = mover | changed, other & ~changed
            elif empty:
                changed, placed = 1 << rng.choice(legal or empty), True
                mover |= changed
            else:
                break
            # the other side moves next: its captures, then the mover's
            ours, theirs = (find_after(lay, other, mover, theirs, changed, placed),
                            find_after(lay, mover, other, ours, changed, placed))
            mover, other = other, mover
            moves += 1
            assert ours[1] == _find(lay, mover, other)
            assert theirs[1] == _find(lay, other, mover)
    assert moves > 500


def _afresh(lay, mine, theirs, before, changed, placed):
    return find(lay, mine, theirs)


@pytest.mark.parametrize("size, plies", [(7, 6), (8, 20), (11, 40)])
def test_the_search_plays_as_with_captures_found_afresh(monkeypatch, size: int,
                                                        plies: int) -> None:
    """The same move, score and nodes with the shortcut as without it, move after move
    of a game from a random start (so captures come up)."""
    state = random_plies(new(size), plies, size)
    fast, slow = neb_search.NebSearch(3), neb_search.NebSearch(3)
    while state.result is None and len(state.moves) < plies + 16:
        a = fast.choose(state, Budget(None, 1500))
        with monkeypatch.context() as m:
            m.setattr(neb_search, "find_after", _afresh)
            b = slow.choose(state, Budget(None, 1500))
        assert (a.move, a.value, a.iterations) == (b.move, b.value, b.iterations)
        state.push(a.move)
