"""What the page draws (``view``, docs/contracts.md) and the terminal board (``render_text``)."""

from __future__ import annotations

from typing import Any

from .board import GRID, name
from .contract import NumberOneShape
from .moves import EMPTY, REMOVE, SIZE_NAMES, SIZES, move_to_str, start_of
from .position import NONE
from .rules import path_holes


def move_cells(move: int) -> list[str]:
    """The holes a move touches, in order: its whole path, or the hole a peg leaves."""
    if move & REMOVE:
        return [name(start_of(move))]
    return [name(start_of(move))] + [name(h) for h in path_holes(move) or ()]


def input_entry(move: int) -> dict[str, Any]:
    text = move_to_str(move)
    cells = move_cells(move)
    if move & REMOVE:  # a peg leaving the board is never played by a stray click
        return {"move": text, "steps": [[cells[0]]], "show": {"remove": cells[0]},
                "confirm": True}
    return {"move": text, "steps": [[cells[0]], [cells[-1]]],
            "show": {"path": cells, "landing": "empty" if move & EMPTY else "token"}}


def _pegs(state: NumberOneShape) -> list[list[dict[str, Any]]]:
    return [[{"size": SIZES[s], "hole": name(state.pegs[seat * 3 + s]),
              "turned": bool((state.turned >> (seat * 3 + s)) & 1)}
             for s in range(3) if state.pegs[seat * 3 + s] != NONE]
            for seat in range(state.players)]


def _cells(state: NumberOneShape) -> list[dict[str, Any]]:
    owner = {b: i for i, b in enumerate(state.pegs) if b != NONE}
    cells = []
    for cell, (r, c) in enumerate(GRID.cells):
        b = GRID.bits[cell]
        peg = None
        if b in owner:
            i = owner[b]
            peg = {"seat": i // 3, "size": SIZES[i % 3], "turned": bool((state.turned >> i) & 1)}
        cells.append({"id": GRID.name(cell), "row": r, "col": c,
                      "playable": bool((state.playable >> b) & 1),
                      "token": bool((state.tokens >> b) & 1), "peg": peg})
    return cells


def _coords(state: NumberOneShape) -> dict[str, Any]:
    """How the board draws its coordinates (docs/contracts.md, "Number One"): along the
    lines of the notation, for the rows and letters that have holes in play."""
    rows, cols = set(), set()
    for cell, (r, c) in enumerate(GRID.cells):
        if (state.playable >> GRID.bits[cell]) & 1:
            rows.add(r)
            cols.add(c)
    return {"kind": "lines", "rows": [min(rows), max(rows)], "cols": [min(cols), max(cols)]}


def _last_turn(state: NumberOneShape) -> list[dict[str, Any]]:
    """The moves of the last turn, in order: those at the end of the game made by the seat
    that made the last move (its whole turn, or its turn so far)."""
    turn: list[dict[str, Any]] = []
    ply = len(state.moves) - 1
    seat = state.seat_of_move(ply) if ply >= 0 else None
    while ply >= 0 and state.seat_of_move(ply) == seat:
        m = state.moves[ply]
        turn.append({"move": move_to_str(m), "seat": seat, "cells": move_cells(m)})
        ply -= 1
    turn.reverse()
    return turn


def build_view(state: NumberOneShape) -> dict[str, Any]:
    moves = state.legal_moves()
    turn = _last_turn(state)
    last = turn[-1] if turn else None
    seat = state.to_move
    todo = [] if state.result is not None else [
        SIZES[s] for s in range(3)
        if (state.alive >> (3 * seat + s)) & 1 and not (state.moved >> s) & 1]
    return {
        "game": state.game.id,
        "variant": None,
        "players": state.players,
        "to_move": seat,
        "ply": len(state.moves),
        "board": {"shape": GRID.shape, "style": "holes", "row_lengths": list(GRID.row_lengths),
                  "coords": _coords(state), "cells": _cells(state)},
        "legal_moves": [move_to_str(m) for m in moves],
        "input": {"kind": "steps", "moves": [input_entry(m) for m in moves], "actions": [],
                  "forced": None},
        "last_move": last,
        "last_turn": turn,
        "result": None if state.result is None else state.result.to_json(),
        "pegs": _pegs(state),
        "to_move_pegs": todo,
        "out": list(state.out),
        "tokens": state.tokens.bit_count(),
        "movers": [state.seat_of_move(i) for i in range(len(state.moves))],
    }


def render_text(state: NumberOneShape) -> str:
    """The board as text: ``o`` token, ``.`` empty hole, ``-`` not in play, a peg as its
    player's number and letter (lower case when turned)."""
    owner = {b: i for i, b in enumerate(state.pegs) if b != NONE}
    width = max(GRID.row_lengths)
    lines, i = [], 0
    for r, length in enumerate(GRID.row_lengths):
        row = []
        for b in GRID.bits[i:i + length]:
            if b in owner:
                j = owner[b]
                letter = SIZES[j % 3]
                row.append(f"{j // 3 + 1}{letter.lower() if (state.turned >> j) & 1 else letter}")
            elif not (state.playable >> b) & 1:
                row.append(" -")
            else:
                row.append(" o" if (state.tokens >> b) & 1 else " .")
        lines.append(f"{r + 1:>3} {'  ' * (width - length)}{'  '.join(row)}")
        i += length
    for seat, pegs in enumerate(_pegs(state)):
        listed = ", ".join(f"{SIZE_NAMES[SIZES.index(p['size'])]} {p['hole']}"
                           f"{' (turned)' if p['turned'] else ''}" for p in pegs)
        lines.append(f"player {seat + 1}: {listed or 'out'}")
    lines.append(f"tokens left: {state.tokens.bit_count()}")
    moved = "".join(SIZES[s] for s in range(3) if (state.moved >> s) & 1)
    if state.result is None and moved:
        lines.append(f"player {state.to_move + 1} has already moved this turn: {moved}")
    return "\n".join(lines)
