"""Nibble on the game protocol: turns, collections, results, undo, views."""

from __future__ import annotations

from typing import Any

from ...core.errors import BadSetup, GameOver, IllegalMove
from ...core.geometry import LETTERS
from ...core.protocol import MAX_SEED, Game, Option, Result, State
from ...core.rng import SeededRng
from ...core.symmetry import least_square
from . import notation, rules
from .board import Board, topology
from .setup import color_table, random_colors
from .variants import COLOR_CHARS, VARIANTS, Variant

#: what :meth:`NibbleState.pop` restores: occ, the colour's bits, the union-find parents,
#: the result, the colour and the number of discs taken
Undo = tuple[int, int, list[int], Result | None, int, int]


class NibbleGame(Game):
    id = "nibble"
    name = "Nibble"
    knowledge = "nibble.games.nibble.knowledge:NibbleKnowledge"
    themes = "nibble.games.nibble.themes:NibbleThemes"
    lessons = "nibble.games.nibble.lessons:LESSONS"
    ratings = "nibble.games.nibble.ratings"
    pool = "nibble.games.nibble.pool:NibbleMCTS"
    bench = "nibble.games.nibble.bench:CASES"
    # alpha-beta nodes: the first pass about 60 ms a position in a desktop browser
    first_pass_iterations = 2_000
    second_pass_iterations = 32_000
    options = (
        Option("variant", "choice", "square9", "Variant",
               choices=tuple((v.id, v.label) for v in VARIANTS.values())),
        Option("seed", "int", None, "Seed", min=0, max=MAX_SEED),
        Option("color_order", "choice", "random", "Colour table",
               choices=(("random", "Random order"), ("fixed", "Fixed order 1, 2, …"))),
        Option("decided_early", "bool", True, "End the game once it is decided"),
    )

    def new_state(self, options: dict[str, Any]) -> NibbleState:
        variant = VARIANTS[options["variant"]]
        rng = SeededRng(options["seed"])
        cells: list[int | None] = list(random_colors(variant, rng))
        table = color_table(variant, options["color_order"], rng)
        return NibbleState(self, options, variant, cells, table)

    def start_paint(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """The cells next to each cell (reading order): web/games/nibble/setup.js draws the
        seed's discs from them as setup.py does."""
        grid = VARIANTS[options["variant"]].grid
        return {"neighbours": [grid.neighbours(i) for i in range(grid.n_cells)]}

    def typed_setup(self, text: str) -> str:
        """A board typed without its colour table (no space) gets the fixed one: colours
        1, 2, … in order, as many as the variant has."""
        if " " in text:
            return text
        variant = VARIANTS.get(text.partition(":")[0])
        return f"{text} {COLOR_CHARS[: variant.colors] if variant else '123456789'}"

    def options_from_setup(self, setup: object) -> dict[str, Any]:
        """The variant a set-up is written for (``hex13:…``), so a record may leave it out."""
        if isinstance(setup, str) and setup.partition(":")[0] in VARIANTS:
            return {"variant": setup.partition(":")[0]}
        return {}

    def from_setup(self, setup: str, options: dict[str, Any]) -> NibbleState:
        variant, cells, table = notation.parse_setup(setup)
        if options.get("variant") not in (None, variant.id):
            raise BadSetup(f"The set-up is a {variant.id} position but the options say "
                           f"{options['variant']}.")
        options = {**options, "variant": variant.id}
        check_position(variant, cells)
        return NibbleState(self, options, variant, cells, table)


def check_position(variant: Variant, cells: list[int | None]) -> None:
    """``BadSetup`` unless ``cells`` could occur in a game of ``variant``."""
    grid = variant.grid
    counts = [0] * variant.colors
    for c in cells:
        if c is not None:
            counts[c] += 1
    for c, k in enumerate(counts):
        if k > variant.colors:
            raise BadSetup(f"Colour {COLOR_CHARS[c]} has {k} discs; there are only "
                           f"{variant.colors}.")
    if not any(k for k in counts):
        raise BadSetup("The position has no discs left to play.")
    for i, c in enumerate(cells):
        if c is None:
            continue
        for j in grid.neighbours(i):
            if cells[j] == c:
                raise BadSetup(f"{grid.name(i)} and {grid.name(j)} are side by side and both "
                               f"colour {COLOR_CHARS[c]}; no two discs of a colour may touch.")
    occ = grid.mask_of(i for i, c in enumerate(cells) if c is not None)
    if not topology(variant).connected(occ):
        raise BadSetup("The discs do not form a single connected group.")


class NibbleState(State[int]):
    """A game of Nibble. Moves are bitmasks of the cells taken."""

    def __init__(self, game: NibbleGame, options: dict[str, Any], variant: Variant,
                 cells: list[int | None], table: list[int]) -> None:
        self.game = game
        self.options = options
        self.variant = variant
        self.grid = variant.grid
        self.topo = topology(variant)
        self.board = Board.from_cells(self.topo, cells)
        self.table = table
        self.triples = rules.adjacent_triples(table)
        self.partners = rules.run_partners(self.triples, variant.colors)
        self.decided_early = options.get("decided_early", True)
        self.collections = [[0] * variant.colors for _ in range(2)]
        self._to_move = 0
        self._result: Result | None = None
        self._moves: list[int] = []
        self._undo: list[Undo] = []
        self._setup = f"{notation.position_str(variant, cells)} {notation.table_str(table)}"

    # -- protocol: turn and result ------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def moves(self) -> list[int]:
        return self._moves

    def legal_moves(self) -> list[int]:
        if self._result is not None:
            return []
        return self.board.takes()

    # -- protocol: playing ----------------------------------------------------------------

    def push(self, move: int) -> None:
        board = self.board
        color, k = board.color_of[(move & -move).bit_length() - 1], move.bit_count()
        self._undo.append((board.occ, board.color_bits[color], list(board.parent),
                           self._result, color, k))
        self._moves.append(move)
        self._play(move, color, k)

    def advance(self, move: int) -> None:
        """Play ``move`` without keeping what :meth:`pop` needs (fast playouts)."""
        board = self.board
        self._play(move, board.color_of[(move & -move).bit_length() - 1], move.bit_count())

    def _play(self, move: int, color: int, k: int) -> None:
        """Take ``move``: ``k`` discs of ``color`` (found once by the caller and kept for
        :meth:`pop`: reading a big integer's bits is among the costliest steps in the
        browser's Python)."""
        self.board.take(move, color)
        seat = self._to_move
        self.collections[seat][color] += k
        self._to_move = seat ^ 1
        self._result = self._judge(seat, color)

    def pop(self) -> int:
        if not self._undo:
            raise IndexError("no move to take back")
        move = self._moves.pop()
        occ, bits, parent, result, color, k = self._undo.pop()
        board = self.board
        board.occ, board.color_bits[color], board.parent = occ, bits, parent
        self._to_move ^= 1
        self.collections[self._to_move][color] -= k
        self._result = result
        return move

    def _judge(self, seat: int, color: int) -> Result | None:
        v = self.variant
        win = rules.instant_win(seat, self.collections[seat], color, self.triples, v)
        if win is not None:
            return win
        if not self.board.occ:
            return rules.majority_result(self.collections, v, "majority-of-majorities")
        if self.decided_early:
            return rules.decided_early(self.collections[seat], seat, self.triples, v)
        return None

    def copy(self, history: bool = True) -> NibbleState:
        new = object.__new__(NibbleState)
        new.__dict__.update(self.__dict__)
        new.board = self.board.copy()
        new.collections = [list(c) for c in self.collections]
        new._moves = list(self._moves) if history else []
        new._undo = [(o, b, list(p), r, c, k) for o, b, p, r, c, k in self._undo] if history else []
        return new

    # -- protocol: notation -----------------------------------------------------------------

    def move_to_str(self, move: int) -> str:
        return notation.move_to_str(self.grid, move)

    def parse_move(self, text: str) -> int:
        return notation.parse_move(self.grid, text)

    def check_move(self, move: int) -> None:
        if self._result is not None:
            raise GameOver("The game is over; no more discs can be taken.", "game.over")
        grid, board = self.grid, self.board
        occ = board.occ
        cells = grid.cells_of(move)
        if not cells:
            raise IllegalMove("A take needs at least one disc.", "nibble.move-empty")
        for i in cells:
            if not (occ >> grid.bits[i]) & 1:
                raise IllegalMove(f"{grid.name(i)} is empty.", "nibble.empty-cell",
                                  cell=grid.name(i))
        colors = {board.color_of[grid.bits[i]] for i in cells}
        if len(colors) > 1:
            a, b = cells[0], next(i for i in cells
                                  if board.color_of[grid.bits[i]] != board.color_of[
                                      grid.bits[cells[0]]])
            ca, cb = board.color_of[grid.bits[a]] + 1, board.color_of[grid.bits[b]] + 1
            raise IllegalMove(
                f"All discs of a take must be one colour: {grid.name(a)} is colour {ca} and "
                f"{grid.name(b)} is colour {cb}.", "nibble.mixed-colours",
                a=grid.name(a), color_a=ca, b=grid.name(b), color_b=cb)
        cand = self.topo.candidates(occ)
        k = self.variant.exposed
        for i in cells:
            b = grid.bits[i]
            if not (cand >> b) & 1:
                sides = self.topo.exposed_sides(occ, b)
                has = f"its exposed sides are {', '.join(sides)}" if sides else (
                    "it has no exposed side")
                raise IllegalMove(f"{grid.name(i)} cannot be taken: it needs {k} adjacent "
                                  f"exposed sides and {has}.", "nibble.not-exposed",
                                  cell=grid.name(i), need=k, sides=sides)
        if not self.topo.connected(occ & ~move):
            what = "that disc" if len(cells) == 1 else "those discs"
            raise IllegalMove(f"Taking {what} ({self.move_to_str(move)}) would split the "
                              f"remaining discs into separate groups.", "nibble.split",
                              move=self.move_to_str(move), count=len(cells))

    def setup(self) -> str:
        return self._setup

    def cell_colors(self) -> list[int | None]:
        """Colour (0-based) or ``None`` per cell, in reading order."""
        occ, color_of = self.board.occ, self.board.color_of
        return [color_of[b] if (occ >> b) & 1 else None for b in self.grid.bits]

    def position(self) -> str:
        return notation.position_str(self.variant, self.cell_colors())

    def canonical_key(self) -> str:
        """The board up to the square's eight symmetries (a hexagon as it stands), the
        colour table, both collections and the side to move: taking rules look at sides
        only, so a turned or mirrored board plays the same."""
        board = self.position().partition(":")[2]
        if self.variant.id.startswith("square"):
            board = least_square(board.split("/"))
        held = "/".join("".join(str(n) for n in c) for c in self.collections)
        return (f"{self.variant.id}:{board} {notation.table_str(self.table)} {held} "
                f"{self._to_move}")

    # -- views ------------------------------------------------------------------------------

    def progress(self, seat: int) -> dict[str, Any]:
        v = self.variant
        mine, theirs = self.collections[seat], self.collections[seat ^ 1]
        all_ok, three_ok = rules.can_win_instantly(theirs, self.triples, v)
        open_colors = [c for c in range(v.colors) if theirs[c] == 0] or list(range(v.colors))
        best = max(open_colors, key=lambda c: (mine[c], -self.table.index(c)))
        t = v.adjacent_need
        open_triples = [tri for tri in self.triples
                        if all(theirs[c] <= v.colors - t for c in tri)] or self.triples
        tri = max(open_triples, key=lambda tr: sum(min(mine[c], t) for c in tr))
        majors = rules.majority_colors(mine, v)
        return {
            "all_of_color": {"color": best + 1, "count": mine[best], "need": v.colors,
                             "possible": theirs[best] == 0},
            "three_adjacent": {"colors": [c + 1 for c in tri], "counts": [mine[c] for c in tri],
                               "need": t, "possible": all(theirs[c] <= v.colors - t
                                                          for c in tri)},
            "majorities": {"colors": [c + 1 for c in majors], "count": len(majors),
                           "need": v.majorities, "holds": len(majors) >= v.majorities},
            "can_win_instantly": all_ok or three_ok,
        }

    def view(self) -> dict[str, Any]:
        v, grid = self.variant, self.grid
        colors = [None if c is None else c + 1 for c in self.cell_colors()]  # 1-based
        progress = [self.progress(s) for s in range(2)]
        holder = next((s for s in range(2) if progress[s]["majorities"]["holds"]), None)
        warnings = [{"key": "no-instant-win", "seat": s} for s in range(2)
                    if not progress[s]["can_win_instantly"]]
        if holder is not None:
            warnings.append({"key": "holds-majority", "seat": holder})
        if self._result is not None:
            warnings = []  # the result explains the end; a warning would contradict it
        last = None
        if self._moves:
            m = self._moves[-1]
            last = {"move": self.move_to_str(m), "seat": self._to_move ^ 1,
                    "cells": [grid.name(i) for i in grid.cells_of(m)],
                    "color": self.board.color_of[(m & -m).bit_length() - 1] + 1}
        return {
            "game": self.game.id,
            "variant": v.id,
            "players": 2,
            "to_move": self._to_move,
            "ply": len(self._moves),
            "board": {
                "shape": grid.shape,
                "row_lengths": list(grid.row_lengths),
                "cells": [{"id": grid.name(i), "row": r, "col": c, "color": colors[i]}
                          for i, (r, c) in enumerate(grid.cells)],
            },
            "legal_moves": self.legal_moves_str(),
            "input": {"kind": "set", "separator": "+"},
            "last_move": last,
            "result": None if self._result is None else self._result.to_json(),
            "colors": v.colors,
            "color_table": [c + 1 for c in self.table],
            "collections": [list(c) for c in self.collections],
            "thresholds": {"all": v.colors, "adjacent": v.adjacent_need,
                           "majority": v.majority, "majorities": v.majorities},
            "progress": progress,
            "majority_holder": holder,
            "warnings": warnings,
        }

    def render_text(self) -> str:
        grid = self.grid
        chars = ["." if c is None else COLOR_CHARS[c] for c in self.cell_colors()]
        width = max(grid.row_lengths)
        lines = []
        if grid.shape == "square":
            lines.append("    " + " ".join(LETTERS[:width]))
        i = 0
        for r, length in enumerate(grid.row_lengths):
            row = " ".join(chars[i:i + length])
            pad = " " * (width - length) if grid.shape == "hex" else ""
            lines.append(f"{r + 1:>3} {pad}{row}")
            i += length
        lines.append("colour table: " + " ".join(COLOR_CHARS[c] for c in self.table))
        for s in range(2):
            held = " ".join(f"{COLOR_CHARS[c]}:{k}" for c, k in enumerate(self.collections[s])
                            if k)
            lines.append(f"player {s + 1}: {held or '-'}")
        return "\n".join(lines)
