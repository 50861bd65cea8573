"""Every legal capture, without trying every rectangle (docs/engine.md: "How captures are
found fast").

Vocabulary: the mover's discs are *mine*, the other colour's are *enemy*. A rectangle R
(rows r0..r1, columns c0..c1) of enemy discs is *capturable* when its four walls are
single-coloured (or the board's edge) and, with the edge rule, mine outnumber the
enemy's on its perimeter; a *capture* is a capturable rectangle inside no larger
capturable one.

With w = c1 - c0 + 1 and h = r1 - r0 + 1 the perimeter balance (mine minus enemy's) is
2·(vt·w + hz·h), where vt (top and bottom wall) and hz (left and right wall) are +1 for a
pair of walls that counts as mine, -1 as the enemy's, and 0 for one wall of each colour
or two neutral edges. So R is capturable exactly when ``vt*w + hz*h > 0``.

For each band of rows r0..r1 (grown downwards while some column is enemy from top to
bottom), call the columns that are enemy over the whole band the *enemy columns*. A
capturable rectangle on these rows lies in one run a..b of enemy columns. Its side wall
is enemy unless the rectangle reaches an end of the run, where the wall is the column
beyond (mine, or the edge, or broken). Two cases remain:

* vt = +1: my discs (or an edge opposite them) above and below. The columns where that
  holds split the run into *segments*. In a segment, a rectangle's family (which ends of
  the run it reaches) fixes hz, and the balance vt·w + hz·h only grows with w, so the
  widest rectangle of each family is capturable if any is, and contains the others:
  at most three candidates per segment.
* vt < 1: then hz must be +1, so neither side wall is enemy: the rectangle is the whole
  run, with my discs beyond one end and mine or the edge beyond the other.

Every capturable rectangle lies inside one of these candidates, each of them capturable,
so the captures are exactly the candidates inside no other candidate.
"""

from __future__ import annotations

from .layout import Layout

#: a candidate rectangle: its first row, its last row, its mask
Band = tuple[int, int, int]
#: what :func:`find` knows of one side: the candidates, and the captures among them
Found = tuple[list[Band], list[int]]
MAX_ROW = 1 << 10  # below every board's last row

EDGE, MINE, ENEMY, BROKEN = 0, 1, 2, 3  # what a wall is


def _pair(a: int, b: int) -> int:
    """+1 if a pair of opposite walls counts as mine, -1 as the enemy's, 0 otherwise."""
    if a == EDGE:
        a = b
    elif b == EDGE:
        b = a
    if a == b == MINE:
        return 1
    if a == b == ENEMY:
        return -1
    return 0  # one of each, two neutral edges, or a broken wall


PAIR = [[_pair(a, b) for b in range(4)] for a in range(4)]


def candidates(lay: Layout, mine: int, theirs: int, lo: int = 0, hi: int = MAX_ROW
               ) -> list[Band]:
    """Rectangles, every one capturable, that together contain every capturable
    rectangle, those of each band of rows r0..r1 every capturable rectangle of exactly
    those rows; with rows ``lo``..``hi``, only of the bands that hold one of them
    (r0 <= hi and r1 >= lo)."""
    n = lay.size
    last = n - 1
    full = lay.full_row
    enemy_rows = lay.rows(theirs)
    mine_rows = lay.rows(mine)
    tops = min(n, hi + 1)
    top = 0  # the first band to try: above ``lo``, only those that reach it
    if lo > 0:
        top = lo
        reach = enemy_rows[lo]
        while top and reach & enemy_rows[top - 1]:
            top -= 1
            reach &= enemy_rows[top]
    edge_bit = 1 << last
    repeat, shift = lay.repeat, lay.row_shift
    out: list[Band] = []

    def append(c0: int, c1: int) -> None:
        out.append((r0, r1, ((1 << (c1 - c0 + 1)) - 1) * repeat[r1 - r0 + 1]
                    << (shift[r0] + c0)))

    # mine in the row below each row; below the last row the edge copies the top wall
    mine_below = [*mine_rows[1:], full]
    enemy_below = [*enemy_rows[1:], 0]
    for r0 in range(top, tops):
        cols_e = enemy_rows[r0]
        if not cols_e:
            continue
        cols_m = mine_rows[r0]  # columns that are mine over the whole band
        top_m = full if r0 == 0 else mine_rows[r0 - 1]
        top_e = 0 if r0 == 0 else enemy_rows[r0 - 1]
        for r1 in range(r0, n):
            if r1 > r0:
                cols_e &= enemy_rows[r1]
                if not cols_e:
                    break
                cols_m &= mine_rows[r1]
                if not cols_m and not cols_e & top_m:
                    break  # both cases below need one of these, and they only shrink
            if r1 < lo:
                continue
            # vt = +1: mine above and below, or an edge opposite mine (not two edges)
            x = cols_e & top_m & mine_below[r1]
            if x and r0 == 0 and r1 == last:
                x = 0
            while x:
                p = (x & -x).bit_length() - 1
                run = x >> p
                length = (run ^ (run + 1)).bit_length() - 1
                x ^= ((1 << length) - 1) << p
                q = p + length - 1
                # at an end of the run of enemy columns the side wall is the column beyond
                left = right = ENEMY
                if p == 0:
                    left = EDGE
                elif not (cols_e >> (p - 1)) & 1:
                    left = MINE if (cols_m >> (p - 1)) & 1 else BROKEN
                if q == last:
                    right = EDGE
                elif not (cols_e >> (q + 1)) & 1:
                    right = MINE if (cols_m >> (q + 1)) & 1 else BROKEN
                if left < ENEMY and right < ENEMY:
                    append(p, q)  # the whole run: hz >= 0, contains the rest
                    continue
                h = r1 - r0 + 1
                a = p if left == ENEMY else p + 1  # first column with an enemy left wall
                b = q if right == ENEMY else q - 1
                wide = False
                if left < ENEMY and b >= p and b - p + 1 + PAIR[left][ENEMY] * h > 0:
                    append(p, b)  # from the run's left end
                    wide = True
                if right < ENEMY and q >= a and q - a + 1 + PAIR[ENEMY][right] * h > 0:
                    append(a, q)  # to the run's right end
                    wide = True
                if not wide and b - a + 1 > h:
                    append(a, b)  # both side walls enemy: needs w > h
            # vt < 1: only a whole run of enemy columns, walled by mine (or an edge and
            # mine: two edges would be neutral, so some column of mine is needed), so
            # hz = +1: ``walled`` marks the last column of each run with mine beyond one
            # end and mine or the edge beyond the other. vt = 0 (``even``): one wall of
            # each colour across, or two neutral edges; vt = -1: both enemy (or an edge
            # and enemy), and then the run must be narrower than the band is tall.
            # Written inline (7-10 % of this function's time on a search's positions)
            if cols_m:
                starts = cols_e & ~(cols_e << 1)
                walled_left = starts & ((cols_m << 1) | 1)  # mine or the edge before it
                if not walled_left:
                    continue
                walled = (cols_e & ~(cols_e + walled_left) & ~(cols_e >> 1)
                          & ((cols_m >> 1) | edge_bit))
                if not walled:
                    continue
                # X & ~(X + (starts & X)), X = cols_e & wall: the runs whose every column
                # has ``wall`` above (or below): the carry of a run's start runs through
                # the run unless ``wall`` breaks it; it keeps the run's last column
                # even: vt = 0 (every run qualifies); ok: even or vt = -1 (needs w < h)
                if r0 == 0 and r1 == last:
                    even = ok = walled  # top and bottom edge: neutral
                elif r0 == 0 or r1 == last:  # the edge copies the opposite wall
                    inside = cols_e & (enemy_below[r1] if r0 == 0 else top_e)
                    even, ok = 0, walled & inside & ~(inside + (starts & inside))
                else:
                    inside = cols_e & top_m
                    tm = inside & ~(inside + (starts & inside))
                    inside = cols_e & top_e
                    te = inside & ~(inside + (starts & inside))
                    inside = cols_e & mine_below[r1]
                    bm = inside & ~(inside + (starts & inside))
                    inside = cols_e & enemy_below[r1]
                    be = inside & ~(inside + (starts & inside))
                    even = (tm & be) | (te & bm)
                    ok = walled & (even | (te & be))
                h = r1 - r0 + 1
                while ok:
                    low = ok & -ok
                    ok ^= low
                    b = low.bit_length() - 1
                    a = (starts & ((low << 1) - 1)).bit_length() - 1
                    if a == 0 and b == last:
                        continue  # two edges beside it: neutral, hz = 0
                    if even & low or b - a + 1 < h:
                        append(a, b)
    return out


#: captures already found, by (size, mine, theirs): a search asks the same question
#: several times a position (its moves, its move order, the evaluation of both sides) and
#: again when iterative deepening comes back to it; emptied when full, so it stays bounded
_FOUND: dict[tuple[int, int, int], tuple[int, ...]] = {}
FOUND_MAX = 8192


def captures(lay: Layout, mine: int, theirs: int) -> list[int]:
    """Every capture as a rectangle mask, ordered by top-left then bottom-right corner."""
    key = (lay.size, mine, theirs)
    found = _FOUND.get(key)
    if found is None:
        if len(_FOUND) >= FOUND_MAX:
            _FOUND.clear()
        found = _FOUND[key] = tuple(_find(lay, mine, theirs))
    return list(found)


def find(lay: Layout, mine: int, theirs: int) -> Found:
    """The candidates and the captures (:func:`captures`), without the table."""
    cands = candidates(lay, mine, theirs)
    return cands, _largest([c[2] for c in cands])


def find_after(lay: Layout, mine: int, theirs: int, before: Found, changed: int,
               placed: bool) -> Found:
    """:func:`find`, for the same side as ``before`` after a move that changed only the
    points of ``changed``: a placement (``placed``: one point, empty before) or a
    capture (a rectangle, now of the capturer's colour).

    A band's candidates depend only on its rows and the rows beside them, so the bands
    a move cannot reach keep theirs, and only the others are searched again.

    A placement is narrower still: the point was empty, and an empty point spoils a
    wall, so whatever was capturable before still is, and every new rectangle holds an
    enemy disc beside the point (the point on its wall) or, when the point is the
    enemy's, the point itself: only the bands holding the row of such a disc can gain
    one, and the others keep their candidates (none beside it: nothing new)."""
    s = lay.stride
    if placed:
        row = (changed.bit_length() - 1) // s - 1  # bit (row + 1) * s + col + 1
        lo, hi = row + 1, row - 1
        if theirs & changed:  # the enemy's point: a rectangle holding it
            if not (changed << 1 | changed >> 1 | changed << s | changed >> s) & (
                    mine | theirs):
                return before  # no disc beside it: its walls are empty
            lo = hi = row
        elif (changed << 1 | changed >> 1) & theirs:
            lo = hi = row
        if changed >> s & theirs:
            lo = row - 1
        if changed << s & theirs:
            hi = row + 1
        if lo > hi:
            return before
    else:
        lo = ((changed & -changed).bit_length() - 1) // s - 2  # the row above the rectangle
        hi = (changed.bit_length() - 1) // s  # the row below it
    old = before[0]
    cands = [c for c in old if c[1] < lo or c[0] > hi]
    new = candidates(lay, mine, theirs, lo, hi)
    if not new and len(cands) == len(old):
        return before  # the same candidates, so the same captures
    cands += new
    return cands, _largest([c[2] for c in cands])


def _find(lay: Layout, mine: int, theirs: int) -> list[int]:
    return find(lay, mine, theirs)[1]


def _largest(masks: list[int]) -> list[int]:
    """The rectangles (masks) inside no other of them, each once, in ``captures``'s
    order."""
    if len(masks) < 2:
        return masks
    sized = sorted((m.bit_count(), m) for m in masks)
    kept: list[int] = []
    for _area, mask in reversed(sized):  # largest first: a container comes before
        for k in kept:
            if k & mask == mask:
                break
        else:
            kept.append(mask)
    kept.sort(key=lambda m: (m & -m, m.bit_length()))
    return kept
