"""The JSON bridge: every op, and every way a request can be wrong."""

from __future__ import annotations

import copy
import json

import pytest

from nibble.api import handle, handle_json


def new(**options):
    answer = handle({"op": "new", "game": "nibble", "options": {"seed": 7, **options}})
    assert "error" not in answer, answer
    return answer


def error_code(answer):
    assert set(answer) == {"error"}, answer
    assert answer["error"]["message"]
    return answer["error"]["code"]


def test_games_lists_options_with_defaults_and_ranges():
    answer = handle({"op": "games"})
    (nibble,) = [g for g in answer["games"] if g["id"] == "nibble"]
    opts = {o["name"]: o for o in nibble["options"]}
    assert opts["variant"]["default"] == "square9"
    assert [c["value"] for c in opts["variant"]["choices"]] == ["square9", "square13", "hex13"]
    assert opts["color_order"]["default"] == "random"
    assert opts["decided_early"]["default"] is True
    assert opts["seed"]["min"] == 0
    assert {lv["id"] for lv in answer["levels"]} >= {"easy", "medium", "hard"}
    json.dumps(answer)


def test_new_gives_record_and_view():
    answer = new(variant="hex13")
    record, view = answer["record"], answer["view"]
    assert record["format"] == "nibble-record/1"
    assert record["options"] == {"variant": "hex13", "seed": 7, "color_order": "random",
                                 "decided_early": True}
    assert record["setup"].startswith("hex13:")
    assert record["moves"] == []
    assert view["to_move"] == 0 and view["result"] is None
    assert len(view["board"]["cells"]) == 169
    assert view["board"]["shape"] == "hex"
    assert view["legal_moves"]
    assert len(view["collections"]) == 2 and len(view["color_table"]) == 13
    assert new(variant="hex13")["record"] == record  # same seed, same game


def test_new_without_seed_picks_one_and_records_it():
    answer = handle({"op": "new", "game": "nibble", "options": {}})
    seed = answer["record"]["options"]["seed"]
    assert isinstance(seed, int)
    again = handle({"op": "new", "game": "nibble", "options": {"seed": seed}})
    assert again["record"]["setup"] == answer["record"]["setup"]


def test_a_new_board_number_has_at_most_six_digits_and_old_long_ones_still_read():
    for game in ("nibble", "nebuchadnezzar", "number-one"):
        seeds = {handle({"op": "new", "game": game})["record"]["options"]["seed"]
                 for _ in range(40)}
        assert all(0 <= s < 1_000_000 for s in seeds), seeds
        assert len(seeds) > 30  # still drawn at random
    old = handle({"op": "new", "game": "nibble", "options": {"seed": 2**53 - 1}})
    assert old["record"]["options"]["seed"] == 2**53 - 1


def test_play_appends_the_move_and_leaves_the_input_alone():
    record = new()["record"]
    frozen = copy.deepcopy(record)
    move = new()["view"]["legal_moves"][0]
    answer = handle({"op": "play", "record": record, "move": move})
    assert answer["record"]["moves"] == [move]
    assert answer["view"]["to_move"] == 1
    assert answer["view"]["last_move"]["move"] == move
    assert record == frozen


def test_illegal_move_is_refused_with_a_reason():
    record = new()["record"]
    answer = handle({"op": "play", "record": record, "move": "e5"})
    assert error_code(answer) == "illegal-move"
    assert "exposed" in answer["error"]["message"]
    assert error_code(handle({"op": "play", "record": record, "move": "zz9"})) == "bad-notation"
    assert error_code(handle({"op": "play", "record": record, "move": 5})) == "bad-request"


def test_load_revalidates_every_move():
    answer = new()
    record = answer["record"]
    for _ in range(6):
        answer = handle({"op": "play", "record": answer["record"],
                         "move": answer["view"]["legal_moves"][-1]})
    record = answer["record"]
    assert handle({"op": "load", "record": record})["view"] == answer["view"]
    tampered = {**record, "moves": record["moves"][:3] + ["e5"] + record["moves"][4:]}
    err = handle({"op": "load", "record": tampered})
    assert error_code(err) == "bad-record"
    assert "Move 4 (e5)" in err["error"]["message"]


@pytest.mark.parametrize("mutate, code", [
    (lambda r: {**r, "format": "chess/1"}, "bad-record"),
    (lambda r: {**r, "game": "go"}, "unknown-game"),
    (lambda r: {**r, "options": {**r["options"], "variant": "square13"}}, "bad-setup"),
    (lambda r: {**r, "options": {**r["options"], "colour": 3}}, "bad-option"),
    (lambda r: {**r, "options": {**r["options"], "decided_early": "yes"}}, "bad-option"),
    (lambda r: {**r, "options": {**r["options"], "seed": -1}}, "bad-option"),
    (lambda r: {**r, "options": []}, "bad-record"),
    (lambda r: {**r, "setup": r["setup"].replace("1", "2", 1)}, "bad-setup"),
    (lambda r: {**r, "setup": r["setup"][:-2]}, "bad-setup"),
    (lambda r: {**r, "setup": 42}, "bad-setup"),
    (lambda r: {**r, "moves": "a1"}, "bad-record"),
    (lambda r: {**r, "moves": [None]}, "bad-record"),
    (lambda r: {**r, "moves": ["a1", "a1"]}, "bad-record"),
    (lambda r: [r], "bad-record"),
])
def test_tampered_records_are_refused(mutate, code):
    record = new()["record"]
    assert error_code(handle({"op": "load", "record": mutate(record)})) == code


def test_record_with_setup_from_any_legal_position():
    setup = "square9:" + "/".join(["12......."] + ["........."] * 8) + " 987654321"
    record = {"format": "nibble-record/1", "game": "nibble", "options": {}, "setup": setup,
              "moves": ["a1"]}
    answer = handle({"op": "load", "record": record})
    assert answer["view"]["color_table"] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert answer["view"]["collections"][0][0] == 1
    assert answer["record"]["options"]["variant"] == "square9"


def test_record_without_setup_is_rebuilt_from_its_seed():
    record = new()["record"]
    answer = handle({"op": "load", "record": {**record, "setup": None}})
    assert answer["record"]["setup"] == record["setup"]


def test_view_op_shows_an_earlier_position():
    answer = new()
    for _ in range(3):
        answer = handle({"op": "play", "record": answer["record"],
                         "move": answer["view"]["legal_moves"][0]})
    early = handle({"op": "view", "record": answer["record"], "ply": 1})
    assert early["view"]["ply"] == 1
    assert early["record"]["moves"] == answer["record"]["moves"][:1]
    assert error_code(handle({"op": "view", "record": answer["record"], "ply": -1})) == (
        "bad-request")


def test_finished_game_refuses_moves_and_ai():
    setup = "square9:" + "/".join(["1........"] + ["........."] * 8) + " 123456789"
    record = {"format": "nibble-record/1", "game": "nibble", "options": {}, "setup": setup,
              "moves": ["a1"]}
    answer = handle({"op": "load", "record": record})
    assert answer["view"]["result"] == {"winner": None, "reason": "majority-of-majorities",
                                        "colors": []}
    assert answer["view"]["legal_moves"] == []
    assert error_code(handle({"op": "play", "record": record, "move": "b1"})) == "game-over"
    assert error_code(handle({"op": "ai", "record": record, "level": "easy"})) == "game-over"


@pytest.mark.parametrize("request_", [None, [], "new", {"op": "fly"}, {}, {"op": "play"}])
def test_malformed_requests_get_errors_not_exceptions(request_):
    assert error_code(handle(request_)) == "bad-request"


def test_handle_json_round_trip_and_bad_json():
    assert "games" in json.loads(handle_json('{"op": "games"}'))
    assert json.loads(handle_json("{nope"))["error"]["code"] == "bad-request"
    # refused before parsing: under Pyodide a deep parse would kill the worker
    deep = "[" * 100_000 + "]" * 100_000
    assert json.loads(handle_json(deep))["error"]["code"] == "bad-request"
    # brackets inside strings are text, not nesting
    move = "[" * 200
    answer = json.loads(handle_json(json.dumps({"op": "play", "record": new()["record"],
                                                "move": move})))
    assert answer["error"]["code"] == "bad-notation"


def test_view_describes_progress_and_warnings():
    view = new()["view"]
    p = view["progress"][0]
    assert p["all_of_color"]["need"] == 9 and p["all_of_color"]["possible"]
    assert p["three_adjacent"]["need"] == 7 and len(p["three_adjacent"]["colors"]) == 3
    assert p["majorities"] == {"colors": [], "count": 0, "need": 5, "holds": False}
    assert p["can_win_instantly"] is True
    assert view["warnings"] == [] and view["majority_holder"] is None
    assert view["input"] == {"kind": "set", "separator": "+"}
