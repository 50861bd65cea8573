"""Number One's view: the last turn's moves and the board's coordinates (docs/contracts.md,
"Number One")."""

from __future__ import annotations

import json

import pytest

from nibble.api import handle


def new(players: int) -> dict:
    return handle({"op": "new", "game": "number-one", "options": {"players": players, "seed": 1}})


def play(answer: dict, *moves: str) -> dict:
    for move in moves:
        answer = handle({"op": "play", "record": answer["record"], "move": move})
        assert "error" not in answer, answer
    return answer


def test_last_turn_holds_the_moves_of_the_seat_that_moved_last_in_order():
    start = new(3)
    assert start["view"]["last_turn"] == [] and start["view"]["last_move"] is None
    one = play(start, "S-b2-c3")
    assert one["view"]["last_turn"] == [{"move": "S-b2-c3", "seat": 0, "cells": ["b2", "c3"]}]
    whole = play(one, "M-b3-b5", "L-c2-f2")
    turn = whole["view"]["last_turn"]
    assert [m["move"] for m in turn] == ["S-b2-c3", "M-b3-b5", "L-c2-f2"]
    assert turn[1]["cells"] == ["b3", "b4", "b5"] and turn[2]["cells"] == ["c2", "d2", "e2", "f2"]
    assert {m["seat"] for m in turn} == {0} and turn[-1] == whole["view"]["last_move"]
    # the next seat's first move starts a new turn
    nxt = play(whole, whole["view"]["legal_moves"][0])
    assert nxt["view"]["last_turn"] == [nxt["view"]["last_move"]]
    assert nxt["view"]["last_move"]["seat"] == 1
    json.dumps(nxt["view"])


def test_last_turn_is_that_of_the_position_a_record_loads():
    whole = play(new(2), "S-b2-c3", "M-b3-b5")
    record = {**whole["record"], "moves": whole["record"]["moves"][:1]}
    loaded = handle({"op": "load", "record": record})
    assert [m["move"] for m in loaded["view"]["last_turn"]] == ["S-b2-c3"]


def test_a_peg_leaving_the_board_is_one_move_of_the_turn_with_its_hole():
    # b2's small peg is turned and c3 has no token: it has nowhere to land
    setup = ("one2:------/-..ooo-/-..oooo-/-ooooooo-/-ooooooo.-/-oooooooo.-/-ooooooo.-/"
             "-ooooooo-/-.ooooo-/-..ooo-/------ Sb2*,Mb3,Lc2/Sj6,Mi5,Li7 1: -")
    record = {"format": "nibble-record/1", "game": "number-one", "options": {},
              "setup": setup, "moves": []}
    loaded = handle({"op": "load", "record": record})
    assert "error" not in loaded, loaded
    answer = play(loaded, "S-b2x")
    assert answer["view"]["last_turn"] == [{"move": "S-b2x", "seat": 0, "cells": ["b2"]}]


@pytest.mark.parametrize("players, first, last", [(2, 1, 9), (3, 1, 9), (4, 0, 10)])
def test_coords_name_the_rows_and_letters_that_have_holes_in_play(players, first, last):
    board = new(players)["view"]["board"]
    assert board["coords"] == {"kind": "lines", "rows": [first, last], "cols": [first, last]}
    playable = [c for c in board["cells"] if c["playable"]]
    assert {c["row"] for c in playable} == set(range(first, last + 1))
    assert {c["col"] for c in playable} == set(range(first, last + 1))
