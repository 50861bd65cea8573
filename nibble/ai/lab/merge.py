"""One ladder from several runs of the same round robin (``ladder --merge``).

A round robin of slow levels takes hours; four games a pair may only order the players
roughly (two levels can tie). Runs on other boards (another ``--seed``), on another day
or machine, add games: their points and games per pair are summed and refitted by the
same Bradley–Terry model, as if one longer round robin had been played. Only runs of the
same players, game, options, budgets and clock are merged, and never two that played the
same boards (that would count the same positions twice).
"""

from __future__ import annotations

from typing import Any

from .elo import PRIOR_ELO, rated

SAME = ("game", "options", "players", "budget_ms", "iterations", "clock")
NEEDED = (*SAME, "scores", "games", "seed", "games_per_pair", "games_played")


def boards(ladder: dict[str, Any]) -> list[int]:
    """The board seeds a ladder played: listed by a merged one, else game ``i`` of a pair
    on ``seed + i // 2``."""
    if "boards" in ladder:
        return list(ladder["boards"])
    return list(range(ladder["seed"], ladder["seed"] + (ladder["games_per_pair"] + 1) // 2))


def merge(ladders: list[dict[str, Any]], prior_elo: float = PRIOR_ELO) -> dict[str, Any]:
    """The ladder of all games of ``ladders`` (``run_ladder`` results), refitted."""
    if not ladders:
        raise ValueError("no ladder results given")
    first = ladders[0]
    for lad in ladders:
        if not isinstance(lad, dict) or any(k not in lad for k in NEEDED):
            raise ValueError("not a 'ladder --json' result")
        if any(lad[k] != first[k] for k in SAME):
            raise ValueError("the ladders differ in " + ", ".join(
                f"{k} ({lad[k]!r} against {first[k]!r})" for k in SAME if lad[k] != first[k]))
    seen: dict[int, int] = {}
    for lad in ladders:
        for board in boards(lad):
            if board in seen:
                raise ValueError(f"two ladders played board {board} (--seed {seen[board]} "
                                 f"and --seed {lad['seed']}): give each run other boards")
            seen[board] = lad["seed"]
    players = first["players"]
    n = len(players)
    scores = [[0.0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    for lad in ladders:
        for i, p in enumerate(players):
            for j, q in enumerate(players):
                if i != j:
                    scores[i][j] += float(lad["scores"].get(p, {}).get(q, 0.0))
                    games[i][j] += int(lad["games"].get(p, {}).get(q, 0))
    return {
        **{k: first[k] for k in SAME}, **rated(players, scores, games, prior_elo),
        "games_played": sum(lad["games_played"] for lad in ladders),
        "games_per_pair": sum(lad["games_per_pair"] for lad in ladders),
        "seed": first["seed"],
        "seeds": sorted(x for lad in ladders for x in lad.get("seeds", [lad["seed"]])),
        "boards": sorted(seen),  # so that a merged ladder can be merged again
        "prior_elo": prior_elo,
        "seconds": round(sum(lad.get("seconds", 0.0) for lad in ladders), 1),
    }
