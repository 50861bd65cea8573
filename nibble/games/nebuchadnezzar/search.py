"""``hard``'s and ``expert``'s own search for Nebuchadnezzar (``Knowledge.own_search``).

Nebuchadnezzar is a game of tactics: a capture flips a whole rectangle at once, and a
placement never stops a capture whose walls are already full. A search that reads a
position between two captures misjudges it, and the generic searches pay for the
protocol's push and pop at every node. So this one plays on the two bitboards (the
side to move's discs and the other colour's) and settles the captures before it judges:

* iterative deepening over negamax with a principal-variation window, a bounded
  transposition table, two killer placements a ply and a history table;
* a capture that takes every enemy disc wins on the spot and is looked for first;
* below the root, placements only on a point next to a disc (diagonals included):
  a point far from every disc closes no wall this turn (unless no such point is free);
* at the horizon, the side to move may stand on the evaluation or take (largest
  rectangles first, a few plies deep), so no position is judged mid-exchange;
* the evaluation (:data:`WEIGHTS`) is linear in features of the settled position,
  fitted to the results of games (docs/ai-experiments.md, 2026-11-30);
* the pie rule's swap keeps the board and the colour to move but hands the move over:
  its value is minus that of the same position for the player then to move; passes,
  the double pass and the third repetition end the game by discs, as the rules do.
"""

from __future__ import annotations

import math
from typing import Any

from ...ai.deepening import DeepeningSearch
from ...ai.mcts import Budget
from ...ai.players import Decision
from ...core.protocol import State
from .captures import Found, find, find_after
from .layout import Layout
from .moves import PASS, SWAP
from .notation import BLACK, WHITE
from .placement import placements

#: a won game's score, less the plies to it; beyond ``DECIDED`` a score is a proved result
WON = 1 << 24
DECIDED = WON - 4096
#: the evaluation's features (:func:`features`) and their weights on 8 x 8, in thousandths
#: of a logistic unit for the side to move (a win's odds grow e-fold per 1000)
FEATURES = ("discs", "threatened", "takeable", "edge")
WEIGHTS = (133, -280, 295, -199)
#: positions kept in the transposition table (and, a quarter of it, in the table of
#: captures) from one move to the next; one search may hold twice as many. About 300
#: bytes a position: tens of megabytes at most, in the page's worker too
TABLE_LIMIT = 100_000
QUIET_PLIES = 4  # plies of captures at the horizon
QUIET_WIDTH = 6  # captures tried at each of them
EXACT, AT_LEAST, AT_MOST = 0, 1, 2
MAX_PLY = 160


def features(lay: Layout, me: int, them: int, mine: list[int], theirs: list[int]
             ) -> tuple[int, int, int, int]:
    """The evaluation's features for the side owning ``me``, whose captures are ``mine``
    and the other side's ``theirs`` (:data:`FEATURES`): the discs ahead, the discs
    inside a rectangle the other side can take now (no placement can save them: the
    walls are full), the enemy discs it can take, and the discs ahead on the edge (where
    the board's edge stands in for a wall)."""
    threatened = 0
    for r in theirs:
        threatened |= r
    takeable = 0
    for r in mine:
        takeable |= r
    edge = lay.board & ~lay.inner
    return (me.bit_count() - them.bit_count(),
            threatened.bit_count(),
            takeable.bit_count(),
            (me & edge).bit_count() - (them & edge).bit_count())


class NebSearch(DeepeningSearch):
    """Alpha-beta on bitboards with captures settled at the horizon."""

    name = "tuned-nebuchadnezzar"
    TABLE_LIMIT = TABLE_LIMIT
    UNBOUNDED_NODES = 200_000
    MAX_PLY = MAX_PLY
    #: the captures settled at the horizon (a subclass may try others: the lab's matches)
    QUIET_PLIES = QUIET_PLIES
    QUIET_WIDTH = QUIET_WIDTH

    def __init__(self, seed: int = 0, weights: tuple[int, ...] = WEIGHTS) -> None:
        super().__init__(seed)
        self.weights = weights
        self.caps: dict[tuple[int, int], Found] = {}
        self.lay: Layout | None = None
        self.reps: dict[tuple[int, int, int], int] = {}
        self.scale = 1.0
        #: the last move tried: the mover's discs and the other side's before it, and
        #: the points it changed (:meth:`_found`)
        self.moved: tuple[int, int, int] = (-1, -1, 0)

    def forget(self) -> None:
        super().forget()
        self.caps.clear()

    # -- the move ---------------------------------------------------------------------

    def _choose(self, state: State[Any], budget: Budget) -> Decision:
        legal = state.legal_moves()
        if len(legal) == 1:
            return Decision(legal[0], None, 0)
        st: Any = state
        lay: Layout = st.lay
        if lay is not self.lay:
            self.forget()
            self.lay = lay
            self.scale = 8.0 / lay.size  # the weights are per point of 8 x 8
        me, them = (st.black, st.white) if st.color == BLACK else (st.white, st.black)
        for m in legal:
            if m < 0 and -m == them:
                return Decision(m, 1.0, 0, {"depth": 0})
        self._begin(budget)
        self.reps = dict(st.reps)
        if len(self.caps) > TABLE_LIMIT // 4:
            self.caps.clear()
        root = list(legal)
        self.rng.shuffle(root)  # equal moves: a seeded choice
        root = self._ordered(root, me, them, st.passes, st.swap_allowed(), 0)
        best, score, depth = self._deepen(
            root, lambda moves, d, tried: self._root(moves, me, them, st.color, st.passes, d,
                                                     tried), DECIDED)
        value = math.tanh(score / 2000) if abs(score) < DECIDED else math.copysign(1.0, score)
        return Decision(best, value, self.nodes, {"depth": depth, "score": score})

    def _root(self, root: list[int], me: int, them: int, color: int, passes: int,
              depth: int, tried: list[tuple[int, int]]) -> tuple[int, int]:
        """Every root move searched to ``depth`` (the last best first, the others with a
        null window first): the best and its score. ``tried`` gets each move's score as
        it is found, for a budget that runs out part way."""
        alpha = -WON
        best, best_score = root[0], -WON
        for i, m in enumerate(root):
            if i and alpha > -WON:
                s = -self._after(m, me, them, color, passes, depth - 1, -alpha - 1, -alpha, 1)
                if s > alpha:
                    s = -self._after(m, me, them, color, passes, depth - 1, -WON, -alpha, 1)
            else:
                s = -self._after(m, me, them, color, passes, depth - 1, -WON, -alpha, 1)
            tried.append((m, s))
            if s > best_score:
                best, best_score = m, s
                alpha = max(alpha, s)
        return best, best_score

    # -- the tree -----------------------------------------------------------------------

    def _captures(self, me: int, them: int) -> list[int]:
        """The captures of the side owning ``me`` (shared: do not change the list).

        In the position just after a move (``moved``: the mover's discs and the other
        side's before it, and the points it changed) they are found from the same
        side's candidates before the move (:func:`find_after`), computed here if the
        table lacks them: once for all the siblings. The key says whether this is that
        position, so an older ``moved`` does no harm."""
        found = self.caps.get((me, them))
        return found[1] if found is not None else self._found(me, them)[1]

    def _found(self, me: int, them: int) -> Found:
        caps = self.caps
        found = caps.get((me, them))
        if found is None:
            lay = self.lay
            assert lay is not None
            if len(caps) >= TABLE_LIMIT // 2:
                caps.clear()
            pm, pt, changed = self.moved
            placed = not changed & pt  # a capture changes the other side's discs
            if me == pt & ~changed and them == pm | changed:  # the side now to move
                found = find_after(lay, me, them, self._found(pt, pm), changed, placed)
            elif me == pm | changed and them == pt & ~changed:  # the side that moved
                found = find_after(lay, me, them, self._found(pm, pt), changed, placed)
            else:
                found = find(lay, me, them)
            caps[(me, them)] = found
        return found

    def _after(self, m: int, me: int, them: int, color: int, passes: int, depth: int,
               alpha: int, beta: int, ply: int) -> int:
        """The value of the position after the side owning ``me`` plays ``m``, for the
        side then to move."""
        if m > SWAP:
            self.moved = (me, them, 1 << m)
            return self._node(them, me | 1 << m, color ^ 1, 0, depth, alpha, beta, ply)
        if m < 0:
            if -m == them:
                return ply - WON
            self.moved = (me, them, -m)
            return self._node(them ^ -m, me ^ -m, color ^ 1, 0, depth, alpha, beta, ply)
        if m == SWAP:  # the other player takes over the colour to move
            return self._node(me, them, color, 0, depth, alpha, beta, ply)
        if passes:  # a second pass in a row: counted
            return -self._counted(me, them, ply)
        return self._node(them, me, color ^ 1, 1, depth, alpha, beta, ply)

    @staticmethod
    def _counted(me: int, them: int, ply: int) -> int:
        """The game ended by counting discs, for the side owning ``me``."""
        d = me.bit_count() - them.bit_count()
        return 0 if not d else (WON - ply if d > 0 else ply - WON)

    def _node(self, me: int, them: int, color: int, passes: int, depth: int, alpha: int,
              beta: int, ply: int) -> int:
        """Count the position for the repetition rule while it is searched."""
        key = (me, them, color) if color == BLACK else (them, me, color)
        reps = self.reps
        seen = reps.get(key, 0)
        if seen >= 2:
            return self._counted(me, them, ply)
        reps[key] = seen + 1
        try:
            if depth <= 0 or ply >= MAX_PLY - 1:
                return self._settle(me, them, alpha, beta, ply, self.QUIET_PLIES)
            return self._search(me, them, color, passes, depth, alpha, beta, ply)
        finally:
            if seen:
                reps[key] = seen
            else:
                del reps[key]

    def _moves(self, me: int, them: int, color: int, swap: bool) -> list[int]:
        """Captures (as minus their masks), then placements next to a disc (any if none
        is), the swap when the pie rule allows it; a pass when nothing else is legal."""
        lay = self.lay
        assert lay is not None
        out = [-r for r in self._captures(me, them)]
        free = placements(lay, me, them)
        near = me | them
        if near:
            near |= near << 1 | near >> 1
            near |= near << lay.stride | near >> lay.stride
            if free & near:
                free &= near
        out += lay.bit_indices(free)
        if swap:
            out.append(SWAP)
        return out or [PASS]

    def _ordered(self, moves: list[int], me: int, them: int, passes: int, swap: bool,
                 ply: int) -> list[int]:
        """The table's move, captures largest first, the killers, then by history."""
        entry = self.table.get((me, them, passes, swap))
        first = entry[3] if entry else PASS
        k0, k1 = self.killers[ply] if ply < MAX_PLY else (PASS, PASS)
        history = self.history

        def rank(m: int) -> int:
            if m == first:
                return -1 << 40
            if m < 0:
                return -(1 << 30) - (-m).bit_count()
            if m == k0:
                return -(1 << 29)
            if m == k1:
                return -(1 << 28)
            return -history.get(m, 0)

        return sorted(moves, key=rank)

    def _search(self, me: int, them: int, color: int, passes: int, depth: int, alpha: int,
                beta: int, ply: int) -> int:
        self._count()
        swap = color == WHITE and not me and them.bit_count() == 1 and ply == 1
        key = (me, them, passes, swap)
        entry = self.table.get(key)
        if entry is not None and entry[0] >= depth:
            s: int = entry[2]
            s = s - ply if s >= DECIDED else s + ply if s <= -DECIDED else s
            if entry[1] == EXACT or (entry[1] == AT_LEAST and s >= beta) or (
                    entry[1] == AT_MOST and s <= alpha):
                return s
        moves = self._moves(me, them, color, swap)
        for m in moves:
            if m < 0 and -m == them:
                return WON - ply - 1
        moves = self._ordered(moves, me, them, passes, swap, ply)
        start = alpha
        best, best_move = -WON, moves[0]
        for i, m in enumerate(moves):
            if i == 0:
                s = -self._after(m, me, them, color, passes, depth - 1, -beta, -alpha, ply + 1)
            else:
                cut = 1 if depth >= 3 and i >= 4 and m > SWAP else 0  # a late quiet move
                s = -self._after(m, me, them, color, passes, depth - 1 - cut, -alpha - 1,
                                 -alpha, ply + 1)
                if s > alpha and (cut or s < beta):
                    s = -self._after(m, me, them, color, passes, depth - 1, -beta, -alpha,
                                     ply + 1)
            if s > best:
                best, best_move = s, m
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        if m > SWAP:
                            self._cutoff(m, ply, depth)
                        break
        flag = AT_MOST if best <= start else AT_LEAST if best >= beta else EXACT
        kept = best + ply if best >= DECIDED else best - ply if best <= -DECIDED else best
        self._keep(key, (depth, flag, kept, best_move))
        return best

    def _settle(self, me: int, them: int, alpha: int, beta: int, ply: int, left: int) -> int:
        """Captures only: the side to move stands on the evaluation or takes."""
        self._count()
        mine = self._captures(me, them)
        for r in mine:
            if r == them:
                return WON - ply - 1
        stand = self._judge(me, them, mine, self._captures(them, me))
        if stand >= beta or not left or not mine:
            return stand
        alpha = max(alpha, stand)
        best = stand
        for r in sorted(mine, key=int.bit_count, reverse=True)[:self.QUIET_WIDTH]:
            self.moved = (me, them, r)
            s = -self._settle(them ^ r, me ^ r, -beta, -alpha, ply + 1, left - 1)
            if s > best:
                best = s
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        break
        return best

    def _judge(self, me: int, them: int, mine: list[int], theirs: list[int]) -> int:
        """The evaluation, for the side owning ``me``."""
        assert self.lay is not None
        f = features(self.lay, me, them, mine, theirs)
        w = self.weights
        return int(self.scale * (w[0] * f[0] + w[1] * f[1] + w[2] * f[2] + w[3] * f[3]))
