"""A level's rating from a direct match against a rated level (``ladder --chain``).

A level too slow for the round robin (``expert``, 5 s a move) is still rated: its score
in ``match --json`` results against a level the ladder rated gives an Elo difference by
the same Bradley–Terry fit, added to that level's rating. The interval combines both
uncertainties (the ladder's interval of the base and the match's of the difference, as
independent normals), so a short ladder keeps the chained rating as uncertain as its base.
"""

from __future__ import annotations

import math
from typing import Any

from .elo import PRIOR_ELO, fit_elo
from .match import split_name

SAME = ("game", "options", "a", "b", "clock")  # what every results file must share


def sum_matches(matches: list[dict[str, Any]]) -> dict[str, Any]:
    """One summary of several ``match --json`` results of the same pairing."""
    if not matches:
        raise ValueError("no match results given")
    first = matches[0]
    for m in matches:
        if not isinstance(m, dict) or any(k not in m for k in (*SAME, "a_wins", "b_wins",
                                                               "draws", "seed")):
            raise ValueError("not a 'match --json' result")
        if any(m[k] != first[k] for k in SAME):
            raise ValueError("the results are of different pairings, games or clocks: "
                             + ", ".join(f"{k}={m[k]!r}" for k in SAME if m[k] != first[k]))
    total = {k: sum(m[k] for m in matches) for k in ("a_wins", "b_wins", "draws")}
    return {**{k: first[k] for k in SAME}, **total,
            "games": total["a_wins"] + total["b_wins"] + total["draws"],
            "seeds": sorted(m["seed"] for m in matches)}


def chain(entry: dict[str, Any], match: dict[str, Any],
          prior_elo: float = PRIOR_ELO) -> dict[str, Any]:
    """The rating of ``match``'s player A from its score against B, rated in ``entry``
    (a ladder's entry of ``ratings.RATINGS``): rating, 95 % interval and the evidence."""
    level, base = split_name(match["a"])[0], split_name(match["b"])[0]
    if base not in entry["ratings"]:
        raise ValueError(f"{base} has no rating here to chain {level} to")
    if level == base:
        raise ValueError("a level cannot be chained to itself")
    n = match["games"]
    points = match["a_wins"] + 0.5 * match["draws"]
    (_, diff), (_, (lo, hi)) = fit_elo([[0.0, n - points], [points, 0.0]], [[0, n], [n, 0]],
                                       anchor=0, prior_elo=prior_elo)
    base_lo, base_hi = entry["intervals"][base]
    half = math.hypot((hi - lo) / 2, (base_hi - base_lo) / 2)
    rating = entry["ratings"][base] + diff
    return {"level": level, "over": match["b"], "player": match["a"],
            "rating": round(rating), "interval": [round(rating - half), round(rating + half)],
            "elo_over": round(diff, 1), "elo_over_interval": [round(lo, 1), round(hi, 1)],
            "points": points, "games": n, "seeds": match["seeds"], "clock": match["clock"]}
