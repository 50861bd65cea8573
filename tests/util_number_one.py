"""Helpers for building Number One positions in tests, from hole names only."""

from __future__ import annotations

from nibble.games import get_game
from nibble.games.number_one import NumberOneState
from tests.reference_number_one import all_holes, hole_name, in_play

GAME = get_game("number-one")


def position_text(players: int, pegs: list[str], empty: tuple[str, ...] = (),
                  turn: str = "1:", out: str = "-") -> str:
    """A position with a token on every hole in play except under the pegs and on ``empty``.

    ``pegs`` is one entry per seat as the notation writes it (``"Sd4,Me4*"`` or ``"-"``).
    """
    bare = set(empty)
    for group in pegs:
        if group != "-":
            bare |= {p[1:].rstrip("*") for p in group.split(",")}
    rows: list[str] = []
    last = None
    for h in all_holes():
        if h[1] != last:
            rows.append("")
            last = h[1]
        ch = "-" if not in_play(h, players) else "." if hole_name(h) in bare else "o"
        rows[-1] += ch
    return f"one{players}:{'/'.join(rows)} {'/'.join(pegs)} {turn} {out}"


def state(players: int, pegs: list[str], empty: tuple[str, ...] = (), turn: str = "1:",
          out: str = "-") -> NumberOneState:
    text = position_text(players, pegs, empty, turn, out)
    return GAME.from_setup(text, GAME.normalize_options({"players": players}))


def new(players: int = 3, **options) -> NumberOneState:
    return GAME.new_state(GAME.normalize_options({"players": players, **options}))


def names(s: NumberOneState) -> set[str]:
    return set(s.legal_moves_str())


def around(hole: str, distance: int, players: int = 4) -> tuple[str, ...]:
    """Every hole in play within ``distance`` steps of ``hole`` (itself excluded)."""
    from tests.reference_number_one import hole_at

    c = hole_at(hole)
    return tuple(hole_name(h) for h in all_holes()
                 if h != c and in_play(h, players)
                 and max(abs(a - b) for a, b in zip(h, c, strict=True)) <= distance)
