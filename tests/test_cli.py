"""``python -m nibble``, called in-process (so it also runs inside Pyodide)."""

from __future__ import annotations

import io
import json

from nibble.cli import main

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
