"""Elo ratings from results: a Bradley–Terry model fitted by maximum likelihood.

P(A beats B) = 1 / (1 + 10^((R_B − R_A) / 400)), fitted with Newton's method; a draw counts
as half a win. A weak prior (each rating normal around 0 with a standard deviation of
``prior_elo``) keeps an unbeaten player finite without pulling ratings that the games pin
down. Ratings are then shifted so the anchor is 0; the 95 % intervals of the differences
to the anchor come from the inverse of the Hessian (the observed Fisher information).

Used by ``ladder`` (a round robin), ``merge`` (ladders pooled) and ``chain`` (a player
rated through its matches against rated ones). Pure Python (it runs in Pyodide too).
"""

from __future__ import annotations

import math
from typing import Any

from .match import split_name

NAT = math.log(10) / 400  # one Elo point in natural units of the logistic model
Z95 = 1.959964
PRIOR_ELO = 1000.0


def fit_elo(scores: list[list[float]], games: list[list[int]], anchor: int = 0,
            prior_elo: float = PRIOR_ELO) -> tuple[list[float], list[tuple[float, float]]]:
    """(ratings, 95 % intervals) in Elo from ``scores[i][j]`` (points of i against j, a
    draw half) and ``games[i][j]``; ``anchor`` is rated 0 and its interval is (0, 0)."""
    n = len(games)
    inv_var = 1.0 / (prior_elo * NAT) ** 2
    theta = [0.0] * n
    hess: list[list[float]] = []
    for _ in range(100):
        grad, hess = _derivatives(theta, scores, games, inv_var)
        step = _solve(hess, grad)
        biggest = max(abs(x) for x in step)
        if biggest > 2.0:  # damp the first steps from far away (about 350 Elo at most)
            step = [x * 2.0 / biggest for x in step]
        theta = [t - x for t, x in zip(theta, step, strict=True)]
        if biggest < 1e-10:
            break
    _, hess = _derivatives(theta, scores, games, inv_var)
    cov = _inverse(hess)
    ratings, intervals = [], []
    for i in range(n):
        r = (theta[i] - theta[anchor]) / NAT
        var = cov[i][i] + cov[anchor][anchor] - 2 * cov[i][anchor]
        half = Z95 * math.sqrt(max(0.0, var)) / NAT
        ratings.append(r)
        intervals.append((r - half, r + half))
    return ratings, intervals


def _derivatives(theta: list[float], scores: list[list[float]], games: list[list[int]],
                 inv_var: float) -> tuple[list[float], list[list[float]]]:
    """Gradient and Hessian of the negative log posterior."""
    n = len(theta)
    grad = [t * inv_var for t in theta]
    hess = [[inv_var if i == j else 0.0 for j in range(n)] for i in range(n)]
    for i in range(n):
        for j in range(n):
            g = games[i][j]
            if i == j or not g:
                continue
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            grad[i] -= scores[i][j] - g * p
            w = g * p * (1 - p)
            hess[i][i] += w
            hess[i][j] -= w
    return grad, hess


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [[*row, v] for row, v in zip(a, b, strict=True)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def tally(players: list[str], results: list[dict[str, Any]]) -> tuple[list[list[float]],
                                                           list[list[int]]]:
    """Points and games of each player against each other from per-game results."""
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    scores = [[0.0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    for r in results:
        a, b = index[r["a"]], index[r["b"]]
        games[a][b] += 1
        games[b][a] += 1
        points = {"a": 1.0, "b": 0.0, None: 0.5}[r["winner"]]
        scores[a][b] += points
        scores[b][a] += 1.0 - points
    return scores, games


def rated(players: list[str], scores: list[list[float]], games: list[list[int]],
          prior_elo: float) -> dict[str, Any]:
    """The fitted part of a ladder's result: anchor (``random`` if it plays, else the first
    player), ratings, intervals, and the points and games of each pair that met."""
    bare = [split_name(p)[0] for p in players]
    anchor = bare.index("random") if "random" in bare else 0
    ratings, intervals = fit_elo(scores, games, anchor, prior_elo)
    return {
        "anchor": players[anchor],
        "ratings": {p: round(r, 1) for p, r in zip(players, ratings, strict=True)},
        "intervals": {p: [round(lo, 1), round(hi, 1)]
                      for p, (lo, hi) in zip(players, intervals, strict=True)},
        "scores": {p: {q: scores[i][j] for j, q in enumerate(players) if games[i][j]}
                   for i, p in enumerate(players)},
        "games": {p: {q: games[i][j] for j, q in enumerate(players) if games[i][j]}
                  for i, p in enumerate(players)},
    }
