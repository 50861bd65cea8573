"""Nebuchadnezzar on the game protocol: turns, the pie rule, endings, undo."""

from __future__ import annotations

from typing import Any

from ...core.protocol import Game, Result, State
from ...core.symmetry import least_square
from . import explain, notation, view
from .captures import captures
from .layout import Layout
from .moves import PASS, SWAP
from .notation import BLACK, WHITE
from .placement import placements

#: what :meth:`NebuchadnezzarState.pop` restores: black, white, colour to move, swapped,
#: passes, after_swap, the result, the legal moves, the repetition table
Undo = tuple[int, int, int, bool, int, bool, Result | None, list[int] | None,
             dict[tuple[int, int, int], int]]


class NebuchadnezzarState(State[int]):
    """A game of Nebuchadnezzar. Moves are ints (see moves.py).

    Seat 0 plays Black and seat 1 White until a swap exchanges them. Repetitions are
    counted in a table of positions (board and colour to move) that is emptied at every
    placement: a placement adds a disc and no move removes one, so no earlier position
    can ever come back.
    """

    def __init__(self, game: Game, options: dict[str, Any], lay: Layout, black: int,
                 white: int, color: int) -> None:
        self.game = game
        self.options = options
        self.lay = lay
        self.black = black
        self.white = white
        self.color = color  # colour to move
        self.swapped = False  # seat 0 plays White
        self.passes = 0  # passes in a row just before this position
        self.after_swap = False  # the last move was a swap
        self.reps: dict[tuple[int, int, int], int] = {(black, white, color): 1}
        self._result: Result | None = None
        self._moves: list[int] = []
        self._undo: list[Undo] = []
        self._legal: list[int] | None = None
        self._setup = notation.position_str(lay, black, white, color)

    # -- protocol: turn and result ------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self.color ^ self.swapped

    def seat_of(self, color: int) -> int:
        """The seat playing ``color`` (``BLACK`` or ``WHITE``)."""
        return color ^ self.swapped

    def color_of(self, seat: int) -> int:
        """The colour (``BLACK`` or ``WHITE``) that ``seat`` plays."""
        return seat ^ self.swapped

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def moves(self) -> list[int]:
        return self._moves

    def discs(self) -> list[int]:
        """Discs on the board per seat."""
        b, w = self.black.bit_count(), self.white.bit_count()
        return [w, b] if self.swapped else [b, w]

    def repetitions(self) -> int:
        """How many times the current position has occurred (this time included)."""
        return self.reps[(self.black, self.white, self.color)]

    def legal_moves(self) -> list[int]:
        """Every legal move (kept until the position changes; a copy, free to change)."""
        if self._legal is None:
            self._legal = [] if self._result is not None else self.generate()
        return list(self._legal)

    def generate(self) -> list[int]:
        """Every legal move, listed afresh: placements in reading order, captures by
        corner, then swap, or else only pass."""
        lay = self.lay
        black, white = self.black, self.white
        mine, theirs = (black, white) if self.color == BLACK else (white, black)
        out = lay.bit_indices(placements(lay, mine, theirs))
        out += [-m for m in captures(lay, mine, theirs)]
        if self.swap_allowed():
            out.append(SWAP)
        return out or [PASS]

    def swap_allowed(self) -> bool:
        """The pie rule: White's move, one disc on the board (black), no swap just before."""
        return (self.color == WHITE and not self.white and self.black.bit_count() == 1
                and not self.after_swap)

    # -- protocol: playing ----------------------------------------------------------------

    def push(self, move: int) -> None:
        self._undo.append((self.black, self.white, self.color, self.swapped, self.passes,
                           self.after_swap, self._result, self._legal, self.reps))
        self._moves.append(move)
        self.advance(move)

    def advance(self, move: int) -> None:
        """Play ``move`` without keeping what :meth:`pop` needs (fast playouts)."""
        color = self.color
        mover = self.seat_of(color)
        self._legal = None
        if move == SWAP:
            self.swapped = not self.swapped
            self.after_swap = True
        else:
            self.after_swap = False
            if move == PASS:
                self.passes += 1
            else:
                self.passes = 0
                if move > 0:
                    if color == BLACK:
                        self.black |= 1 << move
                    else:
                        self.white |= 1 << move
                    self.reps = {}
                else:
                    self.black ^= -move
                    self.white ^= -move
            self.color = color ^ 1
        key = (self.black, self.white, self.color)
        reps = self.reps
        seen = reps[key] = reps.get(key, 0) + 1
        if move < 0 and not (self.white if color == BLACK else self.black):
            self._result = Result(mover, "annihilation", {"discs": self.discs()})
        elif self.passes >= 2:
            self._result = self._by_discs("blocked")
        elif seen >= 3:
            self._result = self._by_discs("repetition")

    def _by_discs(self, reason: str) -> Result:
        """More discs on the board wins; equal counts are a draw."""
        d = self.discs()
        winner = None if d[0] == d[1] else (0 if d[0] > d[1] else 1)
        return Result(winner, reason, {"discs": d})

    def pop(self) -> int:
        if not self._undo:
            raise IndexError("no move to take back")
        move = self._moves.pop()
        reps = self.reps
        key = (self.black, self.white, self.color)
        (self.black, self.white, self.color, self.swapped, self.passes, self.after_swap,
         self._result, self._legal, self.reps) = self._undo.pop()
        if self.reps is reps:  # not a placement: the table is shared, uncount the position
            if reps[key] == 1:
                del reps[key]
            else:
                reps[key] -= 1
        return move

    def copy(self, history: bool = True) -> NebuchadnezzarState:
        new = object.__new__(NebuchadnezzarState)
        new.__dict__.update(self.__dict__)
        tables = {id(self.reps): dict(self.reps)}
        new.reps = tables[id(self.reps)]
        if history:
            new._moves = list(self._moves)
            undo = []
            for entry in self._undo:  # tables shared between entries stay shared
                old = entry[-1]
                copied = tables.get(id(old))
                if copied is None:
                    copied = tables[id(old)] = dict(old)
                undo.append((*entry[:-1], copied))
            new._undo = undo
        else:
            new._moves = []
            new._undo = []
        return new

    # -- protocol: notation -----------------------------------------------------------------

    def move_to_str(self, move: int) -> str:
        return notation.move_to_str(self.lay, move)

    def parse_move(self, text: str) -> int:
        return notation.parse_move(self.lay, text)

    def check_move(self, move: int) -> None:
        explain.check_move(self, move)

    def setup(self) -> str:
        return self._setup

    def position(self) -> str:
        return notation.position_str(self.lay, self.black, self.white, self.color)

    # -- views ------------------------------------------------------------------------------

    def canonical_key(self) -> str:
        """The board up to the square's eight symmetries (captures and walls look at rows,
        columns and edges alike), the colour to move, the swap and the passes."""
        board, _, turn = self.position().partition(" ")
        head, _, rows = board.partition(":")
        return (f"{head}:{least_square(rows.split('/'))} {turn} {int(self.swapped)}"
                f"{self.passes}{int(self.after_swap)}")

    def view(self) -> dict[str, Any]:
        return view.view(self)

    def render_text(self) -> str:
        return view.render_text(self)
