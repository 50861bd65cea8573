"""Number One's rule lessons (``nibble.core.lessons``; ``nibble.puzzles.lessons`` makes
the page's file of them): landing on a token (a landing on an empty hole turns the peg),
the large peg's bent path, and leaving the other player's small peg nowhere to land. The
positions come from the rules' own diagram and from games of the engine against itself
(seeded, so a record's moves reach them); the answers are found from the rules by each
goal."""

from __future__ import annotations

from typing import Any

from ...core.lessons import Lesson, after

#: the other player's turns looked through for a way out of a knock-out, at most (a turn
#: is three pegs; a knock-out is decided within one turn)
MAX_PLIES = 4


def _small_on_token(state: Any, move: Any) -> bool:
    text = state.move_to_str(move)
    return bool(text.startswith("S-") and not text.endswith(("*", "x")))


def _lands_on(cell: str) -> Any:
    def goal(state: Any, move: Any) -> bool:
        text = state.move_to_str(move)
        return bool(text.split("-")[-1] == cell)
    return goal


def _out_whatever_they_do(state: Any, seat: int, plies: int = 0) -> bool:
    """``seat`` is out before its turn ends, whatever it plays."""
    if state.is_over():
        return bool(state.result.winner != seat)
    if seat in state.view()["out"]:
        return True
    if state.to_move != seat or plies >= MAX_PLIES:
        return False
    return all(_out_whatever_they_do(after(state, m), seat, plies + 1)
               for m in state.legal_moves())


def _knocks_out(state: Any, move: Any) -> bool:
    """The move ends the turn, and the next player's small peg then has nowhere to land
    whatever they do: they are out."""
    later = after(state, move)
    if later.to_move == state.to_move:
        return False
    return _out_whatever_they_do(later, later.to_move)


def _players(players: int, seed: int, moves: str) -> dict[str, Any]:
    return {"options": {"players": players, "seed": seed}, "moves": moves.split()}


def _two(seed: int, moves: str) -> dict[str, Any]:
    return _players(2, seed, moves)


LESSONS = [
    # the rules' "landings" diagram: the small peg on c3, tokens and empty holes around it
    Lesson("token", _players(3, 0, "S-b2-c3 M-b3-b5 L-c2-f2 S-j6-i6 M-i5-g5 L-i7-f7 "
                                   "S-b10-c9 M-c10-e10 L-b9-b6"), _small_on_token),
    Lesson("reach", _two(0, "S-b2-c3 M-b3-b5 L-c2-f5 L-e10-b10 M-g9-h8-h7 S-f10-f9 S-c3-d3 "
                            "L-f5-f6-f8 M-b5-d5 L-b10-c9-e9 M-h7-g5 S-f9-e10*"),
           _lands_on("c9"), {"cell": "c9"}),
    Lesson("knock-out", _two(24, "S-b2-c3 M-b3-b5 L-c2-f5 M-g9-e9 L-e10-h7 S-f10-f9 L-f5-g8 "
                                 "M-b5-c7 S-c3-d4 S-f9-g9* L-h7-h6-h4 M-e9-d9-c10 M-c7-d7-e6 "
                                 "S-d4-e4 L-g8-h7-g5 M-c10-d9-e9* L-h4-i5-h7* S-g9-h8 S-e4-e3 "
                                 "M-e6-e7-f7"), _knocks_out),
]
