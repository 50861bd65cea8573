"""Number One through the JSON bridge: listing, new games, set-ups and refusals."""

from __future__ import annotations

import json

from nibble.api import handle
from tests.util_number_one import position_text


def error(answer) -> dict:
    assert set(answer) == {"error"}, answer
    assert answer["error"]["message"]
    return answer["error"]


def test_games_lists_number_one_with_a_players_option():
    (game,) = [g for g in handle({"op": "games"})["games"] if g["id"] == "number-one"]
    assert game["name"] == "Number One"
    assert game["players"] == {"min": 2, "max": 4, "option": "players"}
    opts = {o["name"]: o for o in game["options"]}
    assert list(opts) == ["players", "seed", "pegs1", "pegs2", "pegs3", "pegs4"]
    assert opts["players"] == {"name": "players", "type": "int", "default": 3,
                               "label": "Players", "min": 2, "max": 4}
    assert [c["value"] for c in opts["pegs1"]["choices"]] == [
        "MSL", "LSM", "SML", "SLM", "MLS", "LMS"]
    assert opts["pegs4"]["default"] == "MSL"
    json.dumps(game)


def test_new_fills_the_options_and_starts_the_game():
    answer = handle({"op": "new", "game": "number-one", "options": {"players": 4, "seed": 5}})
    record, view = answer["record"], answer["view"]
    assert record["options"] == {"players": 4, "seed": 5, "pegs1": "MSL", "pegs2": "MSL",
                                 "pegs3": "MSL", "pegs4": "MSL"}
    assert record["setup"].startswith("one4:") and record["moves"] == []
    assert view["players"] == 4 and view["to_move"] == 0
    assert view["to_move_pegs"] == ["S", "M", "L"]
    seeded = handle({"op": "new", "game": "number-one", "options": {}})["record"]["options"]
    assert isinstance(seeded["seed"], int) and seeded["players"] == 3


def test_load_a_record_from_a_setup_takes_the_players_from_it():
    setup = position_text(2, ["Sf6,Md4", "Sb2"], empty=("g6",))
    record = {"format": "nibble-record/1", "game": "number-one", "options": {},
              "setup": setup, "moves": ["S-f6-g6*"]}
    answer = handle({"op": "load", "record": record})
    assert answer["record"]["options"]["players"] == 2
    assert answer["record"]["setup"] == setup
    assert answer["view"]["pegs"][0][0] == {"size": "S", "hole": "g6", "turned": True}
    assert answer["view"]["to_move_pegs"] == ["M"]
    wrong = {**record, "options": {"players": 3}}
    assert error(handle({"op": "load", "record": wrong}))["code"] == "bad-setup"
    broken = {**record, "setup": setup.replace("Sf6", "Sf6,Sg7")}
    assert error(handle({"op": "load", "record": broken}))["code"] == "bad-setup"


def test_refusals_come_back_with_a_reason_and_params():
    record = handle({"op": "new", "game": "number-one", "options": {"seed": 1}})["record"]
    err = error(handle({"op": "play", "record": record, "move": "L-c2-d2"}))
    assert err["code"] == "illegal-move"
    assert err["reason"] == "number-one.steps"
    assert err["params"] == {"move": "L-c2-d2", "peg": "L", "steps": 3, "length": 1}
    assert err["message"] == ("L-c2-d2 cannot be played: the large peg moves exactly 3 steps "
                              "(this path has 1).")
    err = error(handle({"op": "play", "record": record, "move": "S-b2x"}))
    assert err["reason"] == "number-one.can-still-move"
    assert error(handle({"op": "play", "record": record, "move": "Q-b2"}))["code"] == (
        "bad-notation")
    tampered = {**record, "moves": ["S-b2-c3", "S-c3-d3"]}
    err = error(handle({"op": "load", "record": tampered}))
    assert err["code"] == "bad-record" and "already moved" in err["message"]


def test_a_finished_game_refuses_more_moves():
    setup = position_text(2, ["Sb2,Mb3,Lc2", "Sc3"])
    record = {"format": "nibble-record/1", "game": "number-one", "options": {},
              "setup": setup, "moves": ["S-b2x"]}
    answer = handle({"op": "load", "record": record})
    assert answer["view"]["result"] == {"winner": 1, "reason": "last-standing", "out": [0]}
    assert answer["view"]["last_move"] == {"move": "S-b2x", "seat": 0, "cells": ["b2"]}
    assert error(handle({"op": "play", "record": answer["record"],
                         "move": "S-c3-d3"}))["code"] == "game-over"


def test_bench_has_an_entry_per_player_count(capsys):
    from nibble.cli import main

    assert main(["bench", "--json", "--seconds", "0.05", "--variants", "number-one-2"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["number-one-2"]["playouts"] >= 3
    assert figures["number-one-2"]["legal_moves_per_position"] > 1


def test_the_view_gives_the_position_and_twins_share_it():
    """view.position is the position's notation (it loads as a setup), and two paths of
    a peg to one hole give the same one: the page takes them as one move."""
    answer = handle({"op": "new", "game": "number-one", "options": {"players": 2, "seed": 3}})
    view, record = answer["view"], answer["record"]
    loaded = handle({"op": "load", "record": {"format": "nibble-record/1", "game": "number-one",
                                             "options": record["options"],
                                             "setup": view["position"], "moves": []}})
    assert loaded["view"]["position"] == view["position"]
    by_landing: dict[str, list[str]] = {}
    for move in view["legal_moves"]:
        parts = move.rstrip("*").split("-")
        by_landing.setdefault(f"{parts[0]}-{parts[1]}-{parts[-1]}", []).append(move)
    twins = next(moves for moves in by_landing.values() if len(moves) > 1)
    after = [handle({"op": "play", "record": record, "move": m})["view"]["position"]
             for m in twins]
    assert after[0] == after[1] != view["position"]
    other = next(m for m in view["legal_moves"] if m not in twins)
    assert handle({"op": "play", "record": record, "move": other})["view"]["position"] != after[0]
