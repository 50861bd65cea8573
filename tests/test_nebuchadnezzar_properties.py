"""Properties over random Nebuchadnezzar games (hypothesis draws sizes, set-ups, choices)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from nibble.api import handle
from nibble.core.errors import IllegalMove
from nibble.core.record import movers, replay, to_record
from tests.reference_nebuchadnezzar import RefGame, can_place, capturable
from tests.util import play_random
from tests.util_nebuchadnezzar import GAME, new, rows_of

SIZE = st.integers(min_value=5, max_value=8)
CHOICES = st.integers(0, 2**32)
MAX_PLIES = 5_000  # far beyond any game seen: a game that gets here does not end


def start(size: int, rng: random.Random, from_setup: bool):
    """An empty board, or a random set-up (often crowded: more captures, forced passes)."""
    if not from_setup:
        return new(size)
    fill, black = rng.random(), rng.random()
    rows = ["".join(("b" if rng.random() < black else "w") if rng.random() < fill else "."
                    for _ in range(size)) for _ in range(size)]
    return GAME.from_setup(f"neb{size}:{'/'.join(rows)} {rng.choice('bw')}",
                           GAME.normalize_options({}))



def outcome(state):
    r = state.result
    return None if r is None else (r.winner, r.reason)


@given(SIZE, CHOICES, st.booleans())
def test_random_games_agree_with_the_naive_reference(size, choice_seed, from_setup):
    rng = random.Random(choice_seed)
    s = start(size, rng, from_setup)
    ref = RefGame(rows_of(s), s.position().split()[1])
    plies = 0
    while not s.is_over():
        moves = s.legal_moves_str()
        assert moves == ref.legal_moves()  # the same moves, in the same order
        assert s.to_move == ref.seat and ref.result is None
        move = moves[rng.randrange(len(moves))]
        s.play(move)
        ref.play(move)
        plies += 1
        assert plies < MAX_PLIES
        assert outcome(s) == ref.result
        assert s.discs() == ref.discs()
    assert ref.legal_moves() == [] == s.legal_moves()
    assert s.result.details == {"discs": ref.discs()}


@given(st.integers(5, 15), CHOICES)
def test_every_game_ends(size, choice_seed):
    s = new(size).copy(history=False)
    rng = random.Random(choice_seed)
    for _ in range(MAX_PLIES):
        if s.is_over():
            break
        moves = s.legal_moves()
        s.advance(moves[rng.randrange(len(moves))])
    assert s.is_over()
    assert s.result.reason in ("annihilation", "blocked", "repetition")
    assert sum(s.result.details["discs"]) == (s.black | s.white).bit_count()


@given(SIZE, CHOICES, st.booleans())
def test_refusals_agree_with_the_legal_moves_and_the_reference(size, choice_seed, from_setup):
    """Any placement or rectangle: refused exactly when not legal, for the right reason."""
    rng = random.Random(choice_seed)
    s = start(size, rng, from_setup)
    for i, _ in enumerate(play_random(s, rng, plies=60)):
        if i % 4:
            continue
        rows = rows_of(s)
        me = "bw"[s.color]
        legal = set(s.legal_moves_str())
        for _ in range(12):
            r0, r1 = sorted(rng.randrange(size) for _ in range(2))
            c0, c1 = sorted(rng.randrange(size) for _ in range(2))
            if rng.random() < 0.3:
                text = f"{'abcdefgh'[c0]}{r0 + 1}"
            else:
                text = f"x{'abcdefgh'[c0]}{r0 + 1}:{'abcdefgh'[c1]}{r1 + 1}"
            move = s.parse_move(text)
            if text in legal:
                s.check_move(move)
                continue
            try:
                s.check_move(move)
            except IllegalMove as e:
                reason, params = e.reason, e.params
            else:
                raise AssertionError(f"{text} is not legal but was not refused")
            if not text.startswith("x"):
                assert not can_place([list(r) for r in rows], r0, c0, me)
                assert reason in ("nebuchadnezzar.occupied", "nebuchadnezzar.place-restricted")
                continue
            assert params["move"] == text
            ok = capturable(rows, me, r0, c0, r1, c1)
            assert ok == (reason == "nebuchadnezzar.not-maximal")
            if ok:
                assert params["larger"] in legal


def bridge_view(s) -> dict:
    """The state's view as the bridge answers it: with the seat of every move (``movers``,
    added for every game; Nebuchadnezzar's players alternate, a pass or a swap included)."""
    seats = movers(s)
    first = seats[0] if seats else s.to_move
    assert seats == [(first + i) % 2 for i in range(len(seats))]
    return {**s.view(), "movers": seats, "position": s.position()}


@given(SIZE, CHOICES, st.booleans())
def test_records_round_trip_through_the_bridge(size, choice_seed, from_setup):
    rng = random.Random(choice_seed)
    s = start(size, rng, from_setup)
    list(play_random(s, rng, plies=rng.randrange(0, 80)))
    record = to_record(s)
    assert record["options"]["size"] == size
    loaded = handle({"op": "load", "record": record})
    assert loaded == {"record": record, "view": bridge_view(s)}
    again = replay(record)
    assert (again.position(), again.to_move, again.result, again.reps) == (
        s.position(), s.to_move, s.result, s.reps)
    assert to_record(again) == record
    for m in s.legal_moves():
        assert s.parse_move(s.move_to_str(m)) == m
    if not s.is_over():  # one more move through the bridge
        move = s.legal_moves_str()[rng.randrange(len(s.legal_moves()))]
        played = handle({"op": "play", "record": record, "move": move})
        s.play(move)
        assert played == {"record": to_record(s), "view": bridge_view(s)}
        record = played["record"]
    if record["moves"]:  # an earlier position through the bridge
        ply = rng.randrange(len(record["moves"]))
        early = handle({"op": "view", "record": record, "ply": ply})
        while len(s.moves) > ply:
            s.pop()
        assert early == {"record": to_record(s), "view": bridge_view(s)}


def snapshot(s) -> tuple:
    return (s.position(), s.to_move, s.result, dict(s.reps), s.passes, s.swapped,
            s.legal_moves(), s.view())


@given(SIZE, CHOICES, st.booleans())
def test_undo_restores_exactly(size, choice_seed, from_setup):
    rng = random.Random(choice_seed)
    s = start(size, rng, from_setup)
    snapshots = []
    for _ in play_random(s, rng, plies=50):
        snapshots.append(snapshot(s))
    final = snapshot(s)
    copy = s.copy()
    while snapshots:
        s.pop()
        assert snapshot(s) == snapshots.pop()
    assert snapshot(copy) == final  # a copy keeps its own history
    while copy.moves:
        copy.pop()
    assert copy.position() == s.position() == s.setup()


@given(SIZE, CHOICES)
def test_playouts_on_copies_leave_the_original_alone(size, choice_seed):
    rng = random.Random(choice_seed)
    s = new(size)
    list(play_random(s, rng, plies=rng.randrange(1, 40)))
    before = snapshot(s)
    for history in (False, True):
        c = s.copy(history=history)
        list(play_random(c, rng))
        assert c.is_over()
    assert snapshot(s) == before
