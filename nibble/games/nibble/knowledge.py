"""What the computer players know about Nibble beyond the protocol.

* Exact, cheap win checks straight from the collections (no push/pop), and a count
  filter that proves most positions safe from an instant win without listing replies.
* An evaluation in [-1, 1]: the majority race (colours held, contested colours by the
  difference of discs) plus progress towards the two instant wins (three adjacent
  colours on the linear colour table, all discs of a colour) while they are still open.
* Move scores = how much a take changes that evaluation, for ordering and priors.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...ai.calibration import Scale
from ...ai.knowledge import Knowledge
from . import rules
from .model import FittedModel, model_for
from .state import NibbleState

MOVE_KEYS = 50_000  # takes remembered by move_scores before the memory starts afresh


class _Consts:
    """Per-variant tables, built once."""

    def __init__(self, state: NibbleState) -> None:
        v = state.variant
        self.n = n = v.colors
        self.t = v.adjacent_need
        self.maj = v.majority
        self.majs = v.majorities
        self.open_max = n - v.adjacent_need  # the opponent may hold this many, a run stays open
        self.scale = 1.0 / n
        inv = 0.8 / v.majority
        self.val = [[1.0 if a >= v.majority else -1.0 if b >= v.majority else (a - b) * inv
                     for b in range(n + 1)] for a in range(n + 1)]


#: late-move reductions by variant (:meth:`NibbleKnowledge.reduce_after`), kept where a
#: match at 1 s a move showed them to help; on square13 they scored only 55-45 (not kept)
REDUCE_AFTER: dict[str, int] = {"square9": 3, "hex13": 3}

#: the analysis's chances (:meth:`NibbleKnowledge.calibration`): one scale for the three
#: boards (4,772 positions of 192 games; per board 1.8-2.4, within their noise), fitted
#: by ``scripts/measure_analysis.py --fit``; the alpha-beta judge has no lean to take out
CALIBRATION = Scale(2.23)


class NibbleKnowledge(Knowledge[NibbleState]):
    solve_at = 12
    has_evaluation = True
    # hard and expert blend the implicit minimax value into selection (docs/ai.md,
    # "Towards a stronger hard"): 22-18 against alphabeta where plain hard scored 15-25
    tuned_search = {"minimax": 0.5}
    # hard and expert search Nibble with alpha-beta over the fitted evaluation (docs/ai.md)
    strong_search = "alphabeta"

    def __init__(self, threat_weight: float = 2.5, scale: float = 4.5,
                 fitted: bool = True, judge: bool = False) -> None:
        self.threat_weight = threat_weight
        self.scale = scale
        self.fitted = fitted  # evaluate with the model fitted to self-play games, if any
        self.judge = judge  # the judge's caution (model.JUDGE_CAUTION), not a player's
        self._judge: NibbleKnowledge | None = self if judge else None
        self._consts: dict[str, _Consts] = {}
        self._models: dict[str, FittedModel | None] = {}
        self._hand: NibbleKnowledge | None = None
        # (colour of each cell of the board, move -> colour << 8 | discs): a search meets
        # the same takes again and again, and reading a big int's bits costs most in Pyodide
        self._move_keys: tuple[list[int] | None, dict[int, int]] = (None, {})

    def calibration(self, state: NibbleState) -> Scale:
        return CALIBRATION

    def hand_written(self) -> NibbleKnowledge:
        if not self.fitted:
            return self
        if self._hand is None:
            self._hand = NibbleKnowledge(self.threat_weight, self.scale, fitted=False)
        return self._hand

    def for_judge(self) -> NibbleKnowledge:
        if self._judge is None:
            self._judge = NibbleKnowledge(self.threat_weight, self.scale, self.fitted,
                                          judge=True)
        return self._judge

    def model(self, state: NibbleState) -> FittedModel | None:
        """The fitted evaluation of this variant (None: none fitted, or not wanted)."""
        if not self.fitted:
            return None
        vid = state.variant.id
        if vid not in self._models:
            self._models[vid] = model_for(vid)
        return self._models[vid]

    def consts(self, state: NibbleState) -> _Consts:
        c = self._consts.get(state.variant.id)
        if c is None:
            c = self._consts[state.variant.id] = _Consts(state)
        return c

    def candidate_moves(self, state: NibbleState, limit: int) -> tuple[list[int], bool]:
        """All takes, or a few per colour when subsets would flood past ``limit``
        (:meth:`Board.takes_limited`), without listing the flood first."""
        if state.result is not None:
            return [], True
        return state.board.takes_limited(limit)

    # -- exact checks --------------------------------------------------------------------

    def winner_after(self, state: NibbleState, move: int) -> int | None:
        board = state.board
        color = board.color_of[(move & -move).bit_length() - 1]
        k = move.bit_count()
        seat = state.to_move
        coll = state.collections[seat]
        v = state.variant
        a = coll[color] + k
        if a >= v.colors:
            return seat
        t = v.adjacent_need
        if a >= t:
            for y, z in state.partners[color]:
                if coll[y] >= t and coll[z] >= t:
                    return seat
        coll[color] = a
        try:
            if not board.occ & ~move:
                return rules.majority_result(state.collections, v, "").winner
            if state.decided_early and rules.holds_majority(coll, v) and not (
                    rules.may_still_win_instantly(coll, state.triples, v)):
                return seat
        finally:
            coll[color] -= k
        return None

    def opponent_may_win_next(self, state: NibbleState) -> bool:
        """False when no take of the side to move can end the game in its favour: checked
        per colour with every takeable disc of that colour as an upper bound."""
        board = state.board
        c = self.consts(state)
        coll = state.collections[state.to_move]
        maj, t = c.maj, c.t
        majors = 0
        for x in coll:
            if x >= maj:
                majors += 1
        if majors >= c.majs:
            return True  # may complete the blocking of the other side's instant wins
        last_major = majors + 1 >= c.majs
        left = -1  # discs on the board, counted when first needed
        color = -1
        for free in board.candidate_counts():
            color += 1
            if not free:
                continue
            if left < 0:
                left = board.occ.bit_count()
            if free == left:
                return True  # the board may be emptied
            held = coll[color]
            a = held + free
            # the usual case, settled at once: no instant win and no new majority in reach
            if a < t and not (last_major and held < maj <= a):
                continue
            if self._may_win_with(c, coll, majors, state.partners, color, a - held):
                return True
        return False

    @staticmethod
    def _may_win_with(c: _Consts, coll: list[int], majors: int,
                      partners: list[list[tuple[int, int]]], color: int, extra: int) -> bool:
        """Could ``extra`` more discs of ``color`` bring ``coll`` an instant win, or the
        majority of majorities (which may end the game when the board empties or it is
        decided)?"""
        a = coll[color] + extra
        if a >= c.n:
            return True
        t = c.t
        if a >= t:
            for y, z in partners[color]:
                if coll[y] >= t and coll[z] >= t:
                    return True
        return coll[color] < c.maj <= a and majors + 1 >= c.majs

    def may_win_soon(self, state: NibbleState, seat: int) -> bool:
        """Like :meth:`opponent_may_win_next` for ``seat`` one move later, with every disc
        still on the board as the upper bound (the side to move can only remove some)."""
        board = state.board
        c = self.consts(state)
        coll = state.collections[seat]
        majors = sum(1 for x in coll if x >= c.maj)
        if majors >= c.majs or sum(1 for b in board.color_bits if b) <= 2:
            return True
        return any(bits and self._may_win_with(c, coll, majors, state.partners, color,
                                               bits.bit_count())
                   for color, bits in enumerate(board.color_bits))

    # -- evaluation ------------------------------------------------------------------------

    def _threat(self, c: _Consts, mine: list[int], theirs: list[int], triples: rules.Triples
                ) -> float:
        """Progress in [0, 1] towards the nearest instant win still open to ``mine``."""
        best = 0.0
        t, open_max = c.t, c.open_max
        for x, y, z in triples:
            if theirs[x] <= open_max and theirs[y] <= open_max and theirs[z] <= open_max:
                p = min(mine[x], t) + min(mine[y], t) + min(mine[z], t)
                if p > best:
                    best = p
        best /= 3 * t
        n = c.n
        for col in range(n):
            if not theirs[col] and mine[col] / n > best:
                best = mine[col] / n
        return best

    def raw(self, state: NibbleState, seat: int) -> float:
        """The evaluation before squashing (positive: good for ``seat``)."""
        c = self.consts(state)
        mine, theirs = state.collections[seat], state.collections[seat ^ 1]
        val = c.val
        x = 0.0
        for a, b in zip(mine, theirs, strict=True):
            x += val[a][b]
        tri = state.triples
        t1 = self._threat(c, mine, theirs, tri)
        t2 = self._threat(c, theirs, mine, tri)
        return c.scale * self.scale * x + self.threat_weight * (t1 * t1 * t1 - t2 * t2 * t2)

    def evaluate(self, state: NibbleState, seat: int) -> float:
        r = state.result
        if r is not None:
            return 0.0 if r.winner is None else (1.0 if r.winner == seat else -1.0)
        m = self.model(state)
        if m is not None:
            return m.evaluate(state, seat)
        return math.tanh(self.raw(state, seat))

    def search_evaluate(self, state: NibbleState, seat: int) -> float:
        """The fitted evaluation with the variant's caution (``model.CAUTION``, or
        ``model.JUDGE_CAUTION`` for the judge): the opponent's open colours weigh more
        than the searcher's own."""
        if state.result is None:
            m = self.model(state)
            if m is not None and self._cautious(m):
                return m.evaluate(state, seat, cautious=True, judge=self.judge)
        return self.evaluate(state, seat)

    def _cautious(self, m: FittedModel) -> bool:
        """Does this knowledge's search (a player's, or the judge's) weigh caution?"""
        return bool(m.judge_caution if self.judge else m.caution)

    def reduce_after(self, state: NibbleState) -> int | None:
        """Square9 and hex13: moves after the third are searched a ply shallower first
        (docs/ai.md, "Late-move reductions": against the full search at 1 s a move, 61-39
        on square9 and 63-37 on hex13)."""
        return REDUCE_AFTER.get(state.variant.id)

    def zero_sum_search(self, state: NibbleState) -> bool:
        m = self.model(state)
        return m is None or not self._cautious(m)

    def move_scores(self, state: NibbleState, moves: Sequence[int]) -> list[float]:
        """Change of the majority part of the evaluation for the mover, plus a little per
        disc. A score depends only on the colour and the number of discs taken, so it is
        worked out once per such pair (subsets of one colour share it)."""
        c = self.consts(state)
        seat = state.to_move
        mine, theirs = state.collections[seat], state.collections[seat ^ 1]
        color_of = state.board.color_of
        owner, keys = self._move_keys
        if owner is not color_of or len(keys) > MOVE_KEYS:  # another board, or full
            keys = {}
            self._move_keys = (color_of, keys)
        val = c.val
        t = c.t
        out = []
        known: dict[int, float] = {}
        for m in moves:
            key = keys.get(m)
            if key is None:
                key = keys[m] = color_of[(m & -m).bit_length() - 1] << 8 | m.bit_count()
            s = known.get(key)
            if s is None:
                col, k = key >> 8, key & 255
                a, b = mine[col], theirs[col]
                a2 = min(a + k, c.n)
                s = val[a2][b] - val[a][b] + 0.02 * k
                if b <= c.open_max:  # progress on an open run or colour
                    s += 0.05 * (min(a2, t) - min(a, t)) + (0.1 * k if not b else 0.0)
                known[key] = s
            out.append(s)
        return out

    def playout_move(self, state: NibbleState, moves: Sequence[int],
                     rng: random.Random) -> int:
        """Half the time the best-scoring take, else a random one: fast and not silly."""
        return self.half_greedy_move(state, moves, rng)

    # -- solver hooks ----------------------------------------------------------------------

    def material(self, state: NibbleState) -> int:
        return state.board.occ.bit_count()

    def key(self, state: NibbleState) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
        return (state.board.occ, state.to_move, tuple(state.collections[0]),
                tuple(state.collections[1]))
