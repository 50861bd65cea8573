"""Number One on the game protocol: turns of several peg moves, dropping out, undo.

A position is a handful of integers and one short list, so that copying and undoing are
cheap for tree search: ``tokens`` and ``occ`` are hole masks (tokens left, holes with a
peg), ``pegs[seat * 3 + size]`` is a peg's hole (or ``NONE``), ``turned`` and ``alive``
have bit ``seat * 3 + size`` set for a turned peg and a peg on the board, ``moved`` has
bit ``size`` set for each peg of the seat to move that has moved this turn.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import GameOver
from ...core.protocol import Game, Result, State
from . import moves as notation
from .board import playable_mask
from .moves import EMPTY, LAND_SHIFT, REMOVE, SIZE_SHIFT
from .paths import path_table, removal
from .position import NONE, Position, format_position
from .rules import explain_refusal
from .view import build_view, render_text

#: what :meth:`NumberOneState.pop` restores: the mover's three pegs, tokens, occ, turned,
#: alive, moved, the mover, how many were out, the result
Undo = tuple[int, int, int, int, int, int, int, int, int, int, Result | None]


class NumberOneState(State[int]):
    """A game of Number One. Moves are integers (see :mod:`.moves`)."""

    def __init__(self, game: Game, options: dict[str, Any], pos: Position) -> None:
        self.game = game
        self.options = options
        self.players = pos.players
        self.playable = playable_mask(pos.players)
        self.paths = path_table(pos.players, self.playable)
        self.tokens = pos.tokens
        self.pegs = list(pos.pegs)
        self.turned = pos.turned
        self.alive = 0
        self.occ = 0
        for i, b in enumerate(self.pegs):
            if b != NONE:
                self.alive |= 1 << i
                self.occ |= 1 << b
        self.moved = pos.moved
        self._to_move = pos.to_move
        self.out = list(pos.out)
        self._result = self._last_standing()
        self._moves: list[int] = []
        self._undo: list[Undo] = []
        self._setup = self.position()

    # -- protocol: turn and result ------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def moves(self) -> list[int]:
        return self._moves

    def _last_standing(self) -> Result | None:
        left = [s for s in range(self.players) if (self.alive >> (3 * s)) & 7]
        if len(left) != 1:
            return None
        return Result(left[0], "last-standing", {"out": list(self.out)})

    # -- moves -----------------------------------------------------------------------------

    def peg_moves(self, seat: int, size: int) -> list[int]:
        """Every move of one peg: its landings, or its removal when it has none."""
        start = self.pegs[seat * 3 + size]
        occ, tokens = self.occ, self.tokens
        upright = not (self.turned >> (seat * 3 + size)) & 1
        out = []
        for holes, land, on_token, on_empty in self.paths[size][start]:
            if holes & occ:
                continue
            if tokens & land:
                out.append(on_token)
            elif upright:
                out.append(on_empty)
        return out or [removal(size, start)]

    def legal_moves(self) -> list[int]:
        """The moves of every peg of the seat to move that has not moved yet this turn."""
        if self._result is not None:
            return []
        seat = self._to_move
        todo = (self.alive >> (3 * seat)) & 7 & ~self.moved
        out: list[int] = []
        for size in (0, 1, 2):
            if (todo >> size) & 1:
                out += self.peg_moves(seat, size)
        return out

    def push(self, move: int) -> None:
        seat = self._to_move
        i = 3 * seat
        p = self.pegs
        self._undo.append((p[i], p[i + 1], p[i + 2], self.tokens, self.occ, self.turned,
                           self.alive, self.moved, seat, len(self.out), self._result))
        self._moves.append(move)
        self.advance(move)

    def advance(self, move: int) -> None:
        """Play ``move`` without keeping what :meth:`pop` needs (fast playouts)."""
        seat = self._to_move
        size = (move >> SIZE_SHIFT) & 3
        base = 3 * seat
        i = base + size
        start = move & 255
        if move & REMOVE:
            if size == 0:  # the small peg leaves: the player is out
                for j in (base, base + 1, base + 2):
                    if self.pegs[j] != NONE:
                        self.occ &= ~(1 << self.pegs[j])
                        self.pegs[j] = NONE
                self.alive &= ~(7 << base)
                self.turned &= ~(7 << base)
                self.out.append(seat)
                self._result = self._last_standing()
                self._pass_turn(seat)
                return
            self.occ &= ~(1 << start)
            self.pegs[i] = NONE
            self.alive &= ~(1 << i)
            self.turned &= ~(1 << i)
        else:
            land = (move >> LAND_SHIFT) & 255
            self.occ ^= (1 << start) | (1 << land)
            self.pegs[i] = land
            if move & EMPTY:
                self.turned |= 1 << i
            else:
                self.tokens &= ~(1 << land)
        self.moved |= 1 << size
        if not (self.alive >> base) & 7 & ~self.moved:
            self._pass_turn(seat)

    def _pass_turn(self, seat: int) -> None:
        """The next seat still in moves (clockwise: seat 1, 2, …, then 1 again)."""
        alive, n = self.alive, self.players
        nxt = seat
        for _ in range(n):
            nxt = (nxt + 1) % n
            if (alive >> (3 * nxt)) & 7:
                break
        self._to_move = nxt
        self.moved = 0

    def pop(self) -> int:
        if not self._undo:
            raise IndexError("no move to take back")
        move = self._moves.pop()
        (a, b, c, self.tokens, self.occ, self.turned, self.alive, self.moved, seat, n_out,
         self._result) = self._undo.pop()
        i = 3 * seat
        self.pegs[i], self.pegs[i + 1], self.pegs[i + 2] = a, b, c
        self._to_move = seat
        del self.out[n_out:]
        return move

    def copy(self, history: bool = True) -> NumberOneState:
        new = object.__new__(NumberOneState)
        new.__dict__.update(self.__dict__)
        new.pegs = list(self.pegs)
        new.out = list(self.out)
        new._moves = list(self._moves) if history else []
        new._undo = list(self._undo) if history else []  # entries are immutable tuples
        return new

    # -- notation and checks -----------------------------------------------------------------

    def move_to_str(self, move: int) -> str:
        return notation.move_to_str(move)

    def parse_move(self, text: str) -> int:
        return notation.parse_move(text)

    def check_move(self, move: int) -> None:
        if self._result is not None:
            raise GameOver("The game is over; no more pegs can move.")
        explain_refusal(self, move)

    def peg_at(self, hole: int) -> int | None:
        """``seat * 3 + size`` of the peg on ``hole``, or None."""
        if not (self.occ >> hole) & 1:
            return None
        return self.pegs.index(hole)

    def seat_of_move(self, ply: int) -> int:
        """The seat that played move number ``ply`` (0-based) of this state's history."""
        return self._undo[ply][8]

    def to_position(self) -> Position:
        return Position(self.players, self.tokens, list(self.pegs), self.turned,
                        self._to_move, self.moved, list(self.out))

    def setup(self) -> str:
        return self._setup

    def position(self) -> str:
        return format_position(self.to_position())

    # -- display -------------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        return build_view(self)

    def render_text(self) -> str:
        return render_text(self)
