"""Positions crafted to flood a player with legal moves (for budget tests and benchmarks).

Nibble's takes are *sets*, so a colour whose n discs are all takeable and never cut the
group gives 2^n - 1 takes. A comb does that: full rows ("spines") joined by a column,
with "teeth" hanging off them, each tooth a leaf with two adjacent open sides. Teeth of
the colours 1-4 (13 each) and spines of the other colours give 32,769 legal takes.

Nebuchadnezzar's captures are maximal rectangles, far fewer: a checkerboard makes every
enemy disc one (see :func:`nebuchadnezzar_captures_setup`).
"""

from __future__ import annotations

from nibble.core.record import FORMAT
from nibble.games.nibble.variants import COLOR_CHARS

N = 13
SPINE_ROWS = (1, 4, 7, 10)
PAIR_ROWS = (0, 2, 5, 8, 11)  # two teeth side by side, then a gap
SINGLE_ROWS = (3, 6, 9)  # teeth under the gaps of the row above
PAIR_COLS = ((0, 1), (3, 4), (6, 7), (9, 10))


def _comb() -> dict[tuple[int, int], int]:
    """(row, col) -> colour index (0-based) of the comb on the 13 x 13 board."""
    color: dict[tuple[int, int], int] = {}
    k = 0
    for r in PAIR_ROWS:
        for a, b in PAIR_COLS:
            x, y = ((0, 1), (2, 3))[k % 2]
            k += 1
            color[(r, a)], color[(r, b)] = x, y
    singles = [(r, c) for r in SINGLE_ROWS for c in (2, 5, 8, 11)]
    for i, p in enumerate(singles):
        color[p] = i % 4
    counts = [0] * 13
    for v in color.values():
        counts[v] += 1
    spine = sorted({(r, c) for r in SPINE_ROWS for c in range(N)}
                   | {(r, N - 1) for r in range(1, 11)})
    for r, c in spine:
        near = {color.get(q) for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))}
        q = min((q for q in range(4, 13) if counts[q] < 13 and q not in near),
                key=lambda q: counts[q])
        color[(r, c)] = q
        counts[q] += 1
    return color


def nibble_flood_setup() -> str:
    """A square13 start position with 32,769 legal takes (colour 1 can be taken whole)."""
    color = _comb()
    rows = ["".join(COLOR_CHARS[color[(r, c)]] if (r, c) in color else "."
                    for c in range(N)) for r in range(N)]
    return f"square13:{'/'.join(rows)} {COLOR_CHARS[:13]}"


def nibble_flood_record() -> dict:
    """Player 1 to move with 32,769 legal takes, one of which wins at once."""
    return {"format": FORMAT, "game": "nibble",
            "options": {"variant": "square13", "seed": 1, "decided_early": True},
            "setup": nibble_flood_setup(), "moves": []}


def nibble_threat_record() -> dict:
    """Player 1 to move with 10,749 legal takes, and *every* one of them hands player 2
    an instant win: player 2 holds one tooth of each colour 1-4, so player 1 cannot take
    any of those colours whole, while player 2 can take the other twelve of any of them.
    The worst case for a player that checks every reply to every move."""
    record = nibble_flood_record()
    # player 1 takes spine ends (colours 5+), player 2 one tooth of colours 1, 2, 3, 4
    record["moves"] = ["a11", "a1", "a8", "b1", "m11", "d1", "a5", "e1"]
    return record


def nebuchadnezzar_captures_setup(n: int = 15) -> str:
    """An n × n checkerboard, Black to move: every white disc has four black neighbours
    (or the edge, which copies the black wall opposite), so each is a maximal capturable
    rectangle of its own, and White threatens the same against every black disc.

    On 15 × 15 that is 112 captures and nothing else to do. No denser position was
    found: a simulated-annealing search over 6 × 6 and 15 × 15 boards (maximising the
    number of captures) never beat the checkerboard's one capture per two points, and
    a board with empty points trades each two capture points for placements that are
    cheap to judge. Every capture breaks the walls of up to four enemy threats."""
    rows = ["".join("b" if (r + c) % 2 == 0 else "w" for c in range(n)) for r in range(n)]
    return f"neb{n}:{'/'.join(rows)} b"


def nebuchadnezzar_captures_record() -> dict:
    """Black to move with 112 legal captures on 15 × 15, none of them winning."""
    return {"format": FORMAT, "game": "nebuchadnezzar", "options": {"size": 15, "seed": 1},
            "setup": nebuchadnezzar_captures_setup(), "moves": []}


#: the busiest Number One position of 480 random games (two to four players): 47 moves
NUMBER_ONE_BUSY = ("one4:...o../...ooo./..o...o./o.......o/oo.o.o...o/o.o..o...oo/"
                   ".o.ooo.oo./oo.o....o/......oo/.o..oo./...... "
                   "Sb4*,Mi6,Ld4/-/-/Se8*,Ma9*,Lf9* 1: 3,2")


def number_one_busy_record() -> dict:
    """Four seats, two of them out, player 1 to move with 47 legal moves."""
    return {"format": FORMAT, "game": "number-one", "options": {"players": 4, "seed": 1},
            "setup": NUMBER_ONE_BUSY, "moves": []}


#: every crafted position by name (the budget tests and scripts/bench_budget.py use these)
CRAFTED = {"nibble-flood": nibble_flood_record, "nibble-threat": nibble_threat_record,
           "neb-captures": nebuchadnezzar_captures_record, "one-busy": number_one_busy_record}
