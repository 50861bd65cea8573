"""Properties over random games of every variant (hypothesis draws seeds and choices)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from nibble.core.record import replay, to_record
from tests.reference import exposed_discs, judge, legal_sets
from tests.util import new, play_random

VARIANT = st.sampled_from(["square9", "square13", "hex13"])
SEED = st.integers(min_value=0, max_value=2**53 - 1)



def disc_cells(state):
    return {state.grid.cells[i]: c for i, c in enumerate(state.cell_colors()) if c is not None}


@given(VARIANT, SEED, st.integers(0, 2**32), st.booleans())
def test_random_games_keep_the_invariants(variant, seed, choice_seed, decided):
    s = new(variant, seed, decided_early=decided)
    v = s.variant
    rng = random.Random(choice_seed)
    for _ in play_random(s, rng):
        assert s.topo.connected(s.board.occ)
        on_board = [0] * v.colors
        for c in s.cell_colors():
            if c is not None:
                on_board[c] += 1
        for c in range(v.colors):
            assert on_board[c] + s.collections[0][c] + s.collections[1][c] == v.colors
    assert s.is_over()  # the game always ends
    assert s.result.winner in (0, 1)  # full set-ups never draw


@given(VARIANT, SEED, st.integers(0, 2**32))
def test_legal_moves_match_a_naive_generator(variant, seed, choice_seed):
    s = new(variant, seed, decided_early=False)
    rng = random.Random(choice_seed)
    grid = s.grid
    for i, _ in enumerate(play_random(s, rng)):
        if i % 3:
            continue
        mine = [frozenset(grid.cells[c] for c in grid.cells_of(m)) for m in s.legal_moves()]
        assert len(mine) == len(set(mine))
        assert set(mine) == legal_sets(grid.shape, grid.row_lengths, disc_cells(s),
                                       s.variant.exposed)


def naive_counts(state) -> list[int]:
    grid = state.grid
    counts = [0] * state.variant.colors
    cells = disc_cells(state)
    for rc in exposed_discs(grid.shape, grid.row_lengths, cells, state.variant.exposed):
        counts[cells[rc]] += 1
    return counts


@given(VARIANT, SEED, SEED, st.integers(0, 2**32))
def test_candidate_counts_match_a_naive_count_and_follow_the_board(variant, seed, other,
                                                                   choice_seed):
    """The per-colour counts the computer reads are remembered for the last board asked
    about: a second game of the variant, whose discs stand on the same cells at the start
    but in other colours, must get its own counts, and so must every later position."""
    a, b = new(variant, seed), new(variant, other)
    rng = random.Random(choice_seed)
    for i, _ in enumerate(play_random(a, rng)):
        if i % 4:
            continue
        for s in (a, b, a):
            assert s.board.candidate_counts() == naive_counts(s)


@given(VARIANT, SEED, st.integers(0, 2**32), st.booleans())
def test_results_match_a_naive_judge(variant, seed, choice_seed, decided):
    s = new(variant, seed, decided_early=decided)
    v = s.variant
    rng = random.Random(choice_seed)
    while not s.is_over():
        moves = s.legal_moves()
        mover = s.to_move
        s.push(moves[rng.randrange(len(moves))])
        expected = judge(s.collections, mover, s.table, v.colors, v.adjacent_need, v.majority,
                         v.majorities, s.board.occ == 0, decided)
        assert (None if s.result is None else (s.result.winner, s.result.reason)) == expected


@given(VARIANT, SEED, st.integers(0, 2**32))
def test_records_round_trip_and_replay_gives_the_same_state(variant, seed, choice_seed):
    s = new(variant, seed)
    rng = random.Random(choice_seed)
    list(play_random(s, rng, plies=rng.randrange(1, 60)))
    record = to_record(s)
    again = replay(record)
    assert again.position() == s.position()
    assert again.to_move == s.to_move
    assert again.collections == s.collections
    assert again.result == s.result
    assert again.legal_moves() == s.legal_moves()
    assert to_record(again) == record
    for m in s.legal_moves()[:20]:
        assert s.parse_move(s.move_to_str(m)) == m
    # the start position written out and read back is the same start position
    assert replay({**record, "moves": []}).setup() == s.setup()


@given(VARIANT, SEED, st.integers(0, 2**32))
def test_undo_restores_exactly(variant, seed, choice_seed):
    s = new(variant, seed)
    rng = random.Random(choice_seed)
    snapshots = []
    for _ in play_random(s, rng, plies=40):
        snapshots.append((s.position(), s.to_move, [list(c) for c in s.collections],
                          s.result, s.legal_moves()))
    while snapshots:
        s.pop()
        assert (s.position(), s.to_move, s.collections, s.result, s.legal_moves()) == (
            snapshots.pop())


@given(VARIANT, SEED, st.integers(0, 2**32))
def test_copies_are_independent(variant, seed, choice_seed):
    s = new(variant, seed)
    rng = random.Random(choice_seed)
    list(play_random(s, rng, plies=5))
    c = s.copy()
    before = s.position()
    list(play_random(c, rng, plies=5))
    while c.moves:
        c.pop()
    assert s.position() == before
    assert c.position() == s.setup().split()[0]
