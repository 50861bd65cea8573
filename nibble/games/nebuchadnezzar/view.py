"""What the page renders (docs/contracts.md, "Nebuchadnezzar") and the terminal drawing."""

from __future__ import annotations

from typing import Any, Protocol, cast

from ...core.geometry import LETTERS
from .contract import NebuchadnezzarShape
from .moves import PASS, SWAP
from .notation import COLOR_NAMES
from .walls import wall_mask


def _disc_chars(state: NebuchadnezzarShape) -> list[str | None]:
    """``"b"``, ``"w"`` or ``None`` per point, in reading order."""
    lay, black, white = state.lay, state.black, state.white
    out: list[str | None] = []
    for r in range(lay.size):
        for c in range(lay.size):
            bit = 1 << lay.bit(r, c)
            out.append("b" if black & bit else "w" if white & bit else None)
    return out


def _input_move(state: NebuchadnezzarShape, move: int) -> dict[str, Any]:
    lay = state.lay
    text = state.move_to_str(move)
    if move > 0:
        return {"move": text, "steps": [[text]]}
    rect = lay.rect_of(-move)
    area = lay.names(-move)
    # a capture is shown with its walls and waits for Confirm (a placement is one click)
    return {"move": text, "steps": [area],
            "show": {"area": area, "walls": lay.names(wall_mask(lay, *rect))}, "confirm": True}


def _move_cells(state: NebuchadnezzarShape, move: int) -> list[str]:
    """The points a move changed."""
    if move in (PASS, SWAP):
        return []
    return state.lay.names(1 << move if move > 0 else -move)


class _Playable(NebuchadnezzarShape, Protocol):
    """The state itself, which :func:`_repeating` plays moves on and takes back."""

    def push(self, move: int) -> None: ...

    def pop(self) -> int: ...


def _repeating(state: NebuchadnezzarShape, legal: list[int]) -> list[str]:
    """The legal moves after which a position occurs for the third time, so that the game
    ends by repetition (played and taken back: the state's own rules decide). Placements
    never do: a placement adds a disc and no move removes one, so only captures, a pass
    and a swap are tried."""
    playable = cast(_Playable, state)
    out = []
    for move in legal:
        if move > SWAP:
            continue
        playable.push(move)
        result = playable.result
        playable.pop()
        if result is not None and result.reason == "repetition":
            out.append(state.move_to_str(move))
    return out


def view(state: NebuchadnezzarShape) -> dict[str, Any]:
    lay = state.lay
    legal = state.legal_moves()
    last = None
    if state.moves:
        m = state.moves[-1]
        last = {"move": state.move_to_str(m), "seat": state.to_move ^ 1,  # seats alternate
                "cells": _move_cells(state, m)}
    discs = _disc_chars(state)
    n = lay.size
    seat_colors = [COLOR_NAMES[state.color_of(seat)] for seat in range(2)]
    return {
        "game": state.game.id,
        "variant": None,
        "players": 2,
        "to_move": state.to_move,
        "ply": len(state.moves),
        "board": {
            "shape": "square",
            "style": "points",
            "row_lengths": [n] * n,
            "cells": [{"id": lay.name(r, c), "row": r, "col": c, "disc": discs[r * n + c]}
                      for r in range(n) for c in range(n)],
        },
        "legal_moves": [state.move_to_str(m) for m in legal],
        "input": {
            "kind": "steps",
            "moves": [_input_move(state, m) for m in legal if m not in (PASS, SWAP)],
            "actions": [{"move": "swap", "action": "swap"}] if SWAP in legal else [],
            "forced": "pass" if legal == [PASS] else None,
        },
        "last_move": last,
        "result": None if state.result is None else state.result.to_json(),
        "size": n,
        "colors": seat_colors,
        "discs": state.discs(),
        "swapped": state.swapped,
        "passes": state.passes,
        "repetitions": state.repetitions(),
        "repeating": _repeating(state, legal),
    }


def render_text(state: NebuchadnezzarShape) -> str:
    """The board with column letters and row numbers, then who plays which colour."""
    n = state.lay.size
    discs = _disc_chars(state)
    lines = ["    " + " ".join(LETTERS[:n])]
    for r in range(n):
        row = " ".join(d or "." for d in discs[r * n:(r + 1) * n])
        lines.append(f"{r + 1:>3} {row}")
    d = state.discs()
    for seat in range(2):
        color = COLOR_NAMES[state.color_of(seat)]
        lines.append(f"player {seat + 1} ({color}): {d[seat]} disc{'' if d[seat] == 1 else 's'}")
    if state.swapped:
        lines.append("(the colours were swapped)")
    return "\n".join(lines)
