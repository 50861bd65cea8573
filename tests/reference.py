"""A deliberately naive Nibble move generator, written straight from ``rules/nibble.md``.

It shares nothing with the engine but the cell numbering: neighbours come from the
rules' (row, col) formulas, every subset of exposed discs of a colour is tried, and
connectivity is a breadth-first search. Slow, obvious, and the yardstick the fast
generator is compared with.
"""

from __future__ import annotations

from itertools import combinations


def neighbours_rc(shape: str, r: int, c: int) -> list[tuple[int, int]]:
    """Neighbours in the rules' cyclic order (N E S W, or E NE NW W SW SE)."""
    if shape == "square":
        return [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
    up = [(r - 1, c), (r - 1, c - 1)] if r <= 7 else [(r - 1, c + 1), (r - 1, c)]
    down = [(r + 1, c), (r + 1, c + 1)] if r < 7 else [(r + 1, c - 1), (r + 1, c)]
    return [(r, c + 1), *up, (r, c - 1), *down]


def exposed_discs(shape: str, row_lengths, colors: dict[tuple[int, int], int],
                  k: int) -> list[tuple[int, int]]:
    """The discs with k adjacent exposed sides; ``colors`` holds the discs left."""

    def on(rc):
        r, c = rc
        return 0 <= r < len(row_lengths) and 0 <= c < row_lengths[r]

    def exposed_ok(rc) -> bool:
        flags = [not (on(n) and n in colors) for n in neighbours_rc(shape, *rc)]
        m = len(flags)
        return any(all(flags[(i + j) % m] for j in range(k)) for i in range(m))

    return [rc for rc in colors if exposed_ok(rc)]


def legal_sets(shape: str, row_lengths, colors: dict[tuple[int, int], int], k: int):
    """Every legal take as a frozenset of (row, col); ``colors`` holds the discs left."""

    def connected(cells: set) -> bool:
        if not cells:
            return True
        start = next(iter(cells))
        seen, todo = {start}, [start]
        while todo:
            x = todo.pop()
            for n in neighbours_rc(shape, *x):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(cells)

    out = set()
    exposed = exposed_discs(shape, row_lengths, colors, k)
    for color in set(colors.values()):
        mine = [rc for rc in exposed if colors[rc] == color]
        for size in range(1, len(mine) + 1):
            for subset in combinations(mine, size):
                rest = set(colors) - set(subset)
                if connected(rest):
                    out.add(frozenset(subset))
    return out


def judge(counts: list[list[int]], mover: int, table: list[int], n: int, t: int, maj: int,
          mm: int, board_empty: bool, decided_early: bool):
    """(winner, reason) after ``mover`` has moved, or None; colours are 0-based here."""
    mine = counts[mover]
    if any(k == n for k in mine):
        return (mover, "all-of-colour")
    for i in range(len(table) - 2):
        if all(mine[c] >= t for c in table[i:i + 3]):
            return (mover, "three-adjacent")

    def holds(seat):
        return sum(1 for k in counts[seat] if k >= maj) >= mm

    if board_empty:
        for seat in (0, 1):
            if holds(seat):
                return (seat, "majority-of-majorities")
        return (None, "majority-of-majorities")
    if decided_early:
        for seat in (0, 1):
            h = counts[seat]
            if not holds(seat) or any(k == 0 for k in h):
                continue
            if any(all(h[c] <= n - t for c in table[i:i + 3]) for i in range(len(table) - 2)):
                continue
            return (seat, "decided")
    return None
