"""What the computer players know about Number One beyond the protocol.

The game is decided by the small pegs: a player is out when theirs has nowhere to land,
and it moves one hole a turn onto a token (or once, while upright, onto an empty hole),
leaving an empty hole behind. That is the light-cycle game Tron with tokens as the
free cells, so the evaluation is Tron's: how much of the board each small peg reaches
before any other (a breadth-first race over the tokens, one bitboard dilation a step),
plus how many landings it has right now and whether it still has its empty-hole move.
The medium and large pegs are the weapons: they eat the tokens next to another small
peg and stand on them, which the move scores prefer.

* Win checks without push/pop: a move ends the game only when a small peg leaves and
  one player is left, and it never makes the mover win.
* Evaluation per seat: scores turned into win chances by a softmax over the seats still
  in, reported as ``2p - 1`` (the expected result, +1 a win and -1 a loss).
* Move scores: small-peg landings by the landings they leave, medium and large landings
  by what they take from other small pegs and from the mover's own.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..games.number_one.moves import EMPTY, LAND_SHIFT, REMOVE, SIZE_SHIFT
from ..games.number_one.state import NumberOneState
from .knowledge import Knowledge

NONE = -1
SHIFTS = (1, 11, 12)  # neighbour bit shifts of the hex grid (both signs): E/W, NE/SW, NW/SE


class Board:
    """Per-board tables (61 holes with two or three players, 91 with four), built once."""

    def __init__(self, playable: int, paths: list) -> None:
        self.playable = playable
        size = playable.bit_length() + 1
        self.nbr = [0] * size
        self.ring = [[0] * size for _ in range(3)]  # landing holes per peg size, unblocked
        for h in range(size):
            if not (playable >> h) & 1:
                continue
            self.nbr[h] = dilate(1 << h, playable)
            for s in range(3):
                m = 0
                for _holes, land, _t, _e in paths[s][h]:
                    m |= land
                self.ring[s][h] = m


def dilate(x: int, mask: int) -> int:
    """The holes of ``mask`` next to a hole of ``x`` (padding bits are never in ``mask``)."""
    return ((x << 1) | (x >> 1) | (x << 11) | (x >> 11) | (x << 12) | (x >> 12)) & mask


class NumberOneKnowledge(Knowledge):
    has_evaluation = True

    def __init__(self, territory: float = 0.25, upright: float = 0.6,
                 liberties: tuple[float, ...] = (-1.6, -0.7, -0.25, 0.0),
                 dead: float = -12.0) -> None:
        self.territory = territory
        self.upright = upright
        self.liberties = liberties  # score by token landings of the small peg: 0, 1, 2, 3+
        self.dead = dead  # a small peg that will have to leave at its next move
        self._boards: dict[int, Board] = {}

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

    # -- evaluation ------------------------------------------------------------------------

    def scores(self, state: NumberOneState) -> list[float | None]:
        """A score per seat (None: out); higher means a longer life for its small peg."""
        n = state.players
        pegs, alive, tokens, turned = state.pegs, state.alive, state.tokens, state.turned
        b = self.board(state)
        nbr = b.nbr
        seats = [s for s in range(n) if (alive >> (3 * s)) & 1]
        fronts = [1 << pegs[3 * s] for s in seats]
        terr = [0.0] * len(seats)
        claimed = 0
        while True:
            new = []
            seen = dup = 0
            for f in fronts:
                x = ((f << 1) | (f >> 1) | (f << 11) | (f >> 11) | (f << 12) | (f >> 12)
                     ) & tokens & ~claimed
                new.append(x)
                dup |= seen & x
                seen |= x
            if not seen:
                break
            claimed |= seen
            for i, x in enumerate(new):
                terr[i] += (x & ~dup).bit_count() + 0.5 * (x & dup).bit_count()
            fronts = new
        out: list[float | None] = [None] * n
        lib_table = self.liberties
        top = len(lib_table) - 1
        for i, s in enumerate(seats):
            h = pegs[3 * s]
            libs = (nbr[h] & tokens).bit_count()
            up = not (turned >> (3 * s)) & 1
            if libs == 0 and not (up and nbr[h] & ~tokens & ~state.occ):
                out[s] = self.dead
                continue
            out[s] = (self.territory * terr[i] + lib_table[min(libs, top)]
                      + (self.upright if up else 0.0))
        return out

    def evaluate_all(self, state: NumberOneState) -> list[float]:
        r = state.result
        n = state.players
        if r is not None:
            return [1.0 if s == r.winner else -1.0 for s in range(n)]
        sc = self.scores(state)
        top = max(x for x in sc if x is not None)
        ex = [0.0 if x is None else math.exp(x - top) for x in sc]
        total = sum(ex)
        return [2.0 * e / total - 1.0 for e in ex]

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
        if len(moves) == 1 or rng.random() < 0.5:
            return moves[rng.randrange(len(moves))]
        scores = self.move_scores(state, moves)
        best = max(scores)
        top = [m for m, s in zip(moves, scores, strict=True) if s == best]
        return top[rng.randrange(len(top))]
