"""What the computer players know about Nebuchadnezzar beyond the protocol.

Everything is bit operations on the engine's bitboards plus the engine's own capture
finder (``captures.captures``, a few dozen microseconds on 8 × 8), called for both
colours and for "filled" boards:

* **Exact, cheap win checks.** Only a capture can annihilate, and only one that flips
  every enemy disc: ``winner_after`` compares two ints. The side to move can win next
  move only if the enemy's discs form one solid rectangle, which ``opponent_may_win_next``
  and ``may_win_soon`` test without listing a move.
* **An evaluation** in [-1, 1] for the side to move (:meth:`features`): discs, the
  largest capture each side has now (the mover takes first), discs inside rectangles the
  enemy can capture now (threatened) and after filling the empty points next to them
  (exposed: a placement or two away from a capture), safe discs (neither), walls (own
  discs in straight pairs), edges and corners, and capture mobility.
* **Capture-first move scores** (:meth:`move_scores`): captures by the discs they flip
  and the enemy threats they break; placements that make a capture possible next move,
  that block one of the enemy's, or that touch enemy discs; minus placements that the
  enemy can capture at once; the swap by the evaluation of the position it takes over.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ...ai.calibration import Scale
from ...ai.knowledge import Knowledge
from ...puzzles.profile import EQUAL_PAIRS, OPENING, Profile
from .captures import captures
from .layout import Layout
from .moves import SWAP
from .notation import BLACK
from .placement import placements
from .state import NebuchadnezzarState

WIN_RAW = 8.0  # raw value of a position the mover wins next move (tanh: ~1)
#: the analysis's chances (:meth:`NebuchadnezzarKnowledge.calibration`), fitted by
#: ``scripts/measure_analysis.py --fit`` on 8 x 8: 200 games opened by random moves (3,015
#: positions), the lean from 384 moves
CALIBRATION = Scale(1.925, 0.0, -0.087)


class _Tables:
    """Masks of one board size, built once."""

    def __init__(self, lay: Layout) -> None:
        n = lay.size
        self.lay = lay
        self.s = lay.stride
        self.board = lay.board
        self.edge = lay.board & ~lay.inner
        col0 = col1 = 0
        for r in range(n):
            col0 |= 1 << lay.bit(r, 0)
            col1 |= 1 << lay.bit(r, n - 1)
        row0 = lay.full_row << lay.row_shift[0]
        row1 = lay.full_row << lay.row_shift[n - 1]
        self.corners = (row0 | row1) & (col0 | col1)
        self.inv_n = 1.0 / n
        self.weights: list[float] | None = None  # per feature, for this size
        self.weights_of: dict[str, float] | None = None


def adjacent(x: int, s: int, board: int) -> int:
    """Points orthogonally next to a point of ``x`` (``x`` itself included if it has
    neighbours in ``x``)."""
    return (x << s | x >> s | x << 1 | x >> 1) & board


def walls_of(rect: int, s: int, board: int) -> int:
    """The on-board wall points of a rectangle: its orthogonal neighbours outside it."""
    return adjacent(rect, s, board) & ~rect


def solid_rectangle(x: int, lay: Layout) -> bool:
    """Do the discs ``x`` (not none) fill their bounding box? Only then can one capture
    take them all."""
    r0, c0 = lay.point((x & -x).bit_length() - 1)
    r1, _ = lay.point(x.bit_length() - 1)
    rows = lay.rows(x)[r0:r1 + 1]
    first = rows[0]
    if first & (first + (first & -first)):
        return False  # the top row is not one run of columns
    return all(row == first for row in rows)


def bounding_box(x: int, lay: Layout) -> int:
    """The mask of the smallest rectangle holding every point of ``x`` (not none)."""
    rows = lay.rows(x)
    cols = 0
    top = bottom = -1
    for r, row in enumerate(rows):
        if row:
            cols |= row
            if top < 0:
                top = r
            bottom = r
    c0 = (cols & -cols).bit_length() - 1
    c1 = cols.bit_length() - 1
    return lay.rect_mask(top, c0, bottom, c1)


class NebuchadnezzarKnowledge(Knowledge[NebuchadnezzarState]):
    solve_at = 0
    has_evaluation = True
    # hard and expert play the game's own search (search.py): alpha-beta on bitboards
    # with captures settled at the horizon (docs/ai-experiments.md, 2026-11-30); the
    # judge keeps the MCTS below, which its chances were calibrated on
    strong_search = "own"
    own_search = "nibble.games.nebuchadnezzar.search:NebSearch"
    # progressive widening: 23-7 at 200 iterations a move against the same search without it
    tuned_search = {"widen": 1.0}
    # the puzzle maker: with the default profile one side is winning after a few moves
    # (the weaker level of a pair is simply lost) and few positions are starts; pairs of
    # equal strength keep a game open, a random move now and then at a balanced turn
    # makes the mistakes, and a decided game stops (docs/puzzles.md, "How games are
    # played", has the yields)
    puzzle_profile = Profile(EQUAL_PAIRS, OPENING, blunder=0.1, decided=0.95)

    def __init__(self, **weights: float) -> None:
        self.w = {**DEFAULT_WEIGHTS, **weights}
        self._tables: dict[int, _Tables] = {}
        self._judge: NebuchadnezzarKnowledge | None = None

    def for_judge(self) -> NebuchadnezzarKnowledge:
        """The same knowledge searched by the tuned MCTS: the analysis's chances were
        calibrated on it, and the puzzle maker's files were played and rated with it."""
        if self._judge is None:
            self._judge = NebuchadnezzarKnowledge(**self.w)
            self._judge.strong_search = "mcts"
            self._judge._judge = self._judge
        return self._judge

    def calibration(self, state: NebuchadnezzarState) -> Scale:
        return CALIBRATION

    def tables(self, state: NebuchadnezzarState) -> _Tables:
        t = self._tables.get(state.lay.size)
        if t is None:
            t = self._tables[state.lay.size] = _Tables(state.lay)
        return t

    @staticmethod
    def sides(state: NebuchadnezzarState) -> tuple[int, int]:
        """(mover's discs, the other colour's discs)."""
        if state.color == BLACK:
            return state.black, state.white
        return state.white, state.black

    # -- exact checks --------------------------------------------------------------------

    def winner_after(self, state: NebuchadnezzarState, move: int) -> int | None:
        if move > SWAP:
            return None  # a placement adds a disc: no ending, and it clears repetitions
        if move < 0:
            rect = -move
            mine, theirs = self.sides(state)
            if rect == theirs:
                return state.seat_of(state.color)
            black, white = state.black ^ rect, state.white ^ rect
            if state.reps.get((black, white, state.color ^ 1), 0) < 2:
                return None
        return super().winner_after(state, move)  # pass, swap, a third repetition

    def opponent_may_win_next(self, state: NebuchadnezzarState) -> bool:
        """The side to move can annihilate only a colour whose discs fill a rectangle
        (and may win by discs only if a pass ends the game or a position comes back)."""
        if _may_end_by_count(state, state.passes):
            return True
        _, theirs = self.sides(state)
        return bool(theirs) and solid_rectangle(theirs, state.lay)

    def may_win_soon(self, state: NebuchadnezzarState, seat: int) -> bool:
        """Could ``seat`` annihilate with its next move, whatever the mover plays now? The
        mover's discs after its move contain the present ones and must fill a rectangle:
        so the present bounding box may lack at most one point, filled by a placement,
        or hold ``seat``'s discs but no empty point, flipped by one capture."""
        if state.color_of(seat) == state.color:
            return True  # not the case the filters are for: stay exact
        mover, other = self.sides(state)
        if _may_end_by_count(state, not state.lay.board & ~(mover | other)):
            return True
        if not mover:
            return True
        box = bounding_box(mover, state.lay)
        holes = box & ~(mover | other)
        if not holes:
            return True
        return not (holes & (holes - 1)) and not box & other

    # -- evaluation ------------------------------------------------------------------------

    def features(self, state: NebuchadnezzarState) -> list[float] | None:
        """The evaluation's terms (``FEATURES``), mover minus the other colour unless
        named for one side; None when the mover annihilates next move."""
        t = self.tables(state)
        lay, s, board = t.lay, t.s, t.board
        m, o = self.sides(state)
        cm = captures(lay, m, o)
        if o in cm:
            return None
        co = captures(lay, o, m)
        gm = go = 0
        um = uo = 0
        for r in cm:
            um |= r
            a = r.bit_count()
            if a > gm:
                gm = a
        for r in co:
            uo |= r
            a = r.bit_count()
            if a > go:
                go = a
        edge, corners = t.edge, t.corners
        out: list[float] = [
            m.bit_count() - o.bit_count(),
            ((m & (m >> 1)).bit_count() + (m & (m >> s)).bit_count()
             - (o & (o >> 1)).bit_count() - (o & (o >> s)).bit_count()),
            (m & edge).bit_count() - (o & edge).bit_count(),
            (m & corners).bit_count() - (o & corners).bit_count(),
            gm,
            go,
            len(cm) - len(co),
            um.bit_count() - uo.bit_count(),
            1 if m in co else 0,
        ]
        if self.w.get("exposed"):
            # capturable once the enemy flipped what it threatens and filled the empty
            # points next to them: one or two enemy moves away
            xm = xo = 0
            fo = placements(lay, o, m) & adjacent(m, s, board)
            if fo or uo:
                for r in captures(lay, o | fo | uo, m & ~uo):
                    xm |= r
            fm = placements(lay, m, o) & adjacent(o, s, board)
            if fm or um:
                for r in captures(lay, m | fm | um, o & ~um):
                    xo |= r
            out.append(xo.bit_count() - xm.bit_count())
        else:
            out.append(0)
        return out

    def weights(self, state: NebuchadnezzarState) -> list[float]:
        """The weight of each feature on this board size."""
        t = self.tables(state)
        ws = t.weights
        if ws is None or t.weights_of is not self.w:
            f = 8.0 * t.inv_n
            ws = t.weights = [self.w[name] * f for name in FEATURES]
            t.weights_of = self.w
        return ws

    def raw(self, state: NebuchadnezzarState) -> float:
        """The evaluation before squashing, for the side to move."""
        f = self.features(state)
        if f is None:
            return WIN_RAW
        x = 0.0
        for a, b in zip(f, self.weights(state), strict=True):
            x += a * b
        return x

    def evaluate(self, state: NebuchadnezzarState, seat: int) -> float:
        r = state.result
        if r is not None:
            return 0.0 if r.winner is None else (1.0 if r.winner == seat else -1.0)
        v = math.tanh(self.raw(state))
        return v if state.color_of(seat) == state.color else -v

    # -- move ordering -----------------------------------------------------------------------

    def move_scores(self, state: NebuchadnezzarState, moves: Sequence[int]) -> list[float]:
        """Captures first, by the discs they flip and the enemy threats they break;
        placements by what they threaten, block or risk. In units of the evaluation's
        raw value, so the priors' temperature means the same on every board."""
        t = self.tables(state)
        lay, s, board = t.lay, t.s, t.board
        m, o = self.sides(state)
        w = self.w
        unit = w["disc"] * 8.0 * t.inv_n * w["order"]
        has_place = any(mv > SWAP for mv in moves)
        threats = captures(lay, o, m)  # what the enemy may take next
        threat_walls = [(walls_of(r, s, board), r.bit_count()) for r in threats]
        make = block = risky = touch = 0
        if has_place:
            empty = board & ~(m | o)
            fm = placements(lay, m, o) & adjacent(o, s, board)
            touch = fm
            if w["make"]:
                make = _one_fill_points(lay, m, o, fm, s, board)
            if w["block"]:
                fo = placements(lay, o, m) & adjacent(m, s, board)
                block = _one_fill_points(lay, o, m, fo, s, board)
            risky = _instant_losses(empty, o, s, board)
        out = []
        for mv in moves:
            if mv < 0:
                out.append(_capture_score(-mv, threat_walls, w["break"]) * unit)
            elif mv > SWAP:
                bit = 1 << mv
                v = 0.0
                if bit & make:
                    v += w["make"]
                if bit & block:
                    v += w["block"]
                if bit & touch:
                    v += w["touch"]
                if bit & risky:
                    v -= w["risky"]
                out.append(v * unit)
            elif mv == SWAP:
                out.append(-self.raw(state) * w["order"])  # the position the swap takes
            else:
                out.append(0.0)
        return out

    def playout_move(self, state: NebuchadnezzarState, moves: Sequence[int],
                     rng: random.Random) -> int:
        """The largest capture most of the time when there is one, else a random move."""
        caps = [mv for mv in moves if mv < 0]
        if caps and rng.random() < 0.8:
            return max(caps, key=lambda mv: (-mv).bit_count())
        return moves[rng.randrange(len(moves))]

    # -- solver hooks ----------------------------------------------------------------------

    def material(self, state: NebuchadnezzarState) -> int:
        return (state.lay.board & ~(state.black | state.white)).bit_count()

    def key(self, state: NebuchadnezzarState) -> tuple[int, int, int, bool, int, bool]:
        return (state.black, state.white, state.color, state.swapped, state.passes,
                state.after_swap)


def _capture_score(rect: int, threat_walls: list[tuple[int, int]], weight: float) -> float:
    """A capture's order score: the discs it flips, plus the enemy threats whose walls it
    breaks (each by the discs that threat would have taken)."""
    v = 2.0 * rect.bit_count() + 1.0
    for wall, area in threat_walls:
        if wall & rect:
            v += weight * area
    return v


def _may_end_by_count(state: NebuchadnezzarState, pass_may_end: int) -> bool:
    """Could the game end by counting discs soon: a pass that blocks it (passes happen
    only on a full board: any empty region has a point with at most two empty
    neighbours, never restricted), or a position seen twice coming back? ``pass_may_end``
    is read for its truth (the passes in a row, or whether the board is full)."""
    return bool(pass_may_end) or any(n >= 2 for n in state.reps.values())


def _one_fill_points(lay: Layout, mine: int, theirs: int, fill: int, s: int,
                     board: int) -> int:
    """Empty points of ``fill`` where one disc of ``mine`` completes the walls of a
    rectangle of ``theirs`` that ``mine`` may then capture (found with every point of
    ``fill`` filled at once: each rectangle whose walls hold exactly one of them)."""
    if not fill:
        return 0
    out = 0
    for r in captures(lay, mine | fill, theirs):
        need = walls_of(r, s, board) & fill
        if need and not need & (need - 1):
            out |= need
    return out


def _instant_losses(empty: int, theirs: int, s: int, board: int) -> int:
    """Empty points whose every neighbour on the board is an enemy disc: a disc placed
    there is a 1 × 1 rectangle the enemy captures at once (the edge copies the enemy
    wall opposite it)."""
    cover = theirs | ~board
    return empty & (cover >> s) & (cover << s) & (cover >> 1) & (cover << 1)


#: the evaluation's terms, in the order of :meth:`NebuchadnezzarKnowledge.features`
FEATURES = ("discs", "walls", "edge", "corner", "gain", "loss", "mobility", "threat",
            "doom", "exposed")

DEFAULT_WEIGHTS: dict[str, float] = {
    # evaluation, raw value (tanh argument) per unit on 8 x 8, times 8 / N on N x N
    "discs": 0.025,
    "walls": 0.01,  # own discs in straight pairs
    "edge": -0.033,  # discs on the edge (the edge copies the wall opposite: easier prey)
    "corner": 0.07,
    "gain": 0.055,  # the mover's largest capture now
    "loss": -0.05,  # the other colour's largest capture now
    "mobility": 0.1,  # captures available
    "threat": 0.0,  # discs inside rectangles capturable now
    "doom": -0.9,  # the other colour threatens to annihilate
    "exposed": 0.0,  # discs one or two enemy moves away from capturable
    # move scores, in units of ``disc`` raw value
    "disc": 0.025,
    "order": 1.0,  # move scores per raw-value unit
    "break": 1.0,  # capture: discs of enemy threats whose walls it flips
    "make": 1.5,  # placement: a capture next move
    "block": 1.5,  # placement: spoils an enemy capture next move
    "touch": 0.3,  # placement next to enemy discs
    "risky": 2.0,  # placement the enemy captures at once
}
