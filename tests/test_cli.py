"""``python -m nibble``, called in-process (so it also runs inside Pyodide)."""

from __future__ import annotations

import io
import json

import pytest

from nibble.cli import main
from nibble.games import get_game

SMALL = "square9:12......./21......./" + "/".join(["........."] * 7)


def test_show_a_position(capsys):
    assert main(["show", SMALL]) == 0
    out = capsys.readouterr().out
    assert "1 1 2 . ." in out and "4 legal moves" in out and f"position: {SMALL}" in out


def test_moves_of_a_start_position(capsys):
    assert main(["moves", SMALL + " 123456789"]) == 0
    assert sorted(capsys.readouterr().out.split()) == ["a1", "a2", "b1", "b2"]


def test_show_a_record_file(tmp_path, capsys):
    record = {"format": "nibble-record/1", "game": "nibble", "options": {},
              "setup": SMALL + " 123456789", "moves": ["a1"]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["show", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert "player 1: 1:1" in out and "player 2 to move" in out


def test_show_a_game_file_of_the_page(tmp_path, capsys):
    """The page's Save file: the record with its seats and level (nibble-game/1)."""
    record = {"format": "nibble-record/1", "game": "nibble", "options": {},
              "setup": SMALL + " 123456789", "moves": ["a1"]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "nibble-game/1", "record": record,
                                "seats": ["human", "ai"], "level": "medium"}))
    assert main(["show", str(path), "--json"]) == 0
    assert "player 2 to move" in capsys.readouterr().out


def test_bad_input_is_an_error_not_a_traceback(capsys):
    assert main(["show", "square9:1.2"]) == 2
    assert "error:" in capsys.readouterr().err
    assert main(["show", "{not json"]) == 2


def test_hot_seat_game(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("moves\nb2\nzz\na1\nundo\nrecord\nquit\n"))
    assert main(["play", "--seed", "5", "--color-order", "fixed"]) == 0
    out = capsys.readouterr().out
    assert "seed 5" in out and "! " in out  # the illegal or unreadable moves were refused
    assert '"moves": []' in out  # after undo the record is empty again


def test_bench_json(capsys):
    assert main(["bench", "--json", "--seconds", "0.05", "--variants", "square9"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["square9"]["playouts_per_s"] > 0
    assert figures["square9"]["legal_moves_us"] > 0


@pytest.mark.parametrize(("game", "flags"), [
    ("nibble", ["--variant", "hex13", "--no-decided-early"]),
    ("nebuchadnezzar", ["--size", "6"]),
    ("number-one", ["--players", "3"]),
])
def test_every_game_plays_in_the_terminal_with_its_options_as_flags(game, flags, monkeypatch,
                                                                    capsys):
    options = get_game(game).normalize_options(
        {"variant": "hex13", "decided_early": False} if game == "nibble"
        else {"size": 6} if game == "nebuchadnezzar" else {"players": 3}, fill_seed=3)
    first = get_game(game).new_state(options).legal_moves_str()[0]
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{first}\nrecord\nquit\n"))
    assert main(["play", "--game", game, "--seed", "3", *flags]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if '"format"' in x)
    record = json.loads(line[line.index("{"):])
    assert record["game"] == game and record["moves"] == [first]
    for key, value in options.items():
        assert record["options"][key] == value


@pytest.mark.parametrize("game", ["nebuchadnezzar", "number-one"])
def test_show_and_moves_know_every_game_position(game, capsys):
    state = get_game(game).new_state(get_game(game).normalize_options({}, fill_seed=1))
    state.play(state.legal_moves_str()[0])
    assert main(["moves", state.position()]) == 0
    assert capsys.readouterr().out.split() == state.legal_moves_str()


def test_play_refuses_an_unknown_option_value(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--game", "nebuchadnezzar", "--size", "big"])
