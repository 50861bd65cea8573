"""Resigning (the bridge's `resign` op and a record's `"resigned"`): the game is over with
the other seat the winner, the record keeps it, nothing more can be played or searched,
earlier positions are shown as they were, and a resignation that cannot be is refused."""

from __future__ import annotations

import pytest

from nibble.api import handle

GAMES = [("nibble", {"seed": 3}), ("nebuchadnezzar", {"seed": 3}),
         ("number-one", {"seed": 3, "players": 2})]


def ok(request: dict) -> dict:
    answer = handle(request)
    assert "error" not in answer, answer
    return answer


def reason(request: dict) -> str:
    answer = handle(request)
    assert set(answer) == {"error"}, answer
    return answer["error"]["reason"]


def played(game: str, options: dict, moves: int) -> dict:
    answer = ok({"op": "new", "game": game, "options": options})
    for _ in range(moves):
        answer = ok({"op": "play", "record": answer["record"],
                     "move": answer["view"]["legal_moves"][0]})
    return answer["record"]


@pytest.mark.parametrize("game,options", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_a_resignation_ends_the_game_for_the_other_seat(game, options, seat):
    record = played(game, options, 2)
    answer = ok({"op": "resign", "record": record, "seat": seat})
    assert answer["record"] == {**record, "resigned": seat}
    assert answer["view"]["result"] == {"winner": 1 - seat, "reason": "resigned", "seat": seat}
    assert answer["view"]["legal_moves"] == []
    # the record keeps it: loading it shows the same end
    assert ok({"op": "load", "record": answer["record"]})["view"]["result"]["winner"] == 1 - seat


def test_nothing_is_played_or_searched_after_a_resignation():
    record = {**played("nibble", {"seed": 3}, 1), "resigned": 0}
    any_move = ok({"op": "load", "record": {**record, "resigned": None}})["view"]["legal_moves"][0]
    assert reason({"op": "play", "record": record, "move": any_move}) == "game.resigned"
    assert reason({"op": "ai", "record": record, "level": "easy"}) == "game.resigned"
    assert reason({"op": "resign", "record": record, "seat": 1}) == "game.resigned"


def test_earlier_positions_are_shown_as_they_were():
    record = {**played("nibble", {"seed": 3}, 2), "resigned": 1}
    assert ok({"op": "view", "record": record, "ply": 1})["view"]["result"] is None
    assert ok({"op": "view", "record": record, "ply": 2})["view"]["result"]["reason"] == "resigned"
    assert ok({"op": "view", "record": record})["view"]["result"]["reason"] == "resigned"


@pytest.mark.parametrize("seat", [2, -1, True, "0", 1.0])
def test_a_resignation_must_name_a_seat(seat):
    record = played("nibble", {"seed": 3}, 1)
    assert reason({"op": "load", "record": {**record, "resigned": seat}}) == "record.resigned"
    assert handle({"op": "resign", "record": record, "seat": seat})["error"]["code"] in (
        "bad-request", "bad-record")


def test_only_a_game_of_two_can_be_resigned():
    record = played("number-one", {"seed": 3, "players": 3}, 1)
    assert reason({"op": "resign", "record": record, "seat": 0}) == "record.resign-players"


def test_a_finished_game_cannot_be_resigned():
    answer = ok({"op": "new", "game": "nibble", "options": {"seed": 5}})
    while not answer["view"]["result"]:
        answer = ok({"op": "play", "record": answer["record"],
                     "move": answer["view"]["legal_moves"][-1]})
    assert reason({"op": "resign", "record": answer["record"], "seat": 0}) == "record.resign-over"


# -- analyse (issue 42): the same record checks as load, and a resignation is the end ------

def analysed(request: dict) -> dict:
    return ok({"op": "analyse", "iterations": 50, **request})


@pytest.mark.parametrize("game,options", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_analyse_answers_a_resigned_games_last_position_as_finished(game, options, seat):
    record = {**played(game, options, 2), "resigned": seat}
    end = {"ply": 2, "to_move": None, "best": None, "exact": True, "winner": 1 - seat,
           "chances": [1.0 if s == 1 - seat else 0.0 for s in range(2)], "forced": False,
           "iterations": 0}
    for ply in (None, 2):  # absent and null both mean the end
        answer = analysed({"record": record} if ply is None else {"record": record, "ply": ply})
        assert {k: answer[k] for k in end} == end, answer


def test_analyse_answers_the_positions_before_a_resignation_as_live():
    record = {**played("nibble", {"seed": 3}, 2), "resigned": 1}
    for ply in (0, 1):
        answer = analysed({"record": record, "ply": ply})
        assert answer["to_move"] == ply % 2 and answer["best"] is not None, answer
        assert answer["winner"] is None and not answer["exact"], answer
        assert answer["chances"] == analysed({"record": {**record, "resigned": None},
                                             "ply": ply})["chances"]


def finished(game: str, options: dict) -> dict:
    answer = ok({"op": "new", "game": game, "options": options})
    while not answer["view"]["result"]:
        answer = ok({"op": "play", "record": answer["record"],
                     "move": answer["view"]["legal_moves"][-1]})
    return answer["record"]


@pytest.mark.parametrize("record", [
    pytest.param({**played("nibble", {"seed": 3}, 1), "resigned": "x"}, id="a string"),
    pytest.param({**played("nibble", {"seed": 3}, 1), "resigned": "0"}, id="a digit string"),
    pytest.param({**played("nibble", {"seed": 3}, 1), "resigned": True}, id="a bool"),
    pytest.param({**played("nibble", {"seed": 3}, 1), "resigned": False}, id="false"),
    pytest.param({**played("nibble", {"seed": 3}, 1), "resigned": 2}, id="out of range"),
    pytest.param({**played("nibble", {"seed": 3}, 1), "resigned": -1}, id="negative"),
    pytest.param({**played("number-one", {"seed": 3, "players": 3}, 1), "resigned": 0},
                 id="three players"),
    pytest.param({**finished("nibble", {"seed": 5}), "resigned": 0}, id="after the end"),
])
def test_analyse_refuses_a_bad_resignation_as_load_does(record):
    loaded = handle({"op": "load", "record": record})
    assert set(loaded) == {"error"} and loaded["error"]["code"] == "bad-record", loaded
    assert loaded["error"]["reason"].startswith("record.resign")
    for ply in ({}, {"ply": 0}):  # the whole record is checked, not only the part analysed
        assert handle({"op": "analyse", "record": record, "iterations": 50, **ply}) == loaded
