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


def legal_sets(shape: str, row_lengths, colors: dict[tuple[int, int], int], k: int):
    """Every legal take as a frozenset of (row, col); ``colors`` holds the discs left."""

    def on(rc):
        r, c = rc
        return 0 <= r < len(row_lengths) and 0 <= c < row_lengths[r]

    def exposed_ok(rc) -> bool:
        flags = [not (on(n) and n in colors) for n in neighbours_rc(shape, *rc)]
        m = len(flags)
        return any(all(flags[(i + j) % m] for j in range(k)) for i in range(m))

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
    exposed = [rc for rc in colors if exposed_ok(rc)]
    for color in set(colors.values()):
        mine = [rc for rc in exposed if colors[rc] == color]
        for size in range(1, len(mine) + 1):
            for subset in combinations(mine, size):
                rest = set(colors) - set(subset)
                if connected(rest):
                    out.add(frozenset(subset))
    return out
