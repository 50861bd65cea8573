"""The Nibble board as bitboards, and every legal take, fast.

A take is a set S of discs of one colour, each with k adjacent exposed sides, such that
the remaining discs stay one connected group. Two facts make listing them cheap:

* **Candidates** (k adjacent exposed sides) for the whole board come from a handful of
  shifts and masks (:meth:`Topology.candidates`).
* **Cut discs** are found without a flood fill. The discs always form one connected
  group, so the empty cells plus the off-board area form "background" regions (8-connected
  on the square board, 6-connected on the hex board: the digital-topology duals of the
  discs' 4- and 6-connectivity). Walking once around a disc v splits its ring of
  surrounding cells into runs of discs that touch v and *gaps* between them. Removing v
  disconnects the group exactly when two different gaps of v already belong to the same
  background region (the empty cells then close a loop through v that separates the runs).
  Background regions only ever merge as discs leave, so a union–find over cells keeps
  them, and the ring pattern → gaps table is precomputed per board shape.

Removing several discs of one colour at once: the legal sets are closed under taking
subsets (every removed disc only touches discs of other colours, which stay), so they are
enumerated by extending legal sets one disc at a time, merging the removed disc's gaps in
a small alias map between steps. When no two candidate discs interact (the common case)
every subset is legal and no search is needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .variants import Variant

if TYPE_CHECKING:
    from collections.abc import Callable

OUTSIDE = 0  # union–find root shared by every off-board cell (bit 0 is padding)


def _ring_gaps(occupied: list[int], ring: tuple[int, ...], orthogonal: tuple[bool, ...]
               ) -> tuple[bool, tuple[int, ...]]:
    """(cut possible, one ring offset per gap) for one pattern of the ring around a disc.

    A run of discs in the ring matters only if it contains a real neighbour of the disc
    (a lone diagonal disc on the square board does not touch it). Each gap is the stretch
    of ring between two such runs; its empty cells are connected within the stretch.
    """
    n = len(ring)
    if all(occupied):
        return (False, ())
    relevant = [False] * n
    start = occupied.index(0)  # runs never wrap past an empty cell
    run: list[int] = []
    for j in range(1, n + 1):
        p = (start + j) % n
        if occupied[p]:
            run.append(p)
            continue
        if any(orthogonal[q] for q in run):
            for q in run:
                relevant[q] = True
        run = []
    if not any(relevant):
        return (False, (ring[start],))
    anchor = relevant.index(True)
    reps: list[int | None] = []
    in_gap = False
    for j in range(1, n + 1):
        p = (anchor + j) % n
        if relevant[p]:
            in_gap = False
            continue
        if not in_gap:
            in_gap = True
            reps.append(None)
        if reps[-1] is None and not occupied[p]:
            reps[-1] = ring[p]
    # two relevant runs are apart, so every gap has an empty cell (no None is left)
    gaps = tuple(r for r in reps if r is not None)
    assert len(gaps) == len(reps)
    return (len(gaps) >= 2, gaps)


class Topology:
    """Per-variant constants: shifts, ring-pattern table, masks. Built once per variant."""

    def __init__(self, variant: Variant) -> None:
        grid = variant.grid
        self.variant = variant
        self.grid = grid
        s = grid.stride
        chunks = ((-s - 1, 3), (-1, 3), (s - 1, 3)) if grid.shape == "square" else (
            (-s, 2), (-1, 3), (s - 1, 2))
        key_pos: dict[int, int] = {}
        pos = 0
        for off, width in chunks:
            for w in range(width):
                key_pos[off + w] = pos
                pos += 1
        # The ring around a disc lies in a window of a few tens of bits: one shift of the
        # board and one mask make it a small int, and the rest works on that (big-int
        # operations cost relatively more in Pyodide: about 3x CPython's time, 2x for the
        # rest of the interpreter).
        self.lo = lo = min(grid.ring)
        self.window = (1 << (max(grid.ring) - lo + 1)) - 1
        (o0, w0), (o1, w1), (o2, w2) = chunks
        self._key_parts = (o0 - lo, (1 << w0) - 1, o1 - lo, (1 << w1) - 1, w0,
                           o2 - lo, (1 << w2) - 1, w0 + w1)
        self.ring_rel = tuple((r, r - lo) for r in grid.ring)
        self.table = [
            _ring_gaps([(key >> key_pos[r]) & 1 for r in grid.ring], grid.ring,
                       grid.ring_orthogonal)
            for key in range(1 << pos)
        ]
        self.ring_mask = [0] * grid.size
        for b in grid.bits:
            m = 0
            for r in grid.ring:
                m |= 1 << (b + r)
            self.ring_mask[b] = m
        self.parent0 = list(range(grid.size))
        on_board = set(grid.bits)
        for b in range(grid.size):
            if b not in on_board:
                self.parent0[b] = OUTSIDE
        self.dirs = grid.dirs
        self.candidates = _square_candidates(s) if grid.shape == "square" else (
            _hex_candidates(s))

    def key(self, occ: int, b: int) -> int:
        """The ring pattern around bit ``b`` as a table index."""
        w = (occ >> (b + self.lo)) & self.window
        r0, m0, r1, m1, s1, r2, m2, s2 = self._key_parts
        return ((w >> r0) & m0) | (((w >> r1) & m1) << s1) | (((w >> r2) & m2) << s2)

    def connected(self, mask: int) -> bool:
        """Is ``mask`` one connected group (bit-parallel flood fill; empty counts)?"""
        if not mask:
            return True
        reach = mask & -mask
        dirs = self.dirs
        while True:
            grow = reach
            for d in dirs:
                grow |= (reach >> d) if d > 0 else (reach << -d)
            grow &= mask
            if grow == reach:
                return reach == mask
            reach = grow

    def exposed_sides(self, occ: int, b: int) -> list[str]:
        """Names of the exposed sides of the disc at bit ``b``."""
        return [name for d, name in zip(self.grid.dirs, self.grid.dir_names, strict=True)
                if not (occ >> (b + d)) & 1]


def _kept(compute: Callable[[int], int]) -> Callable[[int], int]:
    """``compute`` with the candidates of the last board asked about kept: a searcher asks
    about one position several times in a row (its move list, its win filter, its
    evaluation)."""
    last = [-1, 0]  # occupancy, its candidates

    def candidates(occ: int) -> int:
        if occ != last[0]:
            last[0], last[1] = occ, compute(occ)
        return last[1]

    candidates.__doc__ = compute.__doc__
    return candidates


def _square_candidates(s: int) -> Callable[[int], int]:
    def candidates(occ: int) -> int:
        """Discs with an exposed vertical side and an exposed horizontal side."""
        return (occ & (~(occ << s) | ~(occ >> s))) & (~(occ << 1) | ~(occ >> 1))

    return _kept(candidates)


def _hex_candidates(t: int) -> Callable[[int], int]:
    def candidates(occ: int) -> int:
        """Discs with three consecutive exposed sides (E, NE, NW, W, SW, SE)."""
        e = occ & ~(occ >> 1)
        ne = occ & ~(occ << (t - 1))
        nw = occ & ~(occ << t)
        w = occ & ~(occ << 1)
        sw = occ & ~(occ >> (t - 1))
        se = occ & ~(occ >> t)
        a, b, c = e & ne, nw & w, sw & se  # pairs (E,NE) (NW,W) (SW,SE)
        return (a & (nw | se)) | (b & (ne | sw)) | (c & (w | e))

    return _kept(candidates)


_TOPOLOGIES: dict[str, Topology] = {}


def topology(variant: Variant) -> Topology:
    topo = _TOPOLOGIES.get(variant.id)
    if topo is None:
        topo = _TOPOLOGIES[variant.id] = Topology(variant)
    return topo


def _count_bound(group: tuple[list[int], int, bool]) -> int:
    """How many takes a colour's free discs give at most (every non-empty subset)."""
    return (1 << len(group[0])) - 1


#: the last board's candidate counts: (its colour layout, its occupancy, the counts); a
#: layout and an occupancy fix the counts, whichever Board object asks
_LAST_COUNTS: tuple[list[int] | None, int, list[int]] = (None, -1, [])


class Board:
    """Which cells hold discs, of which colour, and the background regions."""

    __slots__ = ("topo", "color_of", "occ", "color_bits", "parent")

    def __init__(self, topo: Topology, color_of: list[int], occ: int,
                 color_bits: list[int], parent: list[int]) -> None:
        self.topo = topo
        self.color_of = color_of  # colour per bit as set up (shared, never changes)
        self.occ = occ
        self.color_bits = color_bits
        self.parent = parent

    @classmethod
    def from_cells(cls, topo: Topology, cells: list[int | None]) -> Board:
        """A board from a colour (0-based) or ``None`` for each cell in reading order."""
        grid = topo.grid
        color_of = [-1] * grid.size
        color_bits = [0] * topo.variant.colors
        occ = 0
        for i, color in enumerate(cells):
            if color is None:
                continue
            b = grid.bits[i]
            color_of[b] = color
            color_bits[color] |= 1 << b
            occ |= 1 << b
        board = cls(topo, color_of, occ, color_bits, list(topo.parent0))
        empty = grid.board_mask & ~occ
        for i in grid.cells_of(empty):
            board._join_background(grid.bits[i], occ)
        return board

    def copy(self) -> Board:
        return Board(self.topo, self.color_of, self.occ, list(self.color_bits),
                     list(self.parent))

    def candidate_counts(self) -> list[int]:
        """Per colour, how many of its discs have the exposed sides a take needs (cut
        discs included): the computer's win filter and its evaluation both read them
        about the same position, and each count costs two big-integer operations, which
        the browser's Python runs at a third of CPython's speed. The list is shared with
        the next caller about the same position: read it, never change it."""
        global _LAST_COUNTS
        occ = self.occ
        last = _LAST_COUNTS
        if last[0] is self.color_of and last[1] == occ:
            return last[2]
        cand = self.topo.candidates(occ)
        counts = [(cand & bits).bit_count() for bits in self.color_bits]
        _LAST_COUNTS = (self.color_of, occ, counts)
        return counts

    # -- union–find over background cells ---------------------------------------------

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = x = parent[parent[x]]
        return x

    def _join_background(self, b: int, occ: int) -> None:
        """Cell ``b`` is empty now: merge it with the empty cells around it."""
        find = self.find
        parent = self.parent
        rb = find(b)
        topo = self.topo
        around = (occ >> (b + topo.lo)) & topo.window
        for r, at in topo.ring_rel:
            if not (around >> at) & 1:
                rx = find(b + r)
                if rx != rb:
                    if rx == OUTSIDE:
                        parent[rb] = rx
                        rb = rx
                    else:
                        parent[rx] = rb

    # -- moves ------------------------------------------------------------------------

    def takes(self) -> list[int]:
        """Every legal take, as a bitmask of cells: colour by colour, in a fixed order."""
        return self.takes_limited(None)[0]

    def takes_limited(self, limit: int | None) -> tuple[list[int], bool]:
        """(takes, complete): every legal take if there are at most ``limit`` (or no
        limit), else a representative few per colour — each free disc alone, the largest
        legal sets and those sets less one disc — so that a computer player's work stays
        bounded on positions with tens of thousands of takes (subsets multiply)."""
        occ = self.occ
        cand = self.topo.candidates(occ)
        if not cand:
            return [], True
        groups = [g for bits in self.color_bits if (g := self._free(cand & bits, occ))]
        if limit is not None and sum(_count_bound(g) for g in groups) > limit:
            out: list[int] = []
            for g in groups:
                self._representatives(g, out)
            return out, False
        out = []
        for free, free_mask, simple in groups:
            if len(free) == 1:
                out.append(free_mask)
            elif simple:
                subsets = [0]
                for b in free:
                    bit = 1 << b
                    subsets += [s | bit for s in subsets]
                out.extend(subsets[1:])
            else:
                self._search_sets(free, out)
        return out, True

    def _free(self, t: int, occ: int) -> tuple[list[int], int, bool] | None:
        """The candidate discs of one colour that are not cut discs, their mask, and
        whether every subset of them is legal (no two interact)."""
        topo = self.topo
        table, find, ring_mask = topo.table, self.find, topo.ring_mask
        # Topology.key inlined (a call per candidate disc was a tenth of this function)
        lo, window = topo.lo, topo.window
        r0, m0, r1, m1, s1, r2, m2, s2 = topo._key_parts
        free: list[int] = []
        multis = 0
        touching = False
        free_mask = 0
        while t:
            low = t & -t
            t ^= low
            b = low.bit_length() - 1
            w = (occ >> (b + lo)) & window
            multi, reps = table[((w >> r0) & m0) | (((w >> r1) & m1) << s1)
                                | (((w >> r2) & m2) << s2)]
            if multi:
                roots = {find(b + o) for o in reps}
                if len(roots) < len(reps):
                    continue  # a cut disc: never part of a legal take
                multis += 1
            if ring_mask[b] & free_mask:
                touching = True
            free.append(b)
            free_mask |= low
        if not free:
            return None
        return free, free_mask, multis <= 1 and not touching

    def _representatives(self, group: tuple[list[int], int, bool], out: list[int]) -> None:
        """Singles, the largest legal set(s) and each of them less one disc."""
        free, free_mask, simple = group
        seen = set()
        largest = [free_mask] if simple else self._greedy_sets(free)
        for m in [1 << b for b in free] + largest + [
                x & ~(1 << b) for x in largest for b in free if (x >> b) & 1]:
            if m and m not in seen:
                seen.add(m)
                out.append(m)

    def _greedy_sets(self, free: list[int]) -> list[int]:
        """Maximal legal sets grown greedily in reading order and in reverse (discs that
        interact: a few connectivity checks instead of every subset)."""
        found: list[int] = []
        for order in (free, free[::-1]):
            s = 0
            for b in order:
                if self._legal_with(s | (1 << b)):
                    s |= 1 << b
            if s not in found:
                found.append(s)
        return found

    def _legal_with(self, move: int) -> bool:
        """Do the discs left after taking ``move`` stay one group? (only for small checks)"""
        return self.topo.connected(self.occ & ~move)

    def _search_sets(self, free: list[int], out: list[int]) -> None:
        """Legal subsets of ``free`` when removing one disc may change another's status."""
        topo = self.topo
        table, key, find = topo.table, topo.key, self.find

        def resolve(x: int, alias: dict[int, int]) -> int:
            r = find(x)
            while r in alias:
                r = alias[r]
            return r

        def extend(start: int, taken: int, occ: int, alias: dict[int, int]) -> None:
            for i in range(start, len(free)):
                v = free[i]
                multi, reps = table[key(occ, v)]
                roots = [resolve(v + o, alias) for o in reps]
                if multi and len(set(roots)) < len(roots):
                    continue
                merged = dict(alias)
                for r in roots:
                    if r != v:
                        merged[r] = v
                s = taken | (1 << v)
                out.append(s)
                extend(i + 1, s, occ & ~(1 << v), merged)

        extend(0, 0, self.occ, {})

    def take(self, move: int, color: int | None = None) -> None:
        """Remove the discs of ``move`` (assumed legal; of ``color``, if the caller knows
        it) and merge background regions."""
        occ = self.occ & ~move
        self.occ = occ
        if color is None:
            color = self.color_of[(move & -move).bit_length() - 1]
        self.color_bits[color] &= ~move
        join = self._join_background
        m = move
        while m:
            low = m & -m
            m ^= low
            join(low.bit_length() - 1, occ)
