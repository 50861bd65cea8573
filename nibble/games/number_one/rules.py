"""Why a peg's move is not legal, in words a player understands.

The move generator (:mod:`.state`) only lists legal moves; this module takes any move the
notation can write and names the first rule it breaks, with a ``reason``
(``number-one.<what>``) and ``params`` so that the page can say it in the player's
language. Its path geometry is worked out from coordinates, not from the path tables, so
it doubles as a cross-check of them in the tests.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalMove
from .board import line, name, step
from .contract import NumberOneShape
from .moves import (
    EMPTY,
    REMOVE,
    SIZE_NAMES,
    SIZES,
    STEPS,
    bend_of,
    landing_of,
    move_to_str,
    size_of,
    start_of,
)


def _refuse(move: str, why: str, reason: str, **params: Any) -> IllegalMove:
    return IllegalMove(f"{move} cannot be played: {why}.", f"number-one.{reason}",
                       move=move, **params)


def path_holes(move: int) -> list[int] | None:
    """Every hole of the move's path after the start, in order; None if a leg of the path
    is not a straight line (or has no length)."""
    start, landing, bend = start_of(move), landing_of(move), bend_of(move)
    holes: list[int] = []
    here = start
    for target in ((bend, landing) if bend else (landing,)):
        ln = line(here, target)
        if ln is None:
            return None
        d, n = ln
        for k in range(1, n + 1):
            h = step(here, d, k)
            assert h is not None  # the hexagon is convex: a line between holes stays on it
            holes.append(h)
        here = target
    return holes


def explain_refusal(state: NumberOneShape, move: int) -> None:
    """Raise ``IllegalMove`` naming the rule ``move`` breaks; return if it is legal."""
    text = move_to_str(move)
    seat = state.to_move
    size, start = size_of(move), start_of(move)
    peg = state.peg_at(start)
    if peg is None:
        raise _refuse(text, f"there is no peg on {name(start)}", "no-peg", hole=name(start))
    owner, own_size = divmod(peg, 3)
    if owner != seat:
        raise _refuse(text, f"the peg on {name(start)} is player {owner + 1}'s and it is "
                      f"player {seat + 1}'s turn", "not-your-peg", hole=name(start),
                      seat=owner, to_move=seat)
    if own_size != size:
        raise _refuse(text, f"the peg on {name(start)} is the {SIZE_NAMES[own_size]} peg "
                      f"({SIZES[own_size]}), not the {SIZE_NAMES[size]} one", "wrong-peg",
                      hole=name(start), peg=SIZES[own_size])
    if (state.moved >> size) & 1:
        raise _refuse(text, "it is not this peg's turn: it has already moved", "already-moved",
                      peg=SIZES[size])
    if move & REMOVE:
        moves = state.peg_moves(seat, size)
        if not moves[0] & REMOVE:
            raise _refuse(text, f"this peg can still move (for example "
                          f"{move_to_str(moves[0])}), so it stays on the board",
                          "can-still-move", example=move_to_str(moves[0]))
        return
    _check_path(state, move, text)


def _check_path(state: NumberOneShape, move: int, text: str) -> None:
    size, start = size_of(move), start_of(move)
    landing, bend = landing_of(move), bend_of(move)
    legs = [(start, bend), (bend, landing)] if bend else [(start, landing)]
    dirs = []
    for a, b in legs:
        if a == b:
            raise _refuse(text, f"the path names {name(a)} twice in a row", "same-hole",
                          hole=name(a))
        ln = line(a, b)
        if ln is None:
            raise _refuse(text, f"{name(a)} to {name(b)} is not a straight line",
                          "not-straight", **{"from": name(a), "to": name(b)})
        dirs.append(ln)
    if bend:
        (d1, _), (d2, _) = dirs
        if d1 == d2:
            plain = text.replace(f"-{name(bend)}-", "-", 1)
            raise _refuse(text, f"the path does not change direction at {name(bend)}; "
                          f"write it without that hole ({plain})", "not-a-bend",
                          hole=name(bend), plain=plain)
        turn = min((d2 - d1) % 6, (d1 - d2) % 6) * 60
        if turn != 60:
            raise _refuse(text, f"a path bends only by 60° (to a neighbouring direction) and "
                          f"at {name(bend)} it turns by {turn}°", "bend-60", hole=name(bend),
                          angle=turn)
    n = sum(k for _, k in dirs)
    if n != STEPS[size]:
        s = "s" if STEPS[size] > 1 else ""
        raise _refuse(text, f"the {SIZE_NAMES[size]} peg moves exactly {STEPS[size]} step{s} "
                      f"(this path has {n})", "steps", peg=SIZES[size], steps=STEPS[size],
                      length=n)
    holes = path_holes(move)
    assert holes is not None
    for h in holes:
        if not (state.playable >> h) & 1:
            raise _refuse(text, f"{name(h)} is not in play with {state.players} players",
                          "not-in-play", hole=name(h), players=state.players)
        if state.peg_at(h) is not None:
            raise _refuse(text, f"{name(h)} holds a peg", "blocked", hole=name(h))
    land = name(landing)
    if (state.tokens >> landing) & 1:
        if move & EMPTY:
            plain = text[:-1]
            raise _refuse(text, f"{land} has a token, which the peg sinks: write the move "
                          f"without * ({plain})", "has-token", hole=land, plain=plain)
        return
    if (state.turned >> (state.to_move * 3 + size)) & 1:
        raise _refuse(text, f"{land} has no token and this peg is already turned",
                      "turned", hole=land)
    if not move & EMPTY:
        raise _refuse(text, f"{land} has no token; landing on an empty hole turns the peg, "
                      f"written with * ({text}*)", "needs-star", hole=land, starred=f"{text}*")
