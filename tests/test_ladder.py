"""The rating ladder: the Bradley-Terry fit recovers known ratings, is anchored and
symmetric, keeps an unbeaten player finite, and the command runs end to end."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from nibble.ai.lab.elo import fit_elo, tally
from nibble.ai.lab.ladder import main
from nibble.cli import main as cli_main
from nibble.core.protocol import Game
from nibble.games import GAMES, get_game

#: the lab's tools run on CPython only (tests/conftest.py)
pytestmark = pytest.mark.lab


def synthetic(elo: list[float], per_pair: int, seed: int, draw: float = 0.0):
    """Points and games from ``per_pair`` games between every two players of known Elo,
    each game a draw with probability ``draw``, else won by the Elo expectation."""
    rng = random.Random(seed)
    n = len(elo)
    scores = [[0.0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            p = 1 / (1 + 10 ** ((elo[j] - elo[i]) / 400))
            for _ in range(per_pair):
                if rng.random() < draw:
                    s = 0.5
                else:
                    s = 1.0 if rng.random() < (p - draw / 2) / (1 - draw) else 0.0
                scores[i][j] += s
                scores[j][i] += 1 - s
                games[i][j] += 1
                games[j][i] += 1
    return scores, games


def test_recovers_known_ratings():
    true = [0.0, 150.0, 300.0, 600.0]
    scores, games = synthetic(true, 600, seed=7)
    ratings, intervals = fit_elo(scores, games)
    for t, r, (lo, hi) in zip(true, ratings, intervals, strict=True):
        assert r == pytest.approx(t, abs=40)
        assert lo <= t <= hi or t == 0
    assert intervals[0] == (0.0, 0.0)
    assert 20 < intervals[3][1] - intervals[3][0] < 150


def test_draws_count_as_half_a_win():
    scores, games = synthetic([0.0, 200.0], 2000, seed=3, draw=0.3)
    ratings, _ = fit_elo(scores, games)
    assert ratings[1] == pytest.approx(200, abs=40)


def test_anchor_and_symmetry():
    scores, games = synthetic([0.0, 100.0, 250.0], 200, seed=1)
    r0, _ = fit_elo(scores, games, anchor=0)
    r1, i1 = fit_elo(scores, games, anchor=1)
    assert r1[1] == 0 and i1[1] == (0.0, 0.0)
    assert [a - r0[1] for a in r0] == pytest.approx(r1, abs=1e-6)
    # the same games with the players listed backwards give the mirrored table
    rev = [row[::-1] for row in scores[::-1]]
    rg = [row[::-1] for row in games[::-1]]
    back, _ = fit_elo(rev, rg, anchor=2)
    assert back[::-1] == pytest.approx(r0, abs=1e-6)
    # an even score is an even rating
    even, _ = fit_elo([[0, 5], [5, 0]], [[0, 10], [10, 0]])
    assert even == pytest.approx([0, 0], abs=1e-9)


def test_an_unbeaten_player_gets_a_finite_rating():
    scores = [[0, 0, 0], [10, 0, 6], [10, 4, 0]]
    games = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    ratings, intervals = fit_elo(scores, games)
    assert all(abs(r) < 5000 for r in ratings)
    assert ratings[1] > ratings[2] > 0
    assert all(lo < hi for lo, hi in intervals[1:])


def test_tally_reads_match_results():
    results = [{"a": "x", "b": "y", "winner": "a"}, {"a": "x", "b": "y", "winner": None},
               {"a": "y", "b": "z", "winner": "b"}]
    scores, games = tally(["x", "y", "z"], results)
    assert scores[0][1] == 1.5 and scores[1][0] == 0.5 and scores[2][1] == 1.0
    assert games[0][1] == games[1][0] == 2 and games[0][2] == 0


def test_ladder_command_runs(capsys):
    argv = ["ladder", "--game", "nibble", "--variant", "square9",
            "--players", "random,greedy,alphabeta", "--games-per-pair", "2",
            "--iterations", "10", "--json"]
    assert cli_main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == ["random", "greedy", "alphabeta"]
    assert out["games_played"] == 6 and out["anchor"] == "random"
    assert out["ratings"]["random"] == 0 and out["intervals"]["random"] == [0, 0]
    for p in out["players"]:
        assert sum(out["games"][p].values()) == 4
        for q, pts in out["scores"][p].items():
            assert pts + out["scores"][q][p] == out["games"][p][q]


def test_ladder_text_and_bad_input(capsys):
    assert main(["--game", "number-one", "--players", "random,alphabeta",
                 "--games-per-pair", "2", "--iterations", "5"]) == 0
    assert "anchored at random" in capsys.readouterr().out
    assert main(["--players", "random"]) == 2
    assert main(["--players", "random,nobody"]) == 2
    assert main(["--players", "random,random"]) == 2
    assert main(["--game", "chess"]) == 2


def test_levels_may_play_at_their_own_budgets(capsys):
    """--level-budgets: each level thinks for its default time (as on the page), the
    others for --budget-ms; NAME@MS sets one player's time."""
    assert main(["--players", "random,easy,greedy@5", "--games-per-pair", "2",
                 "--budget-ms", "5", "--level-budgets", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == ["random@50", "easy@100", "greedy@5"]
    assert out["anchor"] == "random@50" and out["ratings"]["random@50"] == 0
    assert main(["--players", "random,greedy@x"]) == 2
    assert main(["--players", "random,greedy@-3"]) == 2


NIBBLE = get_game("nibble")


def ratings_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of Nibble's ratings module in ``tmp_path``, where ``--write-ratings`` writes
    instead (``ratings.path_of``); the other games' files are never written."""
    import shutil

    from nibble.ai import ratings

    target = tmp_path / "ratings.py"
    shutil.copy(ratings.path_of(NIBBLE), target)

    def path_of(game: Game) -> Path:
        assert game is NIBBLE, game.id
        return target

    monkeypatch.setattr(ratings, "path_of", path_of)
    return target


def read_ratings(path: Path) -> dict:
    """The ``RATINGS`` table a ratings module at ``path`` holds."""
    scope: dict = {}
    exec(compile(path.read_text(), str(path), "exec"), scope)
    return scope["RATINGS"]


def test_ratings_are_written_for_the_new_game_dialog(tmp_path, capsys, monkeypatch):
    """--write-ratings keeps the levels' ratings (not the other players') per game and
    variant; the bridge's games op hands them out per level."""
    from nibble.ai import ratings
    from nibble.api import handle

    target = ratings_in(tmp_path, monkeypatch)
    assert main(["--players", "random,easy,greedy", "--games-per-pair", "2",
                 "--iterations", "5", "--write-ratings"]) == 0
    capsys.readouterr()
    written = read_ratings(target)
    entry = written["nibble/square9"]
    assert set(entry["ratings"]) == {"random", "easy"} and entry["ratings"]["random"] == 0
    assert entry["games_per_pair"] == 2 and entry["players"] == ["random", "easy", "greedy"]
    # the game's other boards are kept, and the other games' files are not touched
    kept_here = {w: e for w, e in ratings.stored(NIBBLE).items() if w != "nibble/square9"}
    assert {w: e for w, e in written.items() if w != "nibble/square9"} == kept_here
    others = {w: e for game in GAMES.values() for w, e in ratings.stored(game).items()
              if w != "nibble/square9"}
    monkeypatch.setattr(sys.modules[NIBBLE.ratings], "RATINGS", written)
    levels = {lv["id"]: lv for lv in handle({"op": "games"})["levels"]}

    def kept(level: str) -> dict:
        return {w: round(e["ratings"][level]) for w, e in others.items() if level in e["ratings"]}

    assert levels["easy"]["ratings"] == {**kept("easy"), "nibble/square9": entry["ratings"]["easy"]}
    assert levels["hard"]["ratings"] == kept("hard")  # hard did not play this ladder


def _match_json(tmp_path, name: str, capsys, *args: str) -> str:
    """A real ``match --json`` result, saved to ``name``."""
    from nibble.ai.lab.match import main as match_main

    assert match_main(["--games", "2", "--iterations", "5", "--json", *args]) == 0
    path = tmp_path / name
    path.write_text(capsys.readouterr().out)
    return str(path)


def test_chain_adds_the_elo_difference_of_a_direct_match():
    """70 % over 100 games is about +147 Elo over the base; the interval holds both the
    base's uncertainty and the match's, so it is wider than either."""
    from nibble.ai.lab.chain import chain, sum_matches

    entry = {"ratings": {"random": 0, "hard": 1000}, "intervals": {"hard": [700, 1300]}}
    one = {"game": "nibble", "options": {"variant": "square9"}, "a": "expert@5000",
           "b": "hard@1500", "clock": "cpu", "draws": 0}
    summary = sum_matches([{**one, "a_wins": 30, "b_wins": 20, "seed": 12},
                           {**one, "a_wins": 40, "b_wins": 10, "seed": 10}])
    assert summary["games"] == 100 and summary["a_wins"] == 70 and summary["seeds"] == [10, 12]
    out = chain(entry, summary)
    assert out["level"] == "expert" and out["over"] == "hard@1500"
    assert out["elo_over"] == pytest.approx(147.2, abs=3)
    dlo, dhi = out["elo_over_interval"]
    assert dlo < out["elo_over"] < dhi and 60 < dhi - dlo < 200
    lo, hi = out["interval"]
    assert out["rating"] == round(1000 + out["elo_over"])
    assert hi - lo > max(600, dhi - dlo) and lo < out["rating"] < hi
    even = chain(entry, {**summary, "a_wins": 50, "b_wins": 50})
    assert even["rating"] == 1000  # an even score adds nothing
    with pytest.raises(ValueError, match="different pairings"):
        sum_matches([{**one, "a_wins": 1, "b_wins": 0, "seed": 1},
                     {**one, "a": "expert@3000", "a_wins": 1, "b_wins": 0, "seed": 2}])
    with pytest.raises(ValueError, match="no rating"):
        chain(entry, {**summary, "b": "medium@500"})


def test_chained_rating_is_written_for_the_new_game_dialog(tmp_path, capsys, monkeypatch):
    """``ladder --chain`` reads real match results, adds the level to its game's stored
    ladder (evidence kept, the other levels unchanged) and the bridge hands it out."""
    from nibble.ai import ratings
    from nibble.api import handle

    target = ratings_in(tmp_path, monkeypatch)
    files = [_match_json(tmp_path, f"m{s}.json", capsys, "--a", "expert", "--b", "hard",
                         "--seed", str(s)) for s in (7, 9)]
    assert main(["--chain", *files, "--json", "--write-ratings"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["where"] == "nibble/square9" and out["games"] == 4 and out["seeds"] == [7, 9]
    written = read_ratings(target)
    entry = written["nibble/square9"]
    old = ratings.stored(NIBBLE)["nibble/square9"]
    assert entry["ratings"] == {**old["ratings"], "expert": out["rating"]}
    assert entry["intervals"]["expert"] == out["interval"]
    assert entry["chained"]["expert"]["games"] == 4 and entry["chained"]["expert"]["over"] == "hard"
    assert {w: e for w, e in written.items() if w != "nibble/square9"} == \
        {w: e for w, e in ratings.stored(NIBBLE).items() if w != "nibble/square9"}
    monkeypatch.setattr(sys.modules[NIBBLE.ratings], "RATINGS", written)
    levels = {lv["id"]: lv for lv in handle({"op": "games"})["levels"]}
    assert levels["expert"]["ratings"]["nibble/square9"] == out["rating"]


def test_chain_refuses_bad_results_with_a_clear_error(tmp_path, capsys):
    """Damaged files, mixed pairings and an unrated base are refused (exit 2, one line)."""
    good = _match_json(tmp_path, "good.json", capsys, "--a", "expert", "--b", "hard")
    other = _match_json(tmp_path, "other.json", capsys, "--a", "expert", "--b", "medium",
                        "--variant", "hex13")
    unrated = _match_json(tmp_path, "unrated.json", capsys, "--a", "expert", "--b", "greedy")
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "nibble", ')
    for files, says in (([good, other], "different pairings"), ([str(broken)], "--chain"),
                        ([unrated], "no rating"), ([str(tmp_path / "missing.json")], "--chain")):
        assert main(["--chain", *files]) == 2
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1


def _ladder_json(tmp_path, name: str, capsys, seed: int, players: str = "random,easy,greedy",
                 per_pair: int = 2) -> str:
    """A real ``ladder --json`` result on the boards from ``seed``, saved to ``name``."""
    assert main(["--players", players, "--games-per-pair", str(per_pair), "--iterations", "5",
                 "--seed", str(seed), "--json"]) == 0
    path = tmp_path / name
    path.write_text(capsys.readouterr().out)
    return str(path)


def test_merge_sums_runs_on_other_boards_and_refits(tmp_path, capsys, monkeypatch):
    """``ladder --merge``: the points and games of two runs are summed per pair and fitted
    as one round robin (the same ratings as fitting the sums directly); --write-ratings
    stores the merged ladder with the seeds it came from."""
    from nibble.ai.lab.merge import merge

    runs = [json.loads(Path(_ladder_json(tmp_path, f"l{s}.json", capsys, s)).read_text())
            for s in (1, 2)]
    out = merge(runs)
    assert out["games_played"] == 12 and out["games_per_pair"] == 4 and out["seeds"] == [1, 2]
    with pytest.raises(ValueError, match="board 2"):  # a merged ladder keeps its boards
        merge([out, runs[1]])
    players = out["players"]
    for p in players:
        for q in players:
            if p != q:
                assert out["games"][p][q] == 4
                assert out["scores"][p][q] == sum(r["scores"][p][q] for r in runs)
    scores = [[out["scores"][p].get(q, 0.0) for q in players] for p in players]
    games = [[out["games"][p].get(q, 0) for q in players] for p in players]
    expected, _ = fit_elo(scores, games, players.index("random"))
    assert [out["ratings"][p] for p in players] == pytest.approx(expected, abs=0.06)
    target = ratings_in(tmp_path, monkeypatch)
    files = [str(tmp_path / "l1.json"), str(tmp_path / "l2.json")]
    assert main(["--merge", *files, "--json", "--write-ratings"]) == 0
    assert json.loads(capsys.readouterr().out)["ratings"] == out["ratings"]
    entry = read_ratings(target)["nibble/square9"]
    assert entry["seeds"] == [1, 2] and entry["games_per_pair"] == 4
    assert entry["ratings"]["easy"] == round(out["ratings"]["easy"])


def test_merge_refuses_the_same_boards_other_players_and_damaged_files(tmp_path, capsys):
    """Runs that share boards would count the same positions twice; runs of other
    players, games or budgets are not one round robin; damaged files are refused. Each
    gets exit 2 and one line."""
    one = _ladder_json(tmp_path, "one.json", capsys, 1, per_pair=4)  # boards 1 and 2
    overlap = _ladder_json(tmp_path, "overlap.json", capsys, 2)  # board 2
    others = _ladder_json(tmp_path, "others.json", capsys, 5, players="random,greedy")
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "nibble", ')
    for files, says in (([one, overlap], "board 2"), ([one, others], "differ in players"),
                        ([str(broken)], "--merge"), ([str(tmp_path / "no.json")], "--merge")):
        assert main(["--merge", *files]) == 2
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1
