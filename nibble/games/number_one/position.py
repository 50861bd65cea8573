"""The position notation ``one<P>:<rows> <pegs> <turn> <out>``, written and read back.

``<rows>``: the 11 rows from the top joined by ``/``, each hole ``o`` (a token), ``.`` (no
token) or ``-`` (not in play). ``<pegs>``: per seat, joined by ``/``, its pegs joined by
``,`` (letter, hole, ``*`` when turned) or ``-``. ``<turn>``: the seat to move (1-based),
``:`` and the letters of its pegs that have already moved this turn. ``<out>``: the seats
that are out (1-based), in the order they went out, joined by ``,``, or ``-``.

Reading a position checks that it could occur in a game, and says what is wrong if not.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import BadSetup
from ...core.text import quote
from .board import GRID, name, playable_mask
from .moves import SIZE_NAMES, SIZES

NONE = -1  # a peg that is not on the board

EXAMPLE = "one2:------/-ooooo-/…/------ Mb3,Sb2,Lc2/Mg9,Sf10,Le10 1: -"


@dataclass
class Position:
    """Everything a position says, in the engine's terms (seats 0-based, holes as bits)."""

    players: int
    tokens: int  # mask of holes holding a token
    pegs: list[int]  # hole of peg ``seat * 3 + size``, or NONE
    turned: int  # bit ``seat * 3 + size`` set when that peg is turned
    to_move: int
    moved: int  # bit ``size`` set when that peg of the seat to move has moved this turn
    out: list[int]


def format_position(p: Position) -> str:
    playable = playable_mask(p.players)
    rows, i = [], 0
    bits = GRID.bits
    for length in GRID.row_lengths:
        row = []
        for b in bits[i:i + length]:
            row.append("-" if not (playable >> b) & 1 else "o" if (p.tokens >> b) & 1 else ".")
        rows.append("".join(row))
        i += length
    groups = []
    for seat in range(p.players):
        pegs = [f"{SIZES[s]}{name(p.pegs[seat * 3 + s])}"
                f"{'*' if (p.turned >> (seat * 3 + s)) & 1 else ''}"
                for s in range(3) if p.pegs[seat * 3 + s] != NONE]
        groups.append(",".join(pegs) or "-")
    # a peg that left the board this turn is simply gone, not "moved"
    moved = "".join(SIZES[s] for s in range(3)
                    if (p.moved >> s) & 1 and p.pegs[p.to_move * 3 + s] != NONE)
    out = ",".join(str(s + 1) for s in p.out) or "-"
    return f"one{p.players}:{'/'.join(rows)} {'/'.join(groups)} {p.to_move + 1}:{moved} {out}"


def _players(head: str) -> int:
    if not head.startswith("one") or head[3:] not in ("2", "3", "4"):
        raise BadSetup(f"A Number One position starts with one2:, one3: or one4: (the number "
                       f"of players), not '{head}:'. Example: {EXAMPLE}")
    return int(head[3:])


def _rows(body: str, players: int) -> int:
    rows = body.split("/")
    lengths = GRID.row_lengths
    if len(rows) != len(lengths):
        raise BadSetup(f"The board has {len(lengths)} rows of holes, joined by /; "
                       f"this position has {len(rows)}.")
    playable = playable_mask(players)
    tokens, i = 0, 0
    for r, (row, length) in enumerate(zip(rows, lengths, strict=True)):
        if len(row) != length:
            raise BadSetup(f"Row {r + 1} has {length} holes; the position gives {len(row)}.")
        for ch, b in zip(row, GRID.bits[i:i + length], strict=True):
            in_play = bool((playable >> b) & 1)
            if ch not in "o.-":
                raise BadSetup(f"'{ch}' in row {r + 1} is not a hole: write o (a token), "
                               f". (no token) or - (not in play).")
            if ch == "-" and in_play:
                raise BadSetup(f"{name(b)} is in play with {players} players: write o or ., "
                               f"not -.")
            if ch != "-" and not in_play:
                raise BadSetup(f"{name(b)} is not in play with {players} players (only the "
                               f"inner 61 holes are): write -.")
            if ch == "o":
                tokens |= 1 << b
        i += length
    return tokens


def _pegs(text: str, players: int, tokens: int) -> tuple[list[int], int]:
    groups = text.split("/")
    if len(groups) != players:
        raise BadSetup(f"The pegs part lists {len(groups)} players (groups joined by /); "
                       f"this is a {players}-player position.")
    playable = playable_mask(players)
    pegs, turned = [NONE] * (3 * players), 0
    where: dict[int, int] = {}
    for seat, group in enumerate(groups):
        if group == "-":
            continue
        for item in group.split(","):
            peg = item.strip()
            star = peg.endswith("*")
            core = peg[:-1] if star else peg
            if len(core) < 3 or core[0] not in SIZES:
                raise BadSetup(f"{quote(peg)} (player {seat + 1}) is not a peg: write its letter "
                               f"S, M or L, its hole, and * if it is turned, like Ma2*; or - "
                               f"for a player with no pegs.")
            size = SIZES.index(core[0])
            try:
                b = GRID.bits[GRID.parse(core[1:])]
            except ValueError as e:
                raise BadSetup(f"Player {seat + 1}'s peg {quote(peg)}: {e}.") from None
            what = f"Player {seat + 1}'s {SIZE_NAMES[size]} peg on {name(b)}"
            if pegs[seat * 3 + size] != NONE:
                raise BadSetup(f"Player {seat + 1} has two {SIZE_NAMES[size]} pegs.")
            if not (playable >> b) & 1:
                raise BadSetup(f"{what} stands on a hole that is not in play.")
            if (tokens >> b) & 1:
                raise BadSetup(f"{what} stands on a token; a peg always stands on a hole "
                               f"without one (write . there).")
            if b in where:
                other = where[b]
                raise BadSetup(f"{what} shares its hole with player {other // 3 + 1}'s "
                               f"{SIZE_NAMES[other % 3]} peg.")
            where[b] = seat * 3 + size
            pegs[seat * 3 + size] = b
            if star:
                turned |= 1 << (seat * 3 + size)
        if pegs[seat * 3] == NONE:
            raise BadSetup(f"Player {seat + 1} has pegs but no small peg; a player whose small "
                           f"peg has left is out and has no pegs on the board.")
    return pegs, turned


def _turn(text: str, players: int, pegs: list[int]) -> tuple[int, int]:
    seat_text, sep, letters = text.partition(":")
    if not sep or seat_text not in [str(s + 1) for s in range(players)]:
        raise BadSetup(f"The turn is the player to move (1 to {players}), a colon and the "
                       f"letters of the pegs that have already moved, like 2: or 2:SL; "
                       f"not {quote(text)}.")
    seat = int(seat_text) - 1
    if pegs[seat * 3] == NONE:
        raise BadSetup(f"Player {seat + 1} is to move but is out.")
    moved = 0
    for ch in letters:
        if ch not in SIZES:
            raise BadSetup(f"'{ch}' in the turn is not a peg letter (S, M or L).")
        size = SIZES.index(ch)
        if (moved >> size) & 1:
            raise BadSetup(f"The turn names the {SIZE_NAMES[size]} peg twice.")
        if pegs[seat * 3 + size] == NONE:
            raise BadSetup(f"The turn says player {seat + 1}'s {SIZE_NAMES[size]} peg has "
                           f"moved, but that peg is not on the board.")
        moved |= 1 << size
    on_board = sum(1 << s for s in range(3) if pegs[seat * 3 + s] != NONE)
    if moved == on_board:
        raise BadSetup(f"Every peg of player {seat + 1} has moved: the turn would already "
                       f"have passed to the next player.")
    return seat, moved


def _out(text: str, players: int, pegs: list[int]) -> list[int]:
    gone = {s for s in range(players) if pegs[s * 3] == NONE}
    out: list[int] = []
    if text != "-":
        for item in text.split(","):
            if item not in [str(s + 1) for s in range(players)]:
                raise BadSetup(f"{quote(item)} in the players out is not a player "
                               f"(1 to {players}); write them joined by , or - for none.")
            seat = int(item) - 1
            if seat in out:
                raise BadSetup(f"Player {seat + 1} is listed as out twice.")
            if seat not in gone:
                raise BadSetup(f"Player {seat + 1} is listed as out but has pegs on the board.")
            out.append(seat)
    missing = sorted(gone - set(out))
    if missing:
        raise BadSetup(f"Player {missing[0] + 1} has no pegs left, so must be listed as out.")
    if len(out) == players:
        raise BadSetup("Every player is out; one player always remains.")
    return out


def parse_position(text: object) -> Position:
    """The position written ``text``; ``BadSetup`` saying why if it is not one."""
    if not isinstance(text, str):
        raise BadSetup("The set-up must be a position written as text.")
    parts = text.split()
    if len(parts) != 4 or ":" not in parts[0]:
        raise BadSetup(f"A position has four parts separated by spaces: the holes, the pegs, "
                       f"the turn and the players out. Example: {EXAMPLE}")
    head, _, body = parts[0].partition(":")
    players = _players(head)
    tokens = _rows(body, players)
    pegs, turned = _pegs(parts[1], players, tokens)
    to_move, moved = _turn(parts[2], players, pegs)
    out = _out(parts[3], players, pegs)
    return Position(players, tokens, pegs, turned, to_move, moved, out)


def players_of(text: object) -> int | None:
    """The number of players a position names, or None if it names none."""
    if not isinstance(text, str):
        return None
    head = text.strip().partition(":")[0]
    if head.startswith("one") and head[3:] in ("2", "3", "4"):
        return int(head[3:])
    return None
