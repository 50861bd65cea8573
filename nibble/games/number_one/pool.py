"""A paranoid alpha-beta player for Number One (issue 46's sparring partner).

Written from the rules (docs/rules/number-one.md) and the state code only. The player to
move at the root maximises; every other seat is taken to be one coalition that minimises
the root player's value. The search runs over single peg moves (a seat's turn is several
plies), deepens one ply at a time, keeps a bounded transposition table between moves and
orders moves by the table's move, killers, a history table and a cheap static guess.

The evaluation scores each seat and returns ``mine - mean(others)``. A seat's score is
mostly about its small peg, whose loss ends its game: where it can land when its next move
comes (pegs that will not move before then count as blockers; the pegs that will move
first count as threats that may block one landing each) and whether it is turned; its
food: the tokens it reaches before every other small peg (a Voronoi walk, one step a
turn), nearer ones counting more, on a concave scale, less for each other medium or large
peg that can land in that territory; then the medium and large pegs, alive and with
landings left.
"""

from __future__ import annotations

import gc
import random
from typing import Any

from ...ai import clock
from ...ai.mcts import Budget
from ...ai.players import Decision
from .moves import EMPTY, LAND_SHIFT, REMOVE, SIZE_SHIFT
from .state import NumberOneState

WIN = 1_000_000.0
INF = 10.0 * WIN
TT_MAX = 400_000
MAX_DEPTH = 64

#: score of the small peg by how many landings it has at its next move (0: it is gone)
SMALL_LANDINGS = (-3000.0, -160.0, -55.0, -15.0, 0.0, 6.0, 10.0)


class _Timeout(Exception):
    """The budget ran out in the middle of a search."""


class _Board:
    """Masks per hole for one board: the landings of each peg size (the small peg's are
    the neighbours), ignoring pegs on the way."""

    def __init__(self, state: NumberOneState) -> None:
        paths = state.paths
        size = len(paths[0])
        self.reach: list[list[int]] = [[0] * size for _ in range(3)]
        for s in range(3):
            for h in range(size):
                m = 0
                for _holes, land, _a, _b in paths[s][h]:
                    m |= land
                self.reach[s][h] = m
        self.nbr = self.reach[0]
        self.playable = state.playable


#: score of the tokens the small peg can still walk to (concave: the first few matter most)
TERRITORY = tuple(40.0 * min(t, 4) + 15.0 * min(max(t - 4, 0), 8)
                  + 6.0 * min(max(t - 12, 0), 18) + 1.0 * max(t - 30, 0) for t in range(100))

#: weight of a token the small peg reaches first, by its distance (from 1 step)
NEARNESS = (1.0, 1.0, 0.9, 0.75, 0.6, 0.5, 0.4, 0.32, 0.25, 0.2, 0.16, 0.13, 0.1, 0.08)


_BOARDS: dict[int, _Board] = {}


def _board(state: NumberOneState) -> _Board:
    b = _BOARDS.get(state.players)
    if b is None:
        b = _BOARDS[state.players] = _Board(state)
    return b


class OneParanoid:
    """Paranoid alpha-beta with iterative deepening over single peg moves."""

    name = "pool-number-one"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.tt: dict[tuple[int, int, int, tuple[int, ...]], tuple[int, float, int, int]] = {}
        self.history: dict[int, int] = {}
        self.nodes = 0
        self.me = 0
        self.stop_at = float("inf")
        self.max_nodes: int | None = None
        self.killers: list[list[int]] = []
        self.bd: _Board | None = None
        self.partial: tuple[float, int] | None = None

    def forget(self) -> None:
        """Drop the transposition table and history (a new game starts)."""
        self.tt.clear()
        self.history.clear()
        self.rng = random.Random(self.seed)

    # -- the search -------------------------------------------------------------------------

    def choose(self, state: Any, budget: Budget) -> Decision:
        """The best move found for the seat to move within ``budget``."""
        legal = state.legal_moves()
        if len(legal) == 1:
            return Decision(legal[0], None, 0, {"depth": 0})
        st: NumberOneState = state.copy(history=False)
        self.bd = _board(st)
        self.me = st.to_move
        self.nodes = 0
        self.max_nodes = budget.iterations
        if budget.deadline is not None:
            # on the budget's own clock (``--clock cpu`` in matches: wall-clock time would
            # give this player less thinking the busier the machine), 12 % of it kept
            self.stop_at = budget.deadline - 0.12 * (budget.deadline - budget.start)
        else:
            self.stop_at = float("inf")
        if len(self.tt) > TT_MAX:
            self.tt.clear()
        self.history = {m: v // 8 for m, v in self.history.items() if v >= 8}
        self.killers = [[0, 0] for _ in range(MAX_DEPTH + 2)]
        # the seed only shuffles the root moves before the first ordering (ties)
        order = list(legal)
        self.rng.shuffle(order)
        best, best_val, depth_done = order[0], 0.0, 0
        collecting = gc.isenabled()
        gc.disable()  # the table holds many small tuples: no collector pauses mid-search
        try:
            for depth in range(1, MAX_DEPTH + 1):
                self.partial = None
                try:
                    val, move, order = self._root(st, depth, order)
                except _Timeout:
                    # the previous best is searched first: a move that beat it stands
                    got = self._partial()
                    if got is not None and got[1] != best and got[0] > -WIN + 1000:
                        best_val, best = got
                    break
                best, best_val, depth_done = move, val, depth
                if abs(val) >= WIN - 1000:
                    break
                if self.max_nodes is None and clock.now() > self.stop_at:
                    break
        finally:
            if collecting:
                gc.enable()
        value = max(-1.0, min(1.0, best_val / 1500.0))
        return Decision(best, value, self.nodes, {"depth": depth_done})

    def _partial(self) -> tuple[float, int] | None:
        """(value, move) of the best root move fully searched in the unfinished iteration."""
        return self.partial

    def _root(self, st: NumberOneState, depth: int,
              order: list[int]) -> tuple[float, int, list[int]]:
        """One iteration at the root: (value, best move, moves ordered for the next one)."""
        alpha, beta = -INF, INF
        scored: list[tuple[float, int]] = []
        best, best_val = order[0], -INF
        for m in order:
            st.push(m)
            try:
                v = self._search(st, depth - 1, alpha, beta, 1)
            finally:
                st.pop()
            scored.append((v, m))
            if v > best_val:
                best_val, best = v, m
                self.partial = (v, m)
            alpha = max(alpha, v)
        scored.sort(key=lambda t: -t[0])
        return best_val, best, [m for _, m in scored]

    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _Timeout
        if not self.nodes & 31 and clock.now() > self.stop_at:
            raise _Timeout

    def _search(self, st: NumberOneState, depth: int, alpha: float, beta: float,
                ply: int) -> float:
        self._tick()
        me = self.me
        if not (st.alive >> (3 * me)) & 7:
            return -WIN + ply
        res = st.result
        if res is not None:
            return WIN - ply if res.winner == me else -WIN + ply
        if depth <= 0:
            return self.evaluate(st)
        key = (st.tokens, st.turned, st.moved | st.to_move << 3, tuple(st.pegs))
        hit = self.tt.get(key)
        tt_move = 0
        if hit is not None:
            d, v, flag, tt_move = hit
            if d >= depth:
                if flag == 0:
                    return v
                if flag == 1 and v >= beta:
                    return v
                if flag == -1 and v <= alpha:
                    return v
        moves = st.legal_moves()
        if len(moves) > 1:
            moves = self._order(st, moves, tt_move, ply)
        maximise = st.to_move == me
        a0, b0 = alpha, beta
        best_move = moves[0]
        if maximise:
            best = -INF
            for m in moves:
                st.push(m)
                try:
                    v = self._search(st, depth - 1, alpha, beta, ply + 1)
                finally:
                    st.pop()
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = INF
            for m in moves:
                st.push(m)
                try:
                    v = self._search(st, depth - 1, alpha, beta, ply + 1)
                finally:
                    st.pop()
                if v < best:
                    best, best_move = v, m
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        cut = alpha >= beta
        if cut and len(moves) > 1:
            k = self.killers[ply]
            if k[0] != best_move:
                k[1], k[0] = k[0], best_move
            self.history[best_move] = self.history.get(best_move, 0) + depth * depth
        flag = 0
        if best <= a0:
            flag = -1
        elif best >= b0:
            flag = 1
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def _order(self, st: NumberOneState, moves: list[int], tt_move: int, ply: int) -> list[int]:
        """Moves best first: table move, killers, then history and a static guess."""
        bd = self.bd
        assert bd is not None
        seat = st.to_move
        pegs = st.pegs
        near = 0  # holes next to the other seats' small pegs
        for s in range(st.players):
            if s != seat and pegs[3 * s] >= 0:
                near |= bd.nbr[pegs[3 * s]]
        k0, k1 = self.killers[ply]
        hist = self.history
        keyed = []
        for m in moves:
            if m == tt_move:
                sc = 1e9
            elif m == k0:
                sc = 1e8
            elif m == k1:
                sc = 9e7
            else:
                sc = hist.get(m, 0)
                if not m & REMOVE:
                    if (near >> ((m >> LAND_SHIFT) & 255)) & 1:
                        sc += 5000
                    if m & EMPTY:
                        sc -= 3000 if not (m >> SIZE_SHIFT) & 3 else 800
            keyed.append((-sc, m))
        keyed.sort()
        return [m for _, m in keyed]

    # -- the evaluation ---------------------------------------------------------------------

    def evaluate(self, st: NumberOneState) -> float:
        """The root player's score minus the mean of the others' (others out: a bonus)."""
        n = st.players
        me = self.me
        owned, food = self._voronoi(st)
        mine = 0.0
        others = 0.0
        alive_others = 0
        for seat in range(n):
            if not (st.alive >> (3 * seat)) & 7:
                continue
            v = self._seat(st, seat, owned[seat], food[seat])
            if seat == me:
                mine = v
            else:
                others += v
                alive_others += 1
        if alive_others == 0:
            return WIN
        return mine - others / alive_others + 600.0 * (n - 1 - alive_others)

    def _voronoi(self, st: NumberOneState) -> tuple[list[int], list[float]]:
        """Per seat, the holes its small peg reaches strictly before every other small peg
        (one step a turn, through free holes; a turned one only through tokens), and the
        tokens among them counted less the farther they are (far ones get eaten first)."""
        bd = self.bd
        assert bd is not None
        playable = bd.playable
        n = st.players
        free = playable & ~st.occ
        tokens = st.tokens
        front = [0] * n
        passable = [0] * n
        claimed = 0
        for x in range(n):
            small = st.pegs[3 * x]
            if small >= 0:
                front[x] = 1 << small
                claimed |= front[x]
                passable[x] = free & tokens if (st.turned >> (3 * x)) & 1 else free
        owned = [0] * n
        food = [0.0] * n
        for layer in range(14):
            seen = 0
            dup = 0
            grown = []
            for x in range(n):
                f = front[x]
                if f:
                    f = (f | f << 1 | f >> 1 | f << 11 | f >> 11 | f << 12 | f >> 12) \
                        & passable[x] & ~claimed
                    dup |= seen & f
                    seen |= f
                grown.append(f)
            if not seen:
                break
            claimed |= seen
            for x in range(n):
                f = grown[x] & ~dup
                front[x] = f
                owned[x] |= f
                if f:
                    food[x] += NEARNESS[layer] * (f & tokens).bit_count()
        return owned, food

    def _seat(self, st: NumberOneState, x: int, owned: int, food: float) -> float:
        """How well seat ``x`` stands (higher is better for it)."""
        bd = self.bd
        assert bd is not None
        n = st.players
        pegs = st.pegs
        alive = st.alive
        turned = st.turned
        tokens = st.tokens
        tm = st.to_move
        moved = st.moved
        base = 3 * x
        small = pegs[base]
        # which pegs move before x's small peg moves next
        movers = 0  # bits seat*3+size
        blockers = 0  # hole mask of pegs that stay put until then
        if x == tm and not moved & 1:
            for j in range(3 * n):
                if pegs[j] >= 0 and j // 3 != x:
                    blockers |= 1 << pegs[j]
            for sz in (1, 2):
                if (moved >> sz) & 1 and pegs[base + sz] >= 0:
                    blockers |= 1 << pegs[base + sz]
        else:
            # seats in turn order from tm: tm's unmoved pegs, then whole seats up to x
            s = tm
            first = True
            while True:
                if s == x and not first:
                    break
                for sz in range(3):
                    j = 3 * s + sz
                    if pegs[j] < 0:
                        continue
                    if s == x:
                        continue
                    if first and (moved >> sz) & 1:
                        blockers |= 1 << pegs[j]
                    else:
                        movers |= 1 << j
                first = False
                s = (s + 1) % n
            # seats after x (up to tm) have moved already and stay
            s = (x + 1) % n
            while s != tm and x != tm:
                for sz in range(3):
                    j = 3 * s + sz
                    if pegs[j] >= 0:
                        blockers |= 1 << pegs[j]
                s = (s + 1) % n
        small_turned = (turned >> base) & 1
        cand = bd.nbr[small] & ~blockers
        if small_turned:
            cand &= tokens
        landings = cand.bit_count()
        v = SMALL_LANDINGS[landings]
        if landings:
            threats = 0
            m = movers
            while m:
                low = m & -m
                j = low.bit_length() - 1
                m ^= low
                r = bd.reach[j % 3][pegs[j]]
                if (turned >> j) & 1:
                    r &= tokens
                if r & cand:
                    threats += 1
            margin = landings - threats
            if margin <= 0:
                v -= 90.0 * (4 - min(landings, 3)) if landings < 4 else 60.0
            elif margin == 1:
                v -= 25.0
        occ = st.occ
        if small_turned:
            v -= 120.0
        mine = owned & tokens  # (the Voronoi walk keeps a turned peg on tokens)
        v += TERRITORY[int(food + 0.5)]
        # the other seats' medium and large pegs that can eat into that territory
        for j in range(3 * n):
            if j // 3 != x and j % 3 and pegs[j] >= 0 and bd.reach[j % 3][pegs[j]] & mine:
                v -= 25.0
        for sz in (1, 2):
            j = base + sz
            if not (alive >> j) & 1:
                continue
            r = bd.reach[sz][pegs[j]] & ~occ
            if (turned >> j) & 1:
                r &= tokens
                v -= 12.0
            mob = r.bit_count()
            if mob:
                v += 45.0 + 2.5 * min(mob, 10)
            else:
                v += 10.0
        return v
