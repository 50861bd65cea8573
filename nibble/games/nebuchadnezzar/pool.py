"""A sparring partner for Nebuchadnezzar (issue 46): iterative-deepening alpha-beta
written apart from ``hard``, from the rules page and the rules code only.

The search works on bitboards (the side to move's discs, the other side's) with the
rules code's ``placements`` and ``captures``, and plays the moves on them itself:

* negamax with principal-variation search, a bounded transposition table, killer moves
  and a history table for placements, late-move reductions for quiet placements;
* a capture that leaves the other colour without a disc is a win found when the moves
  are listed, before anything else is searched;
* below the root, placements are only tried next to a disc, diagonals included (a
  point far from every disc changes no wall), unless there are none there;
* at the horizon a quiescence search plays out captures (largest first); the captures
  of a position are kept in a bounded table, as the iterations come back to them;
* the evaluation: discs on the board, and every disc either side could capture now (a
  placement cannot stop a capture: its walls are full, so such a disc is nearly lost),
  and a little against discs on the edge of the board (fewer walls to close);
* passes, the double-pass ending, the third repetition (counted from the game's own
  table) and the pie rule's swap are played by the rules; a swap keeps the board and
  the colour to move and hands the move to the other player, so its value is minus the
  value of the same position for the player who then has White.
"""

from __future__ import annotations

import gc
import math
import random
from typing import Any

from ...ai import clock
from ...ai.mcts import Budget
from ...ai.players import Decision
from ...core.protocol import State
from .captures import captures
from .layout import Layout
from .moves import PASS, SWAP
from .notation import BLACK, WHITE
from .placement import placements

WIN = 1_000_000  # a won game, less the plies to it
WIN_BOUND = WIN - 10_000  # scores beyond this are wins or losses
DISC = 100  # one disc more than the opponent
THREAT = 150  # per disc the opponent can capture (a flip: 2 discs of balance)
OWN_CAPTURE = 150  # per disc the side to move can capture
TT_LIMIT = 300_000  # transposition table entries before it is emptied
CAPS_LIMIT = 100_000  # positions whose captures are kept
UNBOUNDED_NODES = 200_000  # nodes searched for a budget of neither time nor iterations
QDEPTH = 4  # plies of captures in the quiescence search
QWIDTH = 5  # captures tried per quiescence node
EXACT, LOWER, UPPER = 0, 1, 2

#: (depth, flag, score, best move) per (mine, theirs, passes, swap allowed)
Entry = tuple[int, int, int, int]


class _Stop(Exception):
    """The budget ran out in the middle of a search."""


class NebAlphaBeta:
    """Iterative-deepening alpha-beta for Nebuchadnezzar with its own evaluation."""

    name = "pool-nebuchadnezzar"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.tt: dict[tuple[int, int, int, bool], Entry] = {}
        self.history: dict[int, int] = {}
        self.killers: list[list[int]] = []
        self.nodes = 0
        self.limit: int | None = None
        self.stop_at = math.inf
        self.reps: dict[tuple[int, int, int], int] = {}
        self.lay: Layout | None = None
        self.caps: dict[tuple[int, int], list[int]] = {}

    def forget(self) -> None:
        """A new game: drop the tables."""
        self.tt.clear()
        self.caps.clear()
        self.history.clear()
        self.rng = random.Random(self.seed)

    # -- the move -----------------------------------------------------------------------

    def choose(self, state: State[Any], budget: Budget) -> Decision:
        """The best move found within ``budget`` (time, nodes or both). The garbage
        collector is held off meanwhile: the tables make no cycles, and a full
        collection through them could overrun a short budget."""
        enabled = gc.isenabled()
        gc.disable()
        try:
            return self._choose(state, budget)
        finally:
            if enabled:
                gc.enable()

    def _choose(self, state: State[Any], budget: Budget) -> Decision:
        legal = state.legal_moves()
        if len(legal) == 1:
            return Decision(legal[0], None, 0)
        st: Any = state
        lay: Layout = st.lay
        if self.lay is not lay:
            self.tt.clear()
            self.caps.clear()
            self.history.clear()
            self.lay = lay
        color: int = st.color
        me, opp = (st.black, st.white) if color == BLACK else (st.white, st.black)
        for m in legal:  # an instant win needs no search
            if m < 0 and not opp & ~-m:
                return Decision(m, 1.0, 0, {"depth": 0})
        self.nodes = 0
        self.limit = budget.iterations
        left = budget.time_left()
        if self.limit is None and left == math.inf:
            self.limit = UNBOUNDED_NODES
        self.stop_at = clock.now() + left * 0.9 - 0.002 if left != math.inf else math.inf
        self.reps = dict(st.reps)
        self.killers = [[0, 0] for _ in range(130)]
        if len(self.tt) > TT_LIMIT:
            self.tt.clear()
        if len(self.caps) > CAPS_LIMIT // 2:
            self.caps.clear()
        for k in self.history:
            self.history[k] //= 8
        passes: int = st.passes
        swap_ok: bool = st.swap_allowed()
        root = list(legal)
        self.rng.shuffle(root)  # ties go to a seeded choice
        root = self._order(root, me, opp, passes, swap_ok, 0)
        best, score, depth = root[0], 0, 0
        for depth in range(1, 64):
            found: list[tuple[int, int]] = []
            try:
                best, score = self._root(me, opp, color, passes, swap_ok, root, depth, found)
            except _Stop:
                if found:
                    best, score = found[-1]
                depth -= 1
                break
            root.remove(best)
            root.insert(0, best)
            if abs(score) >= WIN_BOUND:
                break
        value = math.tanh(score / 600) if abs(score) < WIN_BOUND else math.copysign(1, score)
        return Decision(best, value, self.nodes, {"depth": depth, "score": score})

    def _root(self, me: int, opp: int, color: int, passes: int, swap_ok: bool,
              root: list[int], depth: int, found: list[tuple[int, int]]
              ) -> tuple[int, int]:
        """Search every root move (in the order of ``root``: the last best first) to
        ``depth``; the best move and its score. As it goes, ``found`` gets the best so far,
        for a budget that runs out part way."""
        alpha, beta = -WIN, WIN
        best, best_score = root[0], -WIN
        for i, m in enumerate(root):
            if i == 0:
                s = -self._child(me, opp, color, passes, m, depth - 1, -beta, -alpha, 1)
            else:
                s = -self._child(me, opp, color, passes, m, depth - 1, -alpha - 1, -alpha, 1)
                if s > alpha:
                    s = -self._child(me, opp, color, passes, m, depth - 1, -beta, -alpha, 1)
            if s > best_score:
                best, best_score = m, s
                if s > alpha:
                    alpha = s
            found.append((best, best_score))
        return best, best_score

    # -- search -------------------------------------------------------------------------

    def _captures(self, me: int, opp: int) -> list[int]:
        """The captures of the side owning ``me`` (kept: positions come back in every
        iteration); do not change the list."""
        key = (me, opp)
        out = self.caps.get(key)
        if out is None:
            if len(self.caps) > CAPS_LIMIT:
                self.caps.clear()
            assert self.lay is not None
            out = self.caps[key] = captures(self.lay, me, opp)
        return out

    def _tick(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes >= self.limit:
            raise _Stop
        if self.nodes & 15 == 0 and clock.now() >= self.stop_at:
            raise _Stop

    def _child(self, me: int, opp: int, color: int, passes: int, m: int, depth: int,
               alpha: int, beta: int, ply: int) -> int:
        """Play ``m`` for the side owning ``me`` and search the position after it: its value
        for the side then to move."""
        if m == SWAP:  # same board, same colour to move, the other player moves
            return self._visit(me, opp, color, 0, False, depth, alpha, beta, ply)
        if m == PASS:
            if passes + 1 >= 2:
                return self._by_discs(opp, me, ply)
            return self._visit(opp, me, color ^ 1, passes + 1, False, depth, alpha, beta, ply)
        if m > 0:
            return self._visit(opp, me | (1 << m), color ^ 1, 0, False, depth, alpha, beta,
                               ply)
        mask = -m
        if not opp & ~mask:
            return -(WIN - ply)
        return self._visit(opp ^ mask, me ^ mask, color ^ 1, 0, False, depth, alpha, beta,
                           ply)

    @staticmethod
    def _by_discs(me: int, opp: int, ply: int) -> int:
        """A blocked or repeated game, for the side owning ``me``."""
        d = me.bit_count() - opp.bit_count()
        return 0 if d == 0 else (WIN - ply if d > 0 else -(WIN - ply))

    def _visit(self, me: int, opp: int, color: int, passes: int, swap_ok: bool, depth: int,
               alpha: int, beta: int, ply: int) -> int:
        """Count the position for repetitions, search it, uncount it."""
        key = (me, opp, color) if color == BLACK else (opp, me, color)
        reps = self.reps
        seen = reps.get(key, 0) + 1
        if seen >= 3:
            return self._by_discs(me, opp, ply)
        reps[key] = seen
        try:
            if depth <= 0:
                return self._quiesce(me, opp, alpha, beta, ply, QDEPTH)
            return self._search(me, opp, color, passes, swap_ok, depth, alpha, beta, ply)
        finally:
            if seen == 1:
                del reps[key]
            else:
                reps[key] = seen - 1

    def _moves(self, me: int, opp: int, color: int, swap_ok: bool, near: bool) -> list[int]:
        """Captures (negative), placements (near the discs if ``near``), swap, else pass."""
        lay = self.lay
        assert lay is not None
        out = [-c for c in self._captures(me, opp)]
        places = placements(lay, me, opp)
        if near:
            occ = me | opp
            if occ:
                s = lay.stride
                d = occ | occ << 1 | occ >> 1
                d |= d << s | d >> s
                if places & d:
                    places &= d
        out += lay.bit_indices(places)
        if swap_ok and color == WHITE and not me and opp.bit_count() == 1:
            out.append(SWAP)
        return out or [PASS]

    def _order(self, moves: list[int], me: int, opp: int, passes: int, swap_ok: bool,
               ply: int) -> list[int]:
        """TT move, captures by size, killers, then placements by history."""
        entry = self.tt.get((me, opp, passes, swap_ok))
        tt_move = entry[3] if entry else 0
        killers = self.killers[ply] if ply < len(self.killers) else [0, 0]
        hist = self.history

        def key(m: int) -> int:
            if m == tt_move:
                return -10**9
            if m < 0:
                return -10**8 - (-m).bit_count()
            if m == killers[0]:
                return -10**7
            if m == killers[1]:
                return -10**7 + 1
            return -hist.get(m, 0)

        return sorted(moves, key=key)

    def _search(self, me: int, opp: int, color: int, passes: int, swap_ok: bool, depth: int,
                alpha: int, beta: int, ply: int) -> int:
        self._tick()
        tkey = (me, opp, passes, swap_ok)
        entry = self.tt.get(tkey)
        if entry is not None and entry[0] >= depth:
            _, flag, s, _ = entry
            if s >= WIN_BOUND:
                s -= ply
            elif s <= -WIN_BOUND:
                s += ply
            if flag == EXACT or (flag == LOWER and s >= beta) or (flag == UPPER and s <= alpha):
                return s
        moves = self._moves(me, opp, color, swap_ok, True)
        for m in moves:
            if m < 0 and not opp & ~-m:
                return WIN - ply - 1
        moves = self._order(moves, me, opp, passes, swap_ok, ply)
        alpha0 = alpha
        best, best_move = -WIN, moves[0]
        for i, m in enumerate(moves):
            if i == 0:
                s = -self._child(me, opp, color, passes, m, depth - 1, -beta, -alpha, ply + 1)
            else:
                r = 1 if depth >= 3 and i >= 4 and m > 1 else 0
                s = -self._child(me, opp, color, passes, m, depth - 1 - r, -alpha - 1, -alpha,
                                 ply + 1)
                if s > alpha and (r or s < beta):
                    s = -self._child(me, opp, color, passes, m, depth - 1, -beta, -alpha,
                                     ply + 1)
            if s > best:
                best, best_move = s, m
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        if m > 1:
                            k = self.killers[ply] if ply < len(self.killers) else None
                            if k is not None and k[0] != m:
                                k[1] = k[0]
                                k[0] = m
                            self.history[m] = self.history.get(m, 0) + depth * depth
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        stored = best + ply if best >= WIN_BOUND else best - ply if best <= -WIN_BOUND else best
        if len(self.tt) > 2 * TT_LIMIT:
            self.tt.clear()  # a long search: bounded all the same
        self.tt[tkey] = (depth, flag, stored, best_move)
        return best

    def _quiesce(self, me: int, opp: int, alpha: int, beta: int, ply: int, qdepth: int) -> int:
        """Captures only, with standing pat on the evaluation."""
        self._tick()
        mine = self._captures(me, opp)
        for c in mine:
            if not opp & ~c:
                return WIN - ply - 1
        theirs = self._captures(opp, me)
        stand = self._evaluate(me, opp, mine, theirs)
        if stand >= beta or qdepth == 0 or not mine:
            return stand
        if stand > alpha:
            alpha = stand
        best = stand
        for c in sorted(mine, key=lambda c: -c.bit_count())[:QWIDTH]:
            s = -self._quiesce(opp ^ c, me ^ c, -beta, -alpha, ply + 1, qdepth - 1)
            if s > best:
                best = s
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        break
        return best

    def _evaluate(self, me: int, opp: int, mine: list[int], theirs: list[int]) -> int:
        """The position for the side to move (owning ``me``), in hundredths of a disc."""
        lay = self.lay
        assert lay is not None
        n_me, n_opp = me.bit_count(), opp.bit_count()
        score = DISC * (n_me - n_opp)
        # a capture cannot be stopped by a placement (its walls are full): every disc in
        # one is as good as flipped, for the side to move a little more (it moves first)
        if theirs:
            union = 0
            for c in theirs:
                if c & me == me:
                    return -(WIN_BOUND - 1000)  # they take my last discs next move
                union |= c
            score -= THREAT * union.bit_count()
        if mine:
            union = 0
            for c in mine:
                union |= c
            score += OWN_CAPTURE * union.bit_count()
        # edges and corners: a disc there needs fewer enemy discs around it to be taken
        border = lay.board & ~lay.inner
        score -= 8 * ((me & border).bit_count() - (opp & border).bit_count())
        return score

