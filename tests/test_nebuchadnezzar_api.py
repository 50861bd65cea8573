"""The JSON bridge for Nebuchadnezzar: games, new, play, load, view, and refusals."""

from __future__ import annotations

import json

from nibble.api import handle
from tests.util import load_script

FORMAT = "nibble-record/1"


def ok(answer: dict) -> dict:
    assert "error" not in answer, answer
    return answer


def error(answer: dict) -> dict:
    assert set(answer) == {"error"}, answer
    return answer["error"]


def record(setup: str, moves=(), **options) -> dict:
    return {"format": FORMAT, "game": "nebuchadnezzar", "options": options, "setup": setup,
            "moves": list(moves)}


def test_games_lists_nebuchadnezzar_with_its_options():
    games = {g["id"]: g for g in handle({"op": "games"})["games"]}
    neb = games["nebuchadnezzar"]
    assert neb["name"] == "Nebuchadnezzar"
    assert neb["players"] == {"min": 2, "max": 2}
    assert neb["options"] == [
        {"name": "size", "type": "int", "default": 8, "label": "Board size", "min": 5, "max": 15},
        {"name": "seed", "type": "int", "default": None, "label": "Seed", "min": 0,
         "max": 2**53 - 1},
    ]
    assert list(games)[0] == "nibble"  # the page's default game stays first


def test_new_game_record_and_view_follow_the_contract():
    answer = ok(handle({"op": "new", "game": "nebuchadnezzar", "options": {"seed": 3}}))
    rec, view = answer["record"], answer["view"]
    assert rec == record("neb8:" + "/".join(["........"] * 8) + " b", size=8, seed=3)
    assert set(view) == {"game", "variant", "players", "to_move", "ply", "board", "legal_moves",
                         "input", "last_move", "result", "size", "colors", "discs", "swapped",
                         "passes", "repetitions", "repeating", "movers", "position"}
    assert (view["game"], view["players"], view["to_move"], view["ply"]) == (
        "nebuchadnezzar", 2, 0, 0)
    assert view["board"]["shape"] == "square" and view["board"]["style"] == "points"
    assert view["board"]["row_lengths"] == [8] * 8
    assert view["board"]["cells"][9] == {"id": "b2", "row": 1, "col": 1, "disc": None}
    assert view["legal_moves"][:3] == ["a1", "b1", "c1"] and len(view["legal_moves"]) == 64
    assert view["input"]["kind"] == "steps"
    assert view["input"]["moves"][0] == {"move": "a1", "steps": [["a1"]]}
    assert view["input"]["actions"] == [] and view["input"]["forced"] is None
    assert (view["last_move"], view["result"]) == (None, None)
    assert (view["size"], view["colors"], view["discs"]) == (8, ["black", "white"], [0, 0])
    assert (view["swapped"], view["passes"], view["repetitions"]) == (False, 0, 1)
    assert (view["repeating"], view["movers"]) == ([], [])
    json.dumps(answer)


def test_new_game_without_options_fills_size_and_seed():
    rec = ok(handle({"op": "new", "game": "nebuchadnezzar"}))["record"]
    assert rec["options"]["size"] == 8 and isinstance(rec["options"]["seed"], int)
    small = ok(handle({"op": "new", "game": "nebuchadnezzar", "options": {"size": 15}}))
    assert small["view"]["size"] == 15 and len(small["view"]["board"]["cells"]) == 225


def test_play_swap_and_a_capture_through_the_bridge():
    answer = ok(handle({"op": "new", "game": "nebuchadnezzar", "options": {"size": 5,
                                                                           "seed": 1}}))
    answer = ok(handle({"op": "play", "record": answer["record"], "move": "c3"}))
    assert answer["view"]["input"]["actions"] == [{"move": "swap", "action": "swap"}]
    answer = ok(handle({"op": "play", "record": answer["record"], "move": "swap"}))
    view = answer["view"]
    assert answer["record"]["moves"] == ["c3", "swap"]
    assert view["colors"] == ["white", "black"] and view["to_move"] == 0
    assert view["discs"] == [0, 1] and view["swapped"] is True


def test_load_with_a_set_up_normalises_the_options():
    setup = "neb5:...../..b../.bwb./..b../..... b"
    answer = ok(handle({"op": "load", "record": record(setup)}))
    assert answer["record"]["options"] == {"size": 5, "seed": None}
    assert answer["view"]["legal_moves"][-1] == "xc3:c3"
    capture = next(m for m in answer["view"]["input"]["moves"] if m["move"] == "xc3:c3")
    assert capture == {"move": "xc3:c3", "steps": [["c3"]],
                       "show": {"area": ["c3"], "walls": ["c2", "b3", "d3", "c4"]},
                       "confirm": True}
    done = ok(handle({"op": "load", "record": record(setup, ["xc3:c3"])}))
    assert done["view"]["result"] == {"winner": 0, "reason": "annihilation", "discs": [5, 0]}
    assert done["view"]["last_move"] == {"move": "xc3:c3", "seat": 0, "cells": ["c3"]}
    assert done["view"]["legal_moves"] == [] and done["view"]["input"]["moves"] == []
    assert error(handle({"op": "play", "record": done["record"], "move": "a1"}))["code"] == (
        "game-over")


def test_load_a_set_up_with_white_to_move():
    answer = ok(handle({"op": "load", "record": record("neb5:...../...../..b../...../..... w",
                                                       ["swap", "a1"], size=5)}))
    view = answer["view"]
    assert view["to_move"] == 1 and view["ply"] == 2
    assert view["colors"] == ["white", "black"] and view["discs"] == [1, 1]


def test_refusals_come_back_with_reason_and_params():
    rec = record("neb5:...../...../..w../...../..... b")
    err = error(handle({"op": "play", "record": rec, "move": "c2"}))
    assert err == {"code": "illegal-move",
                   "message": "c2 cannot be placed: it touches exactly one white disc and three "
                              "empty points.",
                   "reason": "nebuchadnezzar.place-restricted",
                   "params": {"cell": "c2", "enemy": "white"}}
    err = error(handle({"op": "play", "record": rec, "move": "xc3:c3"}))
    assert err["code"] == "illegal-move" and err["reason"] == "nebuchadnezzar.wall-empty"
    assert err["params"] == {"move": "xc3:c3", "side": "top", "wall": "c2", "cell": "c2"}
    assert error(handle({"op": "play", "record": rec, "move": "xc4:c3"}))["code"] == (
        "bad-notation")
    bad = error(handle({"op": "load", "record": {**rec, "moves": ["a1", "c3"]}}))
    assert bad["code"] == "bad-record"
    assert bad["message"] == "Move 2 (c3) cannot be played: c3 is not empty: it holds a white disc."


def test_bad_set_ups_and_options_are_refused():
    five = "neb5:...../...../...../...../..... b"
    assert error(handle({"op": "load", "record": record(five, size=8)}))["code"] == "bad-setup"
    assert error(handle({"op": "load", "record": record(five, size=4)}))["code"] == "bad-option"
    assert error(handle({"op": "load", "record": record(five[:-1] + "x")}))["code"] == (
        "bad-setup")
    assert error(handle({"op": "load", "record": record("neb5:..... b")}))["code"] == "bad-setup"
    assert error(handle({"op": "new", "game": "nebuchadnezzar",
                         "options": {"size": 16}}))["code"] == "bad-option"
    assert error(handle({"op": "new", "game": "nebuchadnezzar",
                         "options": {"variant": "square9"}}))["code"] == "bad-option"


def test_view_op_shows_an_earlier_ply():
    rec = record("neb5:...../...../...../...../..... b", ["c3", "swap", "a1"])
    early = ok(handle({"op": "view", "record": rec, "ply": 1}))
    assert early["view"]["ply"] == 1 and early["view"]["legal_moves"][-1] == "swap"
    assert early["record"]["moves"] == ["c3"]


# -- the command line and the benchmarks ---------------------------------------------------


def test_cli_shows_a_position_and_lists_its_moves(capsys):
    from nibble.cli import main

    position = "neb5:...../..b../.bwb./..b../..... b"
    assert main(["show", position]) == 0
    out = capsys.readouterr().out
    assert "  3 . b w b ." in out and "player 2 (white): 1 disc" in out
    assert "21 legal moves" in out and f"position: {position}" in out
    assert main(["moves", position]) == 0
    assert capsys.readouterr().out.split()[-1] == "xc3:c3"


def test_cli_hot_seat_game(monkeypatch, capsys):
    import io

    from nibble.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("c3\nc2\nswap\nrecord\nquit\n"))
    assert main(["play", "--game", "nebuchadnezzar", "--size", "5", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "! c2 cannot be placed" in out
    assert '"moves": ["c3", "swap"]' in out


def test_bench_has_nebuchadnezzar_entries(capsys):
    from nibble.cli import main

    assert main(["bench", "--json", "--seconds", "0.05", "--variants", "nebuchadnezzar-8"]) == 0
    figures = json.loads(capsys.readouterr().out)
    entry = figures["nebuchadnezzar-8"]
    assert entry["playouts"] >= 3 and entry["playouts_per_s"] > 0
    assert entry["legal_moves_us"] > 0 and entry["plies_per_playout"] >= 30
    assert entry["legal_moves_per_position"] > 1


def test_reference_benchmark_compares_the_same_positions():
    module = load_script("bench_nebuchadnezzar_reference")
    figures = module.compare(6, 6, seed=3, repeat=1)  # it checks that both agree
    assert figures["positions"] == 6
    assert figures["engine_us"] > 0 and figures["reference_us"] > 0 and figures["ratio"] > 0
