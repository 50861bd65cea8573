"""``python -m nibble match``: two-player output unchanged, games of three and four players
with A's seat rotated, game options passed through."""

from __future__ import annotations

import json

import pytest

from nibble.ai.lab.match import main as match_main
from nibble.ai.lab.match import play_game

#: the lab's tools run on CPython only (tests/conftest.py)
pytestmark = pytest.mark.lab

TWO_PLAYER_KEYS = [
    "game", "options", "a", "b", "games", "budget_ms", "iterations", "seed", "clock", "a_wins",
    "b_wins", "draws", "a_score", "ci95", "a_wins_as_first", "a_wins_as_second", "reasons",
    "avg_plies", "a_ms_per_move", "b_ms_per_move", "a_max_ms", "b_max_ms",
    "a_moves_over_budget", "b_moves_over_budget", "seconds",
]


def run_json(capsys, argv: list[str]) -> dict:
    assert match_main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_two_player_output_keeps_its_keys(capsys):
    out = run_json(capsys, ["--a", "easy", "--b", "random", "--games", "2",
                            "--iterations", "5"])
    assert list(out) == TWO_PLAYER_KEYS
    assert out["options"] == {} and out["a_wins"] + out["b_wins"] + out["draws"] == 2
    assert out["clock"] == "wall"
    out = run_json(capsys, ["--game", "number-one", "--players", "2", "--a", "random",
                            "--b", "random", "--games", "2"])
    assert list(out) == TWO_PLAYER_KEYS and out["options"] == {"players": 2}
    assert out["a_wins_as_first"] + out["a_wins_as_second"] == out["a_wins"]


def test_budgets_may_count_cpu_time(capsys):
    from nibble.ai import clock

    try:
        out = run_json(capsys, ["--a", "easy", "--b", "random", "--games", "2",
                                "--budget-ms", "20", "--clock", "cpu"])
        assert out["clock"] == "cpu" and clock.now is clock.CLOCKS["cpu"]
    finally:
        clock.use("wall")


def test_moves_over_the_budget_are_counted_for_each_side(monkeypatch, capsys):
    """A's moves that took more than its budget + 20 % are counted, and its longest move
    is said (a clock stands in: every move of A's takes 30 ms, of B's 10 ms, at 20 ms)."""
    from nibble.ai import clock
    from nibble.ai.lab import match

    now = [0.0]
    made = match.make_player

    def timed(name, seed):
        player = made("random", seed)
        choose = player.choose

        def slow(state, budget):
            now[0] += 0.030 if name == "easy" else 0.010
            return choose(state, budget)

        player.choose = slow
        return player

    monkeypatch.setattr(match, "make_player", timed)
    monkeypatch.setattr(clock, "now", lambda: now[0])
    monkeypatch.setattr(clock, "use", lambda name: None)
    out = run_json(capsys, ["--a", "easy", "--b", "random", "--games", "2",
                            "--budget-ms", "20"])
    assert out["a_max_ms"] == pytest.approx(30.0) and out["b_max_ms"] == pytest.approx(10.0)
    moves = out["avg_plies"] * 2
    assert out["b_moves_over_budget"] == 0
    assert out["a_moves_over_budget"] in (moves // 2, (moves + 1) // 2, (moves - 1) // 2)


def test_three_players_rotate_a_through_every_seat(capsys):
    out = run_json(capsys, ["--game", "number-one", "--players", "3", "--a", "hard",
                            "--b", "random", "--games", "3", "--iterations", "8"])
    assert out["players"] == 3 and out["options"] == {"players": 3}
    assert out["games_by_seat"] == [1, 1, 1]
    assert out["baseline"] == pytest.approx(1 / 3, abs=1e-4)
    assert out["a_wins"] == sum(out["a_wins_by_seat"])
    assert out["a_wins"] + out["b_wins"] == 3 and out["draws"] == 0
    assert sum(out["a_places"]) == 3 and out["a_places"][0] == out["a_wins"]
    lo, hi = out["ci95"]
    assert lo <= out["a_score"] <= hi
    assert out["reasons"] == {"last-standing": 3}


def test_a_sits_in_seat_index_mod_n_on_seed_index_div_n():
    for i in range(8):
        r = play_game((i, "number-one", {"players": 4}, "random", "random", None, None, 5, 4))
        assert r["a_seat"] == i % 4 and r["board_seed"] == 5 + i // 4


def test_text_summary_and_bad_options(capsys):
    assert match_main(["--game", "number-one", "--players", "4", "--a", "random",
                       "--b", "random", "--games", "4"]) == 0
    text = capsys.readouterr().out
    assert "3× random (4 players)" in text and "25.0 % by chance" in text
    assert match_main(["--game", "number-one", "--players", "5", "--games", "1"]) == 2
    assert match_main(["--game", "number-one", "--variant", "square9", "--games", "1"]) == 2
    assert match_main(["--game", "chess", "--games", "1"]) == 2


def test_each_player_may_have_its_own_thinking_time(capsys, monkeypatch):
    from nibble.ai.lab import match
    from nibble.ai.lab.match import split_name

    assert split_name("hard@1500") == ("hard", 1500.0) and split_name("easy") == ("easy", None)
    seen = []
    real = match.Budget

    def spy(ms=None, iterations=None):
        seen.append(ms)
        return real(ms, iterations)

    monkeypatch.setattr(match, "Budget", spy)
    out = run_json(capsys, ["--a", "greedy@7", "--b", "random", "--games", "2",
                            "--budget-ms", "3"])
    assert out["a"] == "greedy@7" and set(seen) == {7.0, 3.0}
    assert match_main(["--a", "greedy@soon", "--b", "random"]) == 2
