"""What the computer players know about Number One beyond the protocol.

The game is decided by the small pegs: a player is out when theirs has nowhere to land,
and it moves one hole a turn onto a token (or once, while upright, onto an empty hole),
leaving an empty hole behind, much like a light cycle in Tron. The medium and large
pegs are the weapons: they sink the tokens next to another small peg and stand there.

* Win checks without push/pop: a move ends the game only when a small peg leaves and one
  player is left, and it never makes the mover win.
* Evaluation per seat: a linear score of each small peg's prospects (below), turned
  into win chances by a softmax over the seats still in and reported as ``2p - 1`` (the
  expected result, +1 a win and -1 a loss). A small peg that must leave at its next move
  counts as out. The weights depend on the tokens left, and were fitted to the winners of
  self-play games (docs/ai.md), so the values are calibrated chances.
* Features of a small peg: the tokens it reaches before any other small peg (a
  breadth-first race over the tokens, one bitboard dilation a step), the size of its
  component of tokens, the tokens within two holes, its landings now, whether it still
  has its empty-hole move, whether every landing can be taken by pegs moving before it
  (and by how many), whether its player still has the medium and large pegs, and
  whether it has already moved this turn.
* The search expands one move per landing (two paths to one hole lead to the same
  position), and the move scores used as priors prefer landings that take another small
  peg's last tokens and keep the mover's own.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Sequence
from operator import mul
from typing import TYPE_CHECKING

from ...ai.calibration import Scale
from ...ai.knowledge import Knowledge
from ...puzzles.profile import EQUAL_PAIRS, OPENING, Profile
from .moves import EMPTY, LAND_SHIFT, REMOVE, SIZE_SHIFT
from .state import NumberOneState

if TYPE_CHECKING:
    from .paths import Path

NONE = -1
COMP_CAP = 12  # the component of tokens around a small peg is counted up to this size
BEND_MASK = 255 << 16  # the bend hole of a move: two paths to one landing differ only there
DEAD = -30.0  # the score of a small peg that must leave at its next move: no chance left


#: tokens left at which the weights of the evaluation are given (linear in between)
KNOTS = (4, 12, 20, 30, 44, 91)
#: weight of each feature of :meth:`NumberOneKnowledge.features` at each knot
WEIGHTS: dict[str, tuple[float, ...]] = {
    "territory": (0.057, 0.355, 0.231, 0.009, -0.043, -0.001),
    "component": (0.158, 0.311, 0.098, 0.091, 0.173, 0.007),
    "near": (0.319, 0.025, 0.175, 0.152, 0.093, 0.039),
    "landings": (0.691, 0.308, -0.000, 0.043, 0.176, -0.032),
    "upright": (1.659, 2.710, 2.162, 1.137, 0.493, 1.125),
    "exposed": (-2.084, -1.618, -0.596, -0.448, -0.029, 0.041),
    "attackers": (-0.100, -0.172, -0.272, -0.096, -0.154, -0.064),
    "medium": (-0.084, -0.786, 0.070, 0.542, 1.083, 0.826),
    "large": (-0.913, 0.418, -0.172, 0.065, 2.220, -0.002),
    "moved": (1.505, 1.152, 0.563, 0.503, -0.091, -0.030),
}


def one_path_per_landing(moves: list[int]) -> list[int]:
    """The first of the moves that differ only by their bend (the same position after)."""
    if len(moves) < 2:
        return list(moves)
    seen = set()
    out = []
    for m in moves:
        key = m & ~BEND_MASK
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def weight_table(weights: dict[str, tuple[float, ...]], knots: tuple[int, ...]
                 ) -> list[tuple[float, ...]]:
    """The weight vector for every number of tokens left, 0 to the last knot."""
    table = []
    for t in range(knots[-1] + 1):
        t = max(t, knots[0])
        k = next(i for i in range(len(knots) - 1) if t <= knots[i + 1])
        a = (t - knots[k]) / (knots[k + 1] - knots[k])
        table.append(tuple((1 - a) * w[k] + a * w[k + 1] for w in weights.values()))
    return table


class Board:
    """Per-board tables (61 holes with two or three players, 91 with four), built once."""

    def __init__(self, playable: int, paths: list[list[tuple[Path, ...]]]) -> None:
        self.playable = playable
        size = playable.bit_length() + 1
        self.nbr = [0] * size
        self.ring = [[0] * size for _ in range(3)]  # landing holes per peg size, unblocked
        self.disk2 = [0] * size  # holes within two steps
        for h in range(size):
            if not (playable >> h) & 1:
                continue
            self.nbr[h] = dilate(1 << h, playable)
            self.disk2[h] = dilate(self.nbr[h], playable) & ~(1 << h)
            for s in range(3):
                m = 0
                for _holes, land, _t, _e in paths[s][h]:
                    m |= land
                self.ring[s][h] = m


def dilate(x: int, mask: int) -> int:
    """The holes of ``mask`` next to a hole of ``x`` (padding bits are never in ``mask``)."""
    return ((x << 1) | (x >> 1) | (x << 11) | (x >> 11) | (x << 12) | (x >> 12)) & mask


#: the analysis's chances with two players (:meth:`NumberOneKnowledge.calibration`),
#: fitted by ``scripts/measure_analysis.py --fit``: 200 games opened by random moves (1,549
#: positions), the leans from 384 moves; ``turn_lean`` inside a turn (a peg moved before)
CALIBRATION = Scale(1.765, 0.005, -0.059, -0.304)


#: evaluations kept by position (``key``, as the tables; a full store is emptied).
#: Searches meet the same positions again and again: the next move's search most of the
#: last one's tree, the puzzle maker's judge the players' trees; 7 of 10 evaluations in its
#: games were repeats, and the features are a third of its time. About 350 bytes each:
#: 7 MB at most.
EVALS_KEPT = 20_000


class NumberOneKnowledge(Knowledge[NumberOneState]):
    has_evaluation = True
    # the puzzle maker: with the default profile one side is winning after a few moves
    # (the weaker level of a pair is simply lost) and few positions are starts; pairs of
    # equal strength keep a game open, a random move now and then at a balanced turn
    # makes the mistakes, and a decided game stops (docs/puzzles.md, "How games are
    # played", has the yields)
    puzzle_profile = Profile(EQUAL_PAIRS, OPENING, blunder=0.1, decided=0.95)
    # hard and expert play the game's own search (search.py) with two players: alpha-beta
    # over this evaluation (docs/ai-experiments.md, 2026-11-30); with three or four, the
    # tuned MCTS (a paranoid search, all other seats one side, did no better there); the
    # judge keeps the tuned MCTS, which the analysis's chances were calibrated on
    strong_search = "own"
    own_search = "nibble.games.number_one.search:OneSearch"

    def __init__(self, weights: dict[str, tuple[float, ...]] | None = None,
                 one_peg: str | None = None, dedupe: bool = False) -> None:
        self.one_peg = one_peg  # search moves one peg at a time in this order (None: any)
        self.dedupe = dedupe  # search one path per landing (the positions are the same)
        self._boards: dict[int, Board] = {}
        self._weights = weight_table(weights or WEIGHTS, KNOTS)
        self._judge: NumberOneKnowledge | None = None
        # evaluations by position, shared with the judge's copy (the same weights)
        self._evals: dict[tuple[int, int, tuple[int, ...], int], tuple[float, ...]] = {}

    def for_judge(self) -> NumberOneKnowledge:
        """The same knowledge searched by the tuned MCTS: the analysis's chances were
        calibrated on it, and the puzzle maker's files were played and rated with it."""
        if self._judge is None:
            self._judge = copy.copy(self)
            self._judge.strong_search = "mcts"
            self._judge._judge = self._judge
        return self._judge

    def strong_search_for(self, state: NumberOneState) -> str:
        return self.strong_search if state.players == 2 else "mcts"

    def calibration(self, state: NumberOneState) -> Scale:
        return CALIBRATION

    def board(self, state: NumberOneState) -> Board:
        b = self._boards.get(state.playable)
        if b is None:
            b = self._boards[state.playable] = Board(state.playable, state.paths)
        return b

    # -- exact checks --------------------------------------------------------------------

    def winner_after(self, state: NumberOneState, move: int) -> int | None:
        """Only a small peg leaving can end the game, and only with two players left."""
        if not move & REMOVE or (move >> SIZE_SHIFT) & 3:
            return None
        alive, me = state.alive, state.to_move
        left = [s for s in range(state.players) if s != me and (alive >> (3 * s)) & 7]
        return left[0] if len(left) == 1 else None

    def wins_now(self, state: NumberOneState, move: int) -> bool:
        return False  # a player only ever takes their own pegs off the board

    def opponent_may_win_next(self, state: NumberOneState) -> bool:
        return False

    def may_win_soon(self, state: NumberOneState, seat: int) -> bool:
        return False

    def key(self, state: NumberOneState) -> tuple[int, int, tuple[int, ...], int]:
        """The position as the table keys of ``alphabeta`` and the exact solver see it
        (its text was more than half of ``alphabeta``'s time)."""
        return state.tokens, state.turned, tuple(state.pegs), state.moved | state.to_move << 3

    # -- the moves a search expands ---------------------------------------------------------

    def tree_moves(self, state: NumberOneState, limit: int) -> tuple[list[int], bool]:
        """One move per landing of each peg (two paths to one hole give the same position),
        and with ``one_peg`` only the first peg in that order that has not moved yet."""
        if state.result is not None:
            return [], True
        seat = state.to_move
        todo = (state.alive >> (3 * seat)) & 7 & ~state.moved
        complete = True
        if self.one_peg:
            for size in self.one_peg_order:
                if (todo >> size) & 1:
                    complete = todo == 1 << size
                    todo = 1 << size
                    break
        moves: list[int] = []
        for size in (0, 1, 2):
            if (todo >> size) & 1:
                moves += state.peg_moves(seat, size)
        if self.dedupe:
            moves = one_path_per_landing(moves)
        return moves, complete

    @property
    def one_peg_order(self) -> tuple[int, ...]:
        return tuple("SML".index(c) for c in self.one_peg or "")

    # -- features ------------------------------------------------------------------------

    def features(self, state: NumberOneState) -> dict[int, tuple[float, ...]]:
        """Per seat still in: (territory, component, tokens within two, landings, upright,
        all landings exposed, attackers, medium alive, large alive, small moved, dead)."""
        n = state.players
        pegs, alive, tokens, turned = state.pegs, state.alive, state.tokens, state.turned
        b = self.board(state)
        nbr, ring, disk2 = b.nbr, b.ring, b.disk2
        seats = [s for s in range(n) if (alive >> (3 * s)) & 1]
        terr = self._territory(pegs, seats, tokens)
        tm, moved = state.to_move, state.moved
        out: dict[int, tuple[float, ...]] = {}
        for i, s in enumerate(seats):
            base = 3 * s
            h = pegs[base]
            lib = nbr[h] & tokens
            libs = lib.bit_count()
            up = not (turned >> base) & 1
            dead = libs == 0 and not (up and nbr[h] & ~tokens & ~state.occ)
            comp = lib
            f = lib
            while f and comp.bit_count() < COMP_CAP:
                f = ((f << 1) | (f >> 1) | (f << 11) | (f >> 11) | (f << 12) | (f >> 12)
                     ) & tokens & ~comp
                comp |= f
            # pegs of other players that move before this small peg next does
            reach = att = 0
            if lib and not (tm == s and not moved & 1):
                x = tm
                todo = (alive >> (3 * x)) & 7 & ~moved if x != s else 0
                for _ in range(n):
                    for z in (0, 1, 2):
                        if (todo >> z) & 1:
                            r = ring[z][pegs[3 * x + z]] & lib
                            if r:
                                att += 1
                                reach |= r
                    x = (x + 1) % n
                    if x == s:
                        break
                    todo = (alive >> (3 * x)) & 7
            out[s] = (terr[i], min(comp.bit_count(), COMP_CAP),
                      (disk2[h] & tokens).bit_count(), min(libs, 6), float(up),
                      float(libs > 0 and reach == lib), min(att, 4),
                      float(pegs[base + 1] != NONE), float(pegs[base + 2] != NONE),
                      float(tm == s and moved & 1), float(dead))
        return out

    @staticmethod
    def _territory(pegs: list[int], seats: list[int], tokens: int) -> list[float]:
        """Tokens each small peg reaches before any other (a tie counts half): a
        breadth-first race, one dilation of every front per step. (Half of a search's
        evaluation time: two seats, the own search's case, have a loop of their own.)"""
        if len(seats) == 2:
            a, b = 1 << pegs[3 * seats[0]], 1 << pegs[3 * seats[1]]
            free = tokens
            only_a = only_b = ties = 0
            while True:
                a = ((a << 1) | (a >> 1) | (a << 11) | (a >> 11) | (a << 12) | (a >> 12)) & free
                b = ((b << 1) | (b >> 1) | (b << 11) | (b >> 11) | (b << 12) | (b >> 12)) & free
                both = a | b
                if not both:
                    # (sums of halves are exact: the same floats as step by step)
                    return [only_a + 0.5 * ties, only_b + 0.5 * ties]
                free ^= both
                tie = a & b
                if tie:
                    ties += tie.bit_count()
                    only_a += (a ^ tie).bit_count()
                    only_b += (b ^ tie).bit_count()
                else:
                    only_a += a.bit_count()
                    only_b += b.bit_count()
        fronts = [1 << pegs[3 * s] for s in seats]
        terr = [0.0] * len(seats)
        free = tokens
        while True:
            new = []
            seen = dup = 0
            for f in fronts:
                x = ((f << 1) | (f >> 1) | (f << 11) | (f >> 11) | (f << 12) | (f >> 12)
                     ) & free
                new.append(x)
                dup |= seen & x
                seen |= x
            if not seen:
                return terr
            free ^= seen
            if dup:
                for i, x in enumerate(new):
                    terr[i] += (x & ~dup).bit_count() + 0.5 * (x & dup).bit_count()
            else:
                for i, x in enumerate(new):
                    terr[i] += x.bit_count()
            fronts = new

    # -- evaluation ------------------------------------------------------------------------

    def scores(self, state: NumberOneState) -> list[float | None]:
        """A score per seat still in (others: None); its softmax is the win chance."""
        w = self._weights[min(state.tokens.bit_count(), len(self._weights) - 1)]
        out: list[float | None] = [None] * state.players
        for s, f in self.features(state).items():  # f ends with the "dead" flag
            out[s] = DEAD if f[-1] else sum(map(mul, w, f))
        return out

    def evaluate_all(self, state: NumberOneState) -> list[float]:
        """``2p - 1`` per seat, ``p`` the softmax of the scores (0 for a seat that is out)."""
        r = state.result
        n = state.players
        if r is not None:
            return [1.0 if s == r.winner else -1.0 for s in range(n)]
        key = self.key(state)
        kept = self._evals.get(key)
        if kept is None:
            sc = self.scores(state)
            top = max(x for x in sc if x is not None)
            ex = [0.0 if x is None else math.exp(x - top) for x in sc]
            total = sum(ex)
            kept = tuple(2.0 * e / total - 1.0 for e in ex)
            if len(self._evals) >= EVALS_KEPT:
                self._evals.clear()
            self._evals[key] = kept
        return list(kept)

    def evaluate(self, state: NumberOneState, seat: int) -> float:
        return self.evaluate_all(state)[seat]

    # -- move ordering ---------------------------------------------------------------------

    def move_scores(self, state: NumberOneState, moves: Sequence[int]) -> list[float]:
        """Small peg: the token landings it keeps (a turn is a loss of its reserve move).
        Medium and large: tokens taken from other small pegs, the fewer they have the
        better; tokens taken from the mover's own small peg count against."""
        b = self.board(state)
        nbr = b.nbr
        pegs, tokens, alive = state.pegs, state.tokens, state.alive
        me = state.to_move
        mine_s = pegs[3 * me]
        my_libs = nbr[mine_s] & tokens
        danger = []  # (neighbour mask, weight) of other small pegs
        for s in range(state.players):
            if s != me and (alive >> (3 * s)) & 1:
                around = nbr[pegs[3 * s]]
                libs = (around & tokens).bit_count()
                danger.append((around, 1.0 / (1 + libs)))
        out = []
        for m in moves:
            if m & REMOVE:
                out.append(0.0)
                continue
            land = (m >> LAND_SHIFT) & 255
            bit = 1 << land
            if not (m >> SIZE_SHIFT) & 3:
                onward = (nbr[land] & tokens & ~bit).bit_count()
                out.append(0.15 * min(onward, 4) - (0.6 if m & EMPTY else 0.0))
                continue
            sc = -0.3 if m & EMPTY else 0.0
            if my_libs & bit:
                sc -= 0.4
            for around, w in danger:
                if around & bit:
                    sc += w
            out.append(sc)
        return out

    def playout_move(self, state: NumberOneState, moves: Sequence[int],
                     rng: random.Random) -> int:
        """Half the time the best-scoring move, else a random one."""
        return self.half_greedy_move(state, moves, rng)
