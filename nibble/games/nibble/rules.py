"""Winning conditions of Nibble: pure functions of the collections and the colour table."""

from __future__ import annotations

from ...core.protocol import Result
from .variants import Variant

#: runs of three neighbouring colours of the colour table (:func:`adjacent_triples`)
Triples = list[tuple[int, int, int]]


def adjacent_triples(table: list[int]) -> Triples:
    """Every run of three neighbouring colours of the (linear, not cyclic) table."""
    return [(table[i], table[i + 1], table[i + 2]) for i in range(len(table) - 2)]


def run_partners(triples: Triples, colors: int) -> list[list[tuple[int, int]]]:
    """For each colour, the other two colours of each run of three holding it (the win
    checks, run for every take the searches try, test the colour taken apart)."""
    return [[(x, z) if y == c else (y, z) if x == c else (x, y)
             for x, y, z in triples if c in (x, y, z)] for c in range(colors)]


def majority_colors(counts: list[int], variant: Variant) -> list[int]:
    return [c for c, k in enumerate(counts) if k >= variant.majority]


def holds_majority(counts: list[int], variant: Variant) -> bool:
    """Majorities in enough colours (counted without building a list: it runs after every
    move of every search)."""
    need, maj = variant.majorities, variant.majority
    for k in counts:
        if k >= maj:
            need -= 1
            if not need:
                return True
    return False


def can_win_instantly(opponent_counts: list[int], triples: Triples, variant: Variant
                      ) -> tuple[bool, bool]:
    """(all-of-a-colour still possible, three-adjacent still possible) for the player
    whose opponent holds ``opponent_counts``: the opponent's discs are out of reach."""
    return 0 in opponent_counts, _three_open(opponent_counts, triples, variant)


def may_still_win_instantly(opponent_counts: list[int], triples: Triples, variant: Variant
                            ) -> bool:
    """``any(can_win_instantly(...))``, without the second check when the first holds (the
    searches ask it of every take once the game may be decided early)."""
    return 0 in opponent_counts or _three_open(opponent_counts, triples, variant)


def _three_open(opponent_counts: list[int], triples: Triples, variant: Variant) -> bool:
    """Is some run of three still open: the opponent holds few enough of each colour?
    (plain loops: it runs for every take the searches check)"""
    most = variant.colors - variant.adjacent_need
    for x, y, z in triples:
        if (opponent_counts[x] <= most and opponent_counts[y] <= most
                and opponent_counts[z] <= most):
            return True
    return False


def instant_win(seat: int, counts: list[int], color: int, triples: Triples,
                variant: Variant) -> Result | None:
    """An instant win for ``seat``, which has just taken discs of ``color``."""
    if counts[color] == variant.colors:
        return Result(seat, "all-of-colour", {"colors": [color + 1]})
    t = variant.adjacent_need
    if counts[color] < t:  # every run through this colour still lacks it (the usual case)
        return None
    for tri in triples:
        x, y, z = tri
        if color in tri and counts[x] >= t and counts[y] >= t and counts[z] >= t:
            return Result(seat, "three-adjacent", {"colors": [x + 1, y + 1, z + 1]})
    return None


def majority_result(collections: list[list[int]], variant: Variant, reason: str) -> Result:
    """The majority-of-majorities verdict (a draw only if nobody reaches it, which needs a
    set-up with discs missing)."""
    for seat, counts in enumerate(collections):
        if holds_majority(counts, variant):
            colors = [c + 1 for c in majority_colors(counts, variant)]
            return Result(seat, reason, {"colors": colors})
    return Result(None, reason, {"colors": []})


def decided_early(counts: list[int], seat: int, triples: Triples,
                  variant: Variant) -> Result | None:
    """Rule 4 for ``seat`` holding ``counts``: a majority holder whose opponent can no
    longer win instantly wins now.

    Only the mover needs checking after a move: (a) and (b) depend on the holder's
    collection alone, and the other player's was checked when it last moved.
    """
    if holds_majority(counts, variant) and not may_still_win_instantly(counts, triples, variant):
        colors = [c + 1 for c in majority_colors(counts, variant)]
        return Result(seat, "decided", {"colors": colors})
    return None
