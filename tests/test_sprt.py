"""The sequential test of ``python -m nibble sprt`` (nibble/ai/lab/sprt.py): its error rates
on simulated matches are about the alpha and beta asked for, it stops by itself, and a
real run pairs every board from both seats and takes the pool in turn."""

from __future__ import annotations

import random

import pytest

from nibble.ai.lab.sprt import Sprt, bounds, elo_of, llr, main, pair_score, run_sprt, score_of

#: the lab's tools run on CPython only (tests/conftest.py)
pytestmark = pytest.mark.lab


def test_elo_and_score_are_inverse() -> None:
    for elo in (-400, -20, 0, 20, 191, 400):
        assert elo_of(score_of(elo)) == pytest.approx(elo)
    assert score_of(0) == 0.5 and elo_of(0.75) == pytest.approx(190.85, abs=0.01)


def test_the_llr_leans_to_the_hypothesis_the_results_are_nearer() -> None:
    strong = [0, 5, 20, 40, 35]  # mean score 0.76
    weak = [35, 40, 20, 5, 0]
    even = [10, 20, 40, 20, 10]
    assert llr(strong, 0, 20) > 0 > llr(weak, 0, 20)
    assert llr(even, 0, 20) < 0  # exactly elo0: leans to H0
    assert llr([0] * 5, 0, 20) == 0.0
    # more of the same evidence, proportionally more sure
    assert llr([c * 4 for c in strong], 0, 20) == pytest.approx(4 * llr(strong, 0, 20), rel=1e-3)


def simulate(true_elo: float, rng: random.Random, elo0: float = 0.0, elo1: float = 20.0,
             max_pairs: int = 20_000) -> tuple[str, int]:
    """One test on pairs of two independent games won with the true Elo's score (no
    draws); its verdict and the pairs it took."""
    p = score_of(true_elo)
    test = Sprt(elo0, elo1)
    while test.verdict == "continue" and sum(test.counts) < max_pairs:
        test.add(float((rng.random() < p) + (rng.random() < p)))
    return test.verdict, sum(test.counts)


def test_error_rates_are_about_alpha_and_beta() -> None:
    rng = random.Random(46)
    runs = 150
    at_h0 = [simulate(0.0, rng) for _ in range(runs)]
    at_h1 = [simulate(20.0, rng) for _ in range(runs)]
    false_accept = sum(v == "H1" for v, _ in at_h0) / runs
    false_reject = sum(v == "H0" for v, _ in at_h1) / runs
    # alpha = beta = 0.05; the sample of 150 and the approximation leave some room
    assert false_accept <= 0.12 and false_reject <= 0.12
    assert all(v != "continue" for v, _ in at_h0 + at_h1)  # it stops by itself
    # far from both: quick and right
    far = [simulate(200.0, rng) for _ in range(20)]
    assert all(v == "H1" and n < 200 for v, n in far)  # (a test at +-20 Elo takes hundreds)
    assert all(simulate(-200.0, rng)[0] == "H0" for _ in range(20))


def test_no_verdict_before_the_minimum_of_pairs() -> None:
    test = Sprt(0, 20)
    for _ in range(test.min_pairs - 1):
        test.add(2.0)
        assert test.verdict == "continue"
    test.add(2.0)
    assert test.verdict == "H1" and test.llr > bounds(0.05, 0.05)[1]
    with pytest.raises(ValueError):
        test.add(0.7)


def test_a_pair_counts_both_seats_and_draws_half() -> None:
    assert pair_score([{"winner": "a"}, {"winner": None}]) == 1.5
    assert pair_score([{"winner": "b"}, {"winner": "b"}]) == 0.0


def test_a_real_run_pairs_every_board_and_takes_the_pool_in_turn() -> None:
    lines: list[dict] = []
    summary = run_sprt("nibble", {"variant": "square9"}, "greedy", ["random", "uct"],
                       Sprt(0, 20), None, 3, seed=5, max_pairs=30, report=lines.append)
    assert summary["verdict"] == "H1"  # one ply of look-ahead against none
    assert summary["pairs"] == len(lines) >= 10 and sum(summary["pentanomial"]) == len(lines)
    assert [line["opponent"] for line in lines] == [["random", "uct"][k % 2]
                                                    for k in range(len(lines))]
    assert [line["board_seed"] for line in lines] == list(range(5, 5 + len(lines)))
    assert summary["games"] == 2 * summary["pairs"]


def test_the_command_refuses_what_it_cannot_test(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "nobody"]) == 2
    assert main(["--a", "greedy", "--pool", "random", "--elo0", "20", "--elo1", "0"]) == 2
    assert main(["--game", "number-one", "--players", "3", "--a", "greedy", "--pool",
                 "random", "--iterations", "2"]) == 2
    assert "two-seat" in capsys.readouterr().err
