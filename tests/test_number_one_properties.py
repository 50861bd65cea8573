"""Properties over random games of Number One for 2, 3 and 4 players (hypothesis draws the
player count, the peg arrangements and the moves), checked against the naive reference."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import tests.reference_number_one as ref
from nibble.api import handle
from nibble.core.errors import IllegalMove
from nibble.core.record import replay, to_record
from tests.util import play_random
from tests.util_number_one import GAME, new

PLAYERS = st.sampled_from([2, 3, 4])
ARRANGEMENT = st.sampled_from(["MSL", "LSM", "SML", "SLM", "MLS", "LMS"])
ARRANGEMENTS = st.lists(ARRANGEMENT, min_size=4, max_size=4)
CHOICES = st.integers(0, 2**32)


def start(players: int, arrangements: list[str]):
    return new(players, **{f"pegs{k + 1}": a for k, a in enumerate(arrangements)})



@given(PLAYERS, ARRANGEMENTS, CHOICES)
def test_random_games_match_the_reference_move_by_move(players, arrangements, choice_seed):
    s = start(players, arrangements)
    r = ref.start(players, arrangements)
    assert ref.write(r) == s.position()
    rng = random.Random(choice_seed)
    tokens = s.tokens.bit_count()
    while not s.is_over():
        legal = s.legal_moves_str()
        assert len(legal) == len(set(legal))
        assert set(legal) == ref.legal_moves(r)
        move = legal[rng.randrange(len(legal))]
        s.play(move)
        ref.play(r, move)
        assert s.position() == ref.write(r)
        assert s.tokens.bit_count() <= tokens  # tokens only ever go
        tokens = s.tokens.bit_count()
    # every game ends with exactly one player left, the winner
    assert r.winner() == s.result.winner
    assert s.result.reason == "last-standing"
    assert sorted([*s.result.details["out"], s.result.winner]) == list(range(players))
    assert s.result.details["out"] == r.out
    assert s.returns().count(1.0) == 1


@given(PLAYERS, CHOICES)
def test_every_written_move_is_accepted_exactly_when_it_is_legal(players, choice_seed):
    """check_move (which explains refusals) and legal_moves (the fast generator) agree on
    random moves near each peg, legal or not."""
    s = new(players)
    rng = random.Random(choice_seed)
    for i, _ in enumerate(play_random(s, rng, plies=rng.randrange(1, 80))):
        if i % 4:
            continue
        legal = set(s.legal_moves_str())
        view = s.view()
        everyone = [p for seat in view["pegs"] for p in seat]
        mine = [p for p in view["pegs"][s.to_move] if p["size"] in view["to_move_pegs"]]
        for _ in range(40):
            peg = rng.choice(mine if rng.random() < 0.8 else everyone)
            letter = peg["size"] if rng.random() < 0.8 else rng.choice("SML")
            holes = [ref.hole_at(peg["hole"])]
            for _ in range(rng.choice([1, 1, 2])):
                holes.append(ref.add(holes[-1], rng.choice(ref.UNITS), rng.randint(1, 2)))
            if any(ref.size_of_board(h) > 5 for h in holes):
                continue
            text = "-".join([letter, *map(ref.hole_name, holes)])
            text += rng.choice(["", "*"]) if rng.random() < 0.8 else "x"
            if text.endswith("x"):
                text = text.split("-")[0] + "-" + peg["hole"] + "x"
            move = s.parse_move(text)
            try:
                s.check_move(move)
            except IllegalMove as e:
                assert text not in legal, (text, str(e))
                assert e.reason.startswith("number-one.") and e.params["move"] == text
            else:
                assert text in legal
        for text in legal:
            s.check_move(s.parse_move(text))


def bridged(s) -> dict:
    """The view as the bridge answers it: the game's, with the position's notation."""
    return {**s.view(), "position": s.position()}


@given(PLAYERS, ARRANGEMENTS, CHOICES)
def test_records_round_trip_through_the_bridge(players, arrangements, choice_seed):
    options = {"players": players, **{f"pegs{k + 1}": a for k, a in enumerate(arrangements)}}
    answer = handle({"op": "new", "game": "number-one", "options": options})
    record = answer["record"]
    s = replay(record)
    rng = random.Random(choice_seed)
    list(play_random(s, rng, plies=rng.randrange(0, 120)))
    record = to_record(s)
    loaded = handle({"op": "load", "record": record})
    assert loaded["record"] == record
    assert loaded["view"] == bridged(s)
    if not s.is_over():
        move = rng.choice(s.legal_moves_str())
        played = handle({"op": "play", "record": record, "move": move})
        assert played["record"]["moves"] == [*record["moves"], move]
        s.play(move)
        assert played["view"] == bridged(s)
        s.pop()
    ply = rng.randrange(0, len(record["moves"]) + 1)
    back = handle({"op": "view", "record": record, "ply": ply})["view"]
    again = replay({**record, "moves": record["moves"][:ply]})
    assert back == bridged(again)
    # the position at any ply is a set-up a record can start from
    from_here = {**record, "setup": s.position(), "moves": []}
    assert handle({"op": "load", "record": from_here})["view"]["board"] == s.view()["board"]


@given(PLAYERS, CHOICES)
def test_undo_restores_exactly(players, choice_seed):
    s = new(players)
    rng = random.Random(choice_seed)
    snapshots = []
    for _ in play_random(s, rng):
        snapshots.append((s.position(), s.to_move, s.result, s.legal_moves(), s.view()))
    final = s.position()
    while snapshots:
        s.pop()
        assert (s.position(), s.to_move, s.result, s.legal_moves(), s.view()) == snapshots.pop()
    assert s.position() == s.setup()
    assert final != s.setup()


@given(PLAYERS, CHOICES)
def test_copies_and_fast_playouts_are_independent_and_agree(players, choice_seed):
    s = new(players)
    rng = random.Random(choice_seed)
    list(play_random(s, rng, plies=rng.randrange(0, 30)))
    before, result = s.position(), s.result
    fast, slow = s.copy(history=False), s.copy()
    while not slow.is_over():
        move = rng.choice(slow.legal_moves())
        assert fast.legal_moves() == slow.legal_moves()
        fast.advance(move)
        slow.push(move)
        assert fast.position() == slow.position() and fast.result == slow.result
    assert s.position() == before and s.result == result
    while len(slow.moves) > len(s.moves):
        slow.pop()
    assert slow.position() == before
    assert GAME.from_setup(fast.position(), {}).result == fast.result
